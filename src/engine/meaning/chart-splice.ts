/**
 * Meaning for a chart's or an advanced chart's answer, put into the answer's plain JSON text as the API sends it:
 * the same bytes as marking the answer (markChartMeaning) and swapping the markers for the texts (expandMeaningBytes),
 * made from the plain answer alone. So a chart with meaning is the same job as the chart without (one job id, one
 * cached answer), the worker does nothing more for it, and nothing more crosses Redis: under load the markers cost the
 * worker 65 µs, Redis 27 µs and the API's events stream a 5 KB answer instead of 2.6 KB (bench meaning, 2026-12-02).
 *
 * The answer's text is read once, left to right, by the few rules of JSON.stringify's output (no spaces; strings with
 * backslash escapes only), taking the values the texts depend on and where each labelled object ends; everything else
 * is skipped. chart-meaning.spec holds it to markChartMeaning + expandMeaningBytes for many births in every language.
 */
import { canonicalNumber, CENTER_KINDS, fragmentBytesOf, LABEL_KINDS } from './annotate';
import { MEANING_LICENCE, type MeaningLibrary, VARIABLES } from './library';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COMMA_CODE = 44;

const VARIABLE_SET = new Set<string>(VARIABLES);
const MEANING_KEY = Buffer.from(',"meaning":');

/**
 * One library's texts as UTF-8 bytes (null: no such item), each encoded once per process (annotate.ts
 * fragmentBytesOf): the ones every chart has dozens of by number or by label, so that finding them makes and hashes
 * no key text, and each joined to `,"meaning":` as it goes into a labelled object.
 */
class TextBytes {
  /** `,"meaning":<text>` by key: what goes into a labelled object, one piece. */
  private readonly members = new Map<string, Buffer | null>();
  /** Gates at gate * 8, lines at gate * 8 + line. */
  private readonly numbered: (Buffer | null)[] = [];
  /** Channels at low gate * 100 + high gate. */
  private readonly channels: (Buffer | null)[] = [];
  private readonly labels = new Map<string, Map<string, Buffer | null>>();
  /** `"meaningSource":{…}`, the answer's last member. */
  readonly source: Buffer;

  constructor(private readonly lib: MeaningLibrary) {
    this.source = Buffer.from(`"meaningSource":${JSON.stringify({ language: lib.language, licence: MEANING_LICENCE })}`);
  }

  /** `,"meaning":` and the text of `key`, as one piece (null: no such item). */
  member(key: string): Buffer | null {
    let bytes = this.members.get(key);
    if (bytes === undefined) {
      const text = fragmentBytesOf(this.lib, key);
      this.members.set(key, (bytes = text ? Buffer.concat([MEANING_KEY, text]) : null));
    }
    return bytes;
  }

  /** The member of a gate's text (`line` 0) or a line's; by the key as the markers spell it for anything else. */
  gateOrLine(gate: number, line: number): Buffer | null {
    const valid = Number.isInteger(gate) && gate >= 1 && gate <= 64 && Number.isInteger(line) && line >= 0 && line <= 6;
    if (!valid) return this.member(line ? `line:${gate}.${line}` : `gate:${gate}`);
    return (this.numbered[gate * 8 + line] ??= this.member(line ? `line:${gate}.${line}` : `gate:${gate}`));
  }

  /** The member of a channel's text. */
  channel(gate1: number, gate2: number): Buffer | null {
    const low = Math.min(gate1, gate2);
    const high = Math.max(gate1, gate2);
    if (!(Number.isInteger(low) && Number.isInteger(high) && low >= 1 && high <= 64)) return this.member(`channel:${low}-${high}`);
    return (this.channels[low * 100 + high] ??= this.member(`channel:${low}-${high}`));
  }

  /** The text of `label` of `kind` (the key `kind:label`). */
  label(kind: string, label: string): Buffer | null {
    let byLabel = this.labels.get(kind);
    if (!byLabel) this.labels.set(kind, (byLabel = new Map<string, Buffer | null>()));
    let bytes = byLabel.get(label);
    if (bytes === undefined) byLabel.set(label, (bytes = fragmentBytesOf(this.lib, `${kind}:${label}`) ?? null));
    return bytes;
  }
}

const textBytes = new WeakMap<MeaningLibrary, TextBytes>();
function textBytesOf(lib: MeaningLibrary): TextBytes {
  let texts = textBytes.get(lib);
  if (!texts) textBytes.set(lib, (texts = new TextBytes(lib)));
  return texts;
}

