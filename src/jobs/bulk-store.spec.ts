/** The bulk job's storage against the real Redis, under a key prefix of its own (deleted afterwards). */
import { gunzipSync, gzipSync } from 'node:zlib';
import { scratchRedis } from '../../test/helpers/scratch-redis';
import { BulkStore } from './bulk-store';

describe('BulkStore (real Redis)', () => {
  const { redis, prefix } = scratchRedis('bulk-store');
  const store = new BulkStore(redis, prefix, 3_600);
  const job = (id: string, keyHash = 'k1') => ({ id, keyHash, operation: 'chart', createdAt: Date.now() });

  it('counts each chunk once, keeps its first answers, and completes with the last chunk', async () => {
    await store.create(job('a'), 100);
    expect((await store.get('a'))?.state).toBe('queued');
    expect(await store.beginChunk('a')).toBe('running');
    const first = gzipSync('{"id":0}\n{"id":1}\n');
    expect((await store.storeChunk('a', 0, first, gzipSync('csv'), 2, 1)).outcome).toBe('stored');
    // The same chunk run again (its worker died after storing): neither its answers nor its counts change.
    expect((await store.storeChunk('a', 0, gzipSync('other'), gzipSync('csv'), 2, 0)).outcome).toBe('duplicate');
    expect(await store.get('a')).toMatchObject({ state: 'running', done: 2, failed: 1, chunksDone: 1 });
    // Every chunk queued: its total and chunks are known from now.
    expect(await store.accept('a', 4, 2)).toEqual({ outcome: 'accepted' });
    expect(await store.get('a')).toMatchObject({ state: 'running', total: 4, chunks: 2 });
    expect((await store.storeChunk('a', 1, gzipSync('{"id":2}\n{"id":3}\n'), gzipSync('csv'), 2, 0)).outcome).toBe('completed');
    const meta = await store.get('a');
    expect(meta).toMatchObject({ state: 'completed', done: 4, failed: 1, chunksDone: 2 });
    expect(meta?.finishedAt).toBeGreaterThanOrEqual(meta!.startedAt!);
    expect(gunzipSync((await store.readChunk('a', 0))!).toString()).toBe('{"id":0}\n{"id":1}\n');
    expect(gunzipSync((await store.readChunk('a', 0, 'csv'))!).toString()).toBe('csv');
    expect(await redis.ttl(`${prefix}:bulk:a:results`)).toBeGreaterThan(3_500);
  });

  it('with progressEvery, names the step a chunk carried the job past, once each, below 100 % (the end is completion)', async () => {
    // 10 chunks of 10 items, every 25 %: 25 % is passed by the chunk that reaches 30 items, 50 % exactly at 50, 75 % at 80.
    await store.create({ ...job('p'), progressEvery: 25 }, 100);
    expect((await store.get('p'))?.progressEvery).toBe(25);
    expect(await store.accept('p', 100, 10)).toEqual({ outcome: 'accepted' });
    const steps: (number | string | undefined)[] = [];
    for (let chunk = 0; chunk < 10; chunk++) {
      const stored = await store.storeChunk('p', chunk, gzipSync('x'), gzipSync('c'), 10, 0);
      steps.push(stored.progress ?? stored.outcome);
    }
    expect(steps).toEqual(['stored', 'stored', 25, 'stored', 50, 'stored', 'stored', 75, 'stored', 'completed']);
    // Without progressEvery, no steps.
    await store.create(job('q'), 100);
    await store.accept('q', 4, 2);
    expect(await store.storeChunk('q', 0, gzipSync('x'), gzipSync('c'), 2, 0)).toEqual({ outcome: 'stored' });
  });

  it('while a job is still read no chunk completes it or names a step; accepting it then does, once', async () => {
    // Its workers are faster than its reading: all three chunks done before the API has queued the last.
    await store.create({ ...job('r'), progressEvery: 25 }, 100);
    for (let chunk = 0; chunk < 3; chunk++) {
      expect(await store.storeChunk('r', chunk, gzipSync('x'), gzipSync('c'), 10, 0)).toEqual({ outcome: 'stored' });
    }
    expect(await store.get('r')).toMatchObject({ state: 'running', done: 30, chunksDone: 3, total: 0 });
    expect(await store.accept('r', 30, 3)).toEqual({ outcome: 'completed' });
    const meta = await store.get('r');
    expect(meta).toMatchObject({ state: 'completed', total: 30, chunks: 3, done: 30 });
    expect(meta?.finishedAt).toBeGreaterThanOrEqual(meta!.startedAt!);
    expect(await redis.ttl(`${prefix}:bulk:r`)).toBeGreaterThan(3_500);
    // Two of four chunks done while read, every 25 %: the accept names the step reached (50 %), as a chunk carrying the
    // count past two steps names the higher.
    await store.create({ ...job('s'), progressEvery: 25 }, 100);
    await store.storeChunk('s', 0, gzipSync('x'), gzipSync('c'), 10, 0);
    await store.storeChunk('s', 1, gzipSync('x'), gzipSync('c'), 10, 0);
    expect(await store.accept('s', 40, 4, Date.now())).toEqual({ outcome: 'accepted', progress: 50 });
    expect(await store.storeChunk('s', 2, gzipSync('x'), gzipSync('c'), 10, 0)).toEqual({ outcome: 'stored', progress: 75 });
    expect((await store.storeChunk('s', 3, gzipSync('x'), gzipSync('c'), 10, 0)).outcome).toBe('completed');
    // A job cancelled or gone meanwhile stays as it is.
    expect(await store.accept('nope', 1, 1)).toEqual({ outcome: 'gone' });
  });

  it('a cancelled job stores nothing more, and a cancel of a finished job changes nothing', async () => {
    await store.create(job('b'), 100);
    await store.beginChunk('b');
    await store.storeChunk('b', 0, gzipSync('x'), gzipSync('csv'), 2, 0);
    expect(await store.cancel('b')).toBe('cancelled');
    expect(await store.beginChunk('b')).toBe('cancelled');
    expect((await store.storeChunk('b', 1, gzipSync('y'), gzipSync('csv'), 2, 0)).outcome).toBe('cancelled');
    expect(await store.get('b')).toMatchObject({ state: 'cancelled', done: 2 });
    expect(await store.readChunk('b', 1)).toBeUndefined();
    expect(await store.cancel('a')).toBe('completed');
    expect(await store.cancel('nope')).toBe('gone');
  });

  it('a job whose chunk failed for good is failed, with the reason; a finished job stays as it is', async () => {
    await store.create(job('f'), 100);
    expect(await store.fail('f', 'chunk 1: Redis away')).toBe('failed');
    expect(await store.get('f')).toMatchObject({ state: 'failed' });
    expect(await redis.hget(`${prefix}:bulk:f`, 'reason')).toBe('chunk 1: Redis away');
    expect(await store.beginChunk('f')).toBe('failed');
    expect(await store.fail('a', 'late')).toBe('completed');
  });

  it("counts a key's jobs in progress, forgetting finished ones", async () => {
    await store.create(job('c', 'k2'), 10);
    await store.create(job('d', 'k2'), 10);
    expect(await store.activeJobs('k2')).toBe(2);
    await store.cancel('c');
    expect(await store.activeJobs('k2')).toBe(1);
    expect(await redis.smembers(`${prefix}:bulk:key:k2`)).toEqual(['d']);
    expect(await store.activeJobs('k3')).toBe(0);
  });

  it('adds up the bytes jobs hold, and releases those of expired jobs', async () => {
    const before = await store.storedBytes();
    expect(Number.isInteger(before)).toBe(true);
    await store.create(job('e'), 1_000);
    expect(await store.storedBytes()).toBe(before + 1_000);
    await store.beginChunk('e');
    const data = gzipSync('answers');
    await store.storeChunk('e', 0, data, gzipSync('csv'), 2, 0);
    expect(await store.storedBytes()).toBe(before + 1_000 + data.length + gzipSync('csv').length);
    // A day later every job here has expired.
    expect(await store.storedBytes(Date.now() + 86_400_000)).toBe(0);
    expect(await redis.hgetall(`${prefix}:bulk:stored`)).toEqual({});
  });
});
