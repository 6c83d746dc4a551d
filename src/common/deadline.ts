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

/** Settles like `promise`, or rejects with DeadlineExceeded at `deadline` (epoch ms), whichever comes first. */
export function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const ms = deadline - Date.now();
  if (ms <= 0) {
    promise.catch(() => undefined); // its later failure must not become an unhandled rejection
    return Promise.reject(new DeadlineExceeded());
  }
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
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
