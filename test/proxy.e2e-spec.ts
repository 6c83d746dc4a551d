/**
 * The compose file's reverse proxy (proxy/nginx.conf), run for real: Debian's nginx in front of two API replicas and a
 * worker on loopback. The config is used as shipped but for what only Docker gives (the `api` name and its DNS, the
 * port), and a per-address limit of 4 instead of 256 so the test can pass it. Debian's nginx (1.22) predates `resolve`
 * on an upstream server (1.27.3, the compose image's), so that word goes too.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sample, scrape } from './helpers/metrics';
import { birth } from './helpers/load';
import { heavyRequest } from './helpers/heavy-load';
import { freePort, RunningService, startService, TEST_API_KEY, waitFor } from './helpers/service';

const NGINX = '/usr/sbin/nginx';
/** Without nginx the suite is skipped with a note, except under CI (which installs it), where it fails. */
const suite = existsSync(NGINX) || process.env.CI ? describe : describe.skip;
if (!existsSync(NGINX) && !process.env.CI) console.warn(`proxy test: SKIPPED — ${NGINX} not found (apt-get install -y nginx-light). Under CI this fails.`);
const CONFIG = readFileSync(join(__dirname, '..', 'proxy', 'nginx.conf'), 'utf8');

/** The shipped config with loopback replicas and port, a per-address limit of 4, and its files in `dir`. */
function localConfig(dir: string, port: number, replicas: string[]): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`proxy/nginx.conf no longer has ${String(from)}`);
    return text.replace(from, to);
  };
  let conf = CONFIG;
  conf = replace(conf, /^\s*resolver .*$/m, '');
  conf = replace(conf, /^\s*server api:3000 resolve;$/m, replicas.map((r) => `    server ${r};`).join('\n'));
  conf = replace(conf, /limit_conn per_address 256;/, 'limit_conn per_address 4;');
  conf = replace(conf, /listen 8080;/, `listen 127.0.0.1:${port};`);
  conf = replace(conf, /^http \{$/m, `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`);
  return `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n${conf}`;
}

const chartCount = (metrics: string) => sample(metrics, 'hd_http_request_duration_seconds_count', { method: 'POST', route: '/v1/chart', status: '200' }) ?? 0;

suite('reverse proxy (proxy/nginx.conf) in front of two API replicas', () => {
  let svc: RunningService;
  let secondApi: string;
  let nginx: ChildProcess;
  let dir: string;
  let proxyUrl: string;

  beforeAll(async () => {
    // Behind the proxy every connection comes from its address: the API's own per-address cap is off (README).
    svc = await startService({ env: { MAX_CONNECTIONS_PER_ADDRESS: '0' } });
    secondApi = await svc.startApi();
    dir = mkdtempSync(join(tmpdir(), 'hd-proxy-'));
    // Run as root, nginx's workers are `nobody`: they must reach the temp directory a large body is written to.
    chmodSync(dir, 0o755);
    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    const replicas = [svc.baseUrl, secondApi].map((u) => u.replace('http://', ''));
    writeFileSync(join(dir, 'nginx.conf'), localConfig(dir, port, replicas));
    execFileSync(NGINX, ['-t', '-q', '-c', join(dir, 'nginx.conf'), '-p', dir]); // the config as nginx reads it
    nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    await waitFor(async () => (await fetch(`${proxyUrl}/health/live`)).status === 200, 10_000, 'nginx');
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await svc?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) =>
    fetch(`${proxyUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY }, body: JSON.stringify(body) });

  it('spreads requests over both replicas and answers as the API does', async () => {
    const before = [chartCount(await scrape(svc.baseUrl)), chartCount(await scrape(secondApi))];
    for (let i = 0; i < 40; i++) {
      const res = await post('/v1/chart', birth(i));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { type: string }).type).toEqual(expect.any(String));
    }
    const served = [chartCount(await scrape(svc.baseUrl)) - before[0], chartCount(await scrape(secondApi)) - before[1]];
    expect(served[0] + served[1]).toBe(40);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(10); // round robin: about 20 each
    // The API's own errors pass through untouched.
    const bad = await post('/v1/chart', { birthdate: '1990-02-30', birthtime: '10:00', location: 'Paris, France' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('INVALID_DATE');
  });

  it("takes a bulk job's large body (a 1.3 MB CSV; 1 MB elsewhere) and streams its events through", async () => {
    const csv = 'birthdate,birthtime,location\n' + '1990-01-01,12:00,"Montreal, Quebec, Canada"\n'.repeat(30_000);
    expect(csv.length).toBeGreaterThan(1_300_000);
    const created = await fetch(`${proxyUrl}/v1/jobs`, { method: 'POST', headers: { 'content-type': 'text/csv', 'HD-Api-Key': TEST_API_KEY }, body: csv });
    const text = await created.text();
    if (created.status !== 202) throw new Error(`${created.status} ${text.slice(0, 300)}`);
    const job = JSON.parse(text) as { id: string; total: number };
    expect([created.status, job.total]).toEqual([202, 30_000]);
    const events = await fetch(`${proxyUrl}/v1/jobs/${job.id}/events`, { headers: { 'HD-Api-Key': TEST_API_KEY } });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await events.text()).toMatch(/event: completed\nid: 30000\n/);
    const elsewhere = await fetch(`${proxyUrl}/v1/charts/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'HD-Api-Key': TEST_API_KEY },
      body: 'x'.repeat(1_100_000),
    });
    expect(elsewhere.status).toBe(413);
  }, 60_000);

  it('refuses a fifth concurrent request from one address with a JSON 429 and Retry-After, while the four are served', async () => {
    // Five slow requests at once (10 years of ingresses each) over five connections.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => heavyRequest('ingresses', 70_000 + i)).map(({ path, body }) => post(path, body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_CONNECTIONS');
  }, 60_000);

  it('answers a JSON 503 when no replica is up', async () => {
    await svc.stopApis();
    const res = await post('/v1/chart', birth(1));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
  }, 30_000);
});
