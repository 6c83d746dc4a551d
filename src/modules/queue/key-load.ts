import { Injectable } from '@nestjs/common';

/** BullMQ's largest priority (2^21). */
const MAX_PRIORITY = 2_097_152;

/**
 * Fairness without count limits (keys give unlimited use). Each API process counts the requests it has in
 * flight per key; a job's BullMQ priority is that count at enqueue time (1 = first served). A key with 400
 * requests in flight queues its next job behind everybody else's first ones, so a light key is served ahead of
 * a heavy key's backlog while the heavy key still uses every idle worker. Counted per API replica: with several
 * replicas behind a balancer each sees its share of a key's load, which keeps the ordering.
 */
@Injectable()
export class KeyLoad {
  private readonly inFlight = new Map<string, number>();

  /** Registers one request of the key; returns the job priority and the function that ends it. */
  enter(keyHash: string | undefined): { priority: number; leave: () => void } {
    const key = keyHash ?? 'anonymous';
    const count = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, count);
    let left = false;
    return {
      priority: Math.min(count, MAX_PRIORITY),
      leave: () => {
        if (left) return;
        left = true;
        const now = (this.inFlight.get(key) ?? 1) - 1;
        if (now <= 0) this.inFlight.delete(key);
        else this.inFlight.set(key, now);
      },
    };
  }

  /** Keys with requests in flight. */
  get activeKeys(): number {
    return this.inFlight.size;
  }

  /**
   * The `top` keys with the most requests in flight, as 8-hex-digit hash prefixes (enough to tell keys apart on
   * a dashboard, not to find a key), and the total over all keys: a bounded label set for /metrics.
   */
  snapshot(top = 10): { keys: Array<{ key: string; inFlight: number }>; total: number; activeKeys: number } {
    let total = 0;
    const all: Array<{ key: string; inFlight: number }> = [];
    for (const [key, n] of this.inFlight) {
      total += n;
      all.push({ key: key === 'anonymous' ? key : key.slice(0, 8), inFlight: n });
    }
    all.sort((a, b) => b.inFlight - a.inFlight);
    return { keys: all.slice(0, top), total, activeKeys: all.length };
  }
}
