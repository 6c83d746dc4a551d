/**
 * Every job the workers run, gathered from the operation families (one line each): the job names are this table's
 * keys. The worker finds a job's function here (processors/handlers.ts), the API its cost model (modules/queue/path/
 * 2-job-cost.ts) and its retention (modules/queue/retention.ts). A family describes its jobs in its own folder
 * (`modules/<feature>/<feature>.jobs.ts`).
 */
import { CHART_JOBS } from '../modules/chart/chart.jobs';
import { TIME_SERIES_JOBS } from '../modules/time-series/time-series.jobs';
import type { CostEstimate, JobDefinition } from './job-definition';

export const JOBS = {
  ...CHART_JOBS,
  ...TIME_SERIES_JOBS,
} satisfies Record<string, JobDefinition<never>>;

export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** The jobs that give their answer as an object too (bulk items: processors/bulk-chunk.ts). */
export type AnswerJob = { [K in JobName]: (typeof JOBS)[K] extends { answer: object } ? K : never }[JobName];

/** The definition of a job named in a payload (a string from Redis), or undefined when there is none. */
export function jobNamed(name: string): JobDefinition<object> | undefined {
  return Object.hasOwn(JOBS, name) ? (JOBS as Record<string, JobDefinition<object>>)[name] : undefined;
}

/** A job's estimated compute, ms (the worker's share of its cost). */
export function computeCostMs(name: JobName, input: object): number {
  return (JOBS[name].cost.estimate as CostEstimate<object>)(input);
}
