import { presentedApiKey } from '../../../common/api-key-header';
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** How many requests of one key may wait for their turn; beyond, the API answers as for any overload. */
export const MAX_PARKED_PER_KEY = 10_000;

const RECEIVED_AT = Symbol('hd.receivedAt');

/** When the request reached the server (before any wait for admission): the start of its one deadline. */
export function receivedAtOf(req: IncomingMessage): number | undefined {
  return (req as IncomingMessage & { [RECEIVED_AT]?: number })[RECEIVED_AT];
}

interface Parked {
  req: IncomingMessage;
  res: ServerResponse;
  go: () => void;
  deadline: number;
}

interface KeyState {
  active: number;
  parked: Parked[];
}

/** Answers a request that never reached the framework (overload, or its deadline passed while it waited). */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, why: 'overloaded' | 'expired') => void;

/** How often waiting requests are looked at for an expired deadline (only while some wait). */
const EXPIRY_CHECK_MS = 100;

/**
 * Per-key fair admission, ahead of Express: each key has at most `limit` requests being worked on in this API
 * process; its further requests wait, unread, in arrival order, and go in as its earlier ones are answered.
 * Keys have no count limit (they are bought for unlimited use), but a key that holds 400 requests in flight
 * no longer fills the event loop with them: another key's request is admitted at once and competes with only
 * `limit` of the heavy key's, so it is answered in about the time an unloaded service takes, while the heavy
 * key keeps every worker busy (32 concurrent requests already saturate the 2-core machine).
 *
 * Why here and not in a Nest guard: by the time a guard runs, Express has parsed and decorated the request and
 * the body parser has read it; a parked request must cost nothing but its socket.
 */
export class KeyAdmission {
  private readonly keys = new Map<string, KeyState>();
  private parkedTotal = 0;
  private expiryTimer?: NodeJS.Timeout;

  /** `limit` requests per key at once (0: no admission control); `timeoutMs`: the requests' deadline (JOB_TIMEOUT_MS). */
  constructor(
    private readonly limit: number,
    private readonly timeoutMs: number,
  ) {}

  /** Requests waiting for their key's turn (a metric). */
  get parked(): number {
    return this.parkedTotal;
  }

  /** Wraps the server's request listener. Requests without a key (HD-Api-Key or Bearer) go straight through. */
  wrap(next: RequestListener, answer: EarlyAnswer): RequestListener {
    return (req, res) => {
      const receivedAt = Date.now();
      (req as IncomingMessage & { [RECEIVED_AT]?: number })[RECEIVED_AT] = receivedAt;
      const key = presentedApiKey(req.headers);
      if (!key || this.limit <= 0) return next(req, res);
      const id = createHash('sha256').update(key.trim()).digest('base64url');
      let state = this.keys.get(id);
      if (!state) this.keys.set(id, (state = { active: 0, parked: [] }));
      const go = () => {
        state.active++;
        res.once('close', () => this.release(id, state));
        next(req, res);
      };
      if (state.active < this.limit) return go();
      if (state.parked.length >= MAX_PARKED_PER_KEY) return answer(req, res, 'overloaded');
      state.parked.push({ req, res, go, deadline: receivedAt + this.timeoutMs });
      this.parkedTotal++;
      this.expiryTimer ??= setInterval(() => this.expire(answer), EXPIRY_CHECK_MS).unref();
    };
  }

  /** A request whose deadline passed while it waited is answered here (it waits in arrival order: oldest first). */
  private expire(answer: EarlyAnswer): void {
    const now = Date.now();
    for (const [id, state] of this.keys) {
      while (state.parked.length > 0 && state.parked[0].deadline <= now) {
        const { req, res } = state.parked.shift()!;
        this.parkedTotal--;
        if (!res.destroyed && !res.writableEnded) answer(req, res, 'expired');
      }
      if (state.active === 0 && state.parked.length === 0) this.keys.delete(id);
    }
    if (this.parkedTotal === 0) {
      clearInterval(this.expiryTimer);
      this.expiryTimer = undefined;
    }
  }

  private release(id: string, state: KeyState): void {
    state.active--;
    while (state.parked.length > 0 && state.active < this.limit) {
      const { res, go } = state.parked.shift()!;
      this.parkedTotal--;
      if (res.destroyed || res.writableEnded) continue; // the caller hung up while waiting
      go();
    }
    if (state.active === 0 && state.parked.length === 0) this.keys.delete(id);
  }
}
