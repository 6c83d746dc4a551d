/**
 * Inline meaning: a copy of a chart answer (any operation's: chart, advanced, composite, transit, penta, day) in
 * which each labelled element carries its text beside it, in one language. The labels themselves stay the stable
 * English identifiers clients switch on; texts are added under `meaning` keys only:
 * - an object that *is* a labelled element gets `meaning` with its own text: a channel ({gate1, gate2}), an
 *   activation or gate entry ({gate, line?}), an entry of `activatedGates` (keyed by gate number), the
 *   `incarnationCross` object, a variable (an arrow of `variables`);
 * - an object that *names* labelled elements in plain strings (type, authority, profile, definition, splitKind,
 *   incarnationCross, definedCenters / openCenters / temporarilyDefinedCenters, activeChannels as "10-20" ids)
 *   gets one `meaning` object holding the text of each, under the same field names.
 * The rules are by shape, not by operation, so every answer that shows a chart part explains it the same way.
 *
 * In two steps, for speed. The worker writes each text as a short marker, the JSON string `"<MARK>lang|key"`
 * (`markMeaning`, into the answer object itself: see there); the API swaps the markers for the texts as it answers
 * (`expandMeaning`). A text object is serialised once per process and language (a fragment cache). The texts, about 30 KB for a chart against its own
 * 5 KB, then never cross Redis: carried whole, in the worker's result, in BullMQ's completed event and in a group's
 * JSON, they cut the API's throughput by more than half (bench meaning: 42 % of the same requests without).
 * Charts and advanced charts over HTTP skip the markers: the API puts their texts into the plain answer
 * (chart-splice.ts, held to markChartMeaning + expandMeaningBytes); bulk items and the other operations use them.
 */
import { type Authority, CENTERS, type CenterName, type CrossGeometry, type Definition, type HdType, type Quarter } from '../types';
import {
  type ColorMeaning,
  MEANING_LANGUAGES,
  MEANING_LICENCE,
  type MeaningLanguage,
  type MeaningLibraries,
  type MeaningLibrary,
  type NamedText,
  VARIABLES,
  type VariableName,
} from './library';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const CENTER_SET = new Set<string>(CENTERS);
/** The fields whose plain-string values are labels (see labelMeaning; schemas/meaning.ts reads the same). */
export const LABEL_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'authority',
  'profile',
  'definition',
  'splitKind',
  'incarnationCross',
  'definedCenters',
  'temporarilyDefinedCenters',
  'openCenters',
  'activeChannels',
]);
const VARIABLE_SET = new Set<string>(VARIABLES);
/** The design side's tones name cognition, the personality side's sense (RULES 10.2). */
const DESIGN_VARIABLES = new Set<VariableName>(['determination', 'environment']);

/**
 * The marker's opening: the control character U+0001, which no chart answer holds (its strings are the engine's
 * labels and the gazetteer's names, never a caller's text), and which JSON.stringify writes as the six characters
 * `\u0001`. ASCII on purpose: a character above U+00FF would make V8 hold the whole answer as a two-byte string.
 */
const MARK = '\u0001hd|';
const OPENING = `"${JSON.stringify(MARK).slice(1, -1)}`;

/** Per library: the JSON text of each text object once made, by key (undefined: no such item). */
const fragments = new WeakMap<MeaningLibrary, Map<string, string | undefined>>();

/** The JSON text of the text object `key` of `lib` (see buildFragment), made once. */
export function fragmentText(lib: MeaningLibrary, key: string): string | undefined {
  let cache = fragments.get(lib);
  if (!cache) fragments.set(lib, (cache = new Map<string, string | undefined>()));
  if (cache.has(key)) return cache.get(key);
  const value = buildFragment(lib, key);
  const text = value && JSON.stringify(value);
  cache.set(key, text);
  return text;
}

/** Per library: the marker of each key once made (null: no such item). */
const markers = new WeakMap<MeaningLibrary, Map<string, string | null>>();

/** The marker of the text object `key`, or undefined when the library has no such item. */
function marker(lib: MeaningLibrary, key: string): string | undefined {
  let cache = markers.get(lib);
  if (!cache) markers.set(lib, (cache = new Map<string, string | null>()));
  let mark = cache.get(key);
  if (mark === undefined) cache.set(key, (mark = fragmentText(lib, key) === undefined ? null : `${MARK}${lib.language}|${key}`));
  return mark ?? undefined;
}

/**
 * Per library: the markers of the elements every chart has dozens of (gates, lines, channels), by number, so that
 * naming them costs no key text (null: no such item). Anything else goes through `marker`.
 */
