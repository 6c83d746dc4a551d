import { apiHeapFlag } from './api-heap';

describe('apiHeapFlag: the API process’s heap growth (API_HEAP_GROWTH_PERCENT)', () => {
  it('sets V8’s growth factor as a percent past the live heap', () => {
    expect(apiHeapFlag(30, [])).toBe('--heap-growing-percent=30');
  });

  it('leaves V8’s own factor at 0', () => {
    expect(apiHeapFlag(0, [])).toBeUndefined();
  });

  it('yields to the flag on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(apiHeapFlag(30, ['--heap-growing-percent=80'])).toBeUndefined();
    expect(apiHeapFlag(30, [], '--max-old-space-size=512 --heap_growing_percent=50')).toBeUndefined();
    expect(apiHeapFlag(30, ['--max-old-space-size=512'], '--enable-source-maps')).toBe('--heap-growing-percent=30');
  });
});
