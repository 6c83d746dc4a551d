/**
 * The bulk writer thread (processors/chunk-writer.ts): writes each open chunk's answer lines and CSV rows into
 * buffers of its own as they come (in time order), and when the chunk finishes copies them in input order into a
 * third and compresses that. Loads no engine (jobs/bulk-item-bytes.ts).
 *
 * The buffers are kept and used again, chunk after chunk. With a buffer an item (as the inline writer makes them)
 * the thread's heap held almost nothing and so was seldom collected, while the items' bytes, outside it, waited for
 * that collection: the worker's RSS peak in bench bulk was 445-458 MB with them against 404-424 with these logs
 * (334-341 with the inline writer); 25,000 charts in process: 383-448 against 351-352 (inline 274-323).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { itemTexts } from '../jobs/bulk-item-bytes';
import { gzipAsync } from '../jobs/gzip-parts';
import { type FromWriterThread, setThreadNice, type ToWriterThread } from './chunk-writer';

/** Bytes written one after another, with where each item's are; its memory grows as needed and is kept. */
class ByteLog {
  private bytes = Buffer.allocUnsafeSlow(1 << 20);
  private length = 0;
  private starts: number[] = [];
  private ends: number[] = [];

  reset(): void {
    this.length = 0;
    this.starts = [];
    this.ends = [];
  }

  write(at: number, text: string): void {
    const most = this.length + 3 * text.length;
    if (most > this.bytes.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(most, 2 * this.bytes.length));
      this.bytes.copy(bigger, 0, 0, this.length);
      this.bytes = bigger;
    }
    this.starts[at] = this.length;
    this.length += this.bytes.write(text, this.length, 'utf8');
    this.ends[at] = this.length;
  }

  /** The items' bytes in their order (0, 1, …, count - 1; an item never written adds nothing), into `into`. */
  ordered(count: number, into: ByteLog): Buffer {
    into.reset();
    if (into.bytes.length < this.length) into.bytes = Buffer.allocUnsafeSlow(this.length);
    for (let at = 0; at < count; at++) {
      if (this.starts[at] === undefined) continue;
      into.length += this.bytes.copy(into.bytes, into.length, this.starts[at], this.ends[at]);
    }
    return into.bytes.subarray(0, into.length);
  }
}

interface OpenChunk {
  operation: string;
  size: number;
  lines: ByteLog;
  rows: ByteLog;
}

const chunks = new Map<number, OpenChunk>();
/** Logs not in use, for the next chunks (as many as chunks were ever open at once, two or three). */
const spare: ByteLog[] = [];
const log = () => spare.pop() ?? new ByteLog();
function release(...logs: ByteLog[]): void {
  for (const l of logs) {
    l.reset();
    spare.push(l);
  }
}

setThreadNice((workerData as { nice: number }).nice);

const reply = (message: FromWriterThread, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** Compressed bytes in a buffer of their own, so that they move to the main thread instead of being copied. */
function own(bytes: Buffer): Uint8Array {
  const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

async function finish(chunk: number): Promise<void> {
  const open = chunks.get(chunk);
  chunks.delete(chunk);
  if (!open) return reply({ chunk, error: 'no such chunk' });
  const orderedLines = log();
  const orderedRows = log();
  try {
    const [data, csv] = await Promise.all([gzipAsync(open.lines.ordered(open.size, orderedLines)), gzipAsync(open.rows.ordered(open.size, orderedRows))]);
    const moved = { data: own(data), csv: own(csv) };
    reply({ chunk, ...moved }, [moved.data.buffer as ArrayBuffer, moved.csv.buffer as ArrayBuffer]);
  } catch (err) {
    reply({ chunk, error: (err as Error).message });
  } finally {
    release(open.lines, open.rows, orderedLines, orderedRows);
  }
}

parentPort!.on('message', (message: ToWriterThread) => {
  switch (message.kind) {
    case 'open':
      chunks.set(message.chunk, { operation: message.operation, size: message.size, lines: log(), rows: log() });
      return;
    case 'put': {
      const open = chunks.get(message.chunk);
      if (!open) return;
      for (const [at, id, outcome] of message.items) {
        const { line, row } = itemTexts(open.operation, id, outcome);
        open.lines.write(at, line);
        open.rows.write(at, row);
      }
      return;
    }
    case 'finish':
      void finish(message.chunk);
      return;
    case 'drop': {
      const open = chunks.get(message.chunk);
      chunks.delete(message.chunk);
      if (open) release(open.lines, open.rows);
    }
  }
});
