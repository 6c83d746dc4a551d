import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolveWorkerCount, WORKER_SEMI_SPACE_MB, workerExecArgv } from './worker-pool';

describe('resolveWorkerCount', () => {
  it('auto: the cores the API leaves spare, at least one', () => {
    expect(resolveWorkerCount('auto')).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('a number is taken as it is (0: the worker runs in the API process)', () => {
    expect(resolveWorkerCount(0)).toBe(0);
    expect(resolveWorkerCount(5)).toBe(5);
  });
});

describe('workerExecArgv: the forked workers’ heap limit (WORKER_HEAP_MB)', () => {
  /** The heap limit V8 itself reports in a node started with these options, MB. */
  const heapLimitMb = (args: string[]) =>
    Number(
      execFileSync(process.execPath, [...args, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))'], {
        env: { ...process.env, NODE_OPTIONS: '' },
      }),
    ) /
    2 ** 20;

  const semi = `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`;

  it('a worker started with the options gets about that old space (V8 adds its young generation)', () => {
    const args = workerExecArgv([], 256);
    expect(args).toEqual([semi, '--max-old-space-size=256']);
    const limited = heapLimitMb(['--max-old-space-size=256']);
    expect(limited).toBeGreaterThanOrEqual(256);
    expect(limited).toBeLessThan(320);
    expect(heapLimitMb([])).toBeGreaterThan(320); // V8's own (it depends on the machine's memory), for contrast
  });

  it('the young generation: V8 reports three semi-spaces of that size more in the heap limit than with its own 16 MB', () => {
    const grown = heapLimitMb(workerExecArgv([], 256)) - heapLimitMb(['--max-old-space-size=256']);
    expect(grown).toBeCloseTo(3 * (WORKER_SEMI_SPACE_MB - 16), 0);
  });

  it('0 adds no heap limit; options the API was given (command line or NODE_OPTIONS) are left to win', () => {
    expect(workerExecArgv(['--enable-source-maps'], 0)).toEqual(['--enable-source-maps', semi]);
    expect(workerExecArgv(['--max-old-space-size=1024'], 256)).toEqual(['--max-old-space-size=1024', semi]);
    expect(workerExecArgv([], 256, '--trace-warnings --max-old-space-size=512 --max-semi-space-size=8')).toEqual([]);
  });
});