const numbered = new WeakMap<MeaningLibrary, { gates: (string | null)[]; lines: (string | null)[]; channels: Map<number, string | null> }>();

function numberedOf(lib: MeaningLibrary) {
  let tables = numbered.get(lib);
  if (!tables) numbered.set(lib, (tables = { gates: [], lines: [], channels: new Map() }));
  return tables;
}

/** Per library: the markers of labels by kind and label (see labelMarker). */
const labelled = new WeakMap<MeaningLibrary, Map<string, Map<string, string | null>>>();

/**
 * The marker of the text of `label` of `kind` (the key `kind:label`), looked up by the label itself: labels are
 * the engine's constant strings, which keep their hash, so no key is made and hashed per answer. With canonicalNumber
 * below, about a tenth of a chart's marking: 81-120 -> 76-107 µs (in process, 2,000 fresh charts a round alternating
 * with the code before, five rounds; the same marked text for 1,515 answers of every operation in five languages).
 */
function labelMarker(lib: MeaningLibrary, kind: string, label: string): string | undefined {
  let kinds = labelled.get(lib);
  if (!kinds) labelled.set(lib, (kinds = new Map<string, Map<string, string | null>>()));
  let byLabel = kinds.get(kind);
  if (!byLabel) kinds.set(kind, (byLabel = new Map<string, string | null>()));
  let mark = byLabel.get(label);
  if (mark === undefined) byLabel.set(label, (mark = marker(lib, `${kind}:${label}`) ?? null));
  return mark ?? undefined;
}

/**
 * The number a key spells in its canonical decimal form (digits, no leading zero; as `String(Number(key)) === key`
 * for the keys an answer has), else -1. Read by character codes: a regular expression and a number's text per key
 * of `activatedGates` cost more than the look-up they lead to.
 */
