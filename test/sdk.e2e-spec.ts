/**
 * GET /sdk/typescript.tgz: the typed client as the service serves it (scripts/pack-client.js packs it into
 * dist/sdk; test/global-setup.ts runs it), installed the way the READMEs say — `npm install <URL>` into a fresh
 * project in the OS tmpdir — then a small TypeScript program importing `@hd-chart-api/client` is type-checked and
 * compiled with tsc and run with node against the running API. Its answer is compared with the published chart of
 * the reference entry (test/fixtures/reference-charts.json), not with anything the API computed. Also: no key is
 * needed, and an API with no tarball answers a JSON 404 SDK_NOT_BUILT.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertErrorShape } from './helpers/error-shape';
import { loadReferenceCharts } from './helpers/reference-chart';
import { RunningService, startService, TEST_API_KEY } from './helpers/service';

const ROOT = join(__dirname, '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The environment without the npm_* variables `npm test` sets for the project, so npm in the scratch project is npm as a buyer runs it. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
}

function run(cmd: string, args: string[], cwd: string, timeout = 300_000) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: cleanEnv(), timeout });
  return { status: r.status, stdout: r.stdout ?? '', output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

describe('GET /sdk/typescript.tgz', () => {
  let svc: RunningService;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'hd-sdk-'));
    svc = await startService();
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('answers the packed client without a key: gzip, its length, a versioned file name', async () => {
    const res = await fetch(`${svc.baseUrl}/sdk/typescript.tgz`);
    const body = Buffer.from(await res.arrayBuffer());
    const { version } = JSON.parse(readFileSync(join(ROOT, 'clients', 'typescript', 'package.json'), 'utf8')) as { version: string };
    expect({
      status: res.status,
      type: res.headers.get('content-type'),
      length: res.headers.get('content-length'),
      disposition: res.headers.get('content-disposition'),
    }).toEqual({
      status: 200,
      type: 'application/gzip',
      length: String(body.length),
      disposition: `attachment; filename="hd-chart-api-client-${version}.tgz"`,
    });
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(body.equals(readFileSync(join(ROOT, 'dist', 'sdk', 'typescript.tgz')))).toBe(true);
  });

  it('installs with `npm install <URL>`; a TypeScript program importing it type-checks, runs, and reads the published chart', () => {
    const project = join(scratch, 'buyer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'buyer', version: '1.0.0', private: true }));
    const install = run(NPM, ['install', `${svc.baseUrl}/sdk/typescript.tgz`, '--no-audit', '--no-fund', '--prefer-offline'], project);
    expect({ status: install.status, output: install.status === 0 ? '' : install.output }).toEqual({ status: 0, output: '' });
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@hd-chart-api/client']).toBe(`${svc.baseUrl}/sdk/typescript.tgz`);

    // No @types/node in a buyer's fresh project: fetch and console come from the DOM library.
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'out', types: [] },
        files: ['example.ts'],
      }),
    );
    writeFileSync(
      join(project, 'example.ts'),
      `import { createHdClient, HdApiError } from '@hd-chart-api/client';

const hd = createHdClient({ baseUrl: ${JSON.stringify(svc.baseUrl)}, apiKey: ${JSON.stringify(TEST_API_KEY)} });

async function main(): Promise<void> {
  const chart = await hd.chart({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' });
  const gates: [number, number, number, number] = chart.incarnationCross.gates;
  const profile: string = chart.profile;
  console.log(JSON.stringify({ type: chart.type, profile, cross: chart.incarnationCross.name, gates }));
}

main().catch((err: unknown) => {
  console.error(err instanceof HdApiError ? \`\${err.code}: \${err.message}\` : err);
  throw err;
});
`,
    );
    const tsc = run(process.execPath, [TSC, '-p', 'tsconfig.json'], project, 120_000);
    expect({ status: tsc.status, output: tsc.status === 0 ? '' : tsc.output }).toEqual({ status: 0, output: '' });

    const example = run(process.execPath, [join('out', 'example.js')], project, 60_000);
    expect({ status: example.status, output: example.status === 0 ? '' : example.output }).toEqual({ status: 0, output: '' });
    const answer = JSON.parse(example.stdout.trim()) as { type: string; profile: string; cross: string; gates: number[] };

    // Ra Uru Hu's published chart: "Left Angle Cross of the Clarion (51/57 | 61/62)".
    const published = loadReferenceCharts().find((c) => c.id === 'ra-uru-hu')!.published as Record<string, string>;
    const cross = /^(.+) \((\d+)\/(\d+) \| (\d+)\/(\d+)\)$/.exec(published.incarnation_cross)!;
    expect(answer).toEqual({
      type: published.type,
      profile: published.profile,
      cross: expect.stringMatching(new RegExp(`^${cross[1]} \\d$`)) as unknown,
      gates: cross.slice(2).map(Number),
    });
    expect(answer).toMatchObject({ type: 'Manifestor', profile: '5/1', cross: 'Left Angle Cross of the Clarion 1', gates: [51, 57, 61, 62] });
  }, 600_000);

  it('answers a JSON 404 SDK_NOT_BUILT, saying to run `npm run build`, when the tarball was not built', async () => {
    const empty = join(scratch, 'empty-sdk');
    mkdirSync(empty);
    const bare = await svc.startApi({ SDK_DIR: empty });
    const res = await fetch(`${bare}/sdk/typescript.tgz`);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect({ status: res.status, type: res.headers.get('content-type'), code: body.error.code }).toEqual({
      status: 404,
      type: expect.stringMatching(/^application\/json/) as unknown,
      code: 'SDK_NOT_BUILT',
    });
    expect(body.error.message).toContain('npm run build');
    assertErrorShape(res.status, body, 'GET /sdk/typescript.tgz');
  }, 120_000);
});
