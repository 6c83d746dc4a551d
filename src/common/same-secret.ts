import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (hashed first, so their lengths do not leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
