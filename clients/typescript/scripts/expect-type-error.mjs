#!/usr/bin/env node
/**
 * `npm run typecheck:misspelled`: type-tests/misspelled.ts reads `chart.incarnationCros`; tsc must refuse it
 * with TS2339 ("Property … does not exist") or TS2551 ("… Did you mean …?") naming that property. Exits 1 when
 * tsc accepts the file or fails for another reason (e.g. the answer is still `unknown`: TS18046).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', 'type-tests/tsconfig.misspelled.json'], { cwd: root, encoding: 'utf8' });
const output = `${run.stdout}${run.stderr}`;
const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
const expected = errors.filter((line) => /misspelled\.ts/.test(line) && /error TS(2339|2551)\b/.test(line) && /'incarnationCros'/.test(line));

if (run.status === 0) {
  process.stderr.write('type-tests/misspelled.ts compiled, but reading chart.incarnationCros must be a type error.\n');
  process.exit(1);
}
if (expected.length === 0) {
  process.stderr.write(`tsc refused type-tests/misspelled.ts, but not with TS2339/TS2551 on 'incarnationCros':\n${errors.join('\n') || output}\n`);
  process.exit(1);
}
const others = errors.filter((line) => !expected.includes(line));
if (others.length) {
  process.stderr.write(`type-tests/misspelled.ts has other type errors besides the misspelling:\n${others.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`ok: tsc refuses the misspelled field: ${expected[0].replace(/^.*?error /, 'error ')}\n`);
