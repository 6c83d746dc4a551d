#!/usr/bin/env node
/**
 * Packs the typed client (clients/typescript, package @hd-chart-api/client) into the tarball the API serves at
 * GET /sdk/typescript.tgz (src/modules/sdk), so that `npm install <PUBLIC_URL>/sdk/typescript.tgz` works on every
 * deployment: the package is not on the npm registry.
 *
 * Writes, into the output directory (default dist/sdk):
 *   typescript.tgz    what `npm pack` makes of the client (after `npm run build` there: tsc to clients/typescript/dist)
 *   typescript.json   { "name", "version", "file" }: the package's name and version, for the download's file name
 *
 * Skips the work when both exist and the tarball is newer than every file the package is made from (the client's
 * src/, package.json, tsconfig.json, README.md, LICENSE): test/global-setup.ts runs this before each test run.
 * Installs the client's own dependencies (npm ci) first when they are missing, as on a fresh clone.
 *
 * Usage: node scripts/pack-client.js [outDir]   (relative to the project; --force packs even when up to date)
 */
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const CLIENT = path.join(ROOT, 'clients', 'typescript');
const args = process.argv.slice(2);
const force = args.includes('--force');
const OUT = path.resolve(ROOT, args.find((a) => !a.startsWith('--')) || path.join('dist', 'sdk'));
const TARBALL = path.join(OUT, 'typescript.tgz');
const MANIFEST = path.join(OUT, 'typescript.json');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The newest modification time among the files the package is made from. */
function newestInput() {
  let newest = 0;
  const visit = (file) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const name of ['src', 'package.json', 'tsconfig.json', 'README.md', 'LICENSE']) visit(path.join(CLIENT, name));
  return newest;
}

function upToDate() {
  if (!fs.existsSync(TARBALL) || !fs.existsSync(MANIFEST)) return false;
  return fs.statSync(TARBALL).mtimeMs > newestInput();
}

function run(cmd, argv, cwd) {
  try {
    execFileSync(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`${cmd} ${argv.join(' ')} failed in ${path.relative(ROOT, cwd)}:\n${String(err.stdout ?? '')}${String(err.stderr ?? '')}`, { cause: err });
  }
}

function main() {
  if (!force && upToDate()) return;
  if (!fs.existsSync(path.join(CLIENT, 'node_modules', 'openapi-fetch'))) {
    process.stderr.write('pack-client: installing the client dependencies (npm ci --prefix clients/typescript)\n');
    run(NPM, ['ci', '--no-audit', '--no-fund'], CLIENT);
  }
  run(NPM, ['run', 'build'], CLIENT);
  const pkg = JSON.parse(fs.readFileSync(path.join(CLIENT, 'package.json'), 'utf8'));
  // --ignore-scripts: prepack would build again and check the generated types against ../../openapi.json, which the
  // Docker build stage does not have (that check runs in the tests, test/typescript-client.e2e-spec.ts).
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-pack-client-'));
  try {
    const out = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: CLIENT, encoding: 'utf8' });
    const [packed] = JSON.parse(out);
    fs.mkdirSync(OUT, { recursive: true });
    // Written beside, then renamed: a running service never reads a half-written tarball.
    fs.copyFileSync(path.join(scratch, packed.filename), `${TARBALL}.tmp`);
    fs.renameSync(`${TARBALL}.tmp`, TARBALL);
    const file = `${pkg.name.replace(/^@/, '').replace(/\//g, '-')}-${pkg.version}.tgz`;
    fs.writeFileSync(`${MANIFEST}.tmp`, `${JSON.stringify({ name: pkg.name, version: pkg.version, file })}\n`);
    fs.renameSync(`${MANIFEST}.tmp`, MANIFEST);
    process.stderr.write(`pack-client: ${path.relative(ROOT, TARBALL)} (${pkg.name}@${pkg.version}, ${fs.statSync(TARBALL).size} bytes)\n`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main();
