import { BULK_PRIORITY, type ChunkItem, type ChunkPayload, type ItemErrorBody } from '../jobs/bulk-types';
import type { BulkStore, StoredChunk } from '../jobs/bulk-store';
import { chartAnswerJson } from '../modules/chart/jobs/chart-jobs';
import { INPUT_ERROR_MARKER, parseInputError } from '../jobs/job-types';
import type { MeaningLanguage } from '../engine/meaning';
import type { MetricsService } from '../modules/metrics/metrics.service';
import { type ChunkWriter, InlineChunkWriter } from './chunk-writer';
import { isAnswerJob } from './handlers';
import { answerInTurn, computeInTurn, ItemTurns } from './run-job';

/** A running chunk looks at its job's state this often, so a cancel stops it well within a second. */
export const CANCEL_CHECK_MS = 200;
/**
 * A chunk gives the event loop a turn after this much of its own work. Its items already wait behind interactive
 * ones in the light turns, but an interactive job reaches those turns only through Redis replies, each handled at
 * the next turn of the loop: with the light turns' 4 ms slices, bulk work added about 4 ms per round trip of every
 * interactive job (three or four of them), here 1 ms.
 */
export const BULK_SLICE_MS = 1;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Chunks begun by this process so far: each chunk's items run at BULK_PRIORITY plus its number, and a chunk asks for
 * each next turn again (run-job.ts ItemTurns), so of the chunks a process holds (BULK_CONCURRENCY) the earliest begun
 * computes all its items first and the next only fills the time the first spends off the event loop (compressing its
 * answers, storing them, taking the next chunk). Taking turns item by item (as they did until ItemTurns: a finished
 * item handed the turn to the other chunk before its own asked again), both finished together and then both waited,
 * the event loop idle 10-20 % of every other 100 ms in a CPU profile of the worker.
 */
let chunksBegun = 0;

/**
 * Computes one chunk of a bulk job, item by item in time order (timeOrder), each after every interactive item this
 * worker holds (BULK_PRIORITY), and stores its answer lines and the same as CSV rows in input order, compressed. An
 * item's answer is exactly its single call's:
 * the same job's text, or the same error (an input error 422 with its code, anything else 500 INTERNAL). A chart's
 * answer is the text its single call serialises (modules/chart/jobs/chart-jobs.ts chartAnswerJson); its line and CSV row
 * are made by `writer` (processors/chunk-writer.ts: on a thread of their own by default). Answers what the store said
 * ('stored', 'completed', 'duplicate', and a progress step passed), or the job's state when it was not running
 * (cancelled: nothing stored).
 */
export async function runChunk(
  payload: ChunkPayload,
  store: BulkStore,
  metrics?: MetricsService,
  openWriter: (operation: string, size: number) => ChunkWriter = (operation, size) => new InlineChunkWriter(operation, size),
): Promise<StoredChunk> {
  const begun = await store.beginChunk(payload.bulkId);
  if (begun !== 'running') return { outcome: begun };
  const turns = new ItemTurns(BULK_PRIORITY + chunksBegun++);
  // Each item's JSON line and CSV row, by its place in the chunk: computed in time order, written in input order.
  const writer = openWriter(payload.job, payload.items.length);
  let written = false;
  let failed = 0;
  let checkedAt = performance.now();
  let turnAt = performance.now();
  try {
    for (const at of timeOrder(payload.items)) {
      const item = payload.items[at];
      if (performance.now() - turnAt >= BULK_SLICE_MS) {
        // The chunk keeps its turn meanwhile: interactive work taken in this loop turn is more urgent and goes first.
        await nextTurn();
        turnAt = performance.now();
      }
      if (performance.now() - checkedAt > CANCEL_CHECK_MS) {
        turns.end(); // not held across a Redis round trip
        const state = await store.state(payload.bulkId);
        if (state !== 'running') return { outcome: state }; // the writer is dropped below
        checkedAt = performance.now();
      }
      let error: ItemErrorBody | undefined;
      if ('error' in item) error = item.error;
      else if (isAnswerJob(payload.job)) {
        const [bad, answer] = await answerInTurn(payload.job, item.input, turns, metrics);
        if (bad) error = computeError(answer);
        else writer.put(at, item.id, { json: chartAnswerJson(answer, (item.input as { meaning?: MeaningLanguage }).meaning), result: answer });
      } else {
        // A drawing: its SVG text, in the JSON line as a JSON string.
        const [bad, text] = await computeInTurn(payload.job, item.input, turns, metrics);
        if (bad) error = computeError(text);
        else writer.put(at, item.id, { text });
      }
      if (error) {
        failed++;
        writer.put(at, item.id, { error });
      }
    }
    written = true;
  } finally {
    turns.end();
    if (!written) writer.drop();
  }
  const { data, csv } = await writer.finish();
  return await store.storeChunk(payload.bulkId, payload.chunk, data, csv, payload.items.length, failed);
}

/**
 * The order in which a chunk computes its items: by local birth date and time (the items without one, errors and
 * the like, first, in input order). The Swiss Ephemeris keeps each body's last file segment (days to years of it)
 * and reads a new one, with two seeks and two reads, when a chart falls outside it: charts computed in time order
 * reuse most segments, charts in a register's order (scattered over decades) reuse none. 400 scattered births, in
 * process: 240 µs a chart in input order (27 file reads a chart), 177 in time order. The zone's
 * offset, unknown before the place is resolved, is within a day and does not change the order's use.
 */
export function timeOrder(items: readonly ChunkItem[]): number[] {
  const keys = items.map((item) => {
    const input = 'input' in item ? (item.input as { birthdate?: unknown; birthtime?: unknown }) : undefined;
    return typeof input?.birthdate === 'string' ? `${input.birthdate}T${typeof input.birthtime === 'string' ? input.birthtime : ''}` : '';
  });
  // Array.prototype.sort is stable: equal keys keep their input order.
  return keys.map((_, at) => at).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
}

/** As the single call answers a failed job (modules/queue/job-runner.service.ts toApiError). */
function computeError(reason: string): ItemErrorBody {
  if (reason.startsWith(INPUT_ERROR_MARKER)) {
    const { code, message, details } = parseInputError(reason);
    return details === undefined ? { status: 422, code, message } : { status: 422, code, message, details };
  }
  return { status: 500, code: 'INTERNAL', message: 'The computation failed unexpectedly.' };
}
