import type { ChainableCommander } from 'ioredis';
import { lastDates, readUsage, UsageCounter, usageDayName, usageTotalName, USAGE_TTL_S } from './usage-counter';

/** A Redis stand-in that knows HINCRBY, EXPIRE and HGETALL in pipelines, and can be told to fail. */
class FakeRedis {
  hashes = new Map<string, Map<string, number>>();
  ttls = new Map<string, number>();
  pipelines = 0;
  failNext = false;

  pipeline(): ChainableCommander {
    const ops: (() => unknown)[] = [];
    const chain = {
      hincrby: (name: string, field: string, n: number) => {
        ops.push(() => {
          const h = this.hashes.get(name) ?? new Map<string, number>();
          this.hashes.set(name, h);
          h.set(field, (h.get(field) ?? 0) + n);
          return h.get(field);
        });
        return chain;
      },
      expire: (name: string, s: number) => {
        ops.push(() => this.ttls.set(name, s) && 1);
        return chain;
      },
      hgetall: (name: string) => {
        ops.push(() => Object.fromEntries([...(this.hashes.get(name) ?? new Map<string, number>())].map(([k, v]) => [k, String(v)])));
        return chain;
      },
      exec: async () => {
        this.pipelines++;
        await Promise.resolve();
        if (this.failNext) {
          this.failNext = false;
          throw new Error('Connection is closed.');
        }
        return ops.map((op) => [null, op()]);
      },
    };
    return chain as unknown as ChainableCommander;
  }
}

const DAY1 = Date.parse('2026-11-25T23:59:59Z');
const DAY2 = Date.parse('2026-11-26T00:00:01Z');

describe('UsageCounter', () => {
  it('merges counts in memory and writes them in one pipeline per flush', async () => {
    const redis = new FakeRedis();
    const counter = new UsageCounter(redis, 'p');
    for (let i = 0; i < 7; i++) counter.add('aa', 'chart', DAY1);
    for (let i = 0; i < 3; i++) counter.add('aa', 'transit', DAY2);
    counter.add('bb', 'chart', DAY2);
    await counter.flush();
    expect(redis.pipelines).toBe(1);
    expect(Object.fromEntries(redis.hashes.get(usageDayName('p', 'aa', '2026-11-25'))!)).toEqual({ chart: 7 });
    expect(Object.fromEntries(redis.hashes.get(usageDayName('p', 'aa', '2026-11-26'))!)).toEqual({ transit: 3 });
    expect(Object.fromEntries(redis.hashes.get(usageTotalName('p', 'aa'))!)).toEqual({ chart: 7, transit: 3 });
    expect(Object.fromEntries(redis.hashes.get(usageTotalName('p', 'bb'))!)).toEqual({ chart: 1 });
    expect(redis.ttls.get(usageDayName('p', 'aa', '2026-11-25'))).toBe(USAGE_TTL_S);
    expect(counter.pendingSize).toBe(0);

    // nothing pending: no round trip
    await counter.flush();
    expect(redis.pipelines).toBe(1);
    counter.add('aa', 'chart', DAY2);
    await counter.flush();
    expect(Object.fromEntries(redis.hashes.get(usageTotalName('p', 'aa'))!)).toEqual({ chart: 8, transit: 3 });
  });

  it('keeps the counts of a failed flush for the next one, and loses nothing counted during a flush', async () => {
    const redis = new FakeRedis();
    const counter = new UsageCounter(redis, 'p');
    counter.add('aa', 'chart', DAY2);
    redis.failNext = true;
    await expect(counter.flush()).rejects.toThrow('Connection is closed.');
    expect(counter.pendingSize).toBe(1);

    counter.add('aa', 'chart', DAY2);
    const first = counter.flush();
    counter.add('aa', 'transit', DAY2); // while the first flush is on its way
    const second = counter.flush(); // a shutdown flush: waits for the running one, then writes the rest
    await Promise.all([first, second]);
    expect(Object.fromEntries(redis.hashes.get(usageTotalName('p', 'aa'))!)).toEqual({ chart: 2, transit: 1 });
    expect(counter.pendingSize).toBe(0);
  });

  it('reads today, the last 30 days (newest first) and the totals', async () => {
    const redis = new FakeRedis();
    const counter = new UsageCounter(redis, 'p');
    counter.add('aa', 'chart', DAY1);
    counter.add('aa', 'chart', DAY2);
    counter.add('aa', 'batch', DAY2);
    await counter.flush();
    const report = await readUsage(redis, 'p', 'aa', DAY2);
    expect(report.today).toEqual({ date: '2026-11-26', byOperation: { batch: 1, chart: 1 }, total: 2 });
    expect(report.last30Days).toHaveLength(30);
    expect(report.last30Days[1]).toEqual({ date: '2026-11-25', byOperation: { chart: 1 }, total: 1 });
    expect(report.last30Days[29]).toEqual({ date: '2026-10-28', byOperation: {}, total: 0 });
    expect(report.totals).toEqual({ byOperation: { batch: 1, chart: 2 }, total: 3 });
    expect(lastDates(DAY2, 2)).toEqual(['2026-11-26', '2026-11-25']);
  });
});
