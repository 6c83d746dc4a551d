import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The API process draws nothing and resolves no birth, so it must not load the drawing and PDF libraries (resvg's
 * native library, fontkit and brotli, pdfkit: 19 MB of its RSS) nor geo-tz's index (9 MB); a worker loads them in its
 * warm-up, before its first job.
 */
describe('drawing, PDF and time-zone libraries: loaded by a worker, never by the API', () => {
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
});
