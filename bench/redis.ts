/**
 * `npm run bench -- redis` (issue 25): where Redis's time per chart request goes, script by script.
 *
 * `bench limit` prints Redis's CPU and commands per request (INFO deltas). This section says which of them cost it:
 * `npm start` (compiled, as bench/compiled.ts runs it) serves /v1/chart at 32 connections, distinct births, while
 * Redis's SLOWLOG records every command (threshold 0 µs) for BENCH_REDIS_SECONDS (default 4). Each EVALSHA is named
 * by the BullMQ script whose SHA-1 it carries (the scripts' text as the installed BullMQ ships it). Commands that a
 * script runs are logged too, so their time is inside the script's: the lines marked `inner` are not added to the
 * total. Also printed: Redis's CPU per request (INFO) over the same window, which holds what the log does not (reading
 * and writing sockets), and the mean size of a group (light requests a BullMQ job carries, from /metrics).
 *
 * What it showed on 2026-11-30 (groups of about 6 charts): moveToFinished 173 µs a call, addPrioritizedJob 78,
 * moveToActive 49: about 54 µs of scripts a request. A script's cost is mostly fixed: with bare BullMQ, jobs of
 * 100 bytes took 75 / 52 / 49 µs (in that order), and a result's size added about 2 µs a KB to moveToFinished (which writes it into
 * the job's hash and the events stream, then deletes the hash).
 */
import autocannon from 'autocannon';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Redis from 'ioredis';
import { scatteredBirth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';
import { redisCounters, start } from './limit';
import { deletePrefix, freePort, REDIS_URL, TEST_API_KEY } from '../test/helpers/service';

const SECONDS = Number(process.env.BENCH_REDIS_SECONDS ?? 4);
/**
 * The client address SLOWLOG gives a command that a script ran (Redis's scripting client has no socket): such a
 * command's time is inside its script's.
 */
const SCRIPT_CLIENT = '?:0';

/** BullMQ's scripts by the SHA-1 of their text (what EVALSHA names), from the installed package. */
function bullScripts(): Map<string, string> {
  const dir = join(dirname(require.resolve('bullmq/package.json')), 'dist', 'cjs', 'scripts');
  const names = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.js') || file === 'index.js') continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each script module exports {name, content, keys}
    const mod = require(join(dir, file)) as Record<string, { name?: string; content?: string }>;
    for (const script of Object.values(mod))
      if (script?.content && script.name) names.set(createHash('sha1').update(script.content).digest('hex'), script.name);
  }
  return names;
}

/** A counter's value in the Prometheus text of /metrics (0 when absent). */
const counter = (metrics: string, name: string): number => Number(new RegExp(`^${name} ([\\d.e+]+)$`, 'm').exec(metrics)?.[1] ?? 0);

export async function run(report: Report): Promise<void> {
  const port = await freePort();
  const prefix = `hdbench${randomBytes(4).toString('hex')}`;
  const [child] = await start('current', port, prefix);
  const redis = new Redis(REDIS_URL);
  const scripts = bullScripts();
  const saved = { slower: '10000', maxLen: '128' };
  try {
    const got = await redis.config('GET', 'slowlog-*');
    for (let i = 0; i < got.length; i += 2) {
      if (got[i] === 'slowlog-log-slower-than') saved.slower = got[i + 1];
      if (got[i] === 'slowlog-max-len') saved.maxLen = got[i + 1];
    }
    let next = Math.floor(Math.random() * 1e6);
    const drive = (seconds: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}/v1/chart`,
        connections: 32,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: scatteredBirth(next++) }) }],
      });
    await drive(3); // warm: JIT, gazetteer, ephemeris files, connections
    const metrics = () => fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    const before = { metrics: await metrics(), cpu: (await redisCounters(redis)).cpuMs };
    await redis.config('SET', 'slowlog-max-len', '500000');
    await redis.config('SET', 'slowlog-log-slower-than', '0');
    await redis.slowlog('RESET');
    const result = await drive(SECONDS);
    await redis.config('SET', 'slowlog-log-slower-than', saved.slower);
    const cpuMs = (await redisCounters(redis)).cpuMs - before.cpu;
    const after = await metrics();
    const log = (await redis.slowlog('GET', 500000)) as [number, number, number, string[], string][];
    const requests = result.requests.total;
    if (result.non2xx + result.errors) throw new Error(`${result.non2xx} answers not 2xx, ${result.errors} errors`);

    const byName = new Map<string, { calls: number; us: number }>();
    for (const [, , us, args, client] of log) {
      const command = args[0].toLowerCase();
      if (command === 'slowlog' || command === 'config' || command === 'info') continue;
      const name = command === 'evalsha' ? `script ${scripts.get(args[1]) ?? args[1].slice(0, 12)}` : client === SCRIPT_CLIENT ? `inner ${command}` : command;
      const entry = byName.get(name) ?? { calls: 0, us: 0 };
      entry.calls++;
      entry.us += us;
      byName.set(name, entry);
    }
    let outer = 0;
    for (const [name, { us }] of byName) if (!name.startsWith('inner ')) outer += us;
    const grouped = counter(after, 'hd_grouped_requests_total') - counter(before.metrics, 'hd_grouped_requests_total');
    const groups = counter(after, 'hd_group_jobs_total') - counter(before.metrics, 'hd_group_jobs_total');
    report('redis.requests_per_s', Math.round(result.requests.average), `req/s while logged (${requests} requests, ${log.length} log entries)`);
    report('redis.cpu_us', +((1000 * cpuMs) / requests).toFixed(1), 'µs of Redis CPU per request (INFO), sockets included');
    report('redis.logged_us', +(outer / requests).toFixed(1), 'µs per request in commands and scripts (SLOWLOG), inner commands not added');
    report('redis.group_size', groups ? +(grouped / groups).toFixed(2) : 0, 'light requests per BullMQ job (mean)');
    for (const [name, { calls, us }] of [...byName].sort((a, b) => b[1].us - a[1].us).slice(0, 14))
      report(
        `redis.${name.replace(' ', '.')}_us`,
        +(us / requests).toFixed(1),
        `µs per request; ${(calls / requests).toFixed(2)} calls per request, ${(us / calls).toFixed(1)} µs a call`,
      );
  } finally {
    await redis.config('SET', 'slowlog-log-slower-than', saved.slower).catch(() => undefined);
    await redis.config('SET', 'slowlog-max-len', saved.maxLen).catch(() => undefined);
    await redis.slowlog('RESET').catch(() => undefined);
    redis.disconnect();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await deletePrefix(prefix).catch(() => undefined);
  }
}

if (require.main === module) void run(printReport).then(() => process.exit(0));
