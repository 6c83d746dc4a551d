import { createGzip, type Gzip } from 'node:zlib';

/**
 * Text gzipped as it is written. Lines are encoded as UTF-8 straight into a buffer of PIECE_BYTES, and each full
 * buffer goes to zlib, which compresses it on libuv's threads while the writer goes on. A bulk chunk's answers
 * (about 1 MB of JSON for 400 charts) are so let go a few at a time, not kept to the chunk's end, where they had
 * outlived the young generation (copied, promoted) and were then joined and encoded again as one string.
 * Encoding into the buffer took 2.5-3.9 µs a 2.8 KB answer; Buffer.from of a 64 KB string of joined answers
 * 5.5-8.7 µs an answer (bench, same answers: the joined string is flattened first).
 */
const PIECE_BYTES = 64 * 1024;
/** UTF-8 takes at most 3 bytes for each UTF-16 code unit. */
const MAX_BYTES_PER_UNIT = 3;

export class GzipText {
  private readonly zip: Gzip = createGzip();
  private readonly parts: Buffer[] = [];
  private piece = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;
  private readonly result: Promise<Buffer>;

  constructor() {
    this.zip.on('data', (part: Buffer) => this.parts.push(part));
    this.result = new Promise<Buffer>((resolve, reject) => {
      this.zip.once('end', () => resolve(Buffer.concat(this.parts)));
      this.zip.once('error', reject);
    });
    this.result.catch(() => undefined); // awaited by end(); a discarded one must not be an unhandled rejection
  }

  add(text: string): void {
    if (this.used + text.length * MAX_BYTES_PER_UNIT > PIECE_BYTES) {
      this.flush();
      // A text larger than a piece (a drawing's SVG) goes to zlib as it is.
      if (text.length * MAX_BYTES_PER_UNIT > PIECE_BYTES) {
        this.zip.write(text);
        return;
      }
    }
    this.used += this.piece.write(text, this.used);
  }

  /** All the text written, gzipped. */
  end(): Promise<Buffer> {
    this.flush();
    this.zip.end();
    return this.result;
  }

  /** Nothing more will be written nor read (a cancelled chunk): zlib's memory is freed now. After end(), a no-op. */
  discard(): void {
    this.zip.destroy();
  }

  /** The piece so far goes to zlib, which keeps it until compressed: the next piece is a new buffer. */
  private flush(): void {
    if (this.used === 0) return;
    this.zip.write(this.piece.subarray(0, this.used));
    this.piece = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
  }
}
