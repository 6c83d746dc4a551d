import { ApiError } from '../../../common/api-error';
import type { JobCost } from './2-job-cost';
import { CostShare } from './3-cost-share';

const heavy = (ms: number): JobCost => ({ computeMs: ms - 1, totalMs: ms, lane: 'heavy' });
const light: JobCost = { computeMs: 0.12, totalMs: 1.12, lane: 'light' };

describe('CostShare (admission by cost, README "Fair use")', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('admits a key within its share at once, and its further requests in arrival order as earlier ones finish', async () => {
    const share = new CostShare(1_000, 0, clock);
    const first = await share.admit('a', heavy(400), now + 10_000);
    const second = await share.admit('a', heavy(400), now + 10_000);
    const order: string[] = [];
    const third = share.admit('a', heavy(400), now + 10_000).then((t) => (order.push('third'), t));
    const fourth = share.admit('a', heavy(400), now + 10_000).then((t) => (order.push('fourth'), t));
    await Promise.resolve();
    expect(share.waiting).toBe(2);
    first.release();
    const t3 = await third;
    expect(order).toEqual(['third']);
    second.release();
    const t4 = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    t3.release();
    t4.release();
    expect(share.waiting).toBe(0);
  });

  it('lets a waiting request whose caller hung up leave its line, and admits the one behind it in its place', async () => {
    const share = new CostShare(1_000, 0, clock);
    const first = await share.admit('a', heavy(600), now + 10_000);
    const hangUp = new AbortController();
    const gone = share.admit('a', heavy(600), now + 10_000, hangUp.signal);
    const behind = share.admit('a', heavy(300), now + 10_000);
    await Promise.resolve();
    expect(share.waiting).toBe(2);
    hangUp.abort(new Error('gone'));
    await expect(gone).rejects.toThrow('gone');
    // The 300 ms behind it fits beside the first 600 ms in the 1,000 ms share: admitted as soon as the line moved.
    expect(share.waiting).toBe(0);
    (await behind).release();
    first.release();
    // A signal already aborted is refused at once.
    await expect(share.admit('a', heavy(100), now + 10_000, hangUp.signal)).rejects.toThrow('gone');
  });

  it("never puts another key's light request behind a heavy key's backlog", async () => {
    const share = new CostShare(1_000, 0, clock);
    const held = [await share.admit('a', heavy(500), now + 10_000), await share.admit('a', heavy(500), now + 10_000)];
    const waiting = share.admit('a', heavy(500), now + 10_000);
    const b = await share.admit('b', light, now + 10_000); // admitted at once, beside a's waiting request
    expect(b.priority).toBe(1); // and first in its lane's queue
    b.release();
    for (const t of held) t.release();
    (await waiting).release();
  });

  it('splits the budget equally between keys with work, and always admits one request of an idle key', async () => {
    const share = new CostShare(1_000, 0, clock);
    const a1 = await share.admit('a', heavy(400), now + 60_000);
    expect(share.share).toBe(1_000);
    const c1 = await share.admit('c', heavy(2_000), now + 60_000); // larger than any share: alone it still runs
    expect(share.share).toBe(500);
    let a2Admitted = false;
    const a2 = share.admit('a', heavy(400), now + 60_000).then((t) => ((a2Admitted = true), t));
    await Promise.resolve();
    expect(a2Admitted).toBe(false); // 400 + 400 > 500
    c1.release(); // c is gone: a's share is the whole budget again
    (await a2).release();
    a1.release();
  });

  it('lets a busy key use what the others leave idle, while none of them waits for its own share', async () => {
    const share = new CostShare(1_000, 0, clock);
    const a = [await share.admit('a', heavy(300), now + 60_000), await share.admit('a', heavy(300), now + 60_000)];
    const b = await share.admit('b', light, now + 60_000); // one light request: the share is now 500 a key
    expect(share.share).toBe(500);
    // a holds 600, past its 500, but b waits for nothing and 600 + 1.12 + 300 is within the budget: admitted
    a.push(await share.admit('a', heavy(300), now + 60_000));
    // 900 + 1.12 + 300 is past the budget: waits
    let fourth = false;
    const a4 = share.admit('a', heavy(300), now + 60_000).then((t) => ((fourth = true), t));
    await Promise.resolve();
    expect(fourth).toBe(false);
    // a third key arrives with more than fits in its share at once: its second request waits for its share, and
    // then a (over its own share) does not borrow any more, even once the budget has room again
    const c1 = await share.admit('c', heavy(200), now + 60_000);
    const c2 = share.admit('c', heavy(200), now + 60_000); // c's share is 333: waits (well within a's 1,000 s)
    a[0].release(); // a holds 600: c's 200 + 200 > 333 still; a (600 > 333) must not borrow while c waits
    await Promise.resolve();
    expect(fourth).toBe(false);
    a[1].release(); // a holds 300; c still waits (c's 200 held + 200 > 333)
    await Promise.resolve();
    expect(fourth).toBe(false);
    c1.release(); // c's second request fits its share now; then nobody else waits, and a borrows again (300 + 300 + 200 + 1.12 ≤ 1,000)
    const c2t = await c2;
    await Promise.resolve();
    expect(fourth).toBe(true);
    (await a4).release();
    a[2].release();
    c2t.release();
    b.release();
  });

  it('gives a key’s jobs rising start tags as priorities, so they keep their order; an idle key starts at the front', async () => {
    const share = new CostShare(10_000, 0, clock);
    const t1 = await share.admit('a', heavy(300), now + 60_000);
    const t2 = await share.admit('a', heavy(300), now + 60_000);
    const t3 = await share.admit('a', light, now + 60_000);
    expect([t1.priority, t2.priority, t3.priority]).toEqual([1, 301, 1]);
    t1.release();
    // t2 still waits with 301: the key's next job starts after it.
    const t4 = await share.admit('a', heavy(300), now + 60_000);
    expect(t4.priority).toBe(601);
    for (const t of [t2, t3, t4]) t.release();
    // Idle in the lane: its next job is first served again.
    const t5 = await share.admit('a', heavy(300), now + 60_000);
    expect(t5.priority).toBe(1);
    t5.release();
  });

  it('alternates two keys with backlogs by the work each has had done, whichever began first', async () => {
    const share = new CostShare(100_000, 0, clock);
    // a has been busy a while: four jobs in flight, the first running.
    const a = [await share.admit('a', heavy(300), now + 60_000)];
    for (let i = 0; i < 3; i++) a.push(await share.admit('a', heavy(300), now + 60_000));
    // c arrives: its first job goes to the front, its next ones interleave with a's.
    const c = [await share.admit('c', heavy(300), now + 60_000)];
    expect(c[0].priority).toBe(1);
    a[0].release(); // a's first is done; c's first (tag 0) is still in flight, so the lane's virtual time is 0
    for (let i = 0; i < 3; i++) c.push(await share.admit('c', heavy(300), now + 60_000));
    a.push(await share.admit('a', heavy(300), now + 60_000));
    expect(a.slice(1).map((t) => t.priority)).toEqual([301, 601, 901, 1201]);
    // c's jobs take the same tags as a's: BullMQ serves them alternately (equal priorities in arrival order), where
    // a priority that only grew with each key's own backlog kept the later key behind for as long as both were busy.
    expect(c.slice(1).map((t) => t.priority)).toEqual([301, 601, 901]);
    for (const t of [...a, ...c]) t.release();
  });

  it('refuses with 503 and Retry-After a request that cannot finish by its deadline even if admitted now', async () => {
    const share = new CostShare(100_000, 500, clock);
    const held = await share.admit('a', heavy(8_000), now + 60_000);
    // 8 s of the key's work ahead at one estimated ms per ms, 2 s of its own: past a 10 s deadline less 0.5 s.
    const err = await share.admit('a', heavy(2_000), now + 10_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).code).toBe('OVERLOADED');
    expect(Number((err as ApiError).headers['Retry-After'])).toBeGreaterThanOrEqual(8);
    // Another key's request of the same size goes ahead of that backlog (its priority is 1): admitted.
    const other = await share.admit('b', heavy(2_000), now + 10_000);
    other.release();
    held.release();
  });

  it('refuses a waiting request once its deadline can no longer be met, and keeps the others waiting', async () => {
    jest.useFakeTimers();
    try {
      const share = new CostShare(1_000, 0, clock);
      const held = await share.admit('a', heavy(1_000), now + 60_000);
      const soon = share.admit('a', heavy(500), now + 2_000).catch((e: ApiError) => e);
      const later = share.admit('a', heavy(500), now + 60_000);
      now += 1_000; // 1 s later: 1 s of work ahead and 0.5 s of its own pass the 2 s deadline
      jest.advanceTimersByTime(100);
      expect(((await soon) as ApiError).status).toBe(503);
      expect(share.waiting).toBe(1);
      held.release();
      (await later).release();
    } finally {
      jest.useRealTimers();
    }
  });

  it("measures a lane's throughput from the work done", () => {
    const share = new CostShare(100_000, 0, clock);
    expect(share.rate('heavy')).toBe(1); // the floor until measured
    const run = async () => {
      for (let i = 0; i < 20; i++) {
        const t = await share.admit('a', heavy(100), now + 60_000);
        now += 200; // each 100 ms of estimated work takes 200 ms: a machine twice as slow as the calibration
        t.done();
        t.release();
      }
    };
    return run().then(() => expect(share.rate('heavy')).toBeCloseTo(0.5, 1));
  });

  it('tells a request queued behind its own key’s work in the lane from one that is not, and words the 503 for it', async () => {
    const share = new CostShare(10_000, 0, clock);
    const first = await share.admit('a', heavy(500), now + 10_000);
    const second = await share.admit('a', heavy(500), now + 10_000);
    const other = await share.admit('b', heavy(500), now + 10_000);
    expect([first.behindOwnWork, second.behindOwnWork, other.behindOwnWork]).toEqual([false, true, false]);
    const err = second.overloaded();
    expect(err.status).toBe(503);
    expect(err.code).toBe('OVERLOADED');
    expect(Number(err.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    for (const t of [first, second, other]) t.release();
  });
});
