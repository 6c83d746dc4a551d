/**
 * The contract between the API and the workers for bulk jobs (POST /v1/jobs): one BullMQ queue of its own, each
 * BullMQ job one chunk of a bulk job's items. The API validates every item (as its single call would be) and writes
 * the chunks; a worker computes a chunk's items in time order and stores its answers in input order, compressed,
 * under the bulk job (jobs/bulk-store.ts, processors/bulk-chunk.ts). Its own queue, taken one or two chunks at a time per worker process, and each item run
 * after every waiting interactive item (BULK_PRIORITY in the worker's light turns), so bulk work never delays a
 * single call by more than one item.
 */
import { computeCostMs } from './job-table';
import type { JobName } from './job-types';

export const BULK_QUEUE = 'charts-bulk';
export const BULK_CHUNK_JOB = 'chunk';

/** A chunk (one BullMQ job) holds about this much estimated work, ms: a few hundred charts. */
const CHUNK_WORK_MS = 50;

/** How many items of `operation` a chunk holds (about CHUNK_WORK_MS of estimated work: 417 charts). */
export function chunkItems(operation: 'chart' | 'advanced' | 'bodygraph'): number {
  const perItemMs = operation === 'bodygraph' ? computeCostMs('bodygraph', { format: 'svg' }) : computeCostMs(operation, {});
  return Math.max(50, Math.min(1_000, Math.round(CHUNK_WORK_MS / perItemMs)));
}

/**
 * Behind every interactive light job: their priorities are BullMQ's (at most 2^21), this is above any of them.
 * The worker's light turns run the most urgent item first (jobs/light-turns.ts).
 */
export const BULK_PRIORITY = 2 ** 22;

/** The error a single call would have answered, as an item's answer carries it. */
export interface ItemErrorBody {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

/** One item of a chunk: its id to echo, and its job's input, or the error validation already gave it. */
export type ChunkItem = { id: unknown; input: object } | { id: unknown; error: ItemErrorBody };

export interface ChunkPayload {
  bulkId: string;
  /** The chunk's place in the job (0, 1, …): its answers are stored under it and read back in this order. */
  chunk: number;
  /** The job each valid item runs (chart, advanced, bodygraph). */
  job: JobName;
  items: ChunkItem[];
}

/** A bulk job's states: queued until its first chunk starts; completed, cancelled or failed are final. */
export const BULK_STATES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type BulkState = (typeof BULK_STATES)[number];

export const FINAL_STATES: ReadonlySet<string> = new Set<BulkState>(['completed', 'cancelled', 'failed']);

/** One answer line (written by jobs/bulk-item-bytes.ts, which a chunk's writer thread loads without the engine). */
export { answerLine } from './bulk-item-bytes';
