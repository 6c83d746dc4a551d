/**
 * The worker side of the BullMQ yardsticks in bench/limit.ts (issue 25): a plain BullMQ `Worker`, none of the
 * product's queue code, that answers each job of queue `floor` with the same chart job the limit server computes
 * (job name `chart`, data a birth), with the chart jobs of several births as a list of their texts (`group`, data
 * `{ births }`: bench/bullmq-floor-server.ts), or with nothing (any other name: BullMQ's own round trip). Run
 * compiled, in a process of its own, as the product's workers run (bench/compiled.ts). A yardstick, not a way to serve.
 */
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { chartJob, warmUp } from '../src/modules/chart/jobs/chart-jobs';

type Birth = { birthdate: string; birthtime: string; location: string };
const chart = (birth: Birth): string => chartJob({ ...birth, nodeType: 'true' });

warmUp();
const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const worker = new Worker(
  'floor',
  (job) => {
    if (job.name === 'group') return Promise.resolve((job.data as { births: Birth[] }).births.map(chart));
    if (job.name !== 'chart') return Promise.resolve('');
    return Promise.resolve(chart(job.data as Birth));
  },
  // As many jobs at once as the product's light worker takes (WORKER_CONCURRENCY's default).
  { connection, prefix: process.env.REDIS_PREFIX, removeOnComplete: { count: 0 }, removeOnFail: { count: 0 }, concurrency: 4 },
);
void worker.waitUntilReady().then(() => process.stdout.write('ready\n'));
process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
