import { KeyLoad } from './key-load';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('KeyLoad (per-key fairness)', () => {
  it("gives a key's n-th concurrent request priority n, so a light key goes ahead of a heavy key's backlog", () => {
    const load = new KeyLoad();
    const heavy = Array.from({ length: 400 }, () => load.enter(A));
    expect(heavy.map((h) => h.priority).slice(0, 3)).toEqual([1, 2, 3]);
    expect(heavy[399].priority).toBe(400);
    expect(load.enter(A).priority).toBe(401);
    expect(load.enter(B).priority).toBe(1); // BullMQ serves the lowest priority number first
  });

  it('counts down as requests end, once each, and forgets idle keys', () => {
    const load = new KeyLoad();
    const first = load.enter(A);
    const second = load.enter(A);
    first.leave();
    first.leave();
    expect(load.enter(A).priority).toBe(2);
    second.leave();
    expect(load.snapshot().total).toBe(1);
  });

  it('reports at most the top keys, by 8-hex-digit prefix only', () => {
    const load = new KeyLoad();
    for (let k = 0; k < 30; k++) for (let i = 0; i <= k; i++) load.enter(k.toString(16).padStart(64, '0'));
    const snap = load.snapshot(10);
    expect(snap.keys).toHaveLength(10);
    expect(snap.keys[0]).toEqual({ key: '00000000', inFlight: 30 });
    expect(snap.keys.every((k) => /^[0-9a-f]{8}$/.test(k.key))).toBe(true);
    expect(snap.activeKeys).toBe(30);
    expect(snap.total).toBe((30 * 31) / 2);
  });

  it("caps the priority at BullMQ's largest", () => {
    const load = new KeyLoad();
    let last = 0;
    for (let i = 0; i < 2_100_000; i++) last = load.enter(A).priority;
    expect(last).toBe(2_097_152);
  });
});
