/**
 * The typed client (clients/typescript, its own package) against the running API: its own test suite (every
 * operation live, retries on 503 + Retry-After, typed errors), the freshness of its generated types, and the
 * type tests — `chart.incarnationCross.gates[0]` read as a number compiles, a misspelled field does not (tsc).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RunningService, startService, TEST_API_KEY } from './helpers/service';

const CLIENT = join(__dirname, '..', 'clients', 'typescript');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npm(args: string[], env: Record<string, string> = {}, timeout = 300_000) {
  const result = spawnSync(NPM, args, { cwd: CLIENT, encoding: 'utf8', env: { ...process.env, ...env }, timeout });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('clients/typescript', () => {
  let svc: RunningService;
  beforeAll(async () => {
    // The client is its own package: its dependencies are installed on first use (a clean clone has none).
    if (!existsSync(join(CLIENT, 'node_modules', 'openapi-fetch'))) {
      const install = npm(['ci', '--no-audit', '--no-fund']);
      if (install.status !== 0) throw new Error(`npm ci in clients/typescript failed:\n${install.output}`);
    }
    svc = await startService();
  }, 300_000);
  afterAll(async () => svc?.stop());

  it('its own tests pass against the running API, none skipped', () => {
    const { status, output } = npm(['test'], { HD_API_URL: svc.baseUrl, HD_API_KEY: TEST_API_KEY });
    // A failure names its test: each "not ok" line with what node:test says after it, then the summary at the end.
    const lines = output.split('\n');
    const failures = lines.flatMap((line, i) => (/^\s*not ok /.test(line) ? lines.slice(i, i + 40) : [])).join('\n');
    expect({ status, failures, tail: output.slice(-600) }).toEqual({ status: 0, failures: '', tail: expect.stringMatching(/# fail 0/) });
    expect(output).toMatch(/# skipped 0|# skip 0/);
    expect(Number(/# pass (\d+)/.exec(output)?.[1])).toBeGreaterThanOrEqual(40);
  }, 300_000);

  it('type tests with tsc: the typed fields compile, a misspelled field is refused by name', () => {
    const ok = npm(['run', 'typecheck:ok']);
    expect({ status: ok.status, output: ok.status === 0 ? '' : ok.output }).toEqual({ status: 0, output: '' });
    const misspelled = npm(['run', 'typecheck:misspelled']);
    expect(misspelled.status).toBe(0);
    expect(misspelled.output).toMatch(/TS(2339|2551)[^\n]*'incarnationCros'/);
  }, 120_000);

  it('its generated types are what openapi.json gives now', () => {
    const check = npm(['run', 'check-generated']);
    expect({ status: check.status, output: check.status === 0 ? '' : check.output }).toEqual({ status: 0, output: '' });
  }, 120_000);
});
