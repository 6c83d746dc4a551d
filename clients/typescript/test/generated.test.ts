/**
 * The generated types are fresh (src/schema.d.ts is what openapi.json gives), and the type tests: type-tests/ok.ts
 * compiles and type-tests/misspelled.ts is refused for its misspelled field.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..'); // dist-test/test → the package
const TSC = require.resolve('typescript/bin/tsc');

function run(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('generated types', () => {
  it('src/schema.d.ts is fresh (npm run check-generated)', () => {
    const { status, output } = run(['scripts/generate.mjs', '--check']);
    assert.equal(status, 0, output);
  });

  it('type-tests/ok.ts compiles (npm run typecheck:ok)', () => {
    const { status, output } = run([TSC, '--noEmit', '--pretty', 'false', '-p', 'type-tests/tsconfig.json']);
    assert.equal(status, 0, output);
  });

  it('type-tests/misspelled.ts is refused with TS2339/TS2551 on incarnationCros (npm run typecheck:misspelled)', () => {
    const { status, output } = run(['scripts/expect-type-error.mjs']);
    assert.equal(status, 0, output);
    assert.match(output, /TS(2339|2551).*'incarnationCros'/);
  });
});
