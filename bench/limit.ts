/**
 * `npm run bench -- limit` (issue 25): the product against what this machine can compute, in one interleaved run.
 *
 * Five servers take turns, each started afresh, warmed, then driven with distinct births at 32 connections:
 * - `limit`: bench/limit-server.ts, bare node:http on every core calling the chart job in the request;
 * - `current`: this tree's `npm start` (API and a forked worker on one Redis);
 * - `floor`: bench/queue-floor-server.ts, bare node:http in front of this tree's real queue path (no Nest HTTP
 *   layer, no Express, no validation, no key check), and a worker process beside it: what the queue path alone
 *   allows, so the gap to the limit splits into the HTTP framework's part and the queue's;
 * - `bare`: bench/bullmq-floor-server.ts, bare `node:http` and plain BullMQ with none of the product's code (the
 *   requests of one event-loop turn as one job, answered from its completed event) and a plain BullMQ worker process
 *   (bench/bullmq-floor-worker.ts): what any service of the issue's shape can serve here, whatever its own code;
 * - `base`: `npm start` at BENCH_BASE (default HEAD~1), checked out in a git worktree beside this one.
 * Each is compiled and run by plain node, as `npm start` runs the service (bench/compiled.ts).
 * Each round also times BullMQ alone at one caller (`bullmq`): a plain BullMQ Queue in this process, jobs added one at
 * a time and awaited through QueueEvents, a plain BullMQ Worker in a process of its own (bench/bullmq-floor-worker.ts)
 * answering with nothing or with the chart job; no HTTP, none of the product's code on the path. Its p50 is what any
 * service built as NestJS → BullMQ → worker pays before its own HTTP layer: the floor under `one_connection_p50`.
 * For the three queue-backed servers it also prints Redis's CPU and commands per request (INFO deltas over the
 * whole measured run), the CPU per request of the API process, of the worker processes and of the load generator
 * (/proc), and, at one connection, the p50 of distinct births and of a repeated request. Rounds
 * (BENCH_LIMIT_ROUNDS, default 2) alternate the order, so the machine's drift falls on all of them alike.
 */
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { Queue, QueueEvents } from 'bullmq';
import { birth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';
import { compiledBench, compiledMain } from './compiled';
import { deletePrefix, freePort, REDIS_URL, TEST_API_KEY } from '../test/helpers/service';
import { cpuSeconds, cpuSecondsOfTree } from '../test/helpers/processes';
import { loadConfig } from '../src/config/app-config';
import { workerExecArgv } from '../src/worker-pool';

const ROOT = resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_LIMIT_ROUNDS ?? 2);
const BASE = process.env.BENCH_BASE ?? 'HEAD~1';

type Target = 'limit' | 'current' | 'floor' | 'bare' | 'base';
const TARGETS: readonly Target[] = ['limit', 'current', 'floor', 'bare', 'base'];
/** BENCH_LIMIT_TARGETS: a comma-separated subset of TARGETS to run (all by default); the limit always runs. */
const CHOSEN: readonly Target[] = process.env.BENCH_LIMIT_TARGETS
  ? TARGETS.filter((t) => t === 'limit' || process.env.BENCH_LIMIT_TARGETS!.split(',').includes(t))
  : TARGETS;

interface Figures {
  reqPerS: number;
  p99: number;
  errors: number;
  requests: number;
  redisCpuMs?: number;
  redisCommands?: number;
  oneConnP50?: number;
  repeatP50?: number;
  /** CPU per request, µs: the API process, the worker processes, the load generator (this process). */
  apiUs?: number;
  workersUs?: number;
  generatorUs?: number;
}

