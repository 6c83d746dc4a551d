/** A bulk job as its routes, its events and its webhooks show it: state, counters, times, an ETA and its URLs. */
import type { BulkMeta } from './bulk-store';

/** What GET /v1/jobs/:id answers (and POST /v1/jobs with 202, and DELETE). */
export interface BulkJobView {
  id: string;
  operation: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  etaSeconds: number | null;
  urls: { self: string; events: string; results: string };
}

export const jobPath = (id: string) => `/v1/jobs/${id}`;

/** The view of a job: its state and counters, its times as ISO instants, an ETA from its rate so far. */
export function viewOf(meta: BulkMeta, now = Date.now()): BulkJobView {
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  let etaSeconds: number | null = null;
  if (meta.state === 'completed') etaSeconds = 0;
  else if (meta.state === 'running' && meta.startedAt !== undefined && meta.done > 0) {
    etaSeconds = Math.ceil(((meta.total - meta.done) * (now - meta.startedAt)) / meta.done / 1000);
  }
  const self = jobPath(meta.id);
  return {
    id: meta.id,
    operation: meta.operation,
    state: meta.state,
    total: meta.total,
    done: meta.done,
    failed: meta.failed,
    createdAt: iso(meta.createdAt)!,
    startedAt: iso(meta.startedAt),
    finishedAt: iso(meta.finishedAt),
    etaSeconds,
    urls: { self, events: `${self}/events`, results: `${self}/results` },
  };
}
