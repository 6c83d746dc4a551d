/**
 * The connector of a subscriber in cluster mode: a plain ioredis client that connects to one node of the cluster at
 * a time, the next configured node on each (re)connect.
 *
 * Why this exists: a Cluster client subscribes through ioredis's ClusterSubscriber, which on losing its node picks
 * another at once and never waits (its connection has no retry strategy, by design, to miss few messages). With every
 * node down that is a loop without pause: measured on 2026-12-02 (ioredis 6.0.0, three masters and three replicas
 * stopped), 1,770 refused connections in 2 s from one API process, 0.7 of a core in the API and 0.35 in a worker for
 * as long as the outage lasted (0.02–0.08 with this connector), and an orphaned worker child at 1.6 cores;
 * test/cluster-subscriber.e2e-spec.ts counts 6,456 connections in 4 s from one Cluster client, 5 from this one. Classic pub/sub needs no Cluster
 * client: Redis Cluster delivers a PUBLISH on any node to the subscribers of every node, replicas included. So the
 * subscriber is a plain client with the usual capped back-off (reconnectDelay), which resubscribes by itself
 * (ioredis's autoResubscribe); this connector only moves it to the next node on each attempt, so one node down, or
 * gone for good, costs one failed attempt.
 *
 * ioredis takes a connector class through its documented `Connector` option; this one is its own standalone connector
 * (not exported by the package's index, hence the path) with the address chosen per connect.
 */
import type { RedisOptions } from 'ioredis';
import { StandaloneConnector } from 'ioredis/built/connectors';
import type { RedisNodeAddress } from '../../config/app-config';

/** A connector class for a client that connects to `nodes` in turn, starting at a random one. */
export function clusterNodeConnector(nodes: readonly RedisNodeAddress[]): NonNullable<RedisOptions['Connector']> {
  if (nodes.length === 0) throw new Error('clusterNodeConnector needs at least one node');
  let next = Math.floor(Math.random() * nodes.length);
  return class ClusterNodeConnector extends StandaloneConnector {
    /** ioredis hands a `Connector` the client's options untyped. */
    constructor(options: unknown) {
      super(options as ConstructorParameters<typeof StandaloneConnector>[0]);
    }

    connect(...args: Parameters<StandaloneConnector['connect']>): ReturnType<StandaloneConnector['connect']> {
      const node = nodes[next];
      next = (next + 1) % nodes.length;
      this.options = { ...this.options, host: node.host, port: node.port };
      return super.connect(...args);
    }
  };
}