/**
 * The answer's text ended where the scan expected more: not JSON.stringify's output of an answer (it cannot be, as the
 * worker makes it). Thrown rather than read past the end, which would never stop.
 */
function cutShort(): never {
  throw new Error('chart-splice: the answer is not whole JSON');
}

/** Index just past the JSON string that opens at `i`. */
function stringEnd(s: string, i: number): number {
  let at = s.indexOf('"', i + 1);
  while (at > 0 && s.charCodeAt(at - 1) === BACKSLASH) {
    // A quote after an odd number of backslashes is escaped.
    let backslashes = 1;
    while (s.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) break;
    at = s.indexOf('"', at + 1);
  }
  return at < 0 ? cutShort() : at + 1;
}

/** The JSON string from `i` to `end` as a string. */
function stringAt(s: string, i: number, end: number): string {
  const body = s.slice(i + 1, end - 1);
  return body.includes('\\') ? (JSON.parse(s.slice(i, end)) as string) : body;
}

/** Index just past the JSON value that starts at `i`. */
function valueEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === QUOTE) return stringEnd(s, i);
  if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) {
    let at = i + 1;
    for (let d = s.charCodeAt(at); d !== COMMA_CODE && d !== CLOSE_OBJECT && d !== CLOSE_ARRAY && at < s.length; d = s.charCodeAt(++at));
    return at;
  }
  let depth = 0;
  for (let at = i; at < s.length; at++) {
    const d = s.charCodeAt(at);
    if (d === QUOTE) at = stringEnd(s, at) - 1;
    else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
    else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 0) return at + 1;
  }
  return cutShort();
}

/** A small whole number from `i` to `end` (an activation's gate, line, color …), else NaN. */
function numberAt(s: string, i: number, end: number): number {
  if (end - i > 2) return s.charCodeAt(i) === QUOTE ? NaN : Number(s.slice(i, end));
  let value = 0;
  for (let at = i; at < end; at++) {
    const digit = s.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return s.charCodeAt(i) === QUOTE ? NaN : Number(s.slice(i, end));
    value = value * 10 + digit;
  }
  return end > i ? value : NaN;
}

/** The answer being made: pieces of the plain text with texts put between them. */
class Spliced {
  private readonly pieces: (string | Buffer)[] = [];
  private bytesPut = 0;
  private from = 0;

  constructor(private readonly json: string) {}

  /** `member` (`,"meaning":<text>`, see TextBytes) before index `at` of the plain text. */
  meaning(at: number, member: Buffer | null): void {
    if (member) this.put(at, member);
  }

  put(at: number, ...bytes: Buffer[]): void {
    this.pieces.push(this.json.slice(this.from, at), ...bytes);
    for (const b of bytes) this.bytesPut += b.length;
    this.from = at;
  }

  /**
   * The whole answer: the pieces and the texts, then the rest of the plain text. A plain answer in ASCII (most: only a
   * place name can be other) is written a byte a character; the texts by TypedArray set, which calls into no C++.
   */
  bytes(): Buffer {
    const json = this.json;
    const ascii = Buffer.byteLength(json) === json.length;
    const encoding = ascii ? 'latin1' : 'utf8';
    const out = Buffer.allocUnsafeSlow(this.bytesPut + (ascii ? 1 : 3) * json.length);
    let at = 0;
    for (const piece of this.pieces) {
      if (typeof piece === 'string') at += out.write(piece, at, encoding);
      else {
        out.set(piece, at);
        at += piece.length;
      }
    }
    at += out.write(json.slice(this.from), at, encoding);
    return at === out.length ? out : out.subarray(0, at);
  }
}

/** What one labelled object (an activation, a gate, a channel, the cross, a variable) says its text depends on. */
class Fields {
  /** Makes it blank again, for the next object (one Fields serves a whole answer). */
  clear(): Fields {
    this.gate = this.line = this.gate1 = this.gate2 = this.color = this.tone = this.base = NaN;
    this.name = this.quarter = this.arrow = '';
    return this;
  }
  gate = NaN;
  line = NaN;
  gate1 = NaN;
  gate2 = NaN;
  color = NaN;
  tone = NaN;
  base = NaN;
  name = '';
  quarter = '';
  arrow = '';
}

/**
 * Reads the object that opens at `i` into `fields` and returns the index of its closing brace (where its text goes).
 * Keys are told apart by their text in place (no key is cut out of the answer): `at` is a key's opening quote.
 */
