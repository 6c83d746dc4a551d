/**
 * `npm run bench -- bulk` (issue 27): 100,000 distinct births as CSV in, CSV out, through `npm start` (the API and
 * the worker processes it forks, on this machine's Redis), against the engine's own rate on one core measured in
 * the same run, just before and just after the job alone (their mean), while the service is idle.
 *
 * The job's births are scattered over 1950-2029 as the engine's own bench draws them (consecutive days would be
 * cheaper to compute than the yardstick's births: http-chart.ts scatteredBirth says why).
 * - `bulk.alone`: the job by itself. Its rate is counted over the whole wall time, from the first byte of the upload
 *   to the last byte of the CSV downloaded (polled, then downloaded; BENCH_BULK_FOLLOW=1: streamed with follow=true
 *   while the job runs, as `npm run bulk` reads it); `ratio` is that rate over (engine charts/s × worker processes).
 * - `bulk.beside`: the same size of job again while another key keeps 8 connections of `/v1/chart` busy; that key's
 *   p99 before the job (alone) and during it.
 * - `bulk.per_item_us`: where a chart item's time goes on the worker, in process, step by step (perItemCosts): the
 *   service's µs an item beside it is what the queue, the chunks and Redis add; and the computing thread's µs an item
 *   with BULK_WRITER=thread (the default), which hands the answer's JSON text to the writer thread instead.
 * RSS of the API and of each worker process is sampled every 100 ms (/proc), the peaks printed.
 * BENCH_BULK_ITEMS sets the job's size (default 100,000).
 */
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { birth, scatteredBirth } from './http-chart';
import type { Report } from './report';
import { printReport } from './report';
import { compiledBench, compiledMain } from './compiled';
import { deletePrefix, freePort, REDIS_URL } from '../test/helpers/service';
import { childrenOf, cpuSeconds, rssMb } from '../test/helpers/processes';
import { chartJob } from '../src/modules/chart/jobs/chart-jobs';
import type { ChartInput } from '../src/modules/birth/jobs/payloads';

const ROOT = resolve(__dirname, '..');
const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? 100_000);
const FOLLOW = process.env.BENCH_BULK_FOLLOW === '1';
const BULK_KEY = 'bench-bulk-key-0123456789';
const OTHER_KEY = 'bench-other-key-0123456789';

/** The engine's charts/s on one core, in a process of its own (bench/engine.ts, compiled as the worker runs it), nothing else running. */
function engineRate(): number {
  const out = execFileSync(process.execPath, [compiledBench('bench/engine.ts')], { cwd: ROOT }).toString();
  const m = /engine\.charts_per_s: (\d+)/.exec(out);
  if (!m) throw new Error(`engine bench said: ${out}`);
  return Number(m[1]);
}

/**
 * The chart job's rate on one core (place and time zone resolved, chart, answer as JSON: what a single /v1/chart's
 * worker does), over births like the job's (scattered), in a process of its own: the second yardstick printed beside the engine's.
 */
function chartJobRate(): number {
  return Number(/chart_job_per_s: (\d+)/.exec(runThisFile('--chart-job-rate'))?.[1] ?? NaN);
}

/** What this file prints when run with `flag`, compiled, in a process of its own (a yardstick's measurement). */
function runThisFile(flag: string): string {
  return execFileSync(process.execPath, [compiledBench('bench/bulk.ts'), flag], { cwd: ROOT }).toString();
}

function measureChartJobRate(): void {
  const count = 20_000;
  const inputs = Array.from({ length: count + 2_000 }, (_, i) => ({ ...(JSON.parse(scatteredBirth(9_000_000 + i)) as ChartInput), nodeType: 'true' as const }));
  for (let i = 0; i < 2_000; i++) chartJob(inputs[count + i]);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) chartJob(inputs[i]);
  console.log(`chart_job_per_s: ${Math.round(count / ((performance.now() - t0) / 1000))}`);
}

/**
 * Where a bulk chart item's time goes on the worker, in process (no Redis): the engine alone, then each step a chunk
 * adds (processors/bulk-chunk.ts), every variant over the same births in a chunk's order (chunk by chunk, each in time
 * order) and the variants interleaved round by round, medians of the rounds. Steps cost more here than alone in a tight loop (a CSV row 3-4 µs alone, 8-15 µs
 * after a chart): each comes after a chart's work has filled the caches with other data. µs per item.
 */
function perItemCosts(): Record<string, number> {
  return JSON.parse(runThisFile('--per-item').trim().split('\n').pop()!) as Record<string, number>;
}