export function canonicalNumber(key: string): number {
  const n = key.length;
  if (n === 0 || n > 15 || (n > 1 && key.charCodeAt(0) === 48)) return -1;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const isGate = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= 64;

function gateMarker(lib: MeaningLibrary, gate: number): string | undefined {
  if (!isGate(gate)) return marker(lib, `gate:${gate}`);
  const { gates } = numberedOf(lib);
  let mark = gates[gate];
  if (mark === undefined) gates[gate] = mark = marker(lib, `gate:${gate}`) ?? null;
  return mark ?? undefined;
}

function lineMarker(lib: MeaningLibrary, gate: number, line: number): string | undefined {
  if (!isGate(gate) || !Number.isInteger(line) || line < 1 || line > 6) return marker(lib, `line:${gate}.${line}`);
  const { lines } = numberedOf(lib);
  const at = gate * 8 + line;
  let mark = lines[at];
  if (mark === undefined) lines[at] = mark = marker(lib, `line:${gate}.${line}`) ?? null;
  return mark ?? undefined;
}

function channelMarker(lib: MeaningLibrary, gate1: number, gate2: number): string | undefined {
  const low = Math.min(gate1, gate2);
  const high = Math.max(gate1, gate2);
  if (!isGate(low) || !isGate(high)) return marker(lib, `channel:${low}-${high}`);
  const { channels } = numberedOf(lib);
  let mark = channels.get(low * 100 + high);
  if (mark === undefined) channels.set(low * 100 + high, (mark = marker(lib, `channel:${low}-${high}`) ?? null));
  return mark ?? undefined;
}

/**
 * The worker's step: the answer as JSON text with a marker for each text (and the language and licence).
 * The markers are written into `answer` itself, which must be made for this one call (the chart operations' answers
 * are: modules/chart/jobs/fresh-answers.spec checks each that takes `meaning`). Copying the answer first took a
 * chart's marking from about 165 to 225 µs with the caches cold, as a worker's are between one caller's requests (in
 * process, 300 charts, caches flushed before each). Arrays are never written to (some are shared tables).
 */
export function markMeaning(answer: object, lib: MeaningLibrary): string {
  const out = answer as JsonObject;
  walk(out, lib, '', '');
  out.meaningSource = { language: lib.language, licence: MEANING_LICENCE };
  return JSON.stringify(out);
}

/** The fields of a chart's or an advanced chart's answer that markChartMeaning reads (see there). */
export interface ChartAnswerShape {
  incarnationCross: { name: string; quarter: string };
  activeChannels: { gate1: number; gate2: number }[];
  activatedGates: Record<string, object>;
  personality: Record<string, { gate: number; line: number }>;
  design: Record<string, { gate: number; line: number }>;
  variables?: Partial<Record<VariableName, { color: number; tone: number; base?: number; arrow?: string }>>;
}

/**
 * markMeaning for the answers of /v1/chart and /v1/chart/advanced (and their batch and bulk items), the most asked
 * for: the same markers in the same places, put by the fields such an answer has instead of by visiting every key
 * of it. In a worker under load the generic walk was about half of what meaning added to a chart there (its CPU
 * profile: 87 µs a request, the marked answer's JSON 76). In process, fresh answers, the two alternating with plain
 * JSON (four rounds of 1,000 each): a chart's marking and JSON 98-142 -> 73-95 µs (plain JSON 34-51), an advanced
 * chart's 181-276 -> 155-253 µs. The rules stay those of walk and ownMeaning: modules/chart/jobs/chart-meaning.spec
 * checks that this gives the same text as markMeaning for charts and advanced charts of many births in every
 * language, so a field added to those answers that walk would mark fails there until it is handled here too.
 */
export function markChartMeaning(answer: ChartAnswerShape, lib: MeaningLibrary): string {
  for (const side of [answer.personality, answer.design])
    for (const planet in side) {
      const activation = side[planet] as ChartAnswerShape['personality'][string] & { meaning?: string };
      const mark = lineMarker(lib, activation.gate, activation.line);
      if (mark) activation.meaning = mark;
    }
  const gates = answer.activatedGates;
  for (const key in gates) {
    const mark = gateMarker(lib, canonicalNumber(key));
    if (mark) (gates[key] as { meaning?: string }).meaning = mark;
  }
  for (const channel of answer.activeChannels as (ChartAnswerShape['activeChannels'][number] & { meaning?: string })[]) {
    const mark = channelMarker(lib, channel.gate1, channel.gate2);
    if (mark) channel.meaning = mark;
  }
  const cross = answer.incarnationCross as ChartAnswerShape['incarnationCross'] & { meaning?: string };
  const crossMark = labelMarker(lib, `cross:${cross.quarter}`, cross.name);
  if (crossMark) cross.meaning = crossMark;
  const variables = answer.variables;
  if (variables)
    for (const name of VARIABLES) {
      const v = variables[name] as (JsonObject & { meaning?: string }) | undefined;
      const mark = v && ownMeaning(v, lib, name, 'variables');
      if (mark) v.meaning = mark;
    }
  const out = answer as unknown as JsonObject;
  const labels = labelMeaning(out, lib);
  if (labels) out.meaning = labels;
  out.meaningSource = { language: lib.language, licence: MEANING_LICENCE };
  return JSON.stringify(out);
}

/** The API's step: every marker of `json` swapped for its text (a text without markers is returned as it is). */
export function expandMeaning(json: string, libraries: MeaningLibraries): string {
  if (!json.includes(OPENING)) return json;
  // Each marker is the JSON string "<MARK>lang|key": split on its opening, and each later part starts with `lang|key"`.
  const parts = json.split(OPENING);
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    const close = part.indexOf('"');
    out += (referencedText(part.slice(0, close), libraries) ?? 'null') + part.slice(close + 1);
  }
  return out;
}

/** The JSON text a marker refers to (`lang|key`), or undefined for an item no library has. */
function referencedText(reference: string, libraries: MeaningLibraries): string | undefined {
  const bar = reference.indexOf('|');
  const language = reference.slice(0, bar) as MeaningLanguage;
  const lib = MEANING_LANGUAGES.includes(language) ? libraries[language] : undefined;
  return lib && fragmentText(lib, reference.slice(bar + 1));
}

/** Each text object's JSON as UTF-8 bytes, by the marker's reference `lang|key`, encoded once per process. */
const fragmentBytes = new Map<string, Buffer>();
const NULL_BYTES = Buffer.from('null');

/** The bytes of `lib`'s text object `key` (undefined: no such item), from the same cache (chart-splice.ts). */
export function fragmentBytesOf(lib: MeaningLibrary, key: string): Buffer | undefined {
  const reference = `${lib.language}|${key}`;
  let bytes = fragmentBytes.get(reference);
  if (bytes === undefined) {
    const text = fragmentText(lib, key);
    if (text === undefined) return undefined;
    fragmentBytes.set(reference, (bytes = Buffer.from(text)));
  }
  return bytes;
}

