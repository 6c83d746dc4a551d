/**
 * /metrics off the public port (README "Prometheus metrics"): with METRICS_PORT each process serves it on a listener
 * of its own, the public port answers 404 there, and METRICS_TOKEN still applies. Real API and worker processes.
 */
import { RunningService, startService, waitFor } from './helpers/service';

const TOKEN = 'metrics-port-token-0123456789';

/** The port a process logged for its metrics listener (METRICS_PORT=0 takes any free one). */
function loggedPort(lines: string[]): number | undefined {
  for (const line of lines.join('\n').split('\n')) {
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'metrics listening') return entry.port;
    } catch {
      // not a JSON log line
    }
  }
  return undefined;
}

describe('METRICS_PORT: /metrics on a listener of its own', () => {
  let svc: RunningService;
  let apiPort: number;
  let workerPort: number;

  beforeAll(async () => {
    svc = await startService({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' } });
    await waitFor(() => loggedPort(svc.logs.api) !== undefined && loggedPort(svc.logs.worker) !== undefined, 20_000, 'the metrics listeners');
    apiPort = loggedPort(svc.logs.api)!;
    workerPort = loggedPort(svc.logs.worker)!;
  }, 120_000);
  afterAll(async () => svc?.stop());

  it('is not found on the public port', async () => {
    const res = await fetch(`${svc.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('serves the API’s and the worker’s metrics on their own ports, with the token', async () => {
    expect(apiPort).not.toBe(workerPort);
    for (const port of [apiPort, workerPort]) {
      const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('METRICS_TOKEN_INVALID');
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await ok.text()).toMatch(/^hd_ready\{role="(api|worker)"\} 1$/m);
      const other = await fetch(`http://127.0.0.1:${port}/health`);
      expect(other.status).toBe(404);
    }
  });
});
