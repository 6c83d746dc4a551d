/**
 * What heavy answers (a year's transit calendar, a PNG, ten years of ingresses) leave in Redis, with the real API,
 * worker and Redis:
 * - each answer is written once, into its job's hash, and its completed event carries only a marker
 *   (jobs/result-by-reference.ts); a repeated request is answered from that kept hash;
 * - the heavy lane's events stream is bounded (queue/retention.ts HEAVY_EVENTS_MAX_LEN): more heavy answers than the
 *   bound holds are all answered, and the stream is no longer than the bound (BullMQ trims with XADD MAXLEN ~, which
 *   may keep up to one stream node more: 100 entries at Redis's default).
 */
import Redis from 'ioredis';
import { HEAVY_QUEUE, LIGHT_QUEUE } from '../src/jobs/job-types';
import { ANSWER_IN_JOB_HASH, RESULT_FIELD } from '../src/jobs/result-by-reference';
import { HEAVY_EVENTS_MAX_LEN } from '../src/modules/queue/retention';
import { heavyRequest } from './helpers/heavy-load';
import { post, REDIS_URL, RunningService, startService } from './helpers/service';

const ANSWERS = 200; // about 4 events each: 800 entries offered to a stream of 500
const IN_FLIGHT = 8;
const NODE_SLACK = 100;

describe('heavy answers in Redis', () => {
  let svc: RunningService;
  let redis: Redis;

  beforeAll(async () => {
    svc = await startService({ env: { QUEUE_MAX_WAITING: '100000' } });
    redis = new Redis(REDIS_URL);
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await svc?.stop();
  });

  it('a heavy answer is written once, into its job’s hash; its completed event carries a marker; a repeat is answered from the hash', async () => {
    const { path, body } = heavyRequest('calendar', 60_000);
    const first = await post(svc.baseUrl, path, body);
    expect(first.status).toBe(200);
    expect(first.text.length).toBeGreaterThan(10_000);
    const entries = await redis.xrange(`${svc.prefix}:${HEAVY_QUEUE}:events`, '-', '+');
    const completed = entries
      .map(([, f]) => Object.fromEntries(Array.from({ length: f.length / 2 }, (_, i) => [f[2 * i], f[2 * i + 1]])))
      .filter((e) => e.event === 'completed');
    expect(completed).toHaveLength(1);
    expect(JSON.parse(completed[0].returnvalue)).toBe(ANSWER_IN_JOB_HASH);
    const hash = `${svc.prefix}:${HEAVY_QUEUE}:${completed[0].jobId}`;
    expect(await redis.hget(hash, RESULT_FIELD)).toBe(first.text);
    expect(JSON.parse((await redis.hget(hash, 'returnvalue'))!)).toBe(ANSWER_IN_JOB_HASH);
    const again = await post(svc.baseUrl, path, body);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    const after = await redis.xrange(`${svc.prefix}:${HEAVY_QUEUE}:events`, '-', '+');
    expect(after.filter(([, f]) => f[1] === 'completed')).toHaveLength(1); // not computed again
  });

  it('the heavy lane’s events stream is bounded in the queue’s settings, where the workers’ scripts read it; the light lane keeps BullMQ’s default', async () => {
    expect(HEAVY_EVENTS_MAX_LEN).toBe(500);
    expect(await redis.hget(`${svc.prefix}:${HEAVY_QUEUE}:meta`, 'opts.maxLenEvents')).toBe('500');
    expect(await redis.hget(`${svc.prefix}:${LIGHT_QUEUE}:meta`, 'opts.maxLenEvents')).toBe('10000');
  });

  it('the heavy lane’s events stream stays within its bound through more heavy answers than it holds, every one answered', async () => {
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ANSWERS) {
          const { path, body } = heavyRequest('calendar', 70_000 + next++);
          statuses.push((await post(svc.baseUrl, path, body)).status);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const events = `${svc.prefix}:${HEAVY_QUEUE}:events`;
    const entries = await redis.xrange(events, '-', '+');
    const completed = entries.filter(([, fields]) => fields[1] === 'completed').length;
    const added = entries.filter(([, fields]) => fields[1] === 'added').length;
    console.log(`heavy events stream after ${ANSWERS} calendars: ${entries.length} entries (${completed} completed, ${added} added)`);
    // More was written than is kept: the stream was trimmed, not merely short.
    expect(added).toBeLessThan(ANSWERS);
    expect(entries.length).toBeGreaterThanOrEqual(HEAVY_EVENTS_MAX_LEN);
    expect(entries.length).toBeLessThanOrEqual(HEAVY_EVENTS_MAX_LEN + NODE_SLACK);
  }, 120_000);
});
