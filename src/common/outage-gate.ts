import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from './api-error';
import { waitUntil } from './deadline';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export const RETRY_AFTER_S = '2';

export function unavailable(message: string): ApiError {
  return new ApiError(503, 'SERVICE_UNAVAILABLE', message, undefined, { 'Retry-After': RETRY_AFTER_S });
}

/**
 * Where a request meets a Redis outage. A blip (a restart, a Sentinel failover) should show as latency, not as
 * errors: the request waits for the connection to come back, up to its own deadline. Only OUTAGE_MAX_WAITING
 * requests wait at once, so a long outage cannot pile up unbounded memory; the rest get 503 at once, and a
 * waiting request whose deadline passes gets 503 too, both with Retry-After.
 */
@Injectable()
export class OutageGate {
  private waiting = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Requests now waiting for Redis (a metric). */
  get waitingCount(): number {
    return this.waiting;
  }

  /** Returns once `isUp()` holds; throws 503 SERVICE_UNAVAILABLE when it does not by the deadline or the gate is full. */
  async pass(isUp: () => boolean, deadline: number, what: string): Promise<void> {
    if (isUp()) return;
    if (this.waiting >= this.config.outageMaxWaiting) throw unavailable(`${what} is not reachable right now.`);
    this.waiting++;
    try {
      if (!(await waitUntil(isUp, deadline))) throw unavailable(`${what} did not come back within the request's time limit.`);
    } finally {
      this.waiting--;
    }
  }
}
