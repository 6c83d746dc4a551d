import type { JsonLogger } from './json-logger';

/**
 * A stop that cannot finish ends anyway. A stop signal starts a graceful close (Nest's shutdown hooks: the HTTP
 * server drains, the BullMQ workers finish the jobs they hold, the Redis connections quit), and each of those steps
 * waits for Redis. With Redis unreachable they wait for ever: measured on 2026-12-02, an API, a worker and its
 * heavy-lane child sent SIGTERM while their Redis was paused (SIGSTOP) were all still running 25 s later, and a
 * heavy-lane child whose parent died while its Redis Cluster was being stopped lived on at 1.6 cores (ioredis
 * reconnecting) until it was killed by hand. A container runtime kills such a process after its grace period; a
 * process run by `npm start`, or a forked worker whose parent is gone, has nobody to do that.
 *
 * So once a stop signal arrives, the process exits (status 1) after `deadlineMs` whatever is still pending. Nothing
 * is lost by it: a job it still held is taken up again by another worker once its lock expires (BullMQ's stalled-job
 * check), and a request it still held had its own deadline (JOB_TIMEOUT_MS), shorter than this one by default.
 */
export function exitIfStopOverruns(deadlineMs: number, logger: JsonLogger, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  let armed = false;
  const arm = (signal: NodeJS.Signals) => {
    // A signal that nothing else listens for (still starting: Nest's shutdown hooks are not installed yet) ends the
    // process at once, as it did before this listener existed: the signal again, with no listener left, is fatal.
    if (process.listenerCount(signal) === 0) {
      process.kill(process.pid, signal);
      return;
    }
    if (armed) return;
    armed = true;
    setTimeout(() => {
      logger.write('error', { msg: `the stop did not finish within SHUTDOWN_TIMEOUT_MS (${deadlineMs} ms); exiting`, signal });
      process.exit(1);
    }, deadlineMs).unref(); // the timer alone never keeps the process alive
  };
  for (const signal of signals) process.once(signal, () => arm(signal));
}
