import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The API process draws nothing and resolves no birth, so it must not load the drawing and PDF libraries (resvg's
 * native library, fontkit and brotli, pdfkit: 19 MB of its RSS) nor geo-tz's index (9 MB); a worker loads them in its
 * warm-up, before its first job. Conversely a worker serves no public route, so it loads none of the API's modules and
 * their libraries (src/api-role.ts).
 */
describe('each role loads its own libraries: drawing, PDF and time zones in a worker, the public routes in the API', () => {
  const ROOT = resolve(__dirname, '../../../..');
  const loaded = (script: string): string[] =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          '-e',
          `${script}; console.log(JSON.stringify([...new Set(Object.keys(require.cache).map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean))]))`,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      )
        .trim()
        .split('\n')
        .pop()!,
    ) as string[];
  const LIBRARIES = ['@resvg/resvg-js', 'fontkit', 'brotli', 'pdfkit', 'svg-to-pdfkit', 'geo-tz'];

  it('the whole module tree (every role) loads none of them', () => {
    const modules = loaded(`require('./src/app.module'); require('./src/http-app')`);
    expect(modules).toEqual(expect.arrayContaining(['@nestjs/core', 'bullmq', 'swisseph']));
    expect(LIBRARIES.filter((l) => modules.includes(l))).toEqual([]);
  }, 60_000);

  it("a worker's warm-up loads them all", () => {
    const modules = loaded(`require('./src/modules/chart/jobs/chart-jobs').warmUp()`);
    expect(LIBRARIES.filter((l) => !modules.includes(l))).toEqual([]);
  }, 60_000);

  // The converse (src/api-role.ts): a worker process builds its module tree and HTTP app without the API's modules.
  const API_LIBRARIES = ['@nestjs/swagger', '@modelcontextprotocol/sdk', 'stripe', 'nodemailer', '@bull-board/api', 'csv-parse'];
  const tree = (role: string) =>
    loaded(
      `const { loadConfig } = require('./src/config/app-config'); require('./src/app.module').AppModule.forRole(loadConfig({ APP_ROLE: '${role}' })); require('./src/http-app')`,
    );

  it("a worker's module tree loads none of the API's libraries", () => {
    const modules = tree('worker');
    expect(modules).toEqual(expect.arrayContaining(['@nestjs/core', 'bullmq', 'swisseph']));
    expect(API_LIBRARIES.filter((l) => modules.includes(l))).toEqual([]);
  }, 60_000);

  it("the API's module tree loads them all", () => {
    const modules = tree('api');
    expect(API_LIBRARIES.filter((l) => !modules.includes(l))).toEqual([]);
  }, 60_000);
});
