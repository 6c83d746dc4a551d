/**
 * Once before the tests: compiles src/ to dist/ (tsc -p tsconfig.build.json, incremental), so that every service
 * the e2e tests start runs `node dist/main.js` rather than compiling the app again through ts-node in each of its
 * processes. Measured: an API process is healthy 4.5 s after spawn from dist/ against 10.5 s through ts-node, and
 * the e2e suites start about 80 such processes. It also fails the run at once on a type error in src/.
 * Then packs the typed client into dist/sdk/typescript.tgz, which the API serves at GET /sdk/typescript.tgz
 * (scripts/pack-client.js; skipped when the tarball is newer than the client's sources, about 5 s when not).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function globalSetup(): void {
  const root = join(__dirname, '..');
  try {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo'],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`tsc -p tsconfig.build.json failed:\n${String(e.stdout ?? '')}${String(e.stderr ?? '')}`, { cause: err });
  }
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'pack-client.js')], { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`node scripts/pack-client.js failed:\n${String(e.stdout ?? '')}${String(e.stderr ?? '')}`, { cause: err });
  }
}
