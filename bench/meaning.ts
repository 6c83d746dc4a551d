/**
 * `npm run bench -- meaning` (issue 26): what `meaning` costs.
 * - The library: all five languages read in a fresh process, time and heap (after GC) — the bounds are
 *   150 ms and 30 MB.
 * - In process: a /v1/chart and a /v1/chart/advanced job (the same with meaning or without), and the API's part,
 *   putting the texts into the plain answer (engine/meaning/chart-splice.ts).
 * - Over HTTP on the real service (API, worker, Redis; births: BENCH_MEANING_BIRTHS, below): /v1/chart at 32 connections, distinct births, with and
 *   without `meaning` in alternating rounds (the machine's drift falls on both), and at one connection, request by
 *   request alternating, the p50 and p99 (one caller's wait).
 * - The answer's bytes alone (BENCH_MEANING_FLOOR=0 skips it): a bare node:http server that answers the same two
 *   bodies the service does (a chart's JSON without meaning and with it, made here by the same code), driven as the
 *   service is. What it spends more per request for the longer answer, and what the load generator spends to read
 *   it (on the same two cores), is a floor no change to the service can go under; the bench prints it beside the
 *   10 % the issue allows.
 */
import autocannon from 'autocannon';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { freePort, post, REDIS_URL, startService, TEST_API_KEY, waitFor } from '../test/helpers/service';
import { cpuSeconds } from '../test/helpers/processes';
import { birth as consecutiveBirth, scatteredBirth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_MEANING_ROUNDS ?? 3);
const ONE_CONNECTION_REQUESTS = Number(process.env.BENCH_MEANING_ONE_CONNECTION ?? 3000);
/**
 * BENCH_MEANING_BIRTHS: `consecutive` (default, the births every HTTP bench draws: one day after another) or
 * `scattered` (days about 22 years apart, as distinct callers' births are). The Swiss Ephemeris answers consecutive
 * days partly from the file segments it read for the chart before (bench/http-chart.ts scatteredBirth), so with them
 * a chart costs the worker less than a stranger's does, and what meaning adds weighs more beside it.
 */
const BIRTHS = process.env.BENCH_MEANING_BIRTHS ?? 'consecutive';
if (BIRTHS !== 'consecutive' && BIRTHS !== 'scattered') throw new Error(`BENCH_MEANING_BIRTHS must be consecutive or scattered, got ${BIRTHS}`);
const birth = BIRTHS === 'scattered' ? scatteredBirth : consecutiveBirth;