function readObject(s: string, i: number, fields: Fields): number {
  let at = i + 1;
  if (s.charCodeAt(at) === CLOSE_OBJECT) return at;
  for (;;) {
    const keyEnd = stringEnd(s, at);
    const valueAt = keyEnd + 1;
    const end = valueEnd(s, valueAt);
    const length = keyEnd - at - 2;
    if (length === 4) {
      if (s.startsWith('gate', at + 1)) fields.gate = numberAt(s, valueAt, end);
      else if (s.startsWith('line', at + 1)) fields.line = numberAt(s, valueAt, end);
      else if (s.startsWith('tone', at + 1)) fields.tone = numberAt(s, valueAt, end);
      else if (s.startsWith('base', at + 1)) fields.base = numberAt(s, valueAt, end);
      else if (s.startsWith('name', at + 1) && s.charCodeAt(valueAt) === QUOTE) fields.name = stringAt(s, valueAt, end);
    } else if (length === 5) {
      if (s.startsWith('gate1', at + 1)) fields.gate1 = numberAt(s, valueAt, end);
      else if (s.startsWith('gate2', at + 1)) fields.gate2 = numberAt(s, valueAt, end);
      else if (s.startsWith('color', at + 1)) fields.color = numberAt(s, valueAt, end);
      else if (s.startsWith('arrow', at + 1) && s.charCodeAt(valueAt) === QUOTE) fields.arrow = stringAt(s, valueAt, end);
    } else if (length === 7 && s.startsWith('quarter', at + 1) && s.charCodeAt(valueAt) === QUOTE) fields.quarter = stringAt(s, valueAt, end);
    if (s.charCodeAt(end) === CLOSE_OBJECT) return end;
    if (end >= s.length) cutShort();
    at = end + 1;
  }
}

/**
 * Calls `each(keyAt, keyEnd, valueAt)` for each member of the object that opens at `i` (`keyAt`: the key's opening
 * quote); returns the index just past the object.
 */
function members(s: string, i: number, each: (keyAt: number, keyEnd: number, valueAt: number) => number): number {
  let at = i + 1;
  if (s.charCodeAt(at) === CLOSE_OBJECT) return at + 1;
  for (;;) {
    const keyEnd = stringEnd(s, at);
    const end = each(at, keyEnd, keyEnd + 1);
    if (s.charCodeAt(end) === CLOSE_OBJECT) return end + 1;
    if (end >= s.length) cutShort();
    at = end + 1;
  }
}

/** Calls `each(index)` for each element of the array that opens at `i`; returns the index just past it. */
function elements(s: string, i: number, each: (valueAt: number) => number): number {
  let at = i + 1;
  if (s.charCodeAt(at) === CLOSE_ARRAY) return at + 1;
  for (;;) {
    const end = each(at);
    if (s.charCodeAt(end) === CLOSE_ARRAY) return end + 1;
    if (end >= s.length) cutShort();
    at = end + 1;
  }
}