/** The base commit checked out beside this tree (once), sharing this tree's node_modules. */
function baseTree(): string {
  const sha = execFileSync('git', ['rev-parse', '--short', BASE], { cwd: ROOT }).toString().trim();
  const dir = join(ROOT, '..', `.hd-bench-base-${sha}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, stdio: 'ignore' });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

/**
 * Starts a target on `port` under its own Redis key prefix; answers once it has answered a chart. The process that
 * answers HTTP comes first; the floor's worker process, started beside it (npm start forks its own), second.
 */
export async function start(target: Target, port: number, prefix: string): Promise<ChildProcess[]> {
  const cwd = target === 'base' ? baseTree() : ROOT;
  const env = {
    ...process.env,
    PORT: String(port),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    HD_API_KEYS: TEST_API_KEY,
    LOG_LEVEL: 'error',
    QUEUE_MAX_WAITING: '100000',
  };
  // All compiled, as `npm start` runs the service (bench/compiled.ts).
  const script =
    target === 'limit'
      ? compiledBench('bench/limit-server.ts')
      : target === 'floor'
        ? compiledBench('bench/queue-floor-server.ts')
        : target === 'bare'
          ? compiledBench('bench/bullmq-floor-server.ts')
          : compiledMain(cwd);
  const children = [spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] })];
  if (target === 'bare') {
    // Plain BullMQ's worker, with the node options the product's forked worker runs with.
    const execArgv = workerExecArgv([], loadConfig(env).workerHeapMb, process.env.NODE_OPTIONS);
    children.push(spawn(process.execPath, [...execArgv, compiledBench('bench/bullmq-floor-worker.ts')], { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] }));
  }
  if (target === 'floor') {
    // The worker as `npm start` forks it: the same program, role and node options (worker-pool.ts).
    const execArgv = workerExecArgv([], loadConfig(env).workerHeapMb, process.env.NODE_OPTIONS);
    const workerEnv = { ...env, APP_ROLE: 'worker', PORT: '0' };
    children.push(spawn(process.execPath, [...execArgv, compiledMain(cwd)], { cwd, env: workerEnv, stdio: ['ignore', 'ignore', 'inherit'] }));
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) {
      for (const child of children) child.kill('SIGTERM');
      throw new Error(`${target} did not start`);
    }
    if ((await post(port, birth(1)).catch(() => 0)) === 200) return children;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(port: number, body: string): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/v1/chart', method: 'POST', agent, headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY } },
      (res) => {
        res.resume();
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function p50Of(port: number, bodies: () => string, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const status = await post(port, bodies());
    if (status !== 200) throw new Error(`answered ${status}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(n / 2)].toFixed(2);
}

/** Redis's CPU (ms, user + system) and commands executed so far (scripts' inner commands included). */
export async function redisCounters(redis: Redis): Promise<{ cpuMs: number; commands: number }> {
  const cpu = await redis.info('cpu');
  const stats = await redis.info('commandstats');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
  let commands = 0;
  for (const m of stats.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)) commands += Number(m[1]);
  return { cpuMs: (field('used_cpu_user') + field('used_cpu_sys')) * 1000, commands };
}

let counter = Math.floor(Math.random() * 1e6);