/** The bytes of the text object a marker refers to (`lang|key`), or null's for an item no library has. */
function bytesOf(reference: string, libraries: MeaningLibraries): Buffer {
  let bytes = fragmentBytes.get(reference);
  if (bytes === undefined) {
    const text = referencedText(reference, libraries);
    if (text === undefined) return NULL_BYTES; // not remembered: only the library's own items are kept
    fragmentBytes.set(reference, (bytes = Buffer.from(text)));
  }
  return bytes;
}

/**
 * `expandMeaning` as the HTTP answer's bytes. The texts are about six sevenths of such an answer: they are encoded
 * to UTF-8 once per process, and only the worker's part (a few KB between the markers) is encoded per request,
 * straight into the one buffer the answer is. Expanding to text and encoding that took four times as long (a 32 KB
 * German answer: 20 µs to expand, 60 µs to encode, in process), most of it the encoding of accented text.
 */
export function expandMeaningBytes(json: string, libraries: MeaningLibraries): Buffer {
  const parts = json.split(OPENING);
  if (parts.length === 1) return Buffer.from(json);
  // Each later part starts with the marker's `lang|key"`: the texts first, to size the answer (a part's UTF-8 is at
  // most three bytes a UTF-16 unit).
  const texts: Buffer[] = [];
  let size = 3 * parts[0].length;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    const close = part.indexOf('"');
    const text = numberedBytes(part, close, libraries) ?? bytesOf(part.slice(0, close), libraries);
    texts.push(text);
    parts[i] = part.slice(close + 1);
    size += text.length + 3 * parts[i].length;
  }
  const answer = Buffer.allocUnsafeSlow(size);
  let at = answer.write(parts[0], 0, 'utf8');
  for (let i = 1; i < parts.length; i++) {
    at += texts[i - 1].copy(answer, at);
    at += answer.write(parts[i], at, 'utf8');
  }
  return answer.subarray(0, at);
}

/**
 * The bytes of gate and line texts (more than half of a chart's markers) by language and number, so that such a
 * marker is read without making its key and looking it up by hash: with the caches cold, as the API's are between
 * one caller's requests, those look-ups took 50-80 µs of a chart's expansion (in process, caches flushed before each).
 */
const gateAndLineBytes: (Buffer | undefined)[][] = MEANING_LANGUAGES.map(() => []);
/** The index in MEANING_LANGUAGES of the language a marker's reference starts with, or -1. */
function languageIndex(reference: string): number {
  const first = reference.charCodeAt(0);
  const second = reference.charCodeAt(1);
  for (let i = 0; i < MEANING_LANGUAGES.length; i++) {
    const language = MEANING_LANGUAGES[i];
    // No two languages share their first two characters: the first that matches is the only candidate.
    if (language.charCodeAt(0) === first && language.charCodeAt(1) === second) return reference.startsWith(language) ? i : -1;
  }
  return -1;
}

const GATE = '|gate:';
const LINE = '|line:';

/** The bytes of the `lang|gate:N` or `lang|line:N.L` marker whose reference is `part` up to `end`, else undefined. */
function numberedBytes(part: string, end: number, libraries: MeaningLibraries): Buffer | undefined {
  const index = languageIndex(part);
  if (index < 0) return undefined;
  let at = MEANING_LANGUAGES[index].length;
  const isLine = part.charCodeAt(at + 1) === 108; /* l */
  if (!part.startsWith(isLine ? LINE : GATE, at)) return undefined;
  at += GATE.length;
  // One or two digits, the first not 0 (only the canonical spelling: "gate:07" is looked up by its key).
  let gate = part.charCodeAt(at++) - 48;
  if (!(gate >= 1 && gate <= 9)) return undefined;
  const second = part.charCodeAt(at) - 48;
  if (second >= 0 && second <= 9) {
    gate = gate * 10 + second;
    at++;
  }
  let line = 0;
  if (isLine) {
    if (part.charCodeAt(at) !== 46 /* . */) return undefined;
    line = part.charCodeAt(at + 1) - 48;
    at += 2;
  }
  if (at !== end || gate > 64) return undefined;
  if (isLine && !(line >= 1 && line <= 6)) return undefined;
  const table = gateAndLineBytes[index];
  return (table[gate * 8 + line] ??= bytesOf(part.slice(0, end), libraries));
}

/** Both steps at once: the answer with its texts, as JSON text (the markers written into `answer`, as markMeaning). */
export function meaningJson(answer: object, lib: MeaningLibrary): string {
  return expandMeaning(markMeaning(answer, lib), { [lib.language]: lib } as unknown as MeaningLibraries);
}