function measurePerItemCosts(): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only in this child process */
  const { computeChart } = require('../src/engine') as typeof import('../src/engine');
  const { resolveBirth } = require('../src/engine/natal/birth') as typeof import('../src/engine/natal/birth');
  const { chartAnswer } = require('../src/modules/chart/jobs/chart-jobs') as typeof import('../src/modules/chart/jobs/chart-jobs');
  const { csvCells, csvLine } = require('../src/jobs/bulk-csv') as typeof import('../src/jobs/bulk-csv');
  const { answerLine, chunkItems } = require('../src/jobs/bulk-types') as typeof import('../src/jobs/bulk-types');
  const { gzipParts } = require('../src/jobs/gzip-parts') as typeof import('../src/jobs/gzip-parts');
  const { timeOrder } = require('../src/processors/bulk-chunk') as typeof import('../src/processors/bulk-chunk');
  const { ChunkWriterThread } = require('../src/processors/chunk-writer') as typeof import('../src/processors/chunk-writer');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const size = chunkItems('chart');
  const count = 10 * size;
  const inputs = Array.from({ length: count }, (_, i) => ({ ...(JSON.parse(scatteredBirth(7_000_000 + i)) as ChartInput), nodeType: 'true' as const }));
  const instants = inputs.map((input) => resolveBirth(input).utcMs);
  // The items in the order a chunk computes them: chunk by chunk, each in time order.
  const order: number[] = [];
  for (let first = 0; first < count; first += size) {
    const chunk = inputs.slice(first, first + size).map((input, i) => ({ id: i, input }));
    for (const at of timeOrder(chunk)) order.push(first + at);
  }
  // A chunk's bytes, compressed as a chunk does once it has all its items (on libuv's threads, not awaited here).
  let lines: Buffer[] = [];
  let rows: Buffer[] = [];
  const store = (line: Buffer, csvRow: Buffer) => {
    lines.push(line);
    rows.push(csvRow);
    if (lines.length < size) return;
    void gzipParts(lines);
    void gzipParts(rows);
    lines = [];
    rows = [];
  };
  // BULK_WRITER=thread: the main thread's part is the answer's JSON handed to the writer thread, chunk by chunk.
  const thread = new ChunkWriterThread(10);
  let writer = thread.writer('chart', size);
  let handed = 0;
  const hand = (i: number, answer: object) => {
    writer.put(handed++, `r${i}`, { json: JSON.stringify(answer), result: answer });
    if (handed < size) return;
    writer.finish().catch(() => {}); // not awaited, as a chunk does not wait for compression before its next item
    writer = thread.writer('chart', size);
    handed = 0;
  };
  let sink = 0;
  const row = (i: number, answer: object) => csvLine(csvCells('chart', { id: `r${i}`, status: 200, result: answer }));
  // Each variant is the one before it and one step more, as the chunk does them.
  const variants: Record<string, (i: number) => void> = {
    engine: (i) => void computeChart(instants[i], { nodeType: 'true' }),
    answer: (i) => void chartAnswer(inputs[i]),
    json: (i) => void (sink += JSON.stringify(chartAnswer(inputs[i])).length),
    csv: (i) => {
      const answer = chartAnswer(inputs[i]);
      sink += JSON.stringify(answer).length + row(i, answer).length;
    },
    stored: (i) => {
      const answer = chartAnswer(inputs[i]);
      store(Buffer.from(answerLine(`r${i}`, { result: JSON.stringify(answer) }) + '\n'), Buffer.from(row(i, answer)));
    },
    // Not a step after `stored`: instead of csv and stored, what the main thread spends with the writer thread.
    handed: (i) => hand(i, chartAnswer(inputs[i])),
  };
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 9; round++) {
    for (const [name, run] of Object.entries(variants)) {
      const t0 = performance.now();
      for (const i of order) run(i);
      (times[name] ??= []).push(((performance.now() - t0) * 1000) / count);
    }
  }
  if (sink === 0) throw new Error('unreachable');
  writer.drop();
  void thread.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(JSON.stringify(Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, median(xs)]))));
}

/**
 * `rows` distinct births as CSV, ids `r<i>`: their days scattered over 1950-2029 as the engine's yardstick draws its
 * instants (bench/http-chart.ts scatteredBirth), not one day after another, which the ephemeris answers from what it
 * read for the row before.
 */
function csvOf(first: number, rows: number): string {
  const lines = ['id,birthdate,birthtime,location'];
  for (let i = first; i < first + rows; i++) {
    const b = JSON.parse(scatteredBirth(i)) as { birthdate: string; birthtime: string; location: string };
    lines.push(`r${i},${b.birthdate},${b.birthtime},"${b.location}"`);
  }
  return lines.join('\n') + '\n';
}

