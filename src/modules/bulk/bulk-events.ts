import type { Response } from 'express';
import type { BulkMeta, BulkStore } from '../../jobs/bulk-store';
import { FINAL_STATES } from '../../jobs/bulk-types';
import { viewOf } from '../../jobs/bulk-view';

/** How often a stream looks at its job (one HGETALL), and how long it stays silent before a heartbeat comment. */
export const EVENTS_POLL_MS = 250;
export const HEARTBEAT_MS = 15_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Server-Sent Events for a progress bar: a `progress` event with the job's view at once and whenever its counters
 * or state change (counters only grow, so the events are monotone), a comment line as a heartbeat while nothing
 * changes, then one final event named for the final state (completed, cancelled, failed) and the end of the stream.
 * A Redis outage meanwhile only pauses the events.
 */
export async function writeEvents(
  store: Pick<BulkStore, 'get'>,
  first: BulkMeta,
  res: Pick<Response, 'writeHead' | 'write' | 'end' | 'on'>,
  { pollMs = EVENTS_POLL_MS, heartbeatMs = HEARTBEAT_MS } = {},
): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no', // nginx (the compose file's proxy) would otherwise hold the events back
  });
  let closed = false;
  res.on('close', () => (closed = true));
  let meta = first;
  let last = '';
  let wroteAt = Date.now();
  while (!closed) {
    const view = viewOf(meta);
    const final = FINAL_STATES.has(view.state);
    const seen = `${view.state}|${view.done}|${view.failed}`;
    if (seen !== last) {
      res.write(`event: ${final ? view.state : 'progress'}\nid: ${view.done}\ndata: ${JSON.stringify(view)}\n\n`);
      last = seen;
      wroteAt = Date.now();
    } else if (Date.now() - wroteAt >= heartbeatMs) {
      res.write(': heartbeat\n\n');
      wroteAt = Date.now();
    }
    if (final) break;
    await sleep(pollMs);
    try {
      const next = await store.get(meta.id);
      if (!next) break; // expired meanwhile
      meta = next;
    } catch {
      // Redis away: the next look may find it back
    }
  }
  res.end();
}
