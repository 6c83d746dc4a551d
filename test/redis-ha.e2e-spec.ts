/**
 * Redis high availability end to end, on real servers (loopback, memory only, killed by PID afterwards):
 * - Sentinel: the API and the worker (separate processes) under load while the primary is SIGKILLed; Sentinel
 *   promotes a replica, both processes follow it without a restart, and charts are answered again within 5 s.
 * - Cluster: the same service over a three-node Redis Cluster, every key under the `{prefix}` hash tag.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { RedisClusterSet, SentinelSet, startRedisCluster, startSentinelSet } from './helpers/redis-servers';
import { post, RunningService, startService, waitFor } from './helpers/service';

const run = promisify(execFile);

const LOAD_CLIENTS = 8;
const LOAD_BEFORE_KILL_MS = 2_000;
const LOAD_AFTER_KILL_MS = 12_000;
const MAX_GAP_MS = 5_000;

interface Answer {
  start: number;
  end: number;
  status: number; // 0: no HTTP answer at all
}

/** A distinct birth per request: day and minute from the counter. */
function birth(i: number): { birthdate: string; birthtime: string; location: string } {
  const day = new Date(Date.UTC(1950, 0, 1) + (i % 20_000) * 86_400_000).toISOString().slice(0, 10);
  const minute = (i * 7) % 1_440;
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return { birthdate: day, birthtime: time, location: 'Berlin, Germany' };
}

/** The longest time between consecutive 200 answers (by answer time) inside [from, to]. */
function longestWithout200(answers: Answer[], from: number, to: number): { ms: number; from: number; to: number } {
  const times = [
    from,
    ...answers
      .filter((a) => a.status === 200)
      .map((a) => a.end)
      .sort((a, b) => a - b),
    to,
  ];
  let best = { ms: 0, from, to: from };
  for (let i = 1; i < times.length; i++) {
    if (times[i] - times[i - 1] > best.ms) best = { ms: times[i] - times[i - 1], from: times[i - 1], to: times[i] };
  }
  return best;
}

describe('Redis Sentinel: failover under load (API and worker processes)', () => {
  let set: SentinelSet | undefined;
  let svc: RunningService | undefined;

  beforeAll(async () => {
    set = await startSentinelSet('hdprimary', 2);
    svc = await startService({
      env: { REDIS_SENTINELS: set.sentinelList, REDIS_SENTINEL_NAME: set.name, REDIS_URL: `redis://127.0.0.1:${set.primary.port}` },
    });
  }, 60_000);

  afterAll(async () => {
    await svc?.stop().catch(() => undefined);
    await set?.stop();
  }, 30_000);

  it('keeps answering through a SIGKILL of the primary: a replica is promoted, no process restarts, gap ≤ 5 s', async () => {
    const s = set!;
    const service = svc!;
    const apiPid = service.api.pid;
    const workerPid = service.worker!.pid;
    const oldPrimary = s.primary.port;
    expect(await s.primaryPort()).toBe(oldPrimary);

    const answers: Answer[] = [];
    let counter = 0;
    const loadStart = Date.now();
    const killAt = loadStart + LOAD_BEFORE_KILL_MS;
    const loadEnd = killAt + LOAD_AFTER_KILL_MS;
    const client = async () => {
      while (Date.now() < loadEnd) {
        const start = Date.now();
        const status = await post(service.baseUrl, '/v1/chart', birth(counter++)).then(
          (r) => r.status,
          () => 0,
        );
        answers.push({ start, end: Date.now(), status });
      }
    };
    const load = Promise.all(Array.from({ length: LOAD_CLIENTS }, client));

    await new Promise((r) => setTimeout(r, killAt - Date.now()));
    const killedAt = Date.now();
    await s.primary.kill();
    let promotedAt = 0;
    let newPrimary: number | undefined;
    await waitFor(
      async () => {
        newPrimary = await s.primaryPort();
        if (newPrimary === oldPrimary) return false;
        promotedAt = Date.now();
        return true;
      },
      LOAD_AFTER_KILL_MS,
      'Sentinel to promote a replica',
    );
    await load;

    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const bad = answers.filter((a) => a.status !== 200).sort((a, b) => a.end - b.end);
    const badSpan = bad.length ? bad[bad.length - 1].end - bad[0].end : 0;
    const quiet = longestWithout200(answers, loadStart, loadEnd);
    const okAfterPromotion = answers.filter((a) => a.status === 200 && a.end > promotedAt).length;
    const slowest = Math.max(...answers.map((a) => a.end - a.start));
    const rel = (t: number) => `${((t - killedAt) / 1000).toFixed(2)} s`;
    // Answers per half second around the kill, by status: "+2.5s 200x31 503x2".
    const timeline: string[] = [];
    for (let t = Math.floor((loadStart - killedAt) / 500) * 500; t < loadEnd - killedAt; t += 500) {
      const inBucket = answers.filter((a) => a.end - killedAt >= t && a.end - killedAt < t + 500);
      const counts = Object.entries(inBucket.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}));
      timeline.push(`${t >= 0 ? '+' : ''}${(t / 1000).toFixed(1)}s ${counts.map(([st, n]) => `${st}x${n}`).join(' ') || '-'}`);
    }
    const figures = {
      requests: answers.length,
      byStatus,
      promotion: `${oldPrimary} -> ${newPrimary}, ${rel(promotedAt)} after the kill`,
      non200: bad.length ? `${bad.length} between ${rel(bad[0].end)} and ${rel(bad[bad.length - 1].end)} (span ${badSpan} ms)` : 'none',
      longestWithout200: `${quiet.ms} ms (${rel(quiet.from)} to ${rel(quiet.to)})`,
      okAfterPromotion,
      slowestAnswerMs: slowest,
      timeline,
    };
    console.log(`Sentinel failover under load (${LOAD_CLIENTS} clients, primary SIGKILLed at ${LOAD_BEFORE_KILL_MS} ms):\n${JSON.stringify(figures, null, 2)}`);
    if (quiet.ms > MAX_GAP_MS || badSpan > MAX_GAP_MS) {
      const warnings = (lines: string[]) =>
        lines
          .join('')
          .split('\n')
          .filter((l) => l && !l.includes('"route":"/health'))
          .slice(-60)
          .join('\n');
      console.log(`API log (last warnings):\n${warnings(service.logs.api)}\nworker log (last warnings):\n${warnings(service.logs.worker)}`);
    }

    // Sentinel promoted one of the replicas.
    expect(s.replicas.map((r) => r.port)).toContain(newPrimary);
    // The same API and worker processes, still running: they followed the new primary by themselves.
    expect(service.api.pid).toBe(apiPid);
    expect(service.worker!.pid).toBe(workerPid);
    expect(service.api.exitCode).toBeNull();
    expect(service.worker!.exitCode).toBeNull();
    // Charts are answered again after the failover.
    expect(okAfterPromotion).toBeGreaterThan(0);
    // The outage as callers saw it: no stretch without a 200 longer than 5 s, and 503/504 answers (if any)
    // confined to a window of at most 5 s.
    expect(quiet.ms).toBeLessThanOrEqual(MAX_GAP_MS);
    expect(badSpan).toBeLessThanOrEqual(MAX_GAP_MS);
    expect(bad.filter((a) => a.status !== 503 && a.status !== 504)).toEqual([]);

    // Both processes report ready on the new primary.
    await waitFor(async () => (await fetch(`${service.baseUrl}/health/ready`)).status === 200, 10_000, 'API ready');
    await waitFor(async () => (await fetch(`${service.workerUrl}/health/ready`)).status === 200, 10_000, 'worker ready');
  }, 45_000);
});

