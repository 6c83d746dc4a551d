/**
 * Real Redis topologies on loopback for the high-availability tests: a primary with replicas watched by three
 * Sentinels, and a three-node Redis Cluster. Every server runs memory-only on a free port in a temp dir of its
 * own, and is killed by PID (stop(), and on process exit as a last resort). Every wait is bounded.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { freePort, waitFor } from './service';

const run = promisify(execFile);

export interface RedisProcess {
  port: number;
  dir: string;
  child: ChildProcess;
  readonly pid: number;
  /** SIGKILL by PID (a crash, not a shutdown); resolves once the process is gone. */
  kill(): Promise<void>;
}

const running = new Set<RedisProcess>();
process.once('exit', () => {
  for (const server of running) {
    try {
      process.kill(server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function killProcess(server: RedisProcess): Promise<void> {
  running.delete(server);
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5_000); // bounded even if the exit event never comes
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(server.pid, 'SIGKILL');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** A one-shot command against 127.0.0.1:port (no retries). */
export async function ask(port: number, ...args: (string | number)[]): Promise<unknown> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 2_000,
    disconnectTimeout: 50,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(String(args[0]), ...args.slice(1).map(String));
  } finally {
    client.disconnect();
  }
}

/**
 * Starts `redis-server` with the arguments given (after a free port, loopback, memory only) and waits for PING. A
 * server that cannot bind its port (taken meanwhile by another suite's process) is started again on another port,
 * unless the port was given.
 */
export async function startRedisServer(
  more: string[] | ((dir: string) => string[]) = [],
  { sentinel = false, port: givenPort }: { sentinel?: boolean; port?: number } = {},
): Promise<RedisProcess> {
  // (The arguments' function is asked once without a directory only to see whether the server is a Cluster node.)
  const cluster = (typeof more === 'function' ? more('') : more).includes('--cluster-enabled');
  for (let attempt = 1; ; attempt++) {
    // A given port lets a test restart a server at the same address.
    const port = givenPort ?? (cluster ? await freeClusterPort() : await freePort());
    try {
      return await launchRedisServer(port, more, sentinel);
    } catch (err) {
      if (givenPort !== undefined || attempt === 3 || !(err instanceof PortTaken)) throw err;
    }
  }
}

class PortTaken extends Error {}

/**
 * A port for a Cluster node, whose bus listens on port + 10000 as well. Both are taken below the kernel's ephemeral
 * range (32768 and up here), where the operating system never hands out a client socket's port: a free port from
 * the kernel (freePort) put the bus port in that range, and once a client's connection held it the node could
 * not start ("bind: Address already in use", seen in a run of queue-shards, 2026-12-01).
 */
async function freeClusterPort(): Promise<number> {
  for (;;) {
    const port = 15_000 + Math.floor(Math.random() * 7_000); // bus 25000-31999
    if ((await portIsFree(port)) && (await portIsFree(port + 10_000))) return port;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function launchRedisServer(port: number, more: string[] | ((dir: string) => string[]), sentinel: boolean): Promise<RedisProcess> {
  const dir = mkdtempSync(join(tmpdir(), sentinel ? 'hd-sentinel-' : 'hd-redis-'));
  const extraArgs = typeof more === 'function' ? more(dir) : more;
  let args: string[];
  if (sentinel) {
    const conf = join(dir, 'sentinel.conf');
    writeFileSync(conf, [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, ...extraArgs, ''].join('\n'));
    args = [conf, '--sentinel', '--logfile', join(dir, 'sentinel.log')];
  } else {
    args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', join(dir, 'redis.log'), ...extraArgs];
  }
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const server: RedisProcess = {
    port,
    dir,
    child,
    get pid() {
      return child.pid!;
    },
    kill: () => killProcess(server),
  };
  running.add(server);
  let onExit = (): void => undefined;
  const exited = new Promise<never>((_, reject) => {
    onExit = () => {
      const log = readLog(join(dir, sentinel ? 'sentinel.log' : 'redis.log'));
      const message = `redis-server on port ${port} exited at start: ${log.split('\n').slice(-3).join(' | ')}`;
      reject(/Address already in use/.test(log) ? new PortTaken(message) : new Error(message));
    };
    child.once('exit', onExit);
  });
  try {
    await Promise.race([waitFor(async () => (await ask(port, 'PING')) === 'PONG', 10_000, `redis-server on port ${port} (${dir})`), exited]);
  } catch (err) {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    child.off('exit', onExit); // a later exit (stop(), a test's kill) is not a failed start
  }
  return server;
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '(no log)';
  }
}

async function stopAll(servers: RedisProcess[]): Promise<void> {
  await Promise.all(servers.map((s) => s.kill()));
  for (const s of servers) rmSync(s.dir, { recursive: true, force: true });
}

export interface SentinelSet {
  name: string;
  primary: RedisProcess;
  replicas: RedisProcess[];
  sentinels: RedisProcess[];
  /** `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3` for REDIS_SENTINELS. */
  sentinelList: string;
  /** The primary's port according to a Sentinel that answers. */
  primaryPort(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/**
 * A primary, `replicas` replicas (--replicaof) and three Sentinels (quorum 2, down after 1 s, failover timeout
 * 5 s), ready once the replicas are in sync and every Sentinel knows the replicas and its two peers.
 */
export async function startSentinelSet(name = 'hdprimary', replicas = 2): Promise<SentinelSet> {
  const servers: RedisProcess[] = [];
  try {
    // Diskless sync without delay: replicas are in sync within milliseconds.
    const sync = ['--repl-diskless-sync', 'yes', '--repl-diskless-sync-delay', '0'];
    const primary = await startRedisServer(sync);
    servers.push(primary);
    const replicaSet = await Promise.all(Array.from({ length: replicas }, () => startRedisServer([...sync, '--replicaof', '127.0.0.1', String(primary.port)])));
    servers.push(...replicaSet);
    const conf = [
      `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 5000`,
      `sentinel parallel-syncs ${name} 1`,
    ];
    const sentinels = await Promise.all([0, 1, 2].map(() => startRedisServer(conf, { sentinel: true })));
    servers.push(...sentinels);

    await waitFor(
      async () => {
        for (const r of replicaSet) {
          if (!String(await ask(r.port, 'INFO', 'replication')).includes('master_link_status:up')) return false;
        }
        return true;
      },
      10_000,
      'replicas in sync',
    );
    await waitFor(
      async () => {
        for (const s of sentinels) {
          const known = (await ask(s.port, 'SENTINEL', 'REPLICAS', name)) as unknown[];
          const peers = (await ask(s.port, 'SENTINEL', 'SENTINELS', name)) as unknown[];
          if (known.length !== replicas || peers.length !== sentinels.length - 1) return false;
        }
        return true;
      },
      20_000,
      'Sentinels to discover the replicas and each other',
    );

    const set: SentinelSet = {
      name,
      primary,
      replicas: replicaSet,
      sentinels,
      sentinelList: sentinels.map((s) => `127.0.0.1:${s.port}`).join(','),
      async primaryPort() {
        for (const s of sentinels) {
          if (s.child.exitCode !== null) continue;
          const addr = (await ask(s.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name).catch(() => null)) as string[] | null;
          if (addr) return Number(addr[1]);
        }
        return undefined;
      },
      stop: () => stopAll(servers),
    };
    return set;
  } catch (err) {
    await stopAll(servers);
    throw err;
  }
}

export interface RedisClusterSet {
  nodes: RedisProcess[];
  /** `127.0.0.1:p1,…` for REDIS_CLUSTER_NODES. */
  nodeList: string;
  stop(): Promise<void>;
}

/**
 * `size` masters (and `replicasPerMaster` replicas of each) joined by `redis-cli --cluster create`; ready once
 * cluster_state:ok everywhere and every replica is in sync with its master.
 */
export async function startRedisCluster(size = 3, replicasPerMaster = 0): Promise<RedisClusterSet> {
  const nodes: RedisProcess[] = [];
  try {
    for (let i = 0; i < size * (1 + replicasPerMaster); i++) {
      nodes.push(
        await startRedisServer((dir) => ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf'), '--cluster-node-timeout', '2000']),
      );
    }
    const addresses = nodes.map((n) => `127.0.0.1:${n.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', String(replicasPerMaster), '--cluster-yes'], { timeout: 20_000 });
    await waitFor(
      async () => {
        for (const n of nodes) {
          if (!String(await ask(n.port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) return false;
          const replication = String(await ask(n.port, 'INFO', 'replication'));
          if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
        }
        return true;
      },
      20_000,
      'cluster_state:ok on every node, replicas in sync',
    );
    return { nodes, nodeList: addresses.join(','), stop: () => stopAll(nodes) };
  } catch (err) {
    await stopAll(nodes);
    throw err;
  }
}
