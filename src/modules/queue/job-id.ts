import { createHmac } from 'node:crypto';
import { ENGINE_VERSION, JobName } from '../../jobs/job-types';

/** JSON with object keys sorted, so equal inputs give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Job id = keyed hash of the job name, the normalised input and the engine version: identical concurrent
 * requests share one job (BullMQ ignores an add with an existing id) and a repeat finds the retained result.
 * The key (a random secret kept in Redis, the same for every replica) stops anyone who sees a job id in a log
 * or on the dashboard from recovering the birth data by trying every date, time and place.
 */
export function jobIdFor(name: JobName, normalisedInput: unknown, secret: string): string {
  const digest = createHmac('sha256', secret)
    .update(`${ENGINE_VERSION}\n${name}\n${canonicalJson(normalisedInput)}`)
    .digest('base64url');
  return `${name}-${digest}`;
}