describe('Redis Cluster (API and worker processes)', () => {
  const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
  let cluster: RedisClusterSet | undefined;
  let svc: RunningService | undefined;

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
    svc = await startService({ env: { REDIS_CLUSTER_NODES: cluster.nodeList } });
  }, 60_000);

  afterAll(async () => {
    await svc?.stop().catch(() => undefined);
    await cluster?.stop();
  }, 30_000);

  it('serves /v1/chart end to end', async () => {
    const res = await post(svc!.baseUrl, '/v1/chart', RA);
    expect(res.status).toBe(200);
    // RULES 13.1 / reference chart ra-uru-hu
    expect(res.body).toMatchObject({ type: 'Manifestor', profile: '5/1', authority: 'Splenic' });
  });

  it('serves /v1/chart/bodygraph end to end', async () => {
    const res = await post(svc!.baseUrl, '/v1/chart/bodygraph', RA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.text).toContain('<svg');
  });

  it('keeps every key under the {prefix} hash tag, in one slot', async () => {
    const tag = `{${svc!.prefix}}`;
    const found: { port: number; key: string }[] = [];
    for (const node of cluster!.nodes) {
      const redis = new Redis({ host: '127.0.0.1', port: node.port, maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
          cursor = next;
          found.push(...keys.map((key) => ({ port: node.port, key })));
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    }
    const ours = found.filter((k) => k.key.includes(svc!.prefix));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((k) => !k.key.startsWith(`${tag}:`))).toEqual([]);
    expect(ours.map((k) => k.key)).toEqual(expect.arrayContaining([`${tag}:job-id-secret`, `${tag}:charts:meta`]));
    expect(new Set(ours.map((k) => k.port)).size).toBe(1); // one hash slot, so one node
    console.log(`Cluster keys: ${ours.length} under ${tag}, all on node 127.0.0.1:${ours[0].port}`);
  });

  it('creates and lists API keys through the CLI, and the API accepts the key', async () => {
    const env = { ...process.env, REDIS_CLUSTER_NODES: cluster!.nodeList, REDIS_PREFIX: svc!.prefix };
    const cli = (...args: string[]) => run(process.execPath, ['dist/cli/key.js', ...args], { cwd: join(__dirname, '..'), env, timeout: 20_000 });
    const created = await cli('create', 'ha-test');
    const key = created.stdout.trim();
    expect(key.length).toBeGreaterThanOrEqual(16);
    const listed = await cli('list');
    expect(listed.stdout).toContain('ha-test');
    const res = await post(svc!.baseUrl, '/v1/chart', RA, { key });
    expect(res.status).toBe(200);
  }, 45_000);
});