/** The labels' texts (type, authority, …, centers) as the top-level `meaning` object's JSON, or null when none. */
function labelsObject(texts: TextBytes, labels: (string | undefined)[], centerLists: Map<string, string[]>): Buffer | null {
  const parts: Buffer[] = [];
  for (let k = 0; k < LABEL_KINDS.length; k++) {
    const label = labels[k];
    const text = label === undefined ? null : texts.label(LABEL_KINDS[k][1], label);
    if (text) parts.push(keyBytes(LABEL_KINDS[k][0], parts.length === 0), text);
  }
  // A center named twice keeps its first place and its last text, as an object's key does.
  const byCenter = new Map<string, Buffer>();
  for (const [field, kind] of CENTER_KINDS)
    for (const c of centerLists.get(field) ?? []) {
      const text = texts.label(kind, c);
      if (text) byCenter.set(c, text);
    }
  if (byCenter.size) {
    parts.push(keyBytes('centers', parts.length === 0));
    let first = true;
    for (const [c, text] of byCenter) {
      parts.push(keyBytes(c, first), text);
      first = false;
    }
    parts.push(CLOSE);
  }
  if (!parts.length) return null;
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

const CLOSE = Buffer.from('}');
const COMMA = Buffer.from(',');
/** `{"name":` or `,"name":`, made once per name (the label fields' and the centers' with a text: a few dozen). */
const keys = new Map<string, [Buffer, Buffer]>();
function keyBytes(name: string, first: boolean): Buffer {
  let pair = keys.get(name);
  if (!pair) keys.set(name, (pair = [Buffer.from(`{${JSON.stringify(name)}:`), Buffer.from(`,${JSON.stringify(name)}:`)]));
  return pair[first ? 0 : 1];
}

const LABEL_INDEX = new Map(LABEL_KINDS.map(([field], k) => [field, k]));

/**
 * The answer of /v1/chart or /v1/chart/advanced (`json`: its plain JSON text, as the worker made it) with its meaning
 * in `lib`'s language, as UTF-8 bytes.
 */
export function chartMeaningBytes(json: string, lib: MeaningLibrary): Buffer {
  const s = json;
  const texts = textBytesOf(lib);
  const out = new Spliced(s);
  const labels: (string | undefined)[] = [];
  const centerLists = new Map<string, string[]>();
  const fields = new Fields();
  // An activation's text is its line's (as markChartMeaning: one without a line has none).
  const activation = (_keyAt: number, _keyEnd: number, valueAt: number): number => {
    if (s.charCodeAt(valueAt) !== OPEN_OBJECT) return valueEnd(s, valueAt);
    const f = fields.clear();
    const close = readObject(s, valueAt, f);
    if (!Number.isNaN(f.line)) out.meaning(close, texts.gateOrLine(f.gate, f.line));
    return close + 1;
  };
  const end = members(s, 0, (keyAt, keyEnd, at) => {
    const key = s.slice(keyAt + 1, keyEnd - 1);
    const c = s.charCodeAt(at);
    if (c === QUOTE) {
      const end = stringEnd(s, at);
      const k = LABEL_INDEX.get(key);
      if (k !== undefined) labels[k] = stringAt(s, at, end);
      return end;
    }
    switch (key) {
      case 'personality':
      case 'design':
        if (c === OPEN_OBJECT) return members(s, at, activation);
        break;
      case 'activatedGates':
        if (c !== OPEN_OBJECT) break;
        return members(s, at, (gateAt, gateEnd, valueAt) => {
          if (s.charCodeAt(valueAt) !== OPEN_OBJECT) return valueEnd(s, valueAt);
          const close = valueEnd(s, valueAt) - 1;
          out.meaning(close, texts.gateOrLine(canonicalNumber(stringAt(s, gateAt, gateEnd)), 0));
          return close + 1;
        });
      case 'activeChannels':
        if (c !== OPEN_ARRAY) break;
        return elements(s, at, (valueAt) => {
          if (s.charCodeAt(valueAt) !== OPEN_OBJECT) return valueEnd(s, valueAt);
          const f = fields.clear();
          const close = readObject(s, valueAt, f);
          out.meaning(close, texts.channel(f.gate1, f.gate2));
          return close + 1;
        });
      case 'incarnationCross':
        if (c === OPEN_OBJECT) {
          const f = fields.clear();
          const close = readObject(s, at, f);
          out.meaning(close, texts.member(`cross:${f.quarter}:${f.name}`));
          return close + 1;
        }
        break;
      case 'variables':
        if (c !== OPEN_OBJECT) break;
        return members(s, at, (nameAt, nameEnd, valueAt) => {
          const name = stringAt(s, nameAt, nameEnd);
          if (s.charCodeAt(valueAt) !== OPEN_OBJECT || !VARIABLE_SET.has(name)) return valueEnd(s, valueAt);
          const f = fields.clear();
          const close = readObject(s, valueAt, f);
          if (!Number.isNaN(f.color) && !Number.isNaN(f.tone)) {
            const arrow = f.arrow === 'left' || f.arrow === 'right' ? f.arrow : '';
            out.meaning(close, texts.member(`variable:${name}:${arrow}:${f.color}:${f.tone}:${Number.isNaN(f.base) ? 0 : f.base}`));
          }
          return close + 1;
        });
      case 'definedCenters':
      case 'temporarilyDefinedCenters':
      case 'openCenters':
        if (c === OPEN_ARRAY) {
          const list: string[] = [];
          centerLists.set(key, list);
          return elements(s, at, (valueAt) => {
            const end = valueEnd(s, valueAt);
            if (s.charCodeAt(valueAt) === QUOTE) list.push(stringAt(s, valueAt, end));
            return end;
          });
        }
        break;
    }
    return valueEnd(s, at);
  });
  const labelText = labelsObject(texts, labels, centerLists);
  // The answer's closing brace comes after `,"meaning":{…},"meaningSource":{…}`.
  if (labelText) out.put(end - 1, MEANING_KEY, labelText, COMMA, texts.source);
  else out.put(end - 1, COMMA, texts.source);
  return out.bytes();
}
