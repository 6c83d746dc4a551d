/**
 * Code as `npm start` runs it, for the benches: compiled by tsc and run by plain node, not through ts-node.
 * - `compiledMain`: the service, compiled to `dist/` (incrementally, as the start script does).
 * - `compiledBench`: a bench's own file (a yardstick: the in-process limit server, the engine's rate), compiled with
 *   the sources it imports into `dist-bench/`, so that it measures the same compiled code as the service runs.
 * Why: in interleaved runs on the 2-core machine (32 connections of /v1/chart, distinct births) the same tree served
 * 934-1,234 req/s through ts-node against 1,394-1,427 compiled, the in-process limit server 4,409-4,837 against
 * 4,935-5,195, and the engine alone 3,015/3,068/3,535 charts/s against 3,148/3,278/4,511 (pairs): a bench through
 * ts-node understated what a user gets, and not by the same factor for a yardstick and for the service.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const BENCH_OUT = join(ROOT, 'dist-bench');
/** The bench files compiled into dist-bench/ (one tsc run for all of them, once per process). */
const BENCH_FILES = [
  'bench/limit-server.ts',
  'bench/queue-floor-server.ts',
  'bench/bullmq-floor-worker.ts',
  'bench/bullmq-floor-server.ts',
  'bench/engine.ts',
  'bench/bulk.ts',
];

const built = new Set<string>();

function tsc(cwd: string, ...args: string[]): void {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), ...args], { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Compiles the tree at `root` to its dist/ (once per process and tree) and answers the entry point to run. */
export function compiledMain(root: string): string {
  if (!built.has(root)) {
    tsc(root, '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo');
    built.add(root);
  }
  return join(root, 'dist', 'main.js');
}

/** `file` (one of BENCH_FILES, relative to the project) compiled, with what it imports: the path to run. */
export function compiledBench(file: string): string {
  if (!BENCH_FILES.includes(file)) throw new Error(`${file} is not among the compiled bench files`);
  if (!built.has(BENCH_OUT)) {
    mkdirSync(BENCH_OUT, { recursive: true });
    const config = {
      extends: '../tsconfig.json',
      compilerOptions: { rootDir: '..', outDir: '.', sourceMap: false, incremental: true, tsBuildInfoFile: './.tsbuildinfo' },
      include: [],
      files: BENCH_FILES.map((f) => relative(BENCH_OUT, join(ROOT, f))),
    };
    writeFileSync(join(BENCH_OUT, 'tsconfig.json'), JSON.stringify(config, null, 2));
    tsc(BENCH_OUT, '-p', 'tsconfig.json');
    // The sources find data/ three levels above src/engine/<part>/: here dist-bench/data.
    if (!existsSync(join(BENCH_OUT, 'data'))) symlinkSync(join(ROOT, 'data'), join(BENCH_OUT, 'data'));
    built.add(BENCH_OUT);
  }
  return join(BENCH_OUT, file.replace(/\.ts$/, '.js'));
}
