import { DOORKEEPER_IDS, PROBATION_MS, ResultCache } from './result-cache';

/** An answer as the service keeps one for long: computed once (on probation), then computed again. */
function computedTwice(cache: ResultCache, id: string, value: string): void {
  cache.set(id, value);
  cache.set(id, value);
}

describe('ResultCache (repeated light requests answered from memory)', () => {
  it('answers what it was given, and nothing for an id it was not', () => {
    const cache = new ResultCache(1_000_000, 60_000);
    computedTwice(cache, 'chart-a', '{"type":"Generator"}');
    expect(cache.get('chart-a')).toBe('{"type":"Generator"}');
    expect(cache.get('chart-b')).toBeUndefined();
  });

  it('forgets an answer older than its age limit', () => {
    let now = 0;
    const cache = new ResultCache(1_000_000, 1_000, () => now);
    computedTwice(cache, 'a', 'x');
    now = 1_000;
    expect(cache.get('a')).toBe('x');
    now = 2_001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used first', () => {
    // Each entry: 2 × (2 + 100) + 64 = 268 bytes; 16 × 268 bytes hold sixteen.
    const cache = new ResultCache(16 * 268, 60_000);
    const value = 'v'.repeat(100);
    const ids = Array.from({ length: 16 }, (_, i) => `e${i.toString(16)}`);
    for (const id of ids) computedTwice(cache, id, value);
    expect(cache.size).toBe(16);
    cache.get('e0'); // e0 is now the most recently used
    computedTwice(cache, 'eg', value);
    expect(cache.size).toBe(16);
    expect(cache.get('e1')).toBeUndefined();
    expect([cache.get('e0'), cache.get('e2'), cache.get('eg')]).toEqual([value, value, value]);
  });

  it('keeps nothing when its size is 0, and never lets one answer take more than a sixteenth of it', () => {
    const none = new ResultCache(0, 60_000);
    computedTwice(none, 'a', 'x');
    expect(none.get('a')).toBeUndefined();
    const small = new ResultCache(16_000, 60_000);
    computedTwice(small, 'big', 'x'.repeat(1_000)); // 2,066 bytes > 1,000
    expect(small.get('big')).toBeUndefined();
  });

  it('keeps an answer only once it has been asked for again: answers asked for once take no place', () => {
    let now = 0;
    const cache = new ResultCache(1_000_000, 60_000, () => now);
    for (let i = 0; i < 1_000; i++) cache.set(`chart-${i}`, 'v'.repeat(2_000));
    expect(cache.size).toBe(0);
    now = PROBATION_MS + 1;
    cache.set('chart-7', 'v'.repeat(2_000)); // its second computation, after its probation
    expect(cache.size).toBe(1);
    expect(cache.get('chart-7')).toBe('v'.repeat(2_000));
    expect(cache.get('chart-8')).toBeUndefined(); // its probation is over
  });

  it('holds a first answer for PROBATION_MS: an identical request just after it gets it, and keeps it', () => {
    let now = 0;
    const cache = new ResultCache(1_000_000, 60_000, () => now);
    cache.set('burst', 'b');
    cache.set('late', 'l');
    now = PROBATION_MS;
    expect(cache.get('burst')).toBe('b');
    now = 30_000;
    expect(cache.get('burst')).toBe('b'); // kept now, for the cache's own age limit
    expect(cache.get('late')).toBeUndefined();
  });

  it('holds answers on probation within an eighth of its bytes, the oldest going first', () => {
    // Each entry: 2 × (3 + 100) + 64 = 270 bytes; an eighth of 8 × 270 × 8 bytes holds eight.
    const cache = new ResultCache(8 * 270 * 8, 60_000, () => 0);
    const ids = Array.from({ length: 9 }, (_, i) => `p${i}${i}`);
    for (const id of ids) cache.set(id, 'v'.repeat(100));
    expect(cache.get('p00')).toBeUndefined();
    expect(ids.slice(1).map((id) => cache.get(id))).toEqual(Array(8).fill('v'.repeat(100)));
  });

  it('remembers the ids whose answers went on probation for between one and two generations of DOORKEEPER_IDS', () => {
    let now = 0;
    const cache = new ResultCache(1_000_000, 60_000, () => now);
    cache.set('first', 'x');
    // Less than a generation later, and just over one: still remembered (the generation before is looked at).
    for (let i = 0; i < DOORKEEPER_IDS; i++) cache.set(`other-${i}`, 'y');
    now = PROBATION_MS + 1;
    cache.set('first', 'x');
    expect(cache.get('first')).toBe('x');
    cache.set('second', 'x');
    // Two full generations later it is forgotten, and its next computation goes on probation again.
    for (let i = 0; i < 2 * DOORKEEPER_IDS; i++) cache.set(`more-${i}`, 'y');
    cache.set('second', 'x');
    now = 2 * PROBATION_MS + 2;
    expect(cache.get('second')).toBeUndefined();
  });
});
