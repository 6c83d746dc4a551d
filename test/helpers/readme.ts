/**
 * Reads the README's fenced blocks and compares a real answer with the output the README shows for it. The shown
 * output is JSON with excerpts: `…` (or `…words…`) in an object means "more keys", in an array "more items"
 * (the shown items then appear in the answer in that order), `{…}` / `[…]` any object / array. Without `…`
 * an object must have exactly the keys shown and an array exactly the items shown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const README_PATH = join(__dirname, '..', '..', 'README.md');

export interface Block {
  lang: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The section (## or ###) heading it sits under. */
  section: string;
}

export function readmeBlocks(markdown = readFileSync(README_PATH, 'utf8')): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,3} (.+)$/.exec(lines[i]);
    if (heading) section = heading[1];
    const fence = /^```(\w*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    blocks.push({ lang: fence[1], text: body.join('\n'), line: start + 1, section });
  }
  return blocks;
}

export type Shown =
  | { kind: 'object'; entries: [string, Shown][]; open: boolean }
  | { kind: 'array'; items: Shown[]; open: boolean }
  | { kind: 'value'; value: string | number | boolean | null };

type Token = { t: 'punct'; v: string } | { t: 'ellipsis' } | { t: 'value'; v: string | number | boolean | null };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s+|([{}[\]:,])|(…[^…"{}[\],]*…|…)|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    m = re.exec(text);
    if (!m || m[0].length === 0) throw new Error(`shown output: cannot read "${text.slice(at, at + 30)}"`);
    at = re.lastIndex;
    if (m[1]) tokens.push({ t: 'punct', v: m[1] });
    else if (m[2]) tokens.push({ t: 'ellipsis' });
    else if (m[3]) tokens.push({ t: 'value', v: JSON.parse(m[3]) as string });
    else if (m[4]) tokens.push({ t: 'value', v: Number(m[4]) });
    else if (m[5]) tokens.push({ t: 'value', v: JSON.parse(m[5]) as boolean | null });
  }
  return tokens;
}

/** Parses the README's shown output (JSON with `…` excerpts). */
export function parseShown(text: string): Shown {
  const tokens = tokenize(text);
  let i = 0;
  const expect = (v: string) => {
    const tok = tokens[i++];
    if (tok?.t !== 'punct' || tok.v !== v) throw new Error(`shown output: expected "${v}" at token ${i - 1}`);
  };
  const isPunct = (v: string) => tokens[i]?.t === 'punct' && (tokens[i] as { v: string }).v === v;
  const value = (): Shown => {
    const tok = tokens[i++];
    if (!tok) throw new Error('shown output: ends early');
    if (tok.t === 'value') return { kind: 'value', value: tok.v };
    if (tok.t === 'punct' && tok.v === '{') {
      const node: Shown = { kind: 'object', entries: [], open: false };
      while (!isPunct('}')) {
        if (tokens[i]?.t === 'ellipsis') {
          i++;
          node.open = true;
        } else {
          const key = tokens[i++];
          if (key?.t !== 'value' || typeof key.v !== 'string') throw new Error(`shown output: expected a key at token ${i - 1}`);
          expect(':');
          node.entries.push([key.v, value()]);
        }
        if (isPunct(',')) i++;
      }
      i++;
      return node;
    }
    if (tok.t === 'punct' && tok.v === '[') {
      const node: Shown = { kind: 'array', items: [], open: false };
      while (!isPunct(']')) {
        if (tokens[i]?.t === 'ellipsis') {
          i++;
          node.open = true;
        } else {
          node.items.push(value());
        }
        if (isPunct(',')) i++;
      }
      i++;
      return node;
    }
    throw new Error(`shown output: unexpected token ${i - 1}`);
  };
  const root = value();
  if (i !== tokens.length) throw new Error(`shown output: ${tokens.length - i} tokens after the end`);
  return root;
}

/** Where the answer differs from what the README shows (empty: it matches). */
export function differences(actual: unknown, shown: Shown, path = '$'): string[] {
  if (shown.kind === 'value') {
    return Object.is(actual, shown.value) ? [] : [`${path}: the README shows ${JSON.stringify(shown.value)}, the API answers ${JSON.stringify(actual)}`];
  }
  if (shown.kind === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: the README shows an object, the API answers ${JSON.stringify(actual)}`];
    const record = actual as Record<string, unknown>;
    const out: string[] = [];
    for (const [key, value] of shown.entries) {
      if (!(key in record)) out.push(`${path}.${key}: shown in the README, missing from the answer`);
      else out.push(...differences(record[key], value, `${path}.${key}`));
    }
    if (!shown.open) {
      const extra = Object.keys(record).filter((k) => !shown.entries.some(([key]) => key === k));
      if (extra.length) out.push(`${path}: the answer also has ${extra.join(', ')} (the README shows no "…" there)`);
    }
    return out;
  }
  if (!Array.isArray(actual)) return [`${path}: the README shows an array, the API answers ${JSON.stringify(actual)}`];
  if (!shown.open) {
    if (actual.length !== shown.items.length) return [`${path}: the README shows ${shown.items.length} items, the API answers ${actual.length}`];
    return shown.items.flatMap((item, k) => differences(actual[k], item, `${path}[${k}]`));
  }
  // With "…": the shown items appear in the answer in the order shown.
  let from = 0;
  for (const [k, item] of shown.items.entries()) {
    let found = -1;
    for (let j = from; j < actual.length && found < 0; j++) if (differences(actual[j], item).length === 0) found = j;
    if (found < 0) {
      const near = from < actual.length ? differences(actual[from], item, `${path}[${from}]`) : [`${path}: fewer items than shown`];
      return [`${path}: shown item ${k} is not in the answer (after item ${from}); nearest: ${near.slice(0, 3).join('; ')}`];
    }
    from = found + 1;
  }
  return [];
}
