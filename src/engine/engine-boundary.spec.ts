/**
 * The engine is the pure calculation core (README "Layout"): plain functions and data tables that import nothing
 * from the rest of the service, and no framework. These checks read every engine file's imports, so a careless
 * import (a Nest decorator, the queue, a module's DTO) fails here rather than in a review.
 */
import { builtinModules } from 'node:module';
import { relative, resolve } from 'node:path';
import { importsOf as imports, inside, target, tsFiles as files } from '../../test/helpers/imports';

const ENGINE = __dirname;
const TEST_HELPERS = resolve(ENGINE, '../../test/helpers');
const JOBS = resolve(ENGINE, '../jobs');

/** The libraries the engine computes with; anything else (Nest, BullMQ, ioredis, class-validator, …) is refused. */
const LIBRARIES = ['swisseph', 'luxon', 'geo-tz', 'fontkit', '@resvg/resvg-js', 'pdfkit', 'svg-to-pdfkit'];
/** Test-only libraries its specs read their independent checks with. */
const SPEC_LIBRARIES = ['fast-xml-parser', 'pngjs', 'tinyld'];

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]);

describe('the engine imports nothing outside itself', () => {
  const all = files(ENGINE);

  it('reads every engine file (and finds imports in them)', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all.map(imports).flat().length).toBeGreaterThan(200);
  });

  it('relative imports stay inside src/engine', () => {
    const outside = all.flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('.'))
        .filter((spec) => {
          const path = target(file, spec);
          if (inside(ENGINE, path)) return false;
          // A spec may also use the shared test helpers, and check the engine's parts inside a whole answer as the
          // worker's job functions shape it.
          return !(file.endsWith('.spec.ts') && (inside(TEST_HELPERS, path) || inside(JOBS, path) || /[/\\]modules[/\\][^/\\]+[/\\]jobs[/\\]/.test(path)));
        })
        .map((spec) => `${relative(ENGINE, file)}: ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('packages: Node built-ins and the computation libraries only', () => {
    const refused = all.flatMap((file) => {
      const allowed = file.endsWith('.spec.ts') ? [...LIBRARIES, ...SPEC_LIBRARIES] : LIBRARIES;
      return imports(file)
        .filter((spec) => !spec.startsWith('.') && !isBuiltin(spec) && !allowed.includes(packageOf(spec)))
        .map((spec) => `${relative(ENGINE, file)}: ${spec}`);
    });
    expect(refused).toEqual([]);
  });
});
