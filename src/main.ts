import 'reflect-metadata';
import type { Server } from 'node:http';
import { loadConfigOrExit } from './config/app-config';
import { redisServerInstalled, startPrivateRedis } from './config/local-redis';
import { describeRedis, pingRedis } from './modules/redis/redis-connection';
import { limitConnections } from './common/connection-limits';
import { drainOnSignals } from './common/draining';
import { MetricsService } from './modules/metrics/metrics.service';
import { ApiKeyService } from './modules/auth/api-key.store';
import { createApp } from './http-app';
import { applyApiHeapGrowth } from './config/api-heap';
import { answerMetricsAsks, resolveWorkerCount, stopWithParent, tellParentListening, WorkerPool } from './worker-pool';
import { lowerCpuPriority } from './common/cpu-priority';
import { JsonLogger } from './common/json-logger';
import { startsHeavyChild } from './processors/heavy-child';
import { exitIfStopOverruns } from './common/stop-deadline';
import { stopWithThisProcess } from './common/child-stops';

/** How long a worker waits for its heavy-lane child to be serving before it serves itself (WORKER_LANES=split). */
const HEAVY_CHILD_START_MS = 60_000;

async function main(): Promise<void> {
  let config = loadConfigOrExit();
  let privateRedis = false;

  if (!(await pingRedis(config))) {
    // A private server only stands in for the default address, never for a configured Sentinel or cluster.
    if (config.redisUrlIsDefault && config.redisMode === 'single' && redisServerInstalled()) {
      const { url } = await startPrivateRedis();
      process.stderr.write(
        `No Redis answered at ${config.redisUrl}; started a private redis-server at ${url} for the life of this process ` +
          `(memory only: API keys created in it are lost when the process stops).\n`,
      );
      config = { ...config, redisUrl: url };
      privateRedis = true;
    } else {
      process.stderr.write(
        `Redis does not answer at ${describeRedis(config)}. Start one (e.g. "redis-server --daemonize yes" or ` +
          `"docker compose up -d redis") or set ${{ single: 'REDIS_URL', sentinel: 'REDIS_SENTINELS and REDIS_SENTINEL_NAME', cluster: 'REDIS_CLUSTER_NODES' }[config.redisMode]}.\n`,
      );
      process.exit(1);
    }
  }

  // Armed before anything that a stop signal could find waiting on Redis.
  exitIfStopOverruns(config.shutdownTimeoutMs, new JsonLogger(config.logLevel));
  stopWithParent();
  // A process of the heavy lane alone yields the CPU to light work (processors/heavy-child.ts), from its first job on.
  if (config.role === 'worker' && config.workerLanes === 'heavy') lowerCpuPriority(config.heavyNice);
  if (config.role !== 'worker') applyApiHeapGrowth(config.apiHeapGrowthPercent);
  // APP_ROLE=all: this process serves HTTP, forked processes compute (every core), unless WORKERS=0.
  const workerCount = config.role === 'all' ? resolveWorkerCount(config.workers) : 0;
  const pool = workerCount > 0 ? new WorkerPool(workerCount, { REDIS_URL: config.redisUrl }, config.logLevel, config.workerHeapMb) : undefined;
  pool?.start();
  // WORKER_LANES=split: this worker consumes the light lane, a child of its own the heavy one at HEAVY_NICE.
  const heavyChild = startsHeavyChild(config)
    ? new WorkerPool(1, { REDIS_URL: config.redisUrl, WORKER_LANES: 'heavy' }, config.logLevel, config.workerHeapMb, 'heavy-lane worker process')
    : undefined;
  heavyChild?.start();

  const app = await createApp(pool ? { ...config, role: 'api' } : config);
  if (heavyChild) app.get(MetricsService).addChildren(() => heavyChild.metrics());
  answerMetricsAsks(() => app.get(MetricsService).registry.getMetricsAsJSON());
  // The worker answers its health check once its heavy lane is consumed too (or after a minute, whatever its child does).
  if (heavyChild && !(await heavyChild.started(HEAVY_CHILD_START_MS))) {
    new JsonLogger(config.logLevel).write('warn', { msg: 'the heavy-lane worker process is not serving yet; going on' });
  }
  const server = (await app.listen(config.port)) as Server;
  tellParentListening();
  // The workers stop after the API has answered its last request (their jobs included), and this process waits for them.
  if (pool) stopWithThisProcess(() => pool.stop());
  if (heavyChild) stopWithThisProcess(() => heavyChild.stop());
  // Requests wait for their job up to JOB_TIMEOUT_MS; the HTTP timeouts must be longer.
  server.requestTimeout = config.jobTimeoutMs + 5_000;
  server.headersTimeout = config.jobTimeoutMs + 6_000;
  // Idle keep-alive a minute (5 s under pressure); connections bounded per process and per client address.
  const connections = limitConnections(server, {
    max: config.maxConnections,
    perAddress: config.maxConnectionsPerAddress,
    keepAliveMs: 65_000,
    pressureKeepAliveMs: 5_000,
  });
  app.get(MetricsService).connectionsFrom(connections);
  drainOnSignals(server);
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', role: config.role, port: (server.address() as { port: number }).port, workers: pool?.pids })}\n`,
  );
  if (config.role !== 'worker') await sayHowToMakeAKey(app.get(ApiKeyService), privateRedis ? config.redisUrl : undefined);
}

/** A server with no key at all refuses every call: say so at start, with the commands that make one. */
async function sayHowToMakeAKey(keys: ApiKeyService, privateRedisUrl: string | undefined): Promise<void> {
  if (await keys.anyKeyExists().catch(() => true)) return;
  const redis = privateRedisUrl ? `REDIS_URL=${privateRedisUrl} ` : '';
  process.stderr.write(
    `No API key exists yet, so every call will answer 401. For a first try, start with a static key: ` +
      `"HD_API_KEYS=my-local-key-0123456789 npm start", then send "HD-Api-Key: my-local-key-0123456789". ` +
      `For a key of your own: "${redis}npm run key -- create <label>" (printed once).\n`,
  );
}

main().catch((err: Error) => {
  process.stderr.write(`startup failed: ${err.message}\n`);
  process.exit(1);
});
