/**
 * The light lane spread over a real three-master Redis Cluster (README "Scaling"): REDIS_QUEUE_SHARDS=3 puts one
 * queue under each of three hash tags chosen to land on different masters; the API sends each group to the shards
 * in turn and the worker consumes all three. Real `redis-server --cluster-enabled yes` processes on loopback, three
 * masters each with a replica, the real API and worker processes.
 */
import { shardPrefixes } from '../src/modules/queue/shards';
import { ask, RedisClusterSet, RedisProcess, startRedisCluster } from './helpers/redis-servers';
import { runLoad, summarise } from './helpers/load';
import { RunningService, startService, waitFor } from './helpers/service';

async function role(node: RedisProcess): Promise<string> {
  return String(await ask(node.port, 'INFO', 'replication')).match(/role:(\w+)/)?.[1] ?? '';
}

/** A node's CPU so far (user + system), ms. */
async function cpuMs(node: RedisProcess): Promise<number> {
  const info = String(await ask(node.port, 'INFO', 'cpu'));
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

describe('light queue shards over a three-master Redis Cluster (REDIS_QUEUE_SHARDS=3)', () => {
  let cluster: RedisClusterSet | undefined;
  let svc: RunningService | undefined;

  beforeAll(async () => {
    cluster = await startRedisCluster(3, 1);
    svc = await startService({
      env: { REDIS_CLUSTER_NODES: cluster.nodeList, REDIS_QUEUE_SHARDS: '3', QUEUE_MAX_WAITING: '100000', JOB_TIMEOUT_MS: '20000' },
    });
  }, 90_000);

  afterAll(async () => {
    await svc?.stop().catch(() => undefined);
    await cluster?.stop();
  }, 30_000);

  it('spreads the queue work: under load, each master’s Redis CPU is within 25 % of their mean', async () => {
    const masters: RedisProcess[] = [];
    for (const node of cluster!.nodes) if ((await role(node)) === 'master') masters.push(node);
    expect(masters).toHaveLength(3);
    await runLoad({ baseUrl: svc!.baseUrl, concurrency: 32, durationMs: 1_000, seed: 7_000_000 }); // warm
    const before = await Promise.all(masters.map(cpuMs));
    const samples = await runLoad({ baseUrl: svc!.baseUrl, concurrency: 32, durationMs: 6_000, seed: 7_100_000 });
    const after = await Promise.all(masters.map(cpuMs));
    const used = after.map((a, i) => a - before[i]);
    const mean = used.reduce((a, b) => a + b, 0) / used.length;
    const s = summarise(samples);
    process.stdout.write(`queue shards: ${s.total} charts, Redis CPU per master ${used.map((u) => Math.round(u)).join(' / ')} ms (mean ${Math.round(mean)})\n`);
    expect(s.byStatus).toEqual({ 200: s.total });
    for (const u of used) expect(Math.abs(u - mean)).toBeLessThanOrEqual(0.25 * mean);
  }, 60_000);

  it('loses no request when a master holding a shard fails over to its replica', async () => {
    const masters: RedisProcess[] = [];
    for (const node of cluster!.nodes) if ((await role(node)) === 'master') masters.push(node);
    // The master of shard 1's queue (not the service's own {prefix}: that one also holds the heavy lane and the keys).
    const shard1 = shardPrefixes(svc!.prefix, `{${svc!.prefix}}`, 3, true)[1];
    const slot = Number(await ask(masters[0].port, 'CLUSTER', 'KEYSLOT', `${shard1}:charts:wait`));
    const ranges = (await ask(masters[0].port, 'CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
    const port = ranges.find(([from, to]) => slot >= from && slot <= to)![2][1];
    const victim = masters.find((m) => m.port === port)!;
    expect(victim).toBeDefined();
    const load = runLoad({ baseUrl: svc!.baseUrl, concurrency: 8, durationMs: 12_000, seed: 7_200_000, requestTimeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 2_000));
    await victim.kill();
    const survivors = cluster!.nodes.filter((n) => n !== victim);
    await waitFor(
      async () => {
        for (const n of survivors) if (!String(await ask(n.port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) return false;
        return true;
      },
      30_000,
      'the replica to take over',
    );
    const samples = await load;
    const s = summarise(samples);
    process.stdout.write(`queue shards, failover: ${JSON.stringify(s)}\n`);
    // A lost or failed request is explained by the service's own warnings and errors (the 500's cause is logged).
    if (Object.keys(s.byStatus).some((status) => status !== '200')) {
      process.stdout.write(`API log:\n${svc!.logs.api.join('')}\nworker log:\n${svc!.logs.worker.join('')}\n`);
    }
    expect(s.byStatus).toEqual({ 200: s.total });
    expect(s.total).toBeGreaterThan(100);
  }, 90_000);
});
