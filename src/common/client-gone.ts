import type { Response } from 'express';

/**
 * The caller hung up before its answer. Work done for it from then on answers no one: a heavy request stops waiting
 * for its key's turn, its job leaves the queue if no worker has taken it, and a worker running it stops at its next
 * slice (modules/queue/path/6-pending-jobs.ts, processors/abandoned-jobs.listener.ts).
 */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection before its answer');
    this.name = 'ClientGone';
  }
}

/**
 * A request's "client gone" signal, made on first use only (most requests are light and never ask): one
 * AbortController and one 'close' listener per request that asks, however many of its jobs (an MCP batch's calls)
 * listen to it.
 */
export function clientGoneSignal(res: Response): () => AbortSignal {
  let controller: AbortController | undefined;
  return () => {
    if (controller) return controller.signal;
    const made = (controller = new AbortController());
    const gone = () => {
      if (!res.writableFinished) made.abort(new ClientGone());
    };
    if (res.destroyed) gone();
    else res.once('close', gone);
    return made.signal;
  };
}