/** The same as an object (tests, and the report, which goes on to lay the answer out). */
export function annotateMeaning(answer: object, lib: MeaningLibrary): JsonObject {
  return JSON.parse(meaningJson(answer, lib)) as JsonObject;
}

/** Puts the markers into `value` and the objects below it (see markMeaning). */
function walk(value: Json, lib: MeaningLibrary, key: string, parentKey: string): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object') walk(v, lib, key, parentKey);
    return;
  }
  let named = false;
  for (const k in value) {
    const v = value[k];
    if (v !== null && typeof v === 'object') walk(v, lib, k, key);
    if (!named && LABEL_FIELDS.has(k)) named = true;
  }
  // Marked already: an object the answer holds twice, or an answer's own text.
  if ('meaning' in value) return;
  const own = ownMeaning(value, lib, key, parentKey);
  const labels = named ? labelMeaning(value, lib) : undefined;
  // Both at once is a shape no answer has today; it is kept whole rather than as a marker.
  if (own && labels) value.meaning = { ...(JSON.parse(fragmentText(lib, own.slice(MARK.length + lib.language.length + 1))!) as JsonObject), ...labels };
  else if (own ?? labels) value.meaning = (own ?? labels)!;
}

/** The marker of the text of an object that is itself a labelled element, or undefined. */
function ownMeaning(o: JsonObject, lib: MeaningLibrary, key: string, parentKey: string): string | undefined {
  if (typeof o.gate1 === 'number' && typeof o.gate2 === 'number') return channelMarker(lib, o.gate1, o.gate2);
  if (parentKey === 'activatedGates') {
    const gate = canonicalNumber(key);
    if (gate >= 0) return gateMarker(lib, gate);
    if (/^\d+$/.test(key)) return marker(lib, `gate:${key}`); // digits in another spelling ("07"): no such item
  }
  if (typeof o.gate === 'number') return typeof o.line === 'number' ? lineMarker(lib, o.gate, o.line) : gateMarker(lib, o.gate);
  if (key === 'incarnationCross' && typeof o.name === 'string')
    return labelMarker(lib, typeof o.quarter === 'string' ? `cross:${o.quarter}` : 'cross:', o.name);
  if (VARIABLE_SET.has(key) && typeof o.color === 'number' && typeof o.tone === 'number') {
    const arrow = o.arrow === 'left' || o.arrow === 'right' ? o.arrow : '';
    return marker(lib, `variable:${key}:${arrow}:${o.color}:${o.tone}:${typeof o.base === 'number' ? o.base : 0}`);
  }
  return undefined;
}

/**
 * The fields whose string values are labels with a text of their own, in the order an object's `meaning` lists them,
 * and the kind their texts are kept under (the key `kind:label`).
 */
export const LABEL_KINDS: readonly (readonly [field: string, kind: string])[] = [
  ['type', 'type'],
  ['authority', 'authority'],
  ['profile', 'profile'],
  ['definition', 'definition'],
  ['splitKind', 'split'],
  ['incarnationCross', 'cross:'],
];
/** The lists of center names, in the order `meaning.centers` follows them, and the kind of their texts. */
export const CENTER_KINDS: readonly (readonly [field: string, kind: string])[] = [
  ['definedCenters', 'center:defined'],
  ['temporarilyDefinedCenters', 'center:defined'],
  ['openCenters', 'center:open'],
];

/** The markers of the texts of the labels an object names in plain strings, under the same field names, or undefined. */
function labelMeaning(o: JsonObject, lib: MeaningLibrary): JsonObject | undefined {
  const m: JsonObject = {};
  for (const [field, kind] of LABEL_KINDS) {
    const value = o[field];
    const mark = typeof value === 'string' ? labelMarker(lib, kind, value) : undefined;
    if (mark) m[field] = mark;
  }
  const centers: JsonObject = {};
  for (const [field, kind] of CENTER_KINDS) {
    const list = o[field];
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      const mark = typeof c === 'string' ? labelMarker(lib, kind, c) : undefined;
      if (mark) centers[c as string] = mark;
    }
  }
  if (Object.keys(centers).length) m.centers = centers;
  if (Array.isArray(o.activeChannels) && o.activeChannels.some((c) => typeof c === 'string')) {
    const channels: JsonObject = {};
    for (const id of o.activeChannels) {
      const mark = typeof id === 'string' ? labelMarker(lib, 'channel', id) : undefined;
      if (mark) channels[id as string] = mark;
    }
    m.activeChannels = channels;
  }
  return Object.keys(m).length ? m : undefined;
}

