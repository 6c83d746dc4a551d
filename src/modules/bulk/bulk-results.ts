import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import { expandMeaning, meaningLibraries } from '../../engine/meaning';
import type { BulkMeta, BulkStore } from '../../jobs/bulk-store';
import { FINAL_STATES } from '../../jobs/bulk-types';
import { csvHeaderLine } from '../../jobs/bulk-csv';
import { sleep } from './bulk-events';
import { redisCall } from './bulk.service';
import type { ResultFormat } from './bulk.dto';

const gunzipAsync = promisify(gunzip);

const CONTENT_TYPES: Record<ResultFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Answers are readable once the job is over: all of them (completed), or those computed before a cancel. */
export function refuseUnfinished(meta: BulkMeta, etaSeconds: number | null): void {
  if (meta.state === 'completed' || meta.state === 'cancelled') return;
  if (meta.state === 'failed')
    throw new ApiError(409, 'JOB_NOT_FINISHED', 'The job failed before it finished; it has no results. Send it again.', { state: meta.state });
  throw new ApiError(
    409,
    'JOB_NOT_FINISHED',
    `The job is ${meta.state}; its results can be read once it has finished.`,
    { state: meta.state },
    {
      'Retry-After': String(Math.max(1, Math.min(60, etaSeconds ?? 5))),
    },
  );
}

/** How often a followed job's next chunk is looked for while it is not stored yet (one HGET; a chunk takes ~70 ms). */
export const FOLLOW_POLL_MS = 50;

/**
 * Chunk `chunk`'s answers, or undefined for a chunk that will never be stored (the job was cancelled first). With
 * `follow`, waits while the job is queued or running for the chunk to be stored; a job that failed or expired
 * meanwhile throws (its answer is cut off). The chunk is read again after the job is seen finished: it may have been
 * stored between the two reads.
 */
async function chunkOf(
  store: BulkStore,
  meta: BulkMeta,
  chunk: number,
  kind: 'ndjson' | 'csv',
  follow: boolean,
  closed: () => boolean,
): Promise<Buffer | undefined> {
  for (;;) {
    const data = await store.readChunk(meta.id, chunk, kind);
    if (data || !follow) return data;
    const state = await store.state(meta.id);
    if (state === 'failed' || state === 'gone') throw new Error(`the job is ${state}`);
    if (FINAL_STATES.has(state)) return store.readChunk(meta.id, chunk, kind);
    if (closed()) return undefined;
    await sleep(FOLLOW_POLL_MS);
  }
}

/** Waits until a followed job has finished (format json: its counts open the document); its state then. */
async function finished(store: BulkStore, meta: BulkMeta, closed: () => boolean): Promise<BulkMeta> {
  for (let now = meta; ;) {
    if (FINAL_STATES.has(now.state) || closed()) return now;
    await sleep(FOLLOW_POLL_MS * 4);
    const next = await store.get(meta.id);
    if (!next) throw new ApiError(404, 'JOB_NOT_FOUND', 'No bulk job with this id was created with this key (or it has expired).');
    now = next;
  }
}

/**
 * Streams a finished job's answers in input order, a chunk at a time (each decompressed, its meaning texts put in,
 * joined as the format wants; the CSV rows are the worker's), waiting for the client to take each before the next: memory stays at about
 * two chunks whatever the job's size. The next chunk is read from Redis and decompressed while the client takes
 * the current one, and a chunk with no text to put in (CSV, NDJSON without meaning) is written as the bytes it
 * decompressed to, never decoded to a string and encoded again. A Redis error half-way cuts the response off (never a complete-looking one).
 * With `follow` the job may still be queued or running: each chunk is sent once stored (chunkOf), so the answer is
 * what the finished job's would be, sent while it computes; a job that fails meanwhile cuts the response off.
 */
export async function writeResults(store: BulkStore, job: BulkMeta, format: ResultFormat, res: Response, follow = false): Promise<void> {
  let closed = false;
  // One close listener for the whole answer; each wait for 'drain' ends at a drain or at the close (events.once
  // per write would leave a close and an error listener behind for every write the client was slow to take).
  let wake: (() => void) | undefined;
  res.on('close', () => {
    closed = true;
    wake?.();
  });
  let meta = job;
  if (follow && format === 'json') {
    // The document opens with the job's counts: sent once it has finished (a failure is then a 409 as without follow).
    meta = await redisCall(() => finished(store, job, () => closed));
    refuseUnfinished(meta, null);
  }
  res.status(200);
  res.setHeader('Content-Type', CONTENT_TYPES[format]);
  res.setHeader('Cache-Control', 'no-store');
  // A followed answer comes a chunk at a time while the job runs: nginx (the compose file's proxy) would otherwise
  // hold it back in its buffers.
  if (follow) res.setHeader('X-Accel-Buffering', 'no');
  if (format === 'csv') res.setHeader('Content-Disposition', `attachment; filename="job-${job.id}.csv"`);
  const write = async (text: string | Buffer) => {
    if (res.write(text) || closed) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
      res.once('drain', resolve);
    });
    res.off('drain', wake!);
    wake = undefined;
  };
  try {
    if (format === 'json') {
      const count = meta.done;
      await write(
        `{"id":${JSON.stringify(meta.id)},"state":"${meta.state}","count":${count},"succeeded":${count - meta.failed},"failed":${meta.failed},"items":[`,
      );
    } else if (format === 'csv') await write(csvHeaderLine(meta.operation));
    const kind = format === 'csv' ? 'csv' : 'ndjson';
    const read = async (chunk: number): Promise<Buffer | undefined> => {
      const data = await chunkOf(store, meta, chunk, kind, follow, () => closed);
      return data && gunzipAsync(data);
    };
    let first = true;
    // The chunk read ahead is awaited at the loop's next turn; a response closed first never awaits it, so its
    // failure is marked handled here (an unhandled rejection would end the process).
    const ahead = (chunk: number) => {
      if (chunk >= meta.chunks) return undefined;
      const reading = read(chunk);
      reading.catch(() => undefined);
      return reading;
    };
    let next = ahead(0);
    for (let chunk = 0; chunk < meta.chunks && !closed; chunk++) {
      const bytes = await next!;
      next = ahead(chunk + 1);
      if (!bytes) continue; // not computed before the job was cancelled
      if (!meta.meaning || format === 'csv') {
        // The CSV rows or answer lines the worker wrote, as they are; as JSON, the lines as array elements.
        if (format === 'json') {
          if (!first) await write(',');
          first = false;
          await write(linesAsElements(bytes));
        } else await write(bytes);
        continue;
      }
      const lines = expandMeaning(bytes.toString('utf8'), meaningLibraries());
      if (format === 'ndjson') await write(lines);
      else {
        await write((first ? '' : ',') + lines.trimEnd().split('\n').join(','));
        first = false;
      }
    }
    if (format === 'json') await write(']}');
    res.end();
  } catch {
    res.destroy();
  }
}

/**
 * Answer lines (each one JSON text, then a line break) as the elements of a JSON array, in place: each line break
 * but the last becomes a comma. A JSON text holds no raw line break (one inside a string is escaped), and in UTF-8
 * the byte 0x0A is never part of another character.
 */
export function linesAsElements(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0x0a) end--;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < end; i = bytes.indexOf(0x0a, i + 1)) bytes[i] = 0x2c;
  return bytes.subarray(0, end);
}
