/**
 * Which connection each BullMQ object of QueuesModule gets (real Redis, a key prefix of its own): the queue
 * fails fast, the worker built by @nestjs/bullmq for a @Processor does not (a fail-fast worker connection makes
 * BullMQ's fetch loop spin without yielding when the connection drops), and both come from the factory.
 */
import { getQueueToken, Processor, WorkerHost } from '@nestjs/bullmq';
import { Test, TestingModule } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../config/app-config';
import { ConfigModule } from '../../config/config.module';
import { LIGHT_QUEUE } from '../../jobs/job-types';
import { QueuesModule } from '../queue/queues.module';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

@Processor(LIGHT_QUEUE)
class ProbeProcessor extends WorkerHost {
  async process(): Promise<void> {}
}

type WithOptions = { options: { enableOfflineQueue?: boolean; maxRetriesPerRequest?: number | null } };

describe('QueuesModule connections (real Redis)', () => {
  const prefix = `hdunit${randomBytes(4).toString('hex')}`;
  let moduleRef: TestingModule;

  beforeAll(async () => {
    const config = loadConfig({ REDIS_URL, REDIS_PREFIX: prefix });
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), QueuesModule], providers: [ProbeProcessor] }).compile();
    await moduleRef.init();
  });

  afterAll(async () => {
    await moduleRef?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('the queue fails fast; the @Processor worker waits for reconnects', async () => {
    const queue = moduleRef.get<Queue>(getQueueToken(LIGHT_QUEUE));
    const worker = moduleRef.get(ProbeProcessor).worker;
    await worker.waitUntilReady();
    const queueClient = (await queue.getBackend().client) as unknown as WithOptions;
    const workerClient = (await worker.getBackend().client) as unknown as WithOptions;
    expect(queueClient.options.enableOfflineQueue).toBe(false);
    expect(workerClient.options.enableOfflineQueue).not.toBe(false);
    expect(queue.opts.prefix).toBe(prefix);
    expect(worker.opts.prefix).toBe(prefix);
  });
});
