import { lanesInThisProcess, startsHeavyChild } from './heavy-child';

describe('which lanes a process consumes (WORKER_LANES)', () => {
  it('split: a worker keeps the light lane and starts a heavy child; APP_ROLE=all in one process keeps both', () => {
    expect(lanesInThisProcess({ role: 'worker', workerLanes: 'split' })).toBe('light');
    expect(startsHeavyChild({ role: 'worker', workerLanes: 'split' })).toBe(true);
    expect(lanesInThisProcess({ role: 'all', workerLanes: 'split' })).toBe('both');
    expect(startsHeavyChild({ role: 'all', workerLanes: 'split' })).toBe(false);
  });

  it.each(['both', 'light', 'heavy'] as const)('%s: that, in the process itself, with no child', (lanes) => {
    expect(lanesInThisProcess({ role: 'worker', workerLanes: lanes })).toBe(lanes);
    expect(startsHeavyChild({ role: 'worker', workerLanes: lanes })).toBe(false);
  });
});
