/**
 * The contract between the API (producer) and the workers: one queue, one job name per operation.
 * Adding a name here forces a handler in src/processors/handlers.ts (the registry is typed on it).
 */
export const CHART_QUEUE = 'charts';

export const JOB_NAMES = [
  'chart',
  'advanced',
  'composite',
  'transit',
  'bodygraph',
  'ingresses',
  'stations',
  'returns',
  'transitCalendar',
  'day',
  'compositeBodygraph',
  'transitBodygraph',
  'penta',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * Bumped whenever a computation's output can change (engine, data files, response shape), so job ids of
 * retained results from an older version are never reused.
 */
export const ENGINE_VERSION = '3'; // 2: places in every script, asWritten in the echo; 3: longitudes always in [0, 360)

/** Failed-job reasons that start with this marker carry a caller's input error as JSON. */
export const INPUT_ERROR_MARKER = 'INPUT_ERROR:';

export interface InputErrorPayload {
  code: string;
  message: string;
  details?: unknown;
}
