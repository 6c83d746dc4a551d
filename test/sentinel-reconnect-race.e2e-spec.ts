/**
 * A Sentinel failover announced while a client is reconnecting (src/modules/redis/failover-safe-sentinel-connector.ts),
 * made certain with real servers on loopback: a primary, a replica and three Sentinels.
 *
 * The client asks the first Sentinel first. That Sentinel is stopped (SIGSTOP: its socket still accepts, it never
 * answers), then the primary is SIGKILLed. The client's reconnect hangs on the stopped Sentinel for the whole
 * Sentinel command timeout, longer than the other two Sentinels take to promote the replica, so the +switch-master
 * announcement reaches the client's failover detector in the middle of that reconnect. With ioredis's own connector
 * the client then ends for good (status `end`); with ours it starts the connect over and reaches the new primary.
 */
import Redis from 'ioredis';
import { loadConfig } from '../src/config/app-config';
import { redisClientOptions } from '../src/modules/redis/redis-connection';
import { ask, SentinelSet, startSentinelSet } from './helpers/redis-servers';
import { waitFor } from './helpers/service';

/** How long the client's question to the stopped Sentinel hangs: longer than a failover here (about 2-3 s). */
const SENTINEL_HANG_MS = 10_000;

describe('Sentinel: a failover announced during a reconnect', () => {
  let set: SentinelSet | undefined;
  let client: Redis | undefined;

  beforeAll(async () => {
    set = await startSentinelSet('hdrace', 1);
  }, 60_000);

  afterAll(async () => {
    for (const s of set?.sentinels ?? []) {
      try {
        process.kill(s.pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    client?.disconnect();
    await set?.stop();
  }, 30_000);

  it('the client reaches the new primary instead of ending for good', async () => {
    const s = set!;
    const config = loadConfig({ REDIS_SENTINELS: s.sentinelList, REDIS_SENTINEL_NAME: s.name });
    client = new Redis({ ...redisClientOptions(config, { maxRetriesPerRequest: null }), sentinelCommandTimeout: SENTINEL_HANG_MS });
    const errors: string[] = [];
    client.on('error', (err: Error) => errors.push(err.message));
    await waitFor(() => client!.status === 'ready', 10_000, 'client ready');
    await client.set('race:key', 'written before the failover');
    const oldPrimary = s.primary.port;
    const [first, ...others] = s.sentinels;

    process.kill(first.pid, 'SIGSTOP');
    const killedAt = Date.now();
    await s.primary.kill();

    // The two answering Sentinels promote the replica while the client's reconnect hangs on the stopped one.
    let promotedAt = 0;
    let newPrimary = 0;
    await waitFor(
      async () => {
        const addr = (await ask(others[0].port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', s.name).catch(() => null)) as string[] | null;
        newPrimary = addr ? Number(addr[1]) : 0;
        if (!newPrimary || newPrimary === oldPrimary) return false;
        promotedAt = Date.now();
        return true;
      },
      SENTINEL_HANG_MS,
      'the replica to be promoted',
    );
    expect(newPrimary).toBe(s.replicas[0].port);
    // The race was there: the announcement came before the hanging question could end.
    expect(promotedAt - killedAt).toBeLessThan(SENTINEL_HANG_MS - 1_000);

    await waitFor(() => client!.status === 'ready' || client!.status === 'end', SENTINEL_HANG_MS * 2, 'the client to reconnect or end');
    const statusAfter = client.status;
    const serving = statusAfter === 'ready' ? String(await client.info('server')).match(/tcp_port:(\d+)/)?.[1] : undefined;
    if (statusAfter !== 'ready') console.log(`client ${statusAfter}; its errors: ${[...new Set(errors)].join(' | ')}`);
    expect(statusAfter).toBe('ready');
    expect(Number(serving)).toBe(newPrimary);
    // The replica had the key: the same data, through the same client object.
    expect(await client.get('race:key')).toBe('written before the failover');
    await client.set('race:key', 'written after the failover');
    expect(await ask(newPrimary, 'GET', 'race:key')).toBe('written after the failover');
  }, 60_000);
});