function libraryLoad(): { ms: number; heapMb: number } {
  const script = `
    const { loadMeaningLibraries } = require('./src/engine/meaning/library');
    global.gc(); const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const lib = loadMeaningLibraries();
    const ms = performance.now() - t0;
    global.gc(); const heap = process.memoryUsage().heapUsed - before;
    if (!lib.fr) throw new Error('not loaded');
    console.log(JSON.stringify({ ms, heapMb: heap / 1048576 }));`;
  const out = execFileSync(process.execPath, ['--expose-gc', '-r', 'ts-node/register/transpile-only', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { ms: number; heapMb: number };
}

function inProcess(report: Report): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, after the library timing ran in its own process
  const { chartJob, advancedJob } = require('../src/modules/chart/jobs/chart-jobs') as typeof import('../src/modules/chart/jobs/chart-jobs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
  const { chartMeaningBytes, meaningLibraries } = require('../src/engine/meaning') as typeof import('../src/engine/meaning');
  // A chart's job is the same with meaning or without; the API puts the texts into its plain answer
  // (engine/meaning/chart-splice.ts). Both timed here, answer by answer, each a birth of its own.
  const input = (i: number) => ({ ...(JSON.parse(birth(i)) as { birthdate: string; birthtime: string; location: string }), nodeType: 'true' as const });
  const lib = meaningLibraries().de;
  for (const [name, job] of [
    ['chart', chartJob],
    ['advanced', advancedJob],
  ] as const) {
    for (let i = 0; i < 300; i++) chartMeaningBytes(job(input(i)), lib);
    const n = 3000;
    const spent = { job: 0, splice: 0 };
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const plain = job(input(10_000 + i));
      const t1 = performance.now();
      chartMeaningBytes(plain, lib);
      spent.job += t1 - t0;
      spent.splice += performance.now() - t1;
    }
    const jobUs = (spent.job * 1000) / n;
    const spliceUs = (spent.splice * 1000) / n;
    report(`meaning.job.${name}_us`, +jobUs.toFixed(0), 'µs for the job (the worker), with meaning or without (in process)');
    report(`meaning.splice.${name}_us`, +spliceUs.toFixed(1), `µs for the API to put the texts in (${((100 * spliceUs) / jobUs).toFixed(0)} % of the job)`);
  }
}

/** Distinct births the load generator posts, one after another (`drive`): with `"meaning": "de"` or without. */
let nextBirth = Math.floor(Math.random() * 1e6);

/**
 * The load generator (BENCH_MEANING_GENERATOR): `wrk` (Debian's package, C; the default where /usr/bin/wrk is) or
 * `autocannon` (JavaScript, in this process). Both run on the same two cores as the service, so what the generator
 * spends to read an answer is taken from the service: autocannon spent 53-86 µs more a request to read the 27 KB
 * that meaning adds (its HTTP parser is JavaScript), wrk 19 µs, in runs of 2026-12-02. A caller elsewhere spends
 * nothing here; wrk keeps the bench's figure closer to what the service itself can do. `apt-get install wrk`.
 */
const GENERATOR = process.env.BENCH_MEANING_GENERATOR ?? (existsSync('/usr/bin/wrk') ? 'wrk' : 'autocannon');
if (GENERATOR !== 'wrk' && GENERATOR !== 'autocannon') throw new Error(`BENCH_MEANING_GENERATOR must be wrk or autocannon, got ${GENERATOR}`);

/** What one drive measured: requests answered, their rate and p99, failures, bytes a response, the generator's CPU. */
interface Driven {
  requests: number;
  perSecond: number;
  p99Ms: number;
  failures: string;
  bytes: number;
  generatorMs: number;
}

/** The generator at 32 connections against `url` for `seconds`, each request a birth of its own, with meaning or not. */
function drive(url: string, meaning: boolean, seconds: number): Promise<Driven> {
  const body = () => {
    const b = birth(nextBirth++);
    return meaning ? `${b.slice(0, -1)},"meaning":"de"}` : b;
  };
  return GENERATOR === 'wrk' ? driveWrk(url, body, seconds) : driveAutocannon(url, body, seconds);
}

async function driveAutocannon(url: string, body: () => string, seconds: number): Promise<Driven> {
  const cpu = process.cpuUsage();
  const r = await autocannon({
    url,
    connections: 32,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) }],
  });
  const used = process.cpuUsage(cpu);
  return {
    requests: r.requests.total,
    perSecond: r.requests.average,
    p99Ms: r.latency.p99,
    failures: r.non2xx + r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : '',
    bytes: r.throughput.total / r.requests.total,
    generatorMs: (used.user + used.system) / 1000,
  };
}

/**
 * wrk, one thread, its Lua script sending the bodies of a file in turn (written here first: more than the run can
 * send, so none repeats). Its CPU is bash's `times` for its children; its figures are read from its report.
 */
