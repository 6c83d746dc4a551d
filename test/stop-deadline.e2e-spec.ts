/**
 * A stop that cannot finish ends anyway (src/common/stop-deadline.ts, SHUTDOWN_TIMEOUT_MS). With the real service
 * and a Redis of its own that stops answering (SIGSTOP: its connections stay open, nothing comes back), a graceful
 * close waits for Redis for ever; before the deadline existed, an API, a worker and its heavy-lane child sent
 * SIGTERM so were all still running 25 s later, and a heavy-lane child whose parent died lived on by itself.
 */
import { childrenOf, running } from './helpers/processes';
import { RedisProcess, startRedisServer } from './helpers/redis-servers';
import { RunningService, startService, waitFor } from './helpers/service';

const SHUTDOWN_TIMEOUT_MS = 3_000;

describe('SHUTDOWN_TIMEOUT_MS: a process whose stop waits on a Redis that does not answer exits anyway', () => {
  let redis: RedisProcess;
  let svc: RunningService;

  beforeAll(async () => {
    redis = await startRedisServer();
    svc = await startService({ env: { REDIS_URL: `redis://127.0.0.1:${redis.port}`, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: 'warn' } });
  }, 90_000);

  afterAll(async () => {
    process.kill(redis.pid, 'SIGCONT');
    await svc.stop();
    await redis.kill();
  });

  it('the API told to stop, and the heavy-lane child whose worker was killed, exit by the deadline', async () => {
    const api = svc.api.pid!;
    const [heavyChild] = childrenOf(svc.worker!.pid!);
    expect(heavyChild).toBeGreaterThan(0);
    process.kill(redis.pid, 'SIGSTOP');
    const stoppedAt = Date.now();
    process.kill(api, 'SIGTERM');
    process.kill(svc.worker!.pid!, 'SIGKILL'); // its child's IPC channel closes: it stops itself (worker-pool.ts)
    // The deadline, and time for a loaded machine to run the timer and end the process.
    await waitFor(() => !running(api) && !running(heavyChild), SHUTDOWN_TIMEOUT_MS + 10_000, 'the API and the orphaned heavy-lane child to exit');
    const tookMs = Date.now() - stoppedAt;
    process.stdout.write(`stop deadline: both gone ${tookMs} ms after the signals (SHUTDOWN_TIMEOUT_MS ${SHUTDOWN_TIMEOUT_MS})\n`);
    // They ended by the deadline, not by a close that finished: the API says so and exits 1.
    await waitFor(() => svc.api.exitCode !== null, 5_000, 'the API’s exit status');
    expect(svc.api.exitCode).toBe(1);
    expect(svc.logs.api.join('')).toContain('the stop did not finish within SHUTDOWN_TIMEOUT_MS (3000 ms); exiting');
    // The child's log goes to its parent's output, which was killed: its exit is what it shows.
    expect(tookMs).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
  }, 60_000);
});
