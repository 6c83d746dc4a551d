/**
 * The layout's rules (README "Layout"), checked on every file's imports so that a careless import fails here rather
 * than in a review. The engine's own rule is in src/engine/engine-boundary.spec.ts.
 */
import { basename, join, relative } from 'node:path';
import { importsOf, inside, runtimeImportsOf, target, tsFileOf, tsFiles } from '../test/helpers/imports';

const SRC = __dirname;
const MODULES = join(SRC, 'modules');
const production = (file: string) => !file.endsWith('.spec.ts');
/** `<file>: <what it imports>` for every relative import of `files` that `refused` refuses. */
function offending(files: string[], refused: (file: string, path: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .filter((spec) => refused(file, target(file, spec)))
      .map((spec) => `${relative(SRC, file)}: ${spec}`),
  );
}

/** The folders of src/modules that answer operations of their own (each with a <feature>.operations.ts). */
const FAMILIES = ['advice', 'batch', 'bulk', 'chart', 'places', 'purchase', 'reference', 'time-series', 'usage'];
/** auth has a registry file too (key rotation), but it is also the shared key store and guard every family uses. */
const SHARED_WITH_OPERATIONS = ['auth'];
/**
 * The imports between families that are what one operation is made of, each with its reason; any other is refused
 * (shared pieces go to modules/birth, src/common or another shared folder instead).
 */
const FAMILY_IMPORTS: Record<string, string[]> = {
  batch: ['chart'], // a batch item is a chart, advanced chart or bodygraph request: their DTOs and drawing input
  bulk: ['batch'], // a bulk job's items are validated as a batch's are (batch/item-validation.ts)
  purchase: ['chart'], // the buy page's sample draws a bodygraph: its job input (chart/jobs/payloads.ts)
  'time-series': ['chart'], // a time series' answers carry charts and transits shaped as the chart family's (chart/jobs/present.ts)
};
/** Code a worker runs: src/jobs, a family's jobs/ folder and its <feature>.jobs.ts (the job table's entries). */
const isJobCode = (path: string) => inside(join(SRC, 'jobs'), path) || /[/\\]modules[/\\][^/\\]+[/\\](jobs[/\\]|[^/\\]+\.jobs(\.ts)?$)/.test(path);
const familyOf = (path: string) => FAMILIES.find((f) => inside(join(MODULES, f), path));

describe('the layout', () => {
  const all = tsFiles(SRC).filter(production);

  it('finds every family and its registry file', () => {
    for (const family of FAMILIES) expect(all).toContain(join(MODULES, family, `${family}.operations.ts`));
    const registryFiles = all.filter((f) => f.endsWith('.operations.ts')).map((f) => relative(MODULES, f).split(/[/\\]/)[0]);
    expect(registryFiles.sort()).toEqual([...FAMILIES, ...SHARED_WITH_OPERATIONS].sort());
  });

  it('an operation family imports no other, but for the parts named in FAMILY_IMPORTS', () => {
    const bad = offending(all, (file, path) => {
      const from = familyOf(file);
      const to = familyOf(path);
      return from !== undefined && to !== undefined && from !== to && !(FAMILY_IMPORTS[from] ?? []).includes(to);
    });
    expect(bad).toEqual([]);
  });

  it("a family's registry file is read by the registry alone (modules/operations/operations.ts)", () => {
    const registry = join(MODULES, 'operations', 'operations.ts');
    const bad = offending(all, (file, path) => /\.operations$/.test(basename(path)) && file !== registry);
    expect(bad).toEqual([]);
  });

  it("worker-side job code (src/jobs, each family's jobs/ and <feature>.jobs.ts) imports no Nest module, no processor and no API code: request → job → engine", () => {
    const jobs = all.filter(isJobCode);
    expect(jobs.length).toBeGreaterThan(15);
    expect(offending(jobs, (_file, path) => inside(join(SRC, 'processors'), path) || (inside(MODULES, path) && !isJobCode(path)))).toEqual([]);
    const nest = jobs.filter((f) => importsOf(f).some((spec) => spec.startsWith('@nestjs/') || spec === 'class-validator' || spec === 'class-transformer'));
    expect(nest.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("the job table reads each family's <feature>.jobs.ts, and the worker's handlers read the job table alone", () => {
    const table = join(SRC, 'jobs', 'job-table.ts');
    const tableImports = importsOf(table).map((spec) => relative(SRC, target(table, spec)));
    expect(tableImports.filter((p) => !/^modules\/[^/]+\/[^/]+\.jobs$/.test(p) && p !== 'jobs/job-definition')).toEqual([]);
    expect(tableImports).toContain('modules/chart/chart.jobs');
    const handlers = join(SRC, 'processors', 'handlers.ts');
    expect(
      importsOf(handlers)
        .map((spec) => relative(SRC, target(handlers, spec)))
        .sort(),
    ).toEqual(['jobs/job-table', 'jobs/slicer']);
  });

  it('the load generators the tests run in child processes import only each other and Node (they must start in a moment)', () => {
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImportsOf(file)) if (spec.startsWith('.')) walk(tsFileOf(target(file, spec)));
    };
    walk(join(SRC, '..', 'test', 'helpers', 'heavy-load.ts'));
    // load.ts once took the test key from service.ts, and with it ioredis, ajv and the OpenAPI schemas: 3.4 s of CPU
    // at each child's start (1.0 s without), inside the fairness tests' measured windows.
    const files = [...seen].map((f) => relative(join(SRC, '..'), f)).sort();
    expect(files).toEqual(['test/helpers/heavy-load.ts', 'test/helpers/load.ts', 'test/helpers/test-key.ts']);
    expect([...seen].flatMap((f) => runtimeImportsOf(f).filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:')))).toEqual([]);
  });
});
