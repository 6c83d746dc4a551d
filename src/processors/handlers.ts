import { type AnswerJob, JOBS, jobNamed } from '../jobs/job-table';
import type { Slicer } from '../jobs/slicer';

/** A handler gets the job's payload and the slicer its heavy work yields through (jobs/slicer.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler takes its own job's payload type, which a parameter of `unknown` would not accept
export type JobHandler = (data: any, slicer: Slicer) => unknown;

// Refuse to start with a table whose entry has no function (e.g. after a careless edit of a family's jobs file).
for (const [name, job] of Object.entries(JOBS)) if (typeof job.run !== 'function') throw new Error(`no handler for job "${name}"`);

/** The worker's function of a job named in a payload (the job table's `run`). */
export function handlerFor(name: string): JobHandler {
  const job = jobNamed(name);
  if (!job) throw new Error(`no handler for job "${name}"`);
  return job.run as JobHandler;
}

/** Whether a job gives its answer as an object too (a bulk chunk takes it so, processors/bulk-chunk.ts). */
export const isAnswerJob = (name: string): name is AnswerJob => typeof jobNamed(name)?.answer === 'function';

/** The answer of an answer job as the object its `run` serialises: the same answer, not yet JSON. */
export function answerFor(name: AnswerJob): JobHandler {
  return jobNamed(name)!.answer as JobHandler;
}
