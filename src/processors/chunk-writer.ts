import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { itemTexts, type ItemOutcome } from '../jobs/bulk-item-bytes';
import { gzipParts } from '../jobs/gzip-parts';

/**
 * Where a bulk chunk's answers become what is stored: each item's answer line and CSV row, encoded, then the
 * chunk's lines and rows compressed, in input order (processors/bulk-chunk.ts computes them in time order).
 *
 * BULK_WRITER=thread (the default): on a thread of the worker process, at nice BULK_WRITER_NICE, beside the main
 * thread that computes. With `npm start` on two cores the API's core is idle while a bulk job runs alone; the CSV
 * row, the encoding and the compression (about 40 µs of a chart item's 340 on the main thread, measured in process
 * with the chunk's caches as they are: `npm run bench -- bulk`, bulk.per_item_us) move there, and the main thread
 * spends about 3 µs an item handing the answer's JSON text over. The answer's JSON itself stays on the main thread:
 * handing the answer object to a thread (a structured clone) costs as much as serialising it. At nice 10 the thread
 * gives way to the API and to interactive work whenever they want a core. `inline`: all of it on the main thread,
 * as before (and what a chunk falls back to when the thread cannot be started).
 */
export interface ChunkWriter {
  /** The item at `at` (its place in the chunk) came to `outcome`. */
  put(at: number, id: unknown, outcome: ItemOutcome): void;
  /** The chunk's answer lines and CSV rows in input order, each set compressed as one gzip member. */
  finish(): Promise<{ data: Buffer; csv: Buffer }>;
  /** The chunk ends without storing (cancelled, or failed): what it held is dropped. */
  drop(): void;
}

/** Writes on the calling thread. */
export class InlineChunkWriter implements ChunkWriter {
  private readonly lines: Buffer[];
  private readonly rows: Buffer[];

  constructor(
    private readonly operation: string,
    size: number,
  ) {
    this.lines = new Array<Buffer>(size);
    this.rows = new Array<Buffer>(size);
  }

  put(at: number, id: unknown, outcome: ItemOutcome): void {
    // Encoded at once, off the JS heap: as strings they outlived the young generation and were copied and promoted.
    const { line, row } = itemTexts(this.operation, id, outcome);
    this.lines[at] = Buffer.from(line);
    this.rows[at] = Buffer.from(row);
  }

  async finish(): Promise<{ data: Buffer; csv: Buffer }> {
    const [data, csv] = await Promise.all([gzipParts(this.lines), gzipParts(this.rows)]);
    return { data, csv };
  }

  drop(): void {}
}

/** Messages to the thread (chunk-writer.thread.ts). */
export type ToWriterThread =
  | { kind: 'open'; chunk: number; operation: string; size: number }
  | { kind: 'put'; chunk: number; items: PutItem[] }
  | { kind: 'finish'; chunk: number }
  | { kind: 'drop'; chunk: number };

/** An item handed to the thread: its place in the chunk, its id, what it came to. */
export type PutItem = [at: number, id: unknown, outcome: ItemOutcome];

/** The thread's answers: a chunk's stored bytes, or why it could not make them. */
export type FromWriterThread = { chunk: number; data: Uint8Array; csv: Uint8Array } | { chunk: number; error: string };

interface Finishing {
  resolve(value: { data: Buffer; csv: Buffer }): void;
  reject(err: Error): void;
}

/**
 * The process's writer thread, started at the first chunk and shared by the chunks it runs at once. If it dies,
 * the chunks it held fail (BullMQ runs them again: a chunk has five attempts) and the next chunk starts a new one.
 */
export class ChunkWriterThread {
  private worker?: Worker;
  private nextChunk = 0;
  private readonly finishing = new Map<number, Finishing>();
  /** Chunks open on the current thread: a thread that dies fails those not yet finishing too. */
  private readonly open = new Set<ThreadChunkWriter>();
  /** Why no thread can be started here (one stopped before it ever came up): chunks are then written inline. */
  unavailable?: string;

  constructor(private readonly nice: number) {}

  writer(operation: string, size: number): ChunkWriter {
    if (this.unavailable) return new InlineChunkWriter(operation, size);
    const worker = this.started();
    const chunk = this.nextChunk++;
    worker.postMessage({ kind: 'open', chunk, operation, size } satisfies ToWriterThread);
    const writer = new ThreadChunkWriter(this, worker, chunk);
    this.open.add(writer);
    return writer;
  }

