/** Reading a source tree's imports, for the layout specs (src/engine/engine-boundary.spec.ts, src/layout.spec.ts). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** Every .ts file under `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The module specifiers a file imports (static and dynamic imports, re-exports, require). */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:^|\s)(?:import|export)\s[^;]*?from\s+'([^']+)'|(?:^|\s)import\s+'([^']+)'|require\('([^']+)'\)|import\('([^']+)'\)/g;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** The module specifiers a file loads when it runs: importsOf without the type-only imports (erased when compiled). */
export function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const typeOnly = new Set([...text.matchAll(/(?:^|\s)(?:import|export)\s+type\s[^;]*?from\s+'([^']+)'/g)].map((m) => m[1]));
  const valued = new Set([...text.matchAll(/(?:^|\s)(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/g)].map((m) => m[1]));
  return importsOf(file).filter((spec) => valued.has(spec) || !typeOnly.has(spec));
}

/** The .ts file a relative import resolves to (`x.ts`, or `x/index.ts`). */
export const tsFileOf = (path: string): string => (existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts'));

/** The absolute path a relative specifier names (without extension). */
export const target = (file: string, spec: string): string => resolve(dirname(file), spec);

/** Whether `path` is `dir` or lies under it. */
export const inside = (dir: string, path: string): boolean => (path + sep).startsWith(dir + sep);
