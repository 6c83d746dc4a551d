/**
 * Where the light lane's queues live when it is spread over REDIS_QUEUE_SHARDS queues (README "Scaling"). Every
 * BullMQ key of a queue carries its prefix, and in a Redis Cluster that prefix is a {hash tag}: all of one queue is
 * in one slot, so on one master. One queue per shard, each under its own tag, spreads the queue work over the
 * masters; the tags are chosen so their slots fall in N equal parts of the slot space, which a cluster made by
 * `redis-cli --cluster create` (or rebalanced) gives to different masters.
 *
 * Shard 0 is the queue of an unsharded service (the `{REDIS_PREFIX}` tag): its slot decides its part, and the other
 * shards take the remaining parts in order. Outside a cluster slots do not matter and shard i is simply under
 * `REDIS_PREFIX-q<i>`. The heavy lane is never sharded: its jobs are few (each costs far more compute than queue
 * work), and HEAVY_CONCURRENCY caps them per worker process, which one queue per process keeps exact.
 *
 * Pure: no Nest, no Redis.
 */
import calculateSlot from 'cluster-key-slot';

const SLOTS = 16_384;

/** The BullMQ prefix of each light shard, shard 0 first (`basePrefix` is the service's queue prefix). */
export function shardPrefixes(redisPrefix: string, basePrefix: string, shards: number, cluster: boolean): string[] {
  if (shards <= 1) return [basePrefix];
  if (!cluster) return [basePrefix, ...Array.from({ length: shards - 1 }, (_, i) => `${redisPrefix}-q${i + 1}`)];
  const partOf = (slot: number) => Math.floor((slot * shards) / SLOTS);
  const taken = partOf(calculateSlot(basePrefix));
  const parts = Array.from({ length: shards }, (_, p) => p).filter((p) => p !== taken);
  return [basePrefix, ...parts.map((part, i) => tagInPart(`${redisPrefix}-q${i + 1}`, part, partOf))];
}

/** `{name-k}` for the smallest k whose slot falls in `part` (about `shards` tries on average). */
function tagInPart(name: string, part: number, partOf: (slot: number) => number): string {
  for (let k = 0; ; k++) {
    const tag = `{${name}-${k}}`;
    if (partOf(calculateSlot(tag)) === part) return tag;
  }
}
