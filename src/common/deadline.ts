/**
 * One deadline per request covers every wait it makes (key check, Redis reconnect, enqueue, the job itself):
 * whatever hangs, the caller is answered by then.
 */
export class DeadlineExceeded extends Error {
  constructor() {
    super('deadline exceeded');
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Settles like `promise`, or rejects with DeadlineExceeded at `deadline` (epoch ms), or with the signal's reason
 * when `signal` aborts (the caller hung up), whichever comes first.
 */
export function beforeDeadline<T>(promise: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
  const ms = deadline - Date.now();
  if (ms <= 0 || signal?.aborted) {
    promise.catch(() => undefined); // its later failure must not become an unhandled rejection
    return Promise.reject(signal?.aborted ? (signal.reason as Error) : new DeadlineExceeded());
  }
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
    if (signal) signal.addEventListener('abort', (onAbort = () => reject(signal.reason as Error)), { once: true });
  });
  return Promise.race([promise, expired]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal!.removeEventListener('abort', onAbort);
  });
}

/**
 * Resolves true as soon as `isUp()` holds, false at the deadline. Polled: it only runs while something is
 * down, and a 50 ms poll turns a reconnect into an answer within 50 ms.
 */
export async function waitUntil(isUp: () => boolean, deadline: number, pollMs = 50): Promise<boolean> {
  while (!isUp()) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((r) => setTimeout(r, Math.min(pollMs, left)));
  }
  return true;
}