async function measure(target: Target): Promise<Figures> {
  const port = await freePort();
  const prefix = `hdbench${randomBytes(4).toString('hex')}`;
  const children = await start(target, port, prefix);
  const api = children[0].pid!;
  // The HTTP side: the API process alone, or the limit server's whole tree (its processes compute in the request).
  const httpCpu = () => (target === 'limit' ? cpuSecondsOfTree(api) : cpuSeconds(api));
  // The worker processes: those the API forked (npm start), or the floor's beside it, with their own children.
  const workersCpu = () => cpuSecondsOfTree(api) - cpuSeconds(api) + children.slice(1).reduce((s, c) => s + cpuSecondsOfTree(c.pid!), 0);
  const redis = new Redis(REDIS_URL);
  try {
    const url = `http://127.0.0.1:${port}/v1/chart`;
    const drive = (seconds: number) =>
      autocannon({
        url,
        connections: 32,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: birth(counter++) }) }],
      });
    await drive(3); // warm: JIT, gazetteer, ephemeris files, connections
    const before = await redisCounters(redis);
    const cpuBefore = { api: httpCpu(), workers: workersCpu(), generator: process.cpuUsage() };
    const result = await drive(SECONDS);
    const generator = process.cpuUsage(cpuBefore.generator);
    const cpuAfter = { api: httpCpu(), workers: workersCpu() };
    const after = await redisCounters(redis);
    const requests = result.requests.total;
    const perRequestUs = (seconds: number) => Math.round((1e6 * seconds) / requests);
    const figures: Figures = {
      reqPerS: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
      requests,
      generatorUs: perRequestUs((generator.user + generator.system) / 1e6),
      apiUs: perRequestUs(cpuAfter.api - cpuBefore.api),
      workersUs: target === 'limit' ? undefined : perRequestUs(cpuAfter.workers - cpuBefore.workers),
    };
    if (target !== 'limit') {
      figures.redisCpuMs = +((after.cpuMs - before.cpuMs) / requests).toFixed(4);
      figures.redisCommands = +((after.commands - before.commands) / requests).toFixed(1);
    }
    figures.oneConnP50 = await p50Of(port, () => birth(counter++), 500);
    const same = birth(42);
    await post(port, same);
    figures.repeatP50 = await p50Of(port, () => same, 500);
    return figures;
  } finally {
    redis.disconnect();
    for (const child of children.reverse()) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await deletePrefix(prefix).catch(() => undefined);
  }
}

