import { ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { JsonLogger } from './common/json-logger';

/** A child that dies this soon after its start is restarted only after a pause, so a crash loop cannot spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * WORKERS=auto: one worker process per core the API leaves spare (cores − 1, at least one). Measured on the
 * 2-core machine (`npm run bench -- all`, 32 connections of distinct births, the load generator on the same
 * machine): the API process is the busiest (about 1.2 ms of CPU per request against 0.7 ms in a worker and
 * 0.4 ms in Redis), so a second worker process only takes CPU from it: API + 1 worker 678–733 req/s,
 * API + 2 workers 507–573, API + 3 workers 423, the old single process 566–575.
 */
export function resolveWorkerCount(setting: number | 'auto'): number {
  return setting === 'auto' ? Math.max(1, availableParallelism() - 1) : setting;
}

/**
 * `APP_ROLE=all`: the API in this process and the chart workers as forked processes of the same program
 * (APP_ROLE=worker), so every core computes charts while one `npm start` runs it all. Forked processes rather
 * than BullMQ's sandboxed processors: with worker threads the Swiss Ephemeris addon cannot load at all (it is
 * not context-aware: "Module did not self-register"), and with sandbox child processes BullMQ's own Redis
 * work for every job (fetching, locking, completing) stays on the API's thread: 258–334 req/s measured, against
 * 678–733 with a forked worker. A child that dies is started again; a child whose parent is gone stops itself
 * (see main.ts).
 */
export class WorkerPool {
  private readonly children = new Set<ChildProcess>();
  private stopping = false;
  private readonly logger: JsonLogger;
  private metricsAsks = 0;
  private readonly listening = new Set<ChildProcess>();

  constructor(
    private readonly count: number,
    private readonly env: Record<string, string>,
    logLevel: ConstructorParameters<typeof JsonLogger>[0],
    /** The workers' V8 old-space limit, MB (0: V8's own); a limit given in the API's own node options wins. */
    private readonly heapMb = 0,
    /** What the log calls these children. */
    private readonly name = 'worker process',
  ) {
    this.logger = new JsonLogger(logLevel);
  }

  start(): void {
    for (let i = 0; i < this.count; i++) this.spawn();
  }

  private spawn(): void {
    // Under ts-node (npm run start:ts) the children need the same TypeScript loader; compiled (npm start, dist/) they do not.
    const base = __filename.endsWith('.ts') ? [...process.execArgv, '-r', 'ts-node/register/transpile-only'] : process.execArgv;
    const execArgv = workerExecArgv(base, this.heapMb, process.env.NODE_OPTIONS);
    const child = fork(process.argv[1], process.argv.slice(2), {
      // A forked worker's own listeners take any free port (its /metrics port too, when the API has one).
      env: {
        ...process.env,
        ...this.env,
        APP_ROLE: 'worker',
        PORT: '0',
        ...(process.env.METRICS_PORT?.trim() ? { METRICS_PORT: '0' } : {}),
        HD_SUPERVISED_WORKER: '1',
      },
      execArgv,
      stdio: 'inherit',
    });
    const startedAt = Date.now();
    this.children.add(child);
    child.on('message', (m: { hd?: string }) => {
      if (m?.hd === LISTENING_MESSAGE) this.listening.add(child);
    });
    this.logger.write('info', { msg: `${this.name} started`, pid: child.pid });
    child.once('exit', (code, signal) => {
      this.children.delete(child);
      this.listening.delete(child);
      if (this.stopping) return;
      this.logger.write('warn', { msg: `${this.name} exited, starting another`, pid: child.pid, code, signal });
      const delay = Date.now() - startedAt < RESTART_DELAY_MS ? RESTART_DELAY_MS : 0;
      setTimeout(() => !this.stopping && this.spawn(), delay).unref();
    });
  }

  /** Resolves once every child started so far is serving (or after `timeoutMs`, whatever they are doing). */
  async started(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (this.listening.size < this.children.size) {
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  /**
   * Each running child's metrics (prom-client's JSON form), asked over the IPC channel; a child that has not answered
   * within `timeoutMs` (starting, stopping) is left out.
   */
  metrics(timeoutMs = 1_000): Promise<unknown[]> {
    const id = ++this.metricsAsks;
    const asks = [...this.children].map(
      (child) =>
        new Promise<unknown>((resolve) => {
          const timer = setTimeout(() => done(undefined), timeoutMs);
          const onMessage = (m: unknown) => {
            const answer = m as { hd?: string; id?: number; metrics?: unknown };
            if (answer?.hd === METRICS_MESSAGE && answer.id === id) done(answer.metrics);
          };
          const done = (value: unknown) => {
            clearTimeout(timer);
            child.off('message', onMessage);
            resolve(value);
          };
          child.on('message', onMessage);
          // With a callback a failed send (the channel closing meanwhile) is reported there, not as an 'error' event.
          if (!child.connected) done(undefined);
          else child.send({ hd: METRICS_MESSAGE, id }, (err) => err && done(undefined));
        }),
    );
    return Promise.all(asks).then((all) => all.filter((m) => m !== undefined));
  }

  get pids(): number[] {
    return [...this.children].map((c) => c.pid!).filter(Boolean);
  }

  /** Stops every worker gracefully (each finishes the jobs it holds) and resolves once all have exited. */
  stop(): Promise<void> {
    this.stopping = true;
    const exits = [...this.children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    return Promise.all(exits).then(() => undefined);
  }
}

const METRICS_MESSAGE = 'hd:metrics';
const LISTENING_MESSAGE = 'hd:listening';

/** In a supervised worker: tells its parent it is serving (WorkerPool.started). */
export function tellParentListening(): void {
  if (process.env.HD_SUPERVISED_WORKER === '1' && process.send) process.send({ hd: LISTENING_MESSAGE }, undefined, undefined, () => undefined);
}

/** In a supervised worker: answers its parent's asks for its metrics (WorkerPool.metrics) with `read()`. */
export function answerMetricsAsks(read: () => Promise<unknown>): void {
  if (process.env.HD_SUPERVISED_WORKER !== '1' || !process.send) return;
  process.on('message', (m: { hd?: string; id?: number }) => {
    if (m?.hd !== METRICS_MESSAGE) return;
    void read().then(
      (metrics) => process.connected && process.send!({ hd: METRICS_MESSAGE, id: m.id, metrics }, undefined, undefined, () => undefined),
      () => undefined,
    );
  });
}

/** In a supervised worker: stop gracefully when the parent is gone (its IPC channel closes), however it ended. */
export function stopWithParent(): void {
  if (process.env.HD_SUPERVISED_WORKER !== '1' || !process.send) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // A parent that died during this process's start (before the listener above) closed the channel already.
  if (!process.connected) process.kill(process.pid, 'SIGTERM');
}

/**
 * A worker's young generation, MB a semi-space (V8's own: 16). A chart leaves a few dozen KB of short-lived objects;
 * with 32 the young collections are half as many, and more of a chunk's answers die before one. bench bulk, 50,000
 * rows, runs one after another: 9.12 and 8.89 s with V8's own, 8.57 and 8.62 s with 32 (worker RSS 302-312 MB →
 * 342-346 MB).
 */
export const WORKER_SEMI_SPACE_MB = 32;

/**
 * A forked worker's node options: the API's own, plus the heap limit `heapMb` (0: none) and the young generation
 * (WORKER_SEMI_SPACE_MB), each unless the API's command line or NODE_OPTIONS already sets it (the forks inherit
 * that, and it wins).
 */
export function workerExecArgv(base: readonly string[], heapMb: number, nodeOptions = ''): string[] {
  const given = [...base, ...nodeOptions.split(/\s+/)];
  const has = (flag: string) => given.some((a) => a.startsWith(flag));
  const args = [...base];
  if (!has('--max-semi-space-size')) args.push(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  if (heapMb > 0 && !has('--max-old-space-size')) args.push(`--max-old-space-size=${heapMb}`);
  return args;
}