  /** Stops the thread (tests; the process's exit stops it otherwise, as it does not hold the process up). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.forget(new Error('the bulk writer thread stopped: closed'));
    if (worker) await worker.terminate();
  }

  /** The chunks of a thread that stopped: those finishing fail, those open fail at their finish. */
  private forget(err: Error): void {
    for (const waiting of this.finishing.values()) waiting.reject(err);
    this.finishing.clear();
    this.open.clear();
  }

  /** @internal */ finish(worker: Worker, writer: ThreadChunkWriter, chunk: number): Promise<{ data: Buffer; csv: Buffer }> {
    this.open.delete(writer);
    if (worker !== this.worker) return Promise.reject(new Error('the bulk writer thread stopped'));
    return new Promise((resolve, reject) => {
      this.finishing.set(chunk, { resolve, reject });
      worker.postMessage({ kind: 'finish', chunk } satisfies ToWriterThread);
    });
  }

  /** @internal */ dropped(writer: ThreadChunkWriter): void {
    this.open.delete(writer);
  }

  /** @internal */ failed(writer: ThreadChunkWriter): boolean {
    return !this.open.has(writer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startThread(this.nice);
    worker.unref();
    worker.on('message', (message: FromWriterThread) => {
      const waiting = this.finishing.get(message.chunk);
      if (!waiting) return;
      this.finishing.delete(message.chunk);
      if ('error' in message) waiting.reject(new Error(`bulk writer thread: ${message.error}`));
      else waiting.resolve({ data: asBuffer(message.data), csv: asBuffer(message.csv) });
    });
    let online = false;
    worker.once('online', () => (online = true));
    const stopped = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (!online) this.unavailable = reason;
      this.forget(new Error(`the bulk writer thread stopped: ${reason}`));
    };
    worker.on('error', (err) => stopped(err.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}

/** Items handed over together, in one message (fewer messages, each an allocation here freed on the other thread). */
const ITEMS_A_MESSAGE = 32;

class ThreadChunkWriter implements ChunkWriter {
  private done = false;
  private items: PutItem[] = [];

  constructor(
    private readonly host: ChunkWriterThread,
    private readonly worker: Worker,
    private readonly chunk: number,
  ) {}

  put(at: number, id: unknown, outcome: ItemOutcome): void {
    // The answer object stays here: only its text crosses (a clone of the object costs what its JSON does).
    this.items.push([at, id, 'json' in outcome ? { json: outcome.json } : outcome]);
    if (this.items.length >= ITEMS_A_MESSAGE) this.send();
  }

  private send(): void {
    if (this.items.length === 0) return;
    if (!this.host.failed(this)) this.worker.postMessage({ kind: 'put', chunk: this.chunk, items: this.items } satisfies ToWriterThread);
    this.items = [];
  }

  finish(): Promise<{ data: Buffer; csv: Buffer }> {
    if (this.done) return Promise.reject(new Error('the chunk was written already'));
    this.done = true;
    this.send();
    if (this.host.failed(this)) return Promise.reject(new Error('the bulk writer thread stopped'));
    return this.host.finish(this.worker, this, this.chunk);
  }

  drop(): void {
    if (this.done) return;
    this.done = true;
    this.items = [];
    const gone = this.host.failed(this);
    this.host.dropped(this);
    if (!gone) this.worker.postMessage({ kind: 'drop', chunk: this.chunk } satisfies ToWriterThread);
  }
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The thread's heap, MB: a cap, not a saving (the thread's RSS came from the bytes outside its heap: see
 * chunk-writer.thread.ts). Without it the thread would take the worker's young generation (--max-semi-space-size=32,
 * worker-pool.ts) for a heap that holds little. A thread that outgrows the old generation stops, and its chunks run again.
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 128 };

/**
 * The thread, compiled beside this file (dist/), or under ts-node (npm run start:ts, and jest) with its loader:
 * a thread does not take the TypeScript loader from its parent's -r.
 */
function startThread(nice: number): Worker {
  const compiled = !__filename.endsWith('.ts');
  const script = join(__dirname, `chunk-writer.thread.${compiled ? 'js' : 'ts'}`);
  const options = { workerData: { nice }, resourceLimits: THREAD_HEAP };
  if (compiled) return new Worker(script, options);
  return new Worker(`require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(script)});`, { ...options, eval: true });
}

/** The calling thread's own nice value, on Linux (a thread's id is its /proc/thread-self); elsewhere nothing. */
export function setThreadNice(nice: number): void {
  if (nice === 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // No /proc (not Linux): the thread runs at its process's priority.
  }
}