function call(port: number, method: string, path: string, body?: string, type = 'application/json'): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { 'HD-Api-Key': BULK_KEY };
    if (body !== undefined) headers['content-type'] = type;
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** Streams a CSV download, counting its lines without keeping it. */
function download(port: number, path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'HD-Api-Key': BULK_KEY } }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`results answered ${res.statusCode}`));
      let lines = 0;
      res.on('data', (d: Buffer) => {
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => done(lines));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * Peak RSS (MB) of a process and of each of its child processes, sampled until stopped; and the CPU the children
 * (the worker processes) spent meanwhile, as a share of the wall time (1 = one core busy throughout).
 */
class RssPeaks {
  api = 0;
  workers = new Map<number, number>();
  private timer: NodeJS.Timeout;
  private readonly cpuAtStart: Map<number, number>;
  private readonly startedAt = performance.now();
  constructor(private readonly pid: number) {
    this.cpuAtStart = new Map(childrenOf(pid).map((child) => [child, cpuSeconds(child)]));
    this.timer = setInterval(() => this.sample(), 100);
  }
  private sample(): void {
    this.api = Math.max(this.api, rssMb(this.pid));
    for (const child of childrenOf(this.pid)) this.workers.set(child, Math.max(this.workers.get(child) ?? 0, rssMb(child)));
  }
  stop(): { apiMb: number; workerMb: number; workers: number; workerBusy: number } {
    clearInterval(this.timer);
    const wallS = (performance.now() - this.startedAt) / 1000;
    let cpu = 0;
    for (const [child, atStart] of this.cpuAtStart) cpu += cpuSeconds(child) - atStart;
    const workerBusy = cpu / wallS / Math.max(1, this.cpuAtStart.size);
    return { apiMb: this.api, workerMb: Math.max(0, ...this.workers.values()), workers: this.workers.size, workerBusy };
  }
}

async function start(port: number, prefix: string): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(port),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    HD_API_KEYS: `${BULK_KEY},${OTHER_KEY}`,
    LOG_LEVEL: 'error',
    QUEUE_MAX_WAITING: '100000',
  };
  // As `npm start` runs it (bench/compiled.ts), APP_ROLE all: the API here, worker processes forked on the spare cores.
  const child = spawn(process.execPath, [compiledMain(ROOT)], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the service did not start');
    const up = await call(port, 'GET', '/health/ready').catch(() => ({ status: 0 }));
    if (up.status === 200) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface JobRun {
  seconds: number;
  uploadS: number;
  /** Polling: until the job completed. Following: until the job completed (seen by the end of its results). */
  computeS: number;
  /** Polling: the download after completion. Following: the results stream from its request to its end. */
  downloadS: number;
  rows: number;
  failed: number;
}

/**
 * One job: upload, poll its state 4×/s, download its CSV after the end; or with BENCH_BULK_FOLLOW=1 its CSV streamed
 * with follow=true while the job computes, as `npm run bulk` reads it. On this 2-core machine following gained
 * nothing (the client and the API's streaming share the cores with the worker: 50,000 rows, five runs each,
 * 20.5-22.1 s following, 18.2-21.8 s polling); a client on a machine of its own saves the download.
 */
async function runJob(port: number, first: number, rows: number): Promise<JobRun> {
  const body = csvOf(first, rows);
  const t0 = performance.now();
  const created = await call(port, 'POST', '/v1/jobs?operation=chart', body, 'text/csv');
  if (created.status !== 202) throw new Error(`POST /v1/jobs answered ${created.status}: ${created.text.slice(0, 300)}`);
  const t1 = performance.now();
  const { id } = JSON.parse(created.text) as { id: string };
  let lines: number;
  let t2: number;
  if (FOLLOW) {
    lines = await download(port, `/v1/jobs/${id}/results?format=csv&follow=true`);
    t2 = performance.now();
  } else {
    for (;;) {
      const view = JSON.parse((await call(port, 'GET', `/v1/jobs/${id}`)).text) as { state: string };
      if (view.state === 'completed') break;
      if (view.state === 'failed' || view.state === 'cancelled') throw new Error(`job ${view.state}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    t2 = performance.now();
    lines = await download(port, `/v1/jobs/${id}/results?format=csv`);
  }
  const t3 = performance.now();
  const view = JSON.parse((await call(port, 'GET', `/v1/jobs/${id}`)).text) as { state: string; failed: number };
  if (view.state !== 'completed') throw new Error(`job ${view.state} after its results`);
  if (lines !== rows + 1) throw new Error(`the CSV has ${lines} lines for ${rows} rows`);
  return { seconds: (t3 - t0) / 1000, uploadS: (t1 - t0) / 1000, computeS: (t2 - t1) / 1000, downloadS: (t3 - t2) / 1000, rows, failed: view.failed };
}

/** Another key's /v1/chart at 8 connections, distinct births, for `seconds` or until stopped. */
function charts(port: number, seconds: number | undefined, seed: number): { stop: () => void; result: Promise<autocannon.Result> } {
  let counter = seed;
  let stop = () => {};
  const result = new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/v1/chart`,
        connections: 8,
        duration: seconds ?? 3600,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HD-Api-Key': OTHER_KEY },
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: birth(counter++) }) }],
      },
      (err: Error | null, res: autocannon.Result) => (err ? fail(err) : done(res)),
    );
    stop = () => instance.stop();
  });
  return { stop: () => stop(), result };
}

