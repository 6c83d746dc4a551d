import { JobName } from '../jobs/job-types';

export type JobHandler = (data: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLERS: Record<JobName, JobHandler> = {} as Record<JobName, JobHandler>;

export function handlerFor(name: string): JobHandler {
  const handler = HANDLERS[name as JobName];
  if (!handler) throw new Error(`no handler for job "${name}"`);
  return handler;
}
