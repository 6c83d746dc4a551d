/**
 * The README as a new user reads it: its first commands start the service (`npm ci` is what made this checkout's
 * node_modules, so it is checked, not run again), then every curl example runs as written against that service and
 * its answer is compared with the output the README shows. The only changes to the commands: `localhost:3000`
 * becomes the test's free port, and the shell session's `KEY=…` from the first example is set for every block.
 * The service runs under a Redis key prefix of its own (REDIS_PREFIX, PORT, WORKERS and ADMIN_TOKEN in its
 * environment, never in the commands).
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Block, differences, parseShown, readmeBlocks } from './helpers/readme';
import { deletePrefix, freePort, REDIS_URL, startService, waitFor, type RunningService } from './helpers/service';

const ROOT = join(__dirname, '..');
const ADMIN_TOKEN = 'readme-admin-token-0123456789';

/** Curl blocks not run, and why: each must be named here, so that a new example is never skipped silently. */
const NOT_RUN: Record<string, string> = {
  'Selling keys': 'needs a Stripe account (test/purchase.e2e-spec.ts drives these routes against a stand-in for Stripe)',
};

const blocks = readmeBlocks();
const runBlock = blocks.find((b) => b.section === 'Run it' && b.lang === 'sh')!;
const curlBlocks = blocks.filter((b) => b.lang === 'sh' && /^\s*curl /m.test(b.text));
const keyLine = /^KEY=\S+$/m.exec(curlBlocks[0]?.text ?? '')?.[0] ?? '';
/** The json block right after a curl block, if any: the output the README shows for it. */
const shownFor = (b: Block): Block | undefined => {
  const next = blocks[blocks.indexOf(b) + 1];
  return next?.lang === 'json' && next.line <= b.line + b.text.split('\n').length + 3 ? next : undefined;
};

function sh(script: string, port: number, cwd: string, env: Record<string, string> = {}): string {
  return execFileSync('sh', ['-ec', script.replace(/localhost:3000/g, `127.0.0.1:${port}`)], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the README matcher', () => {
  // Hand-written cases: what "…" means in the README's shown output.
  it('reads excerpts as "more keys" and "more items in this order"', () => {
    const shown = parseShown('{"a":1,"b":[1,2, …],"c":{…}, …everything else…}');
    expect(differences({ a: 1, b: [1, 2, 3], c: { x: 1 }, d: 4 }, shown)).toEqual([]);
    expect(differences({ a: 2, b: [1, 2], c: {} }, shown)).toHaveLength(1);
    expect(differences({ a: 1, b: [2, 1], c: {} }, shown)).toHaveLength(1);
    expect(differences({ a: 1, b: [1, 2], c: [] }, shown)).toHaveLength(1);
  });

  it('without "…" wants exactly the keys and items shown', () => {
    expect(differences({ a: 1, b: 2 }, parseShown('{"a":1}'))).toHaveLength(1);
    expect(differences([1, 2], parseShown('[1]'))).toHaveLength(1);
    expect(differences({ a: [1, [2]] }, parseShown('{"a":[1,[2]]}'))).toEqual([]);
  });
});

