import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new key: 256 random bits, URL-safe, with a recognisable prefix. */
export function generateApiKey(): string {
  return `hdk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Compares a presented key's hash with every static key's hash without an early exit. */
export function matchesAnyHash(hash: Buffer, known: readonly Buffer[]): boolean {
  let found = false;
  for (const candidate of known) found = timingSafeEqual(hash, candidate) || found;
  return found;
}
