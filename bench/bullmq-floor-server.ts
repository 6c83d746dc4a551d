/**
 * The BullMQ throughput yardstick (issue 25): what any service of this shape (HTTP → BullMQ → a worker process →
 * the answer awaited) can serve on this machine, with none of the product's code on its path. Bare `node:http`; the
 * requests that arrive within one turn of the event loop (up to BENCH_BARE_GROUP_MAX, default 8 as the product's
 * groups; 32 measured the same) go to Redis as one plain BullMQ job (`group`) and are answered from its completed
 * event, read by a plain QueueEvents; the worker is bench/bullmq-floor-worker.ts, which bench/limit.ts starts beside
 * it. No validation, no key, no fairness, no deadline, no cache, no retry: the cheapest use of BullMQ that still
 * takes a request to a worker and back. A yardstick, not a way to serve.
 * `PORT=… REDIS_PREFIX=… node dist-bench/bench/bullmq-floor-server.js`.
 */
import { createServer, type ServerResponse } from 'node:http';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { onJsonBody } from './json-body';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = process.env.REDIS_PREFIX;
const GROUP_MAX = Number(process.env.BENCH_BARE_GROUP_MAX ?? 8);

const queue = new Queue('floor', { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });
const events = new QueueEvents('floor', { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });
/** The responses each group in flight answers, by job id. */
const waiting = new Map<string, ServerResponse[]>();
let births: object[] = [];
let responses: ServerResponse[] = [];
let ids = 0;

events.on('completed', ({ jobId, returnvalue }) => {
  const group = waiting.get(jobId);
  if (!group) return;
  waiting.delete(jobId);
  const texts = returnvalue as unknown as string[];
  group.forEach((res, i) => res.writeHead(200, { 'content-type': 'application/json' }).end(texts[i]));
});
events.on('failed', ({ jobId, failedReason }) => {
  for (const res of waiting.get(jobId) ?? []) res.writeHead(500).end(failedReason);
  waiting.delete(jobId);
});

function send(): void {
  if (births.length === 0) return;
  const jobId = `g${++ids}`;
  waiting.set(jobId, responses);
  void queue.add('group', { births }, { jobId, removeOnComplete: true, removeOnFail: true }).catch((err: Error) => {
    for (const res of waiting.get(jobId) ?? []) res.writeHead(503).end(err.message);
    waiting.delete(jobId);
  });
  births = [];
  responses = [];
}

createServer((req, res) =>
  onJsonBody<object>(req, res, (birth) => {
    if (births.length === 0) setImmediate(send);
    births.push(birth);
    responses.push(res);
    if (births.length >= GROUP_MAX) send();
  }),
).listen(Number(process.env.PORT ?? 3998));
process.on('SIGTERM', () => void Promise.all([queue.close(), events.close()]).then(() => process.exit(0)));