export async function run(report: Report): Promise<void> {
  const port = await freePort();
  const prefix = `hdbench${randomBytes(4).toString('hex')}`;
  const child = await start(port, prefix);
  const base = 2_000_000 + Math.floor(Math.random() * 1e6) * 4;
  try {
    await runJob(port, base - 5_000, 2_000); // warm: JIT, gazetteer, ephemeris files, connections
    await charts(port, 2, base - 10_000).result;

    // The yardsticks just before and just after the job alone, the service idle meanwhile: the machine's speed
    // drifts within minutes here, and measured at the run's two ends they were minutes away from the job.
    const engineBefore = engineRate();
    const jobBefore = chartJobRate();
    const alonePeaks = new RssPeaks(child.pid!);
    const alone = await runJob(port, base, ITEMS);
    const aloneMem = alonePeaks.stop();
    const engineAfter = engineRate();
    const jobAfter = chartJobRate();

    const before = await charts(port, 8, base + 4 * ITEMS).result;
    const besidePeaks = new RssPeaks(child.pid!);
    const load = charts(port, undefined, base + 5 * ITEMS);
    const beside = await runJob(port, base + ITEMS, ITEMS);
    load.stop();
    const during = await load.result;
    const besideMem = besidePeaks.stop();
    const engine = Math.round((engineBefore + engineAfter) / 2);
    const job = Math.round((jobBefore + jobAfter) / 2);
    const workers = Math.max(1, aloneMem.workers);

    report('bulk.engine_charts_per_s', engine, `charts/s (one core; before ${engineBefore}, after ${engineAfter})`);
    report('bulk.chart_job_per_s', job, `charts/s (one core: place, zone, chart, JSON; before ${jobBefore}, after ${jobAfter})`);
    report('bulk.worker_processes', workers, 'processes');
    const { handed, ...costs } = perItemCosts();
    const steps = Object.entries(costs);
    report(
      'bulk.per_item_us',
      +costs.stored.toFixed(1),
      `µs a chart item, in process: ${steps.map(([name, us], i) => (i === 0 ? `engine ${us.toFixed(1)}` : `${name} +${(us - steps[i - 1][1]).toFixed(1)}`)).join(', ')} (engine / all ${(costs.engine / costs.stored).toFixed(3)}); the main thread's with BULK_WRITER=thread (csv and stored on the writer thread, the JSON text handed over) ${handed.toFixed(1)}`,
    );
    for (const [name, r, mem] of [
      ['alone', alone, aloneMem],
      ['beside', beside, besideMem],
    ] as const) {
      const rate = r.rows / r.seconds;
      report(
        `bulk.${name}.wall_s`,
        +r.seconds.toFixed(2),
        FOLLOW
          ? `s (upload ${r.uploadS.toFixed(2)}, results followed to the end ${r.computeS.toFixed(2)})`
          : `s (upload ${r.uploadS.toFixed(2)}, compute ${r.computeS.toFixed(2)}, download ${r.downloadS.toFixed(2)})`,
      );
      report(`bulk.${name}.charts_per_s`, Math.round(rate), `charts/s (${(1e6 / rate).toFixed(0)} µs an item, wall; in process ${costs.stored.toFixed(0)})`);
      report(`bulk.${name}.ratio`, +(rate / (engine * workers)).toFixed(3), '× engine × workers');
      report(`bulk.${name}.ratio_to_chart_job`, +(rate / (job * workers)).toFixed(3), '× chart job × workers');
      report(`bulk.${name}.api_rss_peak_mb`, mem.apiMb, 'MB');
      report(`bulk.${name}.worker_rss_peak_mb`, mem.workerMb, 'MB');
      report(`bulk.${name}.worker_busy`, +mem.workerBusy.toFixed(2), 'of the wall time, each worker process (CPU seconds / wall seconds)');
    }
    report('bulk.other_key.p99_before_ms', before.latency.p99, `ms (${before.requests.total} charts, ${before.non2xx + before.errors} not 2xx)`);
    report('bulk.other_key.p99_during_ms', during.latency.p99, `ms (${during.requests.total} charts, ${during.non2xx + during.errors} not 2xx)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await deletePrefix(prefix);
  }
}

if (require.main === module && process.argv[2] === '--chart-job-rate') measureChartJobRate();
else if (require.main === module && process.argv[2] === '--per-item') measurePerItemCosts();
else if (require.main === module) {
  run(printReport).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
