/**
 * Starts the real service for e2e tests: the API and the worker as separate Node processes (APP_ROLE=api and
 * APP_ROLE=worker) on free ports, against the real Redis, under a Redis key prefix of their own that is
 * deleted afterwards (other data in that Redis is never touched).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { deleteByPrefix } from '../../src/modules/redis/scan';
import { assertErrorShape } from './error-shape';
import { descendantsOf } from './processes';
import { TEST_API_KEY } from './test-key';

export { TEST_API_KEY } from './test-key';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ROOT = join(__dirname, '..', '..');

export interface StartOptions {
  /** Start a worker process next to the API (default true). */
  worker?: boolean;
  env?: Record<string, string>;
  workerEnv?: Record<string, string>;
  /** Static keys the API accepts (default: TEST_API_KEY). */
  apiKeys?: string[];
}

export interface RunningService {
  baseUrl: string;
  workerUrl?: string;
  prefix: string;
  api: ChildProcess;
  /** The last worker started; `workers` holds every one. */
  worker?: ChildProcess;
  workers: ChildProcess[];
  logs: { api: string[]; worker: string[] };
  startWorker(env?: Record<string, string>): Promise<void>;
  /** Another API replica over the same Redis and prefix; resolves to its base URL once healthy. */
  startApi(env?: Record<string, string>): Promise<string>;
  /** Stops every API process (the first and the replicas), leaving the workers. */
  stopApis(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The service's entry point as the tests run it: dist/main.js, compiled from src/ once per test run by
 * test/global-setup.ts (a process starts in less than half the time it takes through ts-node).
 */
export const SERVICE_MAIN = 'dist/main.js';

function launch(env: Record<string, string>, sink: string[]): ChildProcess {
  const child = spawn(process.execPath, [SERVICE_MAIN], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    sink.push(chunk.toString());
    if (sink.length > 500) sink.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      // not yet (a check that throws or rejects counts as false)
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function healthy(url: string): Promise<boolean> {
  const res = await fetch(`${url}/health`);
  return res.status === 200;
}

function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Deletes every Redis key under the prefix (and only those). */
export async function deletePrefix(prefix: string, redisUrl = REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined); // a test may have killed that Redis on purpose
  try {
    await deleteByPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const prefix = `hdtest${randomBytes(4).toString('hex')}`;
  const common = { REDIS_URL, REDIS_PREFIX: prefix, ...(options.env ?? {}) };
  const apiKeys = options.apiKeys ?? [TEST_API_KEY];
  const apiPort = await freePort();
  const logs = { api: [] as string[], worker: [] as string[] };
  const api = launch({ ...common, APP_ROLE: 'api', PORT: String(apiPort), HD_API_KEYS: apiKeys.join(',') }, logs.api);
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const extraApis: ChildProcess[] = [];
  const service: RunningService = {
    baseUrl,
    prefix,
    api,
    logs,
    workers: [],
    async startWorker(env = {}) {
      const workerPort = await freePort();
      service.worker = launch({ ...common, ...(options.workerEnv ?? {}), ...env, APP_ROLE: 'worker', PORT: String(workerPort) }, logs.worker);
      service.workers.push(service.worker);
      service.workerUrl = `http://127.0.0.1:${workerPort}`;
      await waitFor(() => healthy(service.workerUrl!), 60_000, `worker health (${logs.worker.join('')})`);
    },
    async startApi(env = {}) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      extraApis.push(launch({ ...common, ...env, APP_ROLE: 'api', PORT: String(port), HD_API_KEYS: apiKeys.join(',') }, logs.api));
      await waitFor(() => healthy(url), 60_000, `API replica health (${logs.api.join('')})`);
      return url;
    },
    async stopApis() {
      await Promise.all([stopProcess(api), ...extraApis.map(stopProcess)]);
    },
    async stop() {
      // A worker's heavy-lane child stops with its parent; one whose parent had to be killed (a stop past 10 s) is
      // killed here too, so that no process of a test outlives it (one left running kept jest from exiting).
      const processes = [api, ...extraApis, ...service.workers];
      const descendants = processes.flatMap((child) => (child.pid ? descendantsOf(child.pid) : []));
      await Promise.all(processes.map(stopProcess));
      for (const pid of descendants) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await deletePrefix(prefix, common.REDIS_URL).catch(() => undefined);
    },
  };
  try {
    // the API and the worker start side by side (neither needs the other to come up)
    await Promise.all([waitFor(() => healthy(baseUrl), 60_000, 'API health'), options.worker !== false ? service.startWorker() : undefined]);
  } catch (err) {
    await service.stop();
    throw new Error(`${(err as Error).message}\nAPI log: ${logs.api.join('')}\nworker log: ${logs.worker.join('')}`, { cause: err });
  }
  return service;
}

/** A JSON body as the tests read it: untyped on purpose, checked by the tests' own assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place the e2e tests opt out of typing the service's JSON
export type Json = any;

export interface JsonResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** POSTs JSON (or a raw string body) with the test key unless told otherwise. */
export async function post<T = Json>(
  baseUrl: string,
  path: string,
  body: unknown,
  { key = TEST_API_KEY, raw = false }: { key?: string | null; raw?: boolean } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers['HD-Api-Key'] = key;
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: raw ? (body as string) : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (an SVG, say)
  }
  if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json')) assertErrorShape(res.status, parsed, `POST ${path}`);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
