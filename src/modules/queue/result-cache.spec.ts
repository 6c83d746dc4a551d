import { ResultCache } from './result-cache';

describe('ResultCache (repeated light requests answered from memory)', () => {
  it('answers what it was given, and nothing for an id it was not', () => {
    const cache = new ResultCache(1_000_000, 60_000);
    cache.set('chart-a', '{"type":"Generator"}');
    expect(cache.get('chart-a')).toBe('{"type":"Generator"}');
    expect(cache.get('chart-b')).toBeUndefined();
  });

  it('forgets an answer older than its age limit', () => {
    let now = 0;
    const cache = new ResultCache(1_000_000, 1_000, () => now);
    cache.set('a', 'x');
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
    for (const id of ids) cache.set(id, value);
    expect(cache.size).toBe(16);
    cache.get('e0'); // e0 is now the most recently used
    cache.set('eg', value);
    expect(cache.size).toBe(16);
    expect(cache.get('e1')).toBeUndefined();
    expect([cache.get('e0'), cache.get('e2'), cache.get('eg')]).toEqual([value, value, value]);
  });

  it('keeps nothing when its size is 0, and never lets one answer take more than a sixteenth of it', () => {
    const none = new ResultCache(0, 60_000);
    none.set('a', 'x');
    expect(none.get('a')).toBeUndefined();
    const small = new ResultCache(16_000, 60_000);
    small.set('big', 'x'.repeat(1_000)); // 2,066 bytes > 1,000
    expect(small.get('big')).toBeUndefined();
  });
});
