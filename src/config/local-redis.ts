import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';

/** True when a Redis server answers PING at the URL within the time given (the private server's start). */
export async function redisAnswers(url: string, timeoutMs = 1_500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private, loopback-only, memory-only redis-server for the life of this process and returns its URL.
 * Used by `npm start` on a machine where nothing answers at the default address.
 */
export async function startPrivateRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hd-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '""', '--appendonly', 'no', '--dir', dir, '--maxmemory-policy', 'noeviction'];
  // A watcher shell stops the server once this process is gone, however it ends (Nest re-raises SIGTERM after
  // closing, so no 'exit' event would fire).
  const script = `redis-server ${args.join(' ')} & r=$!; while kill -0 ${process.pid} 2>/dev/null && kill -0 $r 2>/dev/null; do sleep 0.5; done; kill $r 2>/dev/null`;
  const child = spawn('sh', ['-c', script], { stdio: 'ignore', detached: true });
  child.unref();
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(url, 200)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the private redis-server did not start');
}
