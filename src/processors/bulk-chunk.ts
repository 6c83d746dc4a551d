import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { answerLine, BULK_PRIORITY, type ChunkPayload, type ItemErrorBody } from '../jobs/bulk-types';
import type { BulkStore } from '../jobs/bulk-store';
import { INPUT_ERROR_MARKER, parseInputError } from '../jobs/job-types';
import type { MetricsService } from '../modules/metrics/metrics.service';
import { computeInTurn } from './run-job';

const gzipAsync = promisify(gzip);

/** A running chunk looks at its job's state this often, so a cancel stops it well within a second. */
export const CANCEL_CHECK_MS = 200;

/** Jobs whose answer is JSON text (put in `result` as it is); the others' (an SVG) go in as a JSON string. */
const JSON_ANSWERS: ReadonlySet<string> = new Set(['chart', 'advanced']);

/**
 * Computes one chunk of a bulk job, item by item in input order, each after every interactive item this worker
 * holds (BULK_PRIORITY), and stores its answer lines compressed. An item's answer is exactly its single call's:
 * the same job's text, or the same error (an input error 422 with its code, anything else 500 INTERNAL). Answers
 * what the store said ('stored', 'completed', 'duplicate'), or the job's state when it was not running (cancelled:
 * nothing stored).
 */
export async function runChunk(payload: ChunkPayload, store: BulkStore, metrics?: MetricsService): Promise<string> {
  const begun = await store.beginChunk(payload.bulkId);
  if (begun !== 'running') return begun;
  const lines: string[] = [];
  let failed = 0;
  let checkedAt = performance.now();
  for (const item of payload.items) {
    if (performance.now() - checkedAt > CANCEL_CHECK_MS) {
      const state = await store.state(payload.bulkId);
      if (state !== 'running') return state;
      checkedAt = performance.now();
    }
    if ('error' in item) {
      failed++;
      lines.push(answerLine(item.id, { error: item.error }));
      continue;
    }
    const [bad, text] = await computeInTurn(payload.job, item.input, BULK_PRIORITY, metrics);
    if (bad) {
      failed++;
      lines.push(answerLine(item.id, { error: computeError(text) }));
    } else {
      lines.push(answerLine(item.id, { result: JSON_ANSWERS.has(payload.job) ? text : JSON.stringify(text) }));
    }
  }
  const data = await gzipAsync(lines.join('\n') + '\n');
  return store.storeChunk(payload.bulkId, payload.chunk, data, payload.items.length, failed);
}

/** As the single call answers a failed job (modules/queue/job-runner.service.ts toApiError). */
function computeError(reason: string): ItemErrorBody {
  if (reason.startsWith(INPUT_ERROR_MARKER)) {
    const { code, message, details } = parseInputError(reason);
    return details === undefined ? { status: 422, code, message } : { status: 422, code, message, details };
  }
  return { status: 500, code: 'INTERNAL', message: 'The computation failed unexpectedly.' };
}
