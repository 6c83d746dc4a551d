/**
 * The contract between the API (producer) and the workers: two queues (lanes), one job name per operation.
 *
 * Light jobs (charts, SVG drawings: well under a millisecond) and heavy ones (time series, PNGs, unknown-time days, readings)
 * wait in separate queues, so a chart never waits behind heavy work, and each worker process takes only a few
 * heavy jobs at once (HEAVY_CONCURRENCY). The API picks a job's lane from its estimated cost
 * (modules/queue/path/2-job-cost.ts); every worker consumes both.
 */
/** The queues' names in Redis: kept as they were when the light lane held only charts, so a deploy finds its jobs. */
export const LIGHT_QUEUE = 'charts';
export const HEAVY_QUEUE = 'charts-heavy';
export const LANE_QUEUES = { light: LIGHT_QUEUE, heavy: HEAVY_QUEUE } as const;
export type Lane = keyof typeof LANE_QUEUES;
export const LANES = Object.keys(LANE_QUEUES) as Lane[];

/** The job names are the job table's keys (job-table.ts: each family's jobs, gathered). */
export { JOB_NAMES } from './job-table';
export type { JobName } from './job-table';
import type { JobName } from './job-table';

/**
 * Bumped whenever a computation's output can change (engine, data files, response shape), so job ids of
 * retained results from an older version are never reused.
 */
export const ENGINE_VERSION = '10'; // 2: places in every script, asWritten in the echo; 3: longitudes always in [0, 360); 4: time series searched in grid-aligned pieces (a station's second can differ); 5: returns give returnNumber, pass and passes (was pass and of); 6: ranges apply to the reported second; 7: the day's birth.day is the part covered (wholeDay beside it, span gone); 8: local mean time on the date line's side of then (Manila before 1845, Alaska before 1867); 9: places of population 0 no longer take a populated namesake's name (Yulin, China), an unknown region part is refused, Hindi spellings folded; 10: `meaning` (an older worker would answer such a job without its texts)

/**
 * A heavy job whose every waiter gave up (deadline passed, client gone) is announced on this pub/sub channel; the
 * worker running it stops at its next slice and fails it with ABANDONED_MARKER (processors/abandoned-jobs.listener.ts).
 */
export const abandonedChannel = (queuePrefix: string): string => `${queuePrefix}:abandoned`;
export const ABANDONED_MARKER = 'ABANDONED:';

/** Failed-job reasons that start with this marker carry a caller's input error as JSON. */
export const INPUT_ERROR_MARKER = 'INPUT_ERROR:';

export interface InputErrorPayload {
  code: string;
  message: string;
  details?: unknown;
}

/** The caller's input error a failure reason carries (after INPUT_ERROR_MARKER); a generic one if unreadable. */
export function parseInputError(reason: string): InputErrorPayload {
  try {
    const payload = JSON.parse(reason.slice(INPUT_ERROR_MARKER.length)) as InputErrorPayload;
    if (typeof payload.code === 'string' && typeof payload.message === 'string') return payload;
  } catch {
    // fall through
  }
  return { code: 'INVALID_INPUT', message: 'The input could not be computed.' };
}

/**
 * Light jobs that reach an API process together travel as one BullMQ job of this name (modules/queue/path/
 * 5-coalesce.ts): the worker computes each item and answers them all at once, each item's result or its error.
 */
export const GROUP_JOB = 'group';

export interface GroupPayload {
  items: { name: JobName; data: object }[];
}

/** Per item, in order: [0, its result text] or [1, its failure reason (an input error carries INPUT_ERROR_MARKER)]. */
export type GroupResult = ([0, string] | [1, string])[];
