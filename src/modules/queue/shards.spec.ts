import calculateSlot from 'cluster-key-slot';
import { shardPrefixes } from './shards';

describe('shardPrefixes (the light lane spread over REDIS_QUEUE_SHARDS queues)', () => {
  it('is the one queue prefix of an unsharded service', () => {
    expect(shardPrefixes('hd', '{hd}', 1, true)).toEqual(['{hd}']);
    expect(shardPrefixes('hd', 'hd', 1, false)).toEqual(['hd']);
  });

  it('outside a cluster: shard 0 as before, then REDIS_PREFIX-q1 …', () => {
    expect(shardPrefixes('hd', 'hd', 3, false)).toEqual(['hd', 'hd-q1', 'hd-q2']);
  });

  it.each([2, 3, 4, 6])('in a cluster: %i distinct hash tags whose slots fall in distinct equal parts of the slot space', (n) => {
    const prefixes = shardPrefixes('hd', '{hd}', n, true);
    expect(prefixes[0]).toBe('{hd}');
    expect(prefixes.every((p) => /^\{[^{}]+\}$/.test(p))).toBe(true);
    // The slot of a key under each prefix is the prefix's own (Redis Cluster spec: the hash tag decides).
    const parts = prefixes.map((p) => Math.floor((calculateSlot(`${p}:charts:wait`) * n) / 16_384));
    expect(new Set(parts).size).toBe(n);
  });

  it('with three shards, one on each master of a three-master cluster made by redis-cli (slots 0–5460, 5461–10922, 10923–16383)', () => {
    const master = (slot: number) => (slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2);
    const masters = shardPrefixes('hdtest', '{hdtest}', 3, true).map((p) => master(calculateSlot(p)));
    expect(new Set(masters).size).toBe(3);
  });
});
