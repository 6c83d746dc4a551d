/**
 * The layout's rules (README "Layout"), checked on every file's imports so that a careless import fails here rather
 * than in a review. The engine's own rule is in src/engine/engine-boundary.spec.ts.
 */
import { basename, join, relative } from 'node:path';
import { importsOf, inside, target, tsFiles } from '../test/helpers/imports';

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
const FAMILIES = ['advice', 'batch', 'bulk', 'chart', 'places', 'reference', 'time-series', 'usage'];
/**
 * The imports between families that are what one operation is made of, each with its reason; any other is refused
 * (shared pieces go to modules/birth, src/common or another shared folder instead).
 */
const FAMILY_IMPORTS: Record<string, string[]> = {
  batch: ['chart'], // a batch item is a chart, advanced chart or bodygraph request: their DTOs and drawing input
  bulk: ['batch'], // a bulk job's items are validated as a batch's are (batch/item-validation.ts)
};
const familyOf = (path: string) => FAMILIES.find((f) => inside(join(MODULES, f), path));

describe('the layout', () => {
  const all = tsFiles(SRC).filter(production);

  it('finds every family and its registry file', () => {
    for (const family of FAMILIES) expect(all).toContain(join(MODULES, family, `${family}.operations.ts`));
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

  it('worker-side job code (src/jobs) imports no Nest module and no processor: request → job → engine', () => {
    const jobs = all.filter((f) => inside(join(SRC, 'jobs'), f));
    expect(jobs.length).toBeGreaterThan(10);
    expect(offending(jobs, (_file, path) => inside(MODULES, path) || inside(join(SRC, 'processors'), path))).toEqual([]);
    const nest = jobs.filter((f) => importsOf(f).some((spec) => spec.startsWith('@nestjs/')));
    expect(nest.map((f) => relative(SRC, f))).toEqual([]);
  });
});
