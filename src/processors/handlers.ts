import {
  advancedAnswer,
  advancedJob,
  bodygraphJob,
  chartAnswer,
  chartJob,
  compositeBodygraphJob,
  compositeJob,
  pentaJob,
  transitBodygraphJob,
  transitJob,
} from '../modules/chart/jobs/chart-jobs';
import { dayJob } from '../modules/chart/jobs/day-job';
import { reportJob } from '../modules/chart/jobs/report-job';
import { JOB_NAMES, JobName } from '../jobs/job-types';
import type { Slicer } from '../jobs/slicer';
import { ingressesJob, returnsJob, stationsJob, transitCalendarJob } from '../modules/time-series/jobs/time-series-jobs';

/** A handler gets the job's payload and the slicer its heavy work yields through (jobs/slicer.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler takes its own job's payload type, which a parameter of `unknown` would not accept
export type JobHandler = (data: any, slicer: Slicer) => unknown;

/** One handler per job name; typed on JobName, so a name without a handler does not compile. */
const HANDLERS: Record<JobName, JobHandler> = {
  chart: chartJob,
  advanced: advancedJob,
  composite: compositeJob,
  transit: transitJob,
  bodygraph: bodygraphJob,
  ingresses: ingressesJob,
  stations: stationsJob,
  returns: returnsJob,
  transitCalendar: transitCalendarJob,
  day: dayJob,
  compositeBodygraph: compositeBodygraphJob,
  transitBodygraph: transitBodygraphJob,
  penta: pentaJob,
  report: reportJob,
};

// Refuse to start with a registry that does not match the job names exactly (e.g. after a careless edit).
for (const name of JOB_NAMES) if (typeof HANDLERS[name] !== 'function') throw new Error(`no handler for job "${name}"`);

/** The jobs whose answer a bulk chunk takes as an object (processors/bulk-chunk.ts): the same answer, not yet JSON. */
export const ANSWERS = { chart: chartAnswer, advanced: advancedAnswer } satisfies Partial<Record<JobName, JobHandler>>;
export type AnswerJob = keyof typeof ANSWERS;

export function handlerFor(name: string): JobHandler {
  const handler = (HANDLERS as Record<string, JobHandler | undefined>)[name];
  if (!handler) throw new Error(`no handler for job "${name}"`);
  return handler;
}
