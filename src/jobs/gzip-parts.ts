import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/** zlib's gzip on libuv's threads, awaited. */
export const gzipAsync = promisify(gzip);

/**
 * The parts, in their order, as one gzip member: joined once, then compressed in a single call on libuv's threads.
 * A bulk chunk keeps each item's answer as UTF-8 bytes (outside the JS heap: as strings they outlived the young
 * generation and were copied and promoted) until it has computed them all, in time order, and then gives them here
 * in input order. One call instead of a stream written part by part: the chunk's thread spends one call on zlib's
 * glue instead of one write per 64 KB, and a cancelled chunk has no stream to close.
 */
export function gzipParts(parts: readonly Buffer[]): Promise<Buffer> {
  return gzipAsync(Buffer.concat(parts));
}
