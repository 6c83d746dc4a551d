import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import { expandMeaning, meaningLibraries } from '../../engine/meaning';
import type { BulkMeta, BulkStore } from '../../jobs/bulk-store';
import { csvHeaderLine } from '../../jobs/bulk-csv';
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

/**
 * Streams a finished job's answers in input order, a chunk at a time (each decompressed, its meaning texts put in,
 * joined as the format wants; the CSV rows are the worker's), waiting for the client to take each before the next: memory stays at about
 * one chunk whatever the job's size. A Redis error half-way cuts the response off (never a complete-looking one).
 */
export async function writeResults(store: BulkStore, meta: BulkMeta, format: ResultFormat, res: Response): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', CONTENT_TYPES[format]);
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'csv') res.setHeader('Content-Disposition', `attachment; filename="job-${meta.id}.csv"`);
  let closed = false;
  // One close listener for the whole answer; each wait for 'drain' ends at a drain or at the close (events.once
  // per write would leave a close and an error listener behind for every write the client was slow to take).
  let wake: (() => void) | undefined;
  res.on('close', () => {
    closed = true;
    wake?.();
  });
  const write = async (text: string) => {
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
    let first = true;
    for (let chunk = 0; chunk < meta.chunks && !closed; chunk++) {
      const data = await store.readChunk(meta.id, chunk, format === 'csv' ? 'csv' : 'ndjson');
      if (!data) continue; // not computed before the job was cancelled
      let lines = (await gunzipAsync(data)).toString('utf8');
      if (meta.meaning && format !== 'csv') lines = expandMeaning(lines, meaningLibraries());
      if (format !== 'json')
        await write(lines); // NDJSON, or the CSV rows the worker wrote
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
