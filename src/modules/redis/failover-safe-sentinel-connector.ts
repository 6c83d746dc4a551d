/**
 * ioredis's SentinelConnector with one race closed (ioredis 6.0.0).
 *
 * Why this exists: with `failoverDetector`, a client subscribes to +switch-master on the Sentinels and, when the
 * announcement comes, calls its connector's disconnect() to make the client start over on the new primary. If the
 * client is at that moment in the middle of a (re)connect (asking the Sentinels, or waiting between rounds, which is
 * the usual state after the old primary died), disconnect() stops that connect: it fails with "Connection is
 * closed.", and ioredis then sets the client's status to `end`, which it never leaves. Every client caught so (the
 * queue, queue events, a worker's blocking connection…) is dead for the life of the process. Seen in
 * test/redis-ha.e2e on a loaded machine: after a SIGKILL of the primary, no chart was answered again.
 *
 * This connector tells that case apart from a caller's own disconnect (the detector marks itself before it calls
 * disconnect(); a caller's disconnect finds it unmarked) and then starts the connect over, which asks the Sentinels
 * again and so finds the new primary. Everything else is ioredis's. ioredis accepts a connector class through its
 * documented `Connector` option, and BullMQ passes the option on to every client it builds from ours.
 */
import { SentinelConnector, type SentinelConnectionOptions } from 'ioredis';

type ConnectArgs = Parameters<SentinelConnector['connect']>;
type ConnectResult = Awaited<ReturnType<SentinelConnector['connect']>>;

/** The private fields read here (TypeScript-private in ioredis, plain properties at run time). */
interface ConnectorInternals {
  connecting: boolean;
  failoverDetector: { isDisconnected: boolean } | null;
}

export class FailoverSafeSentinelConnector extends SentinelConnector {
  /** Set when the failover detector stopped a connect in progress: that connect starts over instead of failing. */
  private restartAfterFailover = false;

  /** ioredis hands a `Connector` the client's options untyped. */
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  private get internals(): ConnectorInternals {
    return this as unknown as ConnectorInternals;
  }

  disconnect(): void {
    const { failoverDetector, connecting } = this.internals;
    // The detector sets isDisconnected before calling disconnect(); at any other time it is false (a new detector
    // is made on every successful connect, and we drop a spent one below).
    const byFailoverDetector = failoverDetector?.isDisconnected === true;
    super.disconnect();
    if (byFailoverDetector) {
      this.internals.failoverDetector = null; // spent; a caller's later disconnect() must not read as the detector's
      if (connecting) this.restartAfterFailover = true;
    } else {
      this.restartAfterFailover = false; // the caller's disconnect wins over a restart the detector asked for
    }
  }

  async connect(...args: ConnectArgs): Promise<ConnectResult> {
    for (;;) {
      this.restartAfterFailover = false;
      try {
        return await super.connect(...args);
      } catch (err) {
        if (!this.restartAfterFailover) throw err;
        // A failover was announced while connecting: ask the Sentinels again (they now name the new primary).
      }
    }
  }
}