/**
 * The text object a key names: "kind:rest", where rest is what the kind needs (the label last, as it may hold
 * anything but a double quote). Undefined for an item the library does not have.
 */
function buildFragment(lib: MeaningLibrary, key: string): JsonObject | undefined {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  switch (kind) {
    case 'channel': {
      const c = lib.channels[rest];
      return c && { name: c.name, keynote: c.keynote, description: c.description };
    }
    case 'gate': {
      const g = lib.gates[rest];
      return g && { iching: g.iching, name: g.name, keynote: g.keynote, description: g.description };
    }
    case 'line': {
      const [n, l] = rest.split('.');
      const g = lib.gates[n];
      const line = g?.lines[l];
      return line && { gate: { name: g.name, keynote: g.keynote }, line: { keynote: line.keynote, text: line.text } };
    }
    case 'cross': {
      const at = rest.indexOf(':');
      return cross(lib, rest.slice(at + 1), rest.slice(0, at));
    }
    case 'variable': {
      const [name, arrow, color, tone, base] = rest.split(':');
      return VARIABLE_SET.has(name) ? variable(lib, name as VariableName, arrow as '' | 'left' | 'right', color, tone, base) : undefined;
    }
    case 'type':
      return own(lib.types, rest) ? { ...lib.types[rest as HdType] } : undefined;
    case 'authority':
      return own(lib.authorities, rest) ? named(lib.authorities[rest as Authority]) : undefined;
    case 'profile':
      return own(lib.profiles.profiles, rest) ? profile(lib, rest) : undefined;
    case 'definition':
      return own(lib.definitions.definitions, rest) ? named(lib.definitions.definitions[rest as Definition]) : undefined;
    case 'split':
      return rest === 'simple' || rest === 'wide' ? named(lib.definitions.splitKinds[rest]) : undefined;
    case 'center': {
      const at = rest.indexOf(':');
      const state = rest.slice(0, at) as 'defined' | 'open';
      const name = rest.slice(at + 1);
      if (!CENTER_SET.has(name) || (state !== 'defined' && state !== 'open')) return undefined;
      const c = lib.centers[name as CenterName];
      return { name: c.name, theme: c.theme, description: c.description, state, text: c[state] };
    }
    default:
      return undefined;
  }
}

const own = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

const named = (t: NamedText): JsonObject => ({ name: t.name, description: t.description });

function profile(lib: MeaningLibrary, p: string): JsonObject {
  const [personality, design] = p.split('/');
  return {
    ...named(lib.profiles.profiles[p]),
    personalityLine: named(lib.profiles.lines[personality]),
    designLine: named(lib.profiles.lines[design]),
  };
}

function cross(lib: MeaningLibrary, name: string, quarter: string): JsonObject | undefined {
  if (!own(lib.crosses, name)) return undefined;
  const geometry: CrossGeometry = name.startsWith('Right Angle') ? 'Right Angle' : name.startsWith('Left Angle') ? 'Left Angle' : 'Juxtaposition';
  const out: JsonObject = { ...named(lib.crosses[name]), geometry: named(lib.quarters.geometries[geometry]) };
  const q = own(lib.quarters.quarters, quarter) ? lib.quarters.quarters[quarter as Quarter] : undefined;
  if (q) out.quarter = { name: q.name, theme: q.theme, description: q.description };
  return out;
}

function variable(lib: MeaningLibrary, name: VariableName, arrowSide: '' | 'left' | 'right', color: string, tone: string, base: string): JsonObject {
  const arrow = lib.variables.arrows[name];
  const out: JsonObject = { name: arrow.name, description: arrow.description };
  if (arrowSide === 'left' || arrowSide === 'right') out.arrow = arrow[arrowSide];
  const c: ColorMeaning | undefined = own(lib.variables.colors[name], color) ? lib.variables.colors[name][color] : undefined;
  if (c) {
    const colorText: JsonObject = { name: c.name, description: c.description };
    // The variant a left or right arrow gives the color (Determination and Environment only).
    if (arrowSide === 'left' && c.left) colorText.variant = c.left;
    if (arrowSide === 'right' && c.right) colorText.variant = c.right;
    out.color = colorText;
  }
  const tones = DESIGN_VARIABLES.has(name) ? lib.variables.tones.cognition : lib.variables.tones.sense;
  if (own(tones, tone)) out.tone = named(tones[tone]);
  if (own(lib.variables.bases, base)) out.base = named(lib.variables.bases[base]);
  return out;
}