describe('the README, run as written', () => {
  let port: number;
  let app: ChildProcess;
  let log = '';
  let cwd: string;
  const prefix = `hdtestreadme${process.pid}`;

  beforeAll(async () => {
    // "npm ci" made this checkout's node_modules; the native module it builds must be there.
    expect(runBlock.text).toMatch(/^npm ci\b/m);
    expect(existsSync(join(ROOT, 'node_modules', 'swisseph'))).toBe(true);
    const start = runBlock.text.split('\n').find((l) => /\bnpm start\b/.test(l))!;
    port = await freePort();
    cwd = mkdtempSync(join(tmpdir(), 'hd-readme-'));
    app = spawn('sh', ['-c', start.replace(/\s+#.*$/, '')], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PORT: String(port), REDIS_URL, REDIS_PREFIX: prefix, WORKERS: '1', LOG_LEVEL: 'warn', ADMIN_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    app.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    await waitFor(async () => ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { workers?: number }).workers === 1, 90_000, 'npm start');
  }, 120_000);

  afterAll(async () => {
    if (app?.pid) {
      try {
        process.kill(-app.pid, 'SIGTERM'); // the shell, npm and the service: the group the test started
      } catch {
        // already gone
      }
      await waitFor(() => app.exitCode !== null || app.signalCode !== null, 15_000, 'npm start to stop').catch(() => process.kill(-app.pid!, 'SIGKILL'));
    }
    if (cwd) rmSync(cwd, { recursive: true, force: true });
    await deletePrefix(prefix);
  }, 30_000);

  it('the first curl after the first commands answers 200 with the chart shown', async () => {
    const first = curlBlocks[0];
    expect(first.section).toBe('The operations');
    const out = sh(first.text, port, cwd);
    expect(differences(JSON.parse(out), parseShown(shownFor(first)!.text))).toEqual([]);
    // The same call, for its status.
    const key = keyLine.slice('KEY='.length);
    const res = await fetch(`http://127.0.0.1:${port}/v1/chart`, {
      method: 'POST',
      headers: { 'HD-Api-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' }),
    });
    expect(res.status).toBe(200);
  });

  it('every curl example answers what the README shows', () => {
    const failures: string[] = [];
    let ran = 0;
    for (const block of curlBlocks) {
      if (NOT_RUN[block.section]) continue;
      const where = `README line ${block.line} (${block.section})`;
      let out: string;
      try {
        out = sh(`${keyLine}\n${block.text}`, port, cwd, { ADMIN_TOKEN });
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
        continue;
      }
      ran++;
      const shown = shownFor(block);
      if (shown) {
        let answer: unknown;
        try {
          answer = JSON.parse(out);
        } catch {
          failures.push(`${where}: not JSON: ${out.slice(0, 200)}`);
          continue;
        }
        failures.push(...differences(answer, parseShown(shown.text)).map((d) => `${where}: ${d}`));
      } else {
        // Drawings, readings and a bulk job's CSV go to files: each must be what its name says.
        const files = [...block.text.matchAll(/>\s*(\S+\.(svg|png|html|pdf|csv))/g)];
        const kinds: Record<string, [string, (bytes: Buffer) => boolean]> = {
          png: ['a PNG', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
          svg: ['an SVG document', (b) => /^(<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(b.toString('utf8', 0, 200))],
          html: ['an HTML page', (b) => /^<!DOCTYPE html>\s*<html[\s>]/i.test(b.toString('utf8', 0, 200)) && /<\/html>\s*$/.test(b.toString('utf8'))],
          csv: ['CSV with a header row and rows', (b) => /^id,status,[^\n]*\n[^\n]+\n/.test(b.toString('utf8'))],
          pdf: ['a PDF', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' && /%%EOF\s*$/.test(b.subarray(-16).toString('latin1'))],
        };
        for (const [, file, ext] of files) {
          const [what, ok] = kinds[ext];
          if (!ok(readFileSync(join(cwd, file)))) failures.push(`${where}: ${file} is not ${what}`);
        }
        if (!files.length && !out.trim().startsWith('{')) failures.push(`${where}: no output shown in the README and no JSON answered: ${out.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThanOrEqual(15);
  }, 120_000);

  it('skips only the blocks it names, each with its reason', () => {
    const sections = new Set(curlBlocks.map((b) => b.section));
    for (const section of Object.keys(NOT_RUN)) expect(sections.has(section)).toBe(true);
  });
});

describe('a server with no key at all', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({ apiKeys: [], worker: false });
  }, 90_000);
  afterAll(() => service?.stop());

  it('says at start, and in its 401s, how to make a key; once a key exists, a 401 says only the refusal', async () => {
    await waitFor(() => service.logs.api.join('').includes('No API key exists yet'), 10_000, 'the start-up hint');
    expect(service.logs.api.join('')).toContain('HD_API_KEYS=my-local-key-0123456789 npm start');

    const missing = await fetch(`${service.baseUrl}/v1/places?q=paris`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'API_KEY_MISSING',
      message: expect.stringContaining('npm run key -- create') as string,
    });
    const wrong = await fetch(`${service.baseUrl}/v1/places?q=paris`, { headers: { 'HD-Api-Key': 'my-local-key-0123456789' } });
    const wrongBody = (await wrong.json()) as { error: { code: string; message: string } };
    expect(wrong.status).toBe(401);
    expect(wrongBody.error.code).toBe('API_KEY_INVALID');
    expect(wrongBody.error.message).toContain('This server has no API key yet');

    // A key made as the hint says works, and then the hint is gone.
    const key = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli/key.ts', 'create', 'readme test'], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL, REDIS_PREFIX: service.prefix },
      encoding: 'utf8',
    }).trim();
    expect(key).toMatch(/^hdk_/);
    const ok = await fetch(`${service.baseUrl}/v1/places?q=paris`, { headers: { 'HD-Api-Key': key } });
    expect(ok.status).toBe(200);
    const after = (await (await fetch(`${service.baseUrl}/v1/places?q=paris`, { headers: { 'HD-Api-Key': 'my-local-key-0123456789' } })).json()) as {
      error: { message: string };
    };
    expect(after.error.message).toBe('The API key is unknown or has been revoked.');
  }, 60_000);
});
