/**
 * Subscribers in cluster mode (src/modules/redis/cluster-node-connector.ts): a plain client on one node of a real
 * Redis Cluster (`redis-server --cluster-enabled yes` on loopback) hears what is published anywhere in the cluster,
 * moves to another node when its node dies, and waits between attempts while no node answers (an ioredis Cluster
 * client's subscriber tried about 850 times a second then).
 */
import Redis, { Cluster } from 'ioredis';
import { createServer, type Server } from 'node:net';
import { loadConfig } from '../src/config/app-config';
import { createSubscriber } from '../src/modules/redis/redis-connection';
import { ask, RedisClusterSet, startRedisCluster } from './helpers/redis-servers';
import { waitFor } from './helpers/service';

const CHANNEL = 'hd-test-cluster-subscriber';

describe('a subscriber in cluster mode', () => {
  let cluster: RedisClusterSet;
  let subscriber: Redis;
  const heard: string[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster(3, 0);
    subscriber = createSubscriber(loadConfig({ REDIS_CLUSTER_NODES: cluster.nodeList }));
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => channel === CHANNEL && heard.push(message));
    await subscriber.subscribe(CHANNEL);
  }, 60_000);

  afterAll(async () => {
    subscriber.disconnect();
    await cluster.stop();
  });

  /** The nodes where the subscriber is subscribed now (PUBSUB NUMSUB counts a node's own subscribers). */
  async function subscribedNodes(): Promise<number[]> {
    const ports: number[] = [];
    for (const node of cluster.nodes) {
      const numsub = (await ask(node.port, 'PUBSUB', 'NUMSUB', CHANNEL).catch(() => [])) as [string, number];
      if (Number(numsub[1]) > 0) ports.push(node.port);
    }
    return ports;
  }

  it('hears a message published through a Cluster client, on whichever node it went to', async () => {
    expect(await subscribedNodes()).toHaveLength(1);
    const publisher = new Cluster(cluster.nodes.map((n) => ({ host: '127.0.0.1', port: n.port })));
    try {
      for (let i = 0; i < 6; i++) await publisher.publish(CHANNEL, `m${i}`);
      await waitFor(() => heard.length >= 6, 5_000, 'six messages');
      // (Each PUBLISH goes to a node of the Cluster client's choosing: their order across nodes is not kept.)
      expect([...heard].sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    } finally {
      publisher.disconnect();
    }
  });

  it('moves to another node when its node dies, subscribed again', async () => {
    const [port] = await subscribedNodes();
    await cluster.nodes.find((n) => n.port === port)!.kill();
    await waitFor(async () => (await subscribedNodes()).some((p) => p !== port), 15_000, 'the subscription on another node');
    const other = cluster.nodes.find((n) => n.port !== port)!;
    const publisher = new Redis({ host: '127.0.0.1', port: other.port });
    try {
      await waitFor(
        async () => {
          await publisher.publish(CHANNEL, 'after');
          return heard.includes('after');
        },
        5_000,
        'a message after the move',
      );
    } finally {
      publisher.disconnect();
    }
  }, 30_000);

  it('waits between attempts while no node answers', async () => {
    await cluster.stop();
    // Stand-ins at the nodes' addresses that count the connections made to them and close each at once, as a node
    // going down does: every attempt of the subscriber, whatever client makes it, is counted.
    let attempts = 0;
    const standIns = await Promise.all(
      cluster.nodes.map(
        (node) =>
          new Promise<Server>((resolve, reject) => {
            const server = createServer((socket) => {
              attempts++;
              socket.destroy();
            });
            server.once('error', reject);
            server.listen(node.port, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    } finally {
      await Promise.all(standIns.map((server) => new Promise((resolve) => server.close(resolve))));
    }
    // The capped back-off (200 ms more each time, at most 2 s): about six attempts in 4 s.
    process.stdout.write(`cluster subscriber: ${attempts} connections in 4 s with every node down\n`);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(12);
  }, 30_000);
});
