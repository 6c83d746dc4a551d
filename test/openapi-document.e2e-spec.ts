/**
 * The committed OpenAPI document (openapi.json, which the typed client is generated from) is the one the API
 * serves, and it lints clean under Redocly's recommended rules (.redocly.lint-ignore.yaml lists the five findings
 * that are true of the API, each with its reason).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('openapi.json', () => {
  it('is what GET /docs-json serves (npm run docs:openapi rewrites it)', () => {
    const { status, stdout, stderr } = run(['-r', 'ts-node/register/transpile-only', 'scripts/openapi-document.ts', '--check']);
    expect({ status, output: `${stdout}${stderr}`.trim() }).toEqual({ status: 0, output: expect.stringContaining('up to date') });
  }, 120_000);

  it('lints clean with Redocly (recommended rules): no errors, no warnings', () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const { status, stdout, stderr } = run([cli, 'lint', 'openapi.json', '--format=json']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number; warnings: number; ignored: number } };
    expect({ totals: report.totals, stderr: stderr.includes('error') ? stderr : '' }).toEqual({ totals: { errors: 0, warnings: 0, ignored: 5 }, stderr: '' });
  }, 120_000);
});
