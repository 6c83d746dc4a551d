/**
 * Who stopped a connect: the failover detector (start over) or the caller (stop). The race itself is shown with real
 * servers in test/sentinel-reconnect-race.e2e-spec.ts; here, the connector's decision with its ioredis fields set
 * as ioredis sets them.
 */
import { FailoverSafeSentinelConnector } from './failover-safe-sentinel-connector';

interface Fields {
  connecting: boolean;
  failoverDetector: { isDisconnected: boolean; cleanup(): void } | null;
  restartAfterFailover: boolean;
}

function connector(): { c: FailoverSafeSentinelConnector; f: Fields } {
  const c = new FailoverSafeSentinelConnector({ sentinels: [{ host: '127.0.0.1', port: 1 }], name: 'primary' });
  return { c, f: c as unknown as Fields };
}

const detector = (isDisconnected: boolean) => ({ isDisconnected, cleanup: () => undefined });

describe('FailoverSafeSentinelConnector', () => {
  it('a failover announced during a connect asks for a restart, once, and drops the spent detector', () => {
    const { c, f } = connector();
    f.connecting = true;
    f.failoverDetector = detector(true); // the detector marks itself, then calls disconnect()
    c.disconnect();
    expect(f.restartAfterFailover).toBe(true);
    expect(f.failoverDetector).toBeNull();
    expect(f.connecting).toBe(false);
  });

  it("a caller's disconnect is never taken for the detector's, even after a failover", () => {
    const { c, f } = connector();
    f.connecting = true;
    f.failoverDetector = detector(false);
    c.disconnect();
    expect(f.restartAfterFailover).toBe(false);

    // The detector asked for a restart, then the caller closes the client (a shutdown during a failover).
    f.connecting = true;
    f.failoverDetector = detector(true);
    c.disconnect();
    expect(f.restartAfterFailover).toBe(true);
    f.connecting = true;
    c.disconnect();
    expect(f.restartAfterFailover).toBe(false);
  });

  it('a failover announced while connected asks for no restart (the closed stream reconnects as usual)', () => {
    const { c, f } = connector();
    f.connecting = false;
    f.failoverDetector = detector(true);
    c.disconnect();
    expect(f.restartAfterFailover).toBe(false);
  });

  it('a connect that fails for another reason still fails', async () => {
    const { c } = connector();
    // No retry strategy: one round over the (unreachable) Sentinel, then the error.
    (c as unknown as { options: { sentinelRetryStrategy: null } }).options.sentinelRetryStrategy = null;
    await expect(c.connect(() => undefined)).rejects.toThrow(/All sentinels are unreachable/);
  });
});