/** BullMQ's own round trip at one caller, p50 in ms: a job that does nothing, and the chart job of a distinct birth. */
async function bullmqRoundTrips(): Promise<{ noopP50: number; chartP50: number }> {
  const prefix = `hdbench${randomBytes(4).toString('hex')}`;
  const worker = spawn(process.execPath, [compiledBench('bench/bullmq-floor-worker.ts')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL, REDIS_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('floor', { connection, prefix });
  const events = new QueueEvents('floor', { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });
  try {
    await new Promise<void>((ready, fail) => {
      worker.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
      worker.once('exit', (code) => fail(new Error(`the BullMQ floor worker exited (${code})`)));
    });
    await events.waitUntilReady();
    // Awaited as the product's API awaits its jobs: by their completed event (the job itself is gone by then).
    const waiting = new Map<string, { resolve: () => void; reject: (err: Error) => void }>();
    events.on('completed', ({ jobId }) => waiting.get(jobId)?.resolve());
    events.on('failed', ({ jobId, failedReason }) => waiting.get(jobId)?.reject(new Error(`bullmq floor: job ${jobId} failed: ${failedReason}`)));
    let id = 0;
    const once = async (name: string, data: object) => {
      const jobId = `j${++id}`;
      const done = new Promise<void>((resolve, reject) => waiting.set(jobId, { resolve, reject }));
      const t0 = process.hrtime.bigint();
      await queue.add(name, data, { jobId, removeOnComplete: true, removeOnFail: true });
      await done;
      waiting.delete(jobId);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    const p50 = async (name: string, data: () => object, n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push(await once(name, data()));
      return +times.sort((a, b) => a - b)[Math.floor(n / 2)].toFixed(2);
    };
    const chartBirth = () => JSON.parse(birth(counter++)) as object;
    await p50('chart', chartBirth, 200); // warm: JIT, ephemeris files, connections
    return { noopP50: await p50('noop', () => ({}), 500), chartP50: await p50('chart', chartBirth, 500) };
  } finally {
    worker.kill('SIGTERM');
    await new Promise((r) => (worker.exitCode === null && worker.signalCode === null ? worker.once('exit', r) : r(undefined)));
    await Promise.all([queue.close(), events.close()]);
    connection.disconnect();
    await deletePrefix(prefix).catch(() => undefined);
  }
}

export async function run(report: Report): Promise<void> {
  const order: Target[][] = [CHOSEN.slice(), CHOSEN.slice().reverse()];
  const all: Record<Target, Figures[]> = { limit: [], current: [], floor: [], bare: [], base: [] };
  const bullmq: { noopP50: number; chartP50: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const trips = await bullmqRoundTrips();
    bullmq.push(trips);
    report(`limit.bullmq.round${round + 1}.one_job_p50`, trips.chartP50, `ms (a chart job of a distinct birth; a job doing nothing ${trips.noopP50} ms)`);
    for (const target of order[round % 2]) {
      const f = await measure(target);
      all[target].push(f);
      const name = `limit.${target}.round${round + 1}`;
      report(`${name}.req_per_s`, f.reqPerS, `req/s (p99 ${f.p99} ms, ${f.errors} errors over ${f.requests} requests)`);
      if (f.redisCpuMs !== undefined) report(`${name}.redis_cpu_per_request`, f.redisCpuMs, `ms (${f.redisCommands} commands per request)`);
      report(
        `${name}.cpu_us`,
        f.apiUs ?? 0,
        `µs of the HTTP process's CPU per request${f.workersUs === undefined ? ' (it computes too)' : `, workers ${f.workersUs}`}, load generator ${f.generatorUs}`,
      );
      report(`${name}.one_connection_p50`, f.oneConnP50 ?? 0, `ms (distinct births; repeated request ${f.repeatP50} ms)`);
    }
  }
  const mean = (t: Target, pick: (f: Figures) => number) => all[t].reduce((s, f) => s + pick(f), 0) / all[t].length;
  const limit = mean('limit', (f) => f.reqPerS);
  for (const t of CHOSEN.filter((c) => c !== 'limit')) {
    report(
      `limit.${t}.req_per_s`,
      Math.round(mean(t, (f) => f.reqPerS)),
      `req/s (${((100 * mean(t, (f) => f.reqPerS)) / limit).toFixed(0)} % of the limit's ${Math.round(limit)})`,
    );
    report(`limit.${t}.p99_ms`, Math.max(...all[t].map((f) => f.p99)), 'ms (worst round)');
    report(`limit.${t}.redis_cpu_per_request`, +mean(t, (f) => f.redisCpuMs ?? 0).toFixed(4), 'ms');
    report(`limit.${t}.redis_commands_per_request`, +mean(t, (f) => f.redisCommands ?? 0).toFixed(1), 'commands');
    report(`limit.${t}.one_connection_p50`, +mean(t, (f) => f.oneConnP50 ?? 0).toFixed(2), 'ms (distinct births)');
    report(`limit.${t}.repeat_p50`, +mean(t, (f) => f.repeatP50 ?? 0).toFixed(2), 'ms (a repeated request)');
    const us = (pick: (f: Figures) => number | undefined) => Math.round(mean(t, (f) => pick(f) ?? 0));
    report(
      `limit.${t}.cpu_us_per_request`,
      us((f) => (f.apiUs ?? 0) + (f.workersUs ?? 0) + 1000 * (f.redisCpuMs ?? 0)),
      `µs of CPU per request: API ${us((f) => f.apiUs)}, workers ${us((f) => f.workersUs)}, Redis ${us((f) => 1000 * (f.redisCpuMs ?? 0))} (load generator ${us((f) => f.generatorUs)})`,
    );
  }
  const meanOf = (pick: (t: { noopP50: number; chartP50: number }) => number) => +(bullmq.reduce((s, t) => s + pick(t), 0) / bullmq.length).toFixed(2);
  report(
    'limit.bullmq.one_job_p50',
    meanOf((t) => t.chartP50),
    `ms at one caller through bare BullMQ, no HTTP (a chart job of a distinct birth; a job doing nothing ${meanOf((t) => t.noopP50)} ms)`,
  );
  report(
    'limit.limit.cpu_us_per_request',
    Math.round(mean('limit', (f) => f.apiUs ?? 0)),
    `µs of CPU per request, both processes (load generator ${Math.round(mean('limit', (f) => f.generatorUs ?? 0))})`,
  );
}

if (require.main === module) void run(printReport).then(() => process.exit(0));
