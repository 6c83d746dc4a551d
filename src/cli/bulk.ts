/**
 * npm run bulk -- <births.csv | births.ndjson> [--out results.csv|.ndjson|.json] [--operation chart|advanced|bodygraph]
 *                 [--meaning en] [--url http://localhost:3000]
 * Sends the file as a bulk job (POST /v1/jobs, HD_API_KEY from the environment), follows its progress over
 * Server-Sent Events with a progress bar on stderr, and streams its results to --out while it runs (follow=true; the
 * format from the file's extension; default: the input's name with .results.csv). Exit code 0 once the job completed, 1 otherwise.
 * Talks only HTTP: it runs anywhere the API can be reached.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const USAGE =
  'usage: HD_API_KEY=… npm run bulk -- <births.csv | births.ndjson> [--out results.csv] [--operation chart|advanced|bodygraph] [--meaning en] [--url http://localhost:3000]';

export interface JobView {
  id: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  etaSeconds: number | null;
}

/** One line of progress: a bar, the share done, the counts and the time left ("[#####-----]  50%  5,000/10,000  ETA 3 s"). */
export function progressLine(job: JobView, width = 30): string {
  const share = job.total > 0 ? job.done / job.total : 0;
  const filled = Math.round(share * width);
  const eta = job.etaSeconds === null || job.state !== 'running' ? '' : `  ETA ${job.etaSeconds} s`;
  const errors = job.failed ? `  ${job.failed.toLocaleString('en')} errors` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${job.done.toLocaleString('en')}/${job.total.toLocaleString('en')}${errors}${eta}  ${job.state}`;
}

/** The events of a Server-Sent Events stream, as they arrive: each event's name and parsed data. */
export async function* serverEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ event: string; data: JobView }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const piece of body) {
    buffer += decoder.decode(piece, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
      }
      const data = fields.get('data');
      if (fields.has('event') && data) yield { event: fields.get('event')!, data: JSON.parse(data) as JobView };
    }
  }
}

interface Options {
  file: string;
  out: string;
  operation?: string;
  meaning?: string;
  url: string;
}

export function parseArgs(argv: string[]): Options | string {
  const options: Partial<Options> = { url: process.env.HD_API_URL ?? 'http://localhost:3000' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--out' || flag === '--operation' || flag === '--meaning' || flag === '--url') {
      if (value === undefined) return `${flag} needs a value`;
      options[flag.slice(2) as 'out' | 'operation' | 'meaning' | 'url'] = value;
      i++;
    } else if (flag.startsWith('--')) return `unknown option ${flag}`;
    else if (options.file) return `one input file only (got ${options.file} and ${flag})`;
    else options.file = flag;
  }
  if (!options.file) return 'an input file is required';
  if (!/\.(csv|ndjson|jsonl)$/i.test(options.file)) return 'the input file must be .csv or .ndjson';
  options.out ??= options.file.replace(/\.(csv|ndjson|jsonl)$/i, '.results.csv');
  if (!/\.(csv|ndjson|json)$/i.test(options.out)) return '--out must end in .csv, .ndjson or .json';
  return options as Options;
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    process.stderr.write(`${options}\n${USAGE}\n`);
    return 2;
  }
  const key = process.env.HD_API_KEY;
  if (!key) {
    process.stderr.write(`HD_API_KEY is not set\n${USAGE}\n`);
    return 2;
  }
  const headers = { 'HD-Api-Key': key };
  const query = new URLSearchParams();
  if (options.operation) query.set('operation', options.operation);
  if (options.meaning) query.set('meaning', options.meaning);
  const type = /\.csv$/i.test(options.file) ? 'text/csv' : 'application/x-ndjson';
  const created = await fetch(`${options.url}/v1/jobs?${query.toString()}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': type },
    body: await readFile(options.file),
  });
  const job = (await created.json()) as JobView & { error?: { code: string; message: string } };
  if (created.status !== 202) {
    process.stderr.write(`refused (${created.status} ${job.error?.code}): ${job.error?.message}\n`);
    return 1;
  }
  process.stderr.write(`job ${job.id}: ${job.total.toLocaleString('en')} items\n`);
  // The results are streamed to --out while the job computes (follow=true), each chunk as it is stored, beside the
  // progress events: the file is whole when the job has finished, with no download after it.
  const format = /\.ndjson$/i.test(options.out) ? 'ndjson' : /\.json$/i.test(options.out) ? 'json' : 'csv';
  const download = (async () => {
    const results = await fetch(`${options.url}/v1/jobs/${job.id}/results?format=${format}&follow=true`, { headers });
    if (!results.ok || !results.body) throw new Error(`status ${results.status}`);
    await pipeline(Readable.fromWeb(results.body), createWriteStream(options.out));
  })();
  download.catch(() => undefined); // awaited below, once the events have ended
  const tty = process.stderr.isTTY;
  let last: JobView = job;
  let printedTenth = -1;
  const events = await fetch(`${options.url}/v1/jobs/${job.id}/events`, { headers });
  if (!events.ok || !events.body) {
    process.stderr.write(`the job's events could not be read (${events.status})\n`);
    return 1;
  }
  for await (const { data } of serverEvents(events.body)) {
    last = data;
    const tenth = Math.floor((10 * data.done) / Math.max(1, data.total));
    // A terminal gets one line redrawn; a log gets a line per tenth of the job.
    if (tty) process.stderr.write(`\r${progressLine(data)}`);
    else if (tenth !== printedTenth || data.state !== 'running') {
      process.stderr.write(`${progressLine(data)}\n`);
      printedTenth = tenth;
    }
  }
  if (tty) process.stderr.write('\n');
  if (last.state !== 'completed') {
    process.stderr.write(`the job ended ${last.state}\n`);
    return 1;
  }
  try {
    await download;
  } catch (err) {
    process.stderr.write(`the results could not be read (${err instanceof Error ? err.message : String(err)})\n`);
    return 1;
  }
  process.stderr.write(`${(last.done - last.failed).toLocaleString('en')} answered, ${last.failed.toLocaleString('en')} errors → ${options.out}\n`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