async function driveWrk(url: string, body: () => string, seconds: number): Promise<Driven> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const bodies = Array.from({ length: Math.ceil(seconds * 6_000) }, body);
    writeFileSync(path.join(dir, 'bodies.txt'), bodies.join('\n') + '\n');
    writeFileSync(
      path.join(dir, 'bodies.lua'),
      `local bodies, i = {}, 0
function init(args)
  for line in io.lines(args[1]) do bodies[#bodies + 1] = line end
  wrk.method = "POST"
  wrk.headers["content-type"] = "application/json"
  wrk.headers["HD-Api-Key"] = "${TEST_API_KEY}"
end
function request()
  i = i % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[i])
end
`,
    );
    const script = `wrk -t1 -c32 -d${seconds}s --latency -s "$1/bodies.lua" "$2" -- "$1/bodies.txt" && times`;
    const { stdout: out } = await promisify(execFile)('bash', ['-c', script, 'bash', dir, url], { encoding: 'utf8' });
    const read = (re: RegExp) => {
      const m = re.exec(out);
      if (!m) throw new Error(`wrk's report has no ${re}: ${out}`);
      return m;
    };
    const [, count, amount, unit] = read(/(\d+) requests in [\d.]+\w+, ([\d.]+)(\w+) read/);
    const requests = Number(count);
    const scale: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
    const [, p99, p99Unit] = read(/^\s+99%\s+([\d.]+)(us|ms|s)$/m);
    const ms = Number(p99) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[p99Unit];
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
    const errors = /Socket errors: (.*)/.exec(out)?.[1];
    // `times` prints the shell's own user and system time, then, on the last line, its children's (wrk's).
    const times = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(out.trim().split('\n').pop()!);
    if (!times) throw new Error(`no CPU times after wrk's report: ${out}`);
    const [, um, us, sm, ss] = times;
    return {
      requests,
      perSecond: Number(read(/Requests\/sec:\s+([\d.]+)/)[1]),
      p99Ms: ms,
      failures: [non2xx && `${non2xx} non-2xx`, errors && `socket errors: ${errors}`].filter(Boolean).join(', '),
      bytes: (Number(amount) * scale[unit]) / requests,
      generatorMs: 1000 * (Number(um) * 60 + Number(us) + Number(sm) * 60 + Number(ss)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The bytes floor (see the header): per request, the server's and the load generator's CPU, µs, and the answer's bytes, for
 * the answer without meaning and with it, in alternating rounds.
 */
async function bytesFloor(): Promise<Record<'plain' | 'meaning', { server: number; generator: number; bytes: number }>> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, after the library timing ran in its own process
  const { chartJob } = require('../src/modules/chart/jobs/chart-jobs') as typeof import('../src/modules/chart/jobs/chart-jobs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
  const { expandMeaningBytes, meaningLibraries } = require('../src/engine/meaning') as typeof import('../src/engine/meaning');
  const input = { ...(JSON.parse(birth(7)) as { birthdate: string; birthtime: string; location: string }), nodeType: 'true' as const };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-meaning-'));
  writeFileSync(path.join(dir, 'plain.json'), chartJob(input));
  writeFileSync(path.join(dir, 'meaning.json'), expandMeaningBytes(chartJob({ ...input, meaning: 'de' }), meaningLibraries()));
  // The service's answer path without the service: the same headers (Express sends these two), the body read, the
  // text or the bytes written as the API writes them.
  const server = `
    const http = require('node:http'); const fs = require('node:fs');
    const plain = fs.readFileSync(${JSON.stringify(path.join(dir, 'plain.json'))}, 'utf8');
    const meaning = fs.readFileSync(${JSON.stringify(path.join(dir, 'meaning.json'))});
    http.createServer((req, res) => {
      let body = ''; req.setEncoding('utf8'); req.on('data', (c) => (body += c));
      req.on('end', () => {
        const answer = body.includes('"meaning"') ? meaning : plain;
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
        res.end(answer);
      });
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', server], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })).ok, 10_000, 'the bytes floor server');
    const url = `http://127.0.0.1:${port}/`;
    await drive(url, false, 2);
    await drive(url, true, 2);
    const sums = { plain: { server: 0, generator: 0, requests: 0, bytes: 0 }, meaning: { server: 0, generator: 0, requests: 0, bytes: 0 } };
    for (const kind of ['plain', 'meaning', 'meaning', 'plain'] as const) {
      const server0 = cpuMs(child.pid!);
      const r = await drive(url, kind === 'meaning', Math.min(SECONDS, 5));
      const sum = sums[kind];
      sum.server += cpuMs(child.pid!) - server0;
      sum.generator += r.generatorMs;
      sum.requests += r.requests;
      sum.bytes = r.bytes;
    }
    const per = (kind: 'plain' | 'meaning') => {
      const sum = sums[kind];
      return { server: (1000 * sum.server) / sum.requests, generator: (1000 * sum.generator) / sum.requests, bytes: sum.bytes };
    };
    return { plain: per('plain'), meaning: per('meaning') };
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process's CPU so far (user + system), ms. */
const cpuMs = (pid: number): number => 1000 * cpuSeconds(pid);

async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

export async function run(report: Report): Promise<void> {
  const load = libraryLoad();
  report('meaning.library.load_ms', +load.ms.toFixed(1), 'ms to read all five languages (bound 150)');
  report('meaning.library.heap_mb', +load.heapMb.toFixed(1), 'MB of heap after GC (bound 30)');
  inProcess(report);

  const svc = await startService({ env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  try {
    for (let i = 0; i < 200; i++)
      await post(svc.baseUrl, '/v1/chart', { ...(JSON.parse(birth(2_000_000 + i)) as object), ...(i % 2 ? { meaning: 'de' } : {}) });
    const chartUrl = `${svc.baseUrl}/v1/chart`;
    const rates: Record<'plain' | 'meaning', number[]> = { plain: [], meaning: [] };
    const p99: Record<'plain' | 'meaning', number[]> = { plain: [], meaning: [] };
    // CPU per request, µs, by process: what the service spends (the API, the worker, Redis) apart from the load
    // generator, which shares the two cores here and reads the longer answers too.
    const cpu: Record<'plain' | 'meaning', { api: number; worker: number; redis: number; generator: number; requests: number }> = {
      plain: { api: 0, worker: 0, redis: 0, generator: 0, requests: 0 },
      meaning: { api: 0, worker: 0, redis: 0, generator: 0, requests: 0 },
    };
    // A round of each kind first, not counted: the service's first seconds under load (its code still being
    // optimised) fell on whichever kind went first and made it look slower (681-780 req/s against 950-1,200 after).
    await drive(chartUrl, false, 3);
    await drive(chartUrl, true, 3);
    const redis = new Redis(REDIS_URL);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 ? (['meaning', 'plain'] as const) : (['plain', 'meaning'] as const)) {
        const before = { api: cpuMs(svc.api.pid!), worker: cpuMs(svc.worker!.pid!), redis: await redisCpuMs(redis) };
        const r = await drive(chartUrl, kind === 'meaning', SECONDS);
        const c = cpu[kind];
        c.api += cpuMs(svc.api.pid!) - before.api;
        c.worker += cpuMs(svc.worker!.pid!) - before.worker;
        c.redis += (await redisCpuMs(redis)) - before.redis;
        c.generator += r.generatorMs;
        c.requests += r.requests;
        if (r.failures) throw new Error(`${kind}: ${r.failures}`);
        rates[kind].push(r.perSecond);
        p99[kind].push(r.p99Ms);
      }
    }
    redis.disconnect();
    const perRequest = (kind: 'plain' | 'meaning', part: 'api' | 'worker' | 'redis' | 'generator') => (1000 * cpu[kind][part]) / cpu[kind].requests;
    const service = (kind: 'plain' | 'meaning') => perRequest(kind, 'api') + perRequest(kind, 'worker') + perRequest(kind, 'redis');
    for (const part of ['api', 'worker', 'redis', 'generator'] as const)
      report(
        `meaning.cpu.${part}_us`,
        Math.round(perRequest('plain', part)),
        `µs of CPU per request without meaning, ${Math.round(perRequest('meaning', part))} with`,
      );
    report(
      'meaning.cpu.service_us',
      Math.round(service('plain')),
      `µs per request (API + worker + Redis) without meaning, ${Math.round(service('meaning'))} with: ${((100 * service('meaning')) / service('plain')).toFixed(0)} %`,
    );
    const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
    report(
      'meaning.http.chart_req_per_s',
      Math.round(mean(rates.plain)),
      `req/s without meaning (${rates.plain.map(Math.round).join(', ')}; load generator: ${GENERATOR})`,
    );
    report(
      'meaning.http.chart_meaning_req_per_s',
      Math.round(mean(rates.meaning)),
      `req/s with meaning (${rates.meaning.map(Math.round).join(', ')}): ${((100 * mean(rates.meaning)) / mean(rates.plain)).toFixed(0)} % of without`,
    );
    // Each round's two kinds ran back to back: their ratio is the least touched by the machine's drift over the run.
    const pairs = rates.plain.map((plain, i) => (100 * rates.meaning[i]) / plain).sort((x, y) => x - y);
    report(
      'meaning.http.round_ratio_median_pct',
      +pairs[Math.floor((pairs.length - 1) / 2)].toFixed(0),
      `% with meaning of without, the median of the rounds' ratios (${pairs.map((r) => r.toFixed(0)).join(', ')})`,
    );
    report('meaning.http.p99_ms', Math.max(...p99.plain), `ms without, ${Math.max(...p99.meaning)} ms with (worst round)`);
    if (process.env.BENCH_MEANING_FLOOR !== '0') {
      const floor = await bytesFloor();
      const extra = (part: 'server' | 'generator') => floor.meaning[part] - floor.plain[part];
      report(
        'meaning.floor.server_us',
        Math.round(extra('server')),
        `µs more per request for the longer answer (${Math.round(floor.meaning.bytes)} bytes a response against ${Math.round(floor.plain.bytes)}, headers included): a bare node:http server answering the same bodies, ${Math.round(floor.plain.server)} -> ${Math.round(floor.meaning.server)} µs`,
      );
      report(
        'meaning.floor.generator_us',
        Math.round(extra('generator')),
        `µs more per request for the load generator to read it, ${Math.round(floor.plain.generator)} -> ${Math.round(floor.meaning.generator)} µs`,
      );
      // The 10 %, in CPU per request: a tenth of what a chart without meaning costs here in all (the service
      // and the generator reading it, which share the two cores).
      const allowance = 0.1 * (service('plain') + perRequest('plain', 'generator'));
      report(
        'meaning.floor.share_of_allowance',
        +((extra('server') + extra('generator')) / allowance).toFixed(2),
        `of the 10 % allowance (${Math.round(allowance)} µs a request) is taken by the answer's bytes alone; the service's own extra is ${Math.round(service('meaning') - service('plain'))} µs (${(((service('meaning') - service('plain')) / allowance) * 100).toFixed(0)} % of it)`,
      );
    }
    // One request at a time, the two kinds alternating request by request so that the machine's drift falls on
    // both alike: what one caller waits for a chart with and without its texts.
    const times = { plain: [] as number[], meaning: [] as number[] };
    for (let i = 0; i < 2 * ONE_CONNECTION_REQUESTS; i++) {
      const kind = i % 2 ? 'meaning' : 'plain';
      const body = { ...(JSON.parse(birth(nextBirth++)) as object), ...(kind === 'meaning' ? { meaning: 'de' } : {}) };
      const t0 = performance.now();
      const res = await post(svc.baseUrl, '/v1/chart', body);
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      times[kind].push(performance.now() - t0);
    }
    const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
    for (const [name, q] of [
      ['p50', 0.5],
      ['p99', 0.99],
    ] as const) {
      const plain = quantile(times.plain, q);
      const withMeaning = quantile(times.meaning, q);
      report(
        `meaning.http.one_connection_${name}_ms`,
        +plain.toFixed(2),
        `ms without, ${withMeaning.toFixed(2)} ms with meaning (${((100 * withMeaning) / plain).toFixed(0)} %; ${ONE_CONNECTION_REQUESTS} requests each, alternating)`,
      );
    }
  } finally {
    await svc.stop();
  }
}

if (require.main === module) void run(printReport).then(() => process.exit(0));
