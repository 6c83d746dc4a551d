import { availableParallelism } from 'node:os';
import { resolveWorkerCount } from './worker-pool';

describe('resolveWorkerCount', () => {
  it('auto: the cores the API leaves spare, at least one', () => {
    expect(resolveWorkerCount('auto')).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('a number is taken as it is (0: the worker runs in the API process)', () => {
    expect(resolveWorkerCount(0)).toBe(0);
    expect(resolveWorkerCount(5)).toBe(5);
  });
});
