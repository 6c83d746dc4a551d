import { DOORKEEPER_IDS, ResultCache } from './result-cache';

/** An answer as the service keeps one: computed once and turned away, then computed again. */
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

  it('keeps an answer only once it has been computed before: an answer asked for once takes no place', () => {
    const cache = new ResultCache(1_000_000, 60_000);
    for (let i = 0; i < 1_000; i++) cache.set(`chart-${i}`, 'v'.repeat(2_000));
    expect(cache.size).toBe(0);
    cache.set('chart-7', 'v'.repeat(2_000)); // its second computation
    expect(cache.size).toBe(1);
    expect(cache.get('chart-7')).toBe('v'.repeat(2_000));
    expect(cache.get('chart-8')).toBeUndefined();
  });

  it('remembers the ids it turned away for between one and two generations of DOORKEEPER_IDS', () => {
    const cache = new ResultCache(1_000_000, 60_000);
    cache.set('first', 'x');
    // Less than a generation later, and just over one: still remembered (the generation before is looked at).
    for (let i = 0; i < DOORKEEPER_IDS; i++) cache.set(`other-${i}`, 'y');
    cache.set('first', 'x');
    expect(cache.get('first')).toBe('x');
    cache.set('second', 'x');
    // Two full generations later it is forgotten, and its next computation is turned away again.
    for (let i = 0; i < 2 * DOORKEEPER_IDS; i++) cache.set(`more-${i}`, 'y');
    cache.set('second', 'x');
    expect(cache.get('second')).toBeUndefined();
  });
});
