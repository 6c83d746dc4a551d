/**
 * The heavy lane's events stream is bounded (queue/retention.ts HEAVY_EVENTS_MAX_LEN): its completed events carry
 * whole answers (a year's transit calendar, a PNG, ten years of ingresses), and at BullMQ's default of 10,000 entries
 * it grew to hundreds of MB in seconds of heavy work. With the real API, worker and Redis: more heavy answers than the
 * bound holds, every one answered, and the stream no longer than the bound (BullMQ trims with XADD MAXLEN ~, which
 * may keep up to one stream node more: 100 entries at Redis's default).
 */
import Redis from 'ioredis';
import { HEAVY_QUEUE, LIGHT_QUEUE } from '../src/jobs/job-types';
import { HEAVY_EVENTS_MAX_LEN } from '../src/modules/queue/retention';
import { heavyRequest } from './helpers/heavy-load';
import { post, REDIS_URL, RunningService, startService } from './helpers/service';

const ANSWERS = 200; // about 4 events each: 800 entries offered to a stream of 500
const IN_FLIGHT = 8;
const NODE_SLACK = 100;

describe('the heavy lane’s events stream', () => {
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

  it('is bounded in the queue’s settings, where the workers’ scripts read it; the light lane keeps BullMQ’s default', async () => {
    expect(HEAVY_EVENTS_MAX_LEN).toBe(500);
    expect(await redis.hget(`${svc.prefix}:${HEAVY_QUEUE}:meta`, 'opts.maxLenEvents')).toBe('500');
    expect(await redis.hget(`${svc.prefix}:${LIGHT_QUEUE}:meta`, 'opts.maxLenEvents')).toBe('10000');
  });

  it('stays within its bound through more heavy answers than it holds, every one answered', async () => {
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
