/**
 * No Docker engine here: the build context is computed as `docker build` sends it (every file of the directory,
 * .dockerignore applied: Go glob patterns, a pattern matching a directory excludes what is in it, the last
 * matching line wins, "!" re-includes), then written with tar and measured.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface Rule {
  negate: boolean;
  pattern: string;
  re: RegExp;
}

function rules(text: string): Rule[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = (negate ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      const body = pattern
        .split(/(\*\*\/?|\*|\?)/)
        .map((part) =>
          part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { negate, pattern, re: new RegExp(`^${body}$`) };
    });
}

/** The path or one of its parent directories matches. */
const matches = (rule: Rule, path: string) => {
  const parts = path.split('/');
  return parts.some((_, i) => rule.re.test(parts.slice(0, i + 1).join('/')));
};

function excluded(list: Rule[], path: string): boolean {
  let out = false;
  for (const rule of list) if (matches(rule, path)) out = !rule.negate;
  return out;
}

/** Every file docker would send, relative to ROOT (symlinked directories followed, as a real checkout has them). */
function contextFiles(list: Rule[]): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(ROOT, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      const stat = statSync(join(ROOT, path));
      if (stat.isDirectory()) {
        // Descend into an excluded directory only if a "!" rule could bring something below it back.
        if (excluded(list, path) && !list.some((r) => r.negate && r.pattern.startsWith(`${path}/`))) continue;
        walk(path);
      } else if (!excluded(list, path)) files.push(path);
    }
  };
  walk('');
  return files;
}

function tarBytes(files: string[]): number {
  const tar = execFileSync('tar', ['-c', '-h', '--no-recursion', '-f', '-', '-T', '-'], { cwd: ROOT, input: files.join('\n'), maxBuffer: 1 << 30 });
  return tar.length;
}

describe('the Docker build context', () => {
  const list = rules(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
  const files = contextFiles(list);

  it('reads .dockerignore as docker does (hand-made cases)', () => {
    const sample = rules('*\n!src\nsrc/**/*.spec.ts\n!data');
    expect(excluded(sample, 'node_modules/x/index.js')).toBe(true);
    expect(excluded(sample, '.git/HEAD')).toBe(true);
    expect(excluded(sample, 'src/main.ts')).toBe(false);
    expect(excluded(sample, 'src/a/b.spec.ts')).toBe(true);
    expect(excluded(sample, 'src/x.spec.ts')).toBe(true);
    expect(excluded(sample, 'data/places.tsv.gz')).toBe(false);
    expect(excluded(sample, 'README.md')).toBe(true);
  });

  it('holds every source the Dockerfile copies, and nothing of node_modules, .git or the tests', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const source of sources) expect([source, files.some((f) => f === source || f.startsWith(`${source}/`))]).toEqual([source, true]);
    expect(files).toContain('src/main.ts');
    expect(files.filter((f) => /^(node_modules|\.git|test|bench|docs)(\/|$)/.test(f) || f.endsWith('.spec.ts'))).toEqual([]);
    // Of the typed client, only what scripts/pack-client.js packs it from (the image serves it at /sdk/typescript.tgz).
    const client = files.filter((f) => f.startsWith('clients/'));
    expect(client.filter((f) => !/^clients\/typescript\/(package\.json|package-lock\.json|tsconfig\.json|README\.md|LICENSE|src\/.+)$/.test(f))).toEqual([]);
    expect(client).toEqual(
      expect.arrayContaining(['clients/typescript/package.json', 'clients/typescript/src/index.ts', 'clients/typescript/src/schema.d.ts']),
    );
    expect(files).toContain('scripts/pack-client.js');
  });

  it('is under 25 MB as a tar', () => {
    const bytes = tarBytes(files);
    process.stdout.write(`build context: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB as tar\n`);
    expect(bytes).toBeLessThan(25e6);
  });
});
