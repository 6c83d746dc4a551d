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
 * Speed: each text object is serialised once per language and process (a fragment cache); the walk puts a marker
 * string in its place and the markers are swapped for the fragments in the JSON text. Building and serialising
 * the objects afresh took about as long as computing the chart itself (170 µs against 163 for /v1/chart/advanced).
 */
import { randomBytes } from 'node:crypto';
import { type Authority, CENTERS, type CenterName, type CrossGeometry, type Definition, type HdType, type Quarter } from '../types';
import { type ColorMeaning, type MeaningLibrary, MEANING_LICENCE, type NamedText, type QuarterMeaning, VARIABLES, type VariableName } from './library';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const CENTER_SET = new Set<string>(CENTERS);
/** The fields whose plain-string values are labels (see labelMeaning). */
const LABEL_FIELDS = [
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
];
const VARIABLE_SET = new Set<string>(VARIABLES);
/** The design side's tones name cognition, the personality side's sense (RULES 10.2). */
const DESIGN_VARIABLES = new Set<VariableName>(['determination', 'environment']);

/**
 * A marker no answer can contain by chance: private-use characters, random per process. A marker stands for
 * fragment n of its library as the JSON string `"<PREFIX>n"`.
 */
const PREFIX = '\uE000' + [...randomBytes(6)].map((b) => String.fromCharCode(0xe100 + b)).join('');
const OPENING = `"${PREFIX}`;

/** Per library: the JSON text of each text object once made, and its index by key. */
const fragments = new WeakMap<MeaningLibrary, { texts: string[]; index: Map<string, number> }>();

/** A marker for the text object `key` of `lib`, made (and serialised) by `build` the first time. */
function fragment(lib: MeaningLibrary, key: string, build: () => JsonObject | undefined): string | undefined {
  let cache = fragments.get(lib);
  if (!cache) fragments.set(lib, (cache = { texts: [], index: new Map() }));
  let n = cache.index.get(key);
  if (n === undefined) {
    const value = build();
    if (!value) return undefined;
    n = cache.texts.push(JSON.stringify(value)) - 1;
    cache.index.set(key, n);
  }
  return PREFIX + n;
}

/** The answer as JSON text with `meaning` beside each labelled element, and the library's language and licence. */
export function meaningJson(answer: object, lib: MeaningLibrary): string {
  const out = walk(answer as Json, lib, '', '') as JsonObject;
  out.meaningSource = { language: lib.language, licence: MEANING_LICENCE };
  const texts = fragments.get(lib)?.texts ?? [];
  // Each marker is the JSON string "<PREFIX>n": split on its opening, and each later part starts with `n"`.
  const parts = JSON.stringify(out).split(OPENING);
  let json = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    const close = part.indexOf('"');
    json += texts[Number(part.slice(0, close))] + part.slice(close + 1);
  }
  return json;
}

/** The same as an object (tests, and callers that go on to shape the answer). */
export function annotateMeaning(answer: object, lib: MeaningLibrary): JsonObject {
  return JSON.parse(meaningJson(answer, lib)) as JsonObject;
}

function walk(value: Json, lib: MeaningLibrary, key: string, parentKey: string): Json {
  if (Array.isArray(value)) return value.map((v) => walk(v, lib, key, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = walk(v, lib, k, key);
  if ('meaning' in value) return out;
  const own = ownMeaning(value, lib, key, parentKey);
  const labels = labelMeaning(value, lib);
  // Both at once is a shape no answer has today; it is kept whole rather than by markers.
  if (own && labels) out.meaning = { ...(JSON.parse(fragments.get(lib)!.texts[Number(own.slice(PREFIX.length))]) as JsonObject), ...labels };
  else if (own ?? labels) out.meaning = (own ?? labels)!;
  return out;
}

/** The marker of the text of an object that is itself a labelled element, or undefined. */
function ownMeaning(o: JsonObject, lib: MeaningLibrary, key: string, parentKey: string): string | undefined {
  if (typeof o.gate1 === 'number' && typeof o.gate2 === 'number') {
    const id = `${Math.min(o.gate1, o.gate2)}-${Math.max(o.gate1, o.gate2)}`;
    return fragment(lib, `channel:${id}`, () => channel(lib, id));
  }
  if (parentKey === 'activatedGates' && /^\d+$/.test(key)) return fragment(lib, `gate:${key}`, () => gate(lib, key));
  if (typeof o.gate === 'number') {
    const g = String(o.gate);
    if (typeof o.line !== 'number') return fragment(lib, `gate:${g}`, () => gate(lib, g));
    const l = String(o.line);
    return fragment(lib, `line:${g}.${l}`, () => line(lib, g, l));
  }
  if (key === 'incarnationCross' && typeof o.name === 'string') {
    const name = o.name;
    const quarter = typeof o.quarter === 'string' ? o.quarter : '';
    return fragment(lib, `cross:${name}:${quarter}`, () => cross(lib, name, quarter));
  }
  if (VARIABLE_SET.has(key) && typeof o.color === 'number' && typeof o.tone === 'number') {
    const v = key as VariableName;
    const { color, tone } = o;
    const arrow = o.arrow === 'left' || o.arrow === 'right' ? o.arrow : '';
    const base = typeof o.base === 'number' ? o.base : 0;
    return fragment(lib, `variable:${v}:${arrow}:${color}:${tone}:${base}`, () => variable(lib, v, arrow, color, tone, base));
  }
  return undefined;
}

/** The markers of the texts of the labels an object names in plain strings, under the same field names, or undefined. */
function labelMeaning(o: JsonObject, lib: MeaningLibrary): JsonObject | undefined {
  if (!LABEL_FIELDS.some((f) => f in o)) return undefined;
  const m: JsonObject = {};
  const put = (field: string, marker: string | undefined) => {
    if (marker) m[field] = marker;
  };
  const { type, authority, profile: p, definition, splitKind, incarnationCross } = o;
  if (typeof type === 'string' && type in lib.types)
    put(
      'type',
      fragment(lib, `type:${type}`, () => ({ ...lib.types[type as HdType] })),
    );
  if (typeof authority === 'string' && authority in lib.authorities)
    put(
      'authority',
      fragment(lib, `authority:${authority}`, () => named(lib.authorities[authority as Authority])),
    );
  if (typeof p === 'string' && p in lib.profiles.profiles)
    put(
      'profile',
      fragment(lib, `profile:${p}`, () => profile(lib, p)),
    );
  if (typeof definition === 'string' && definition in lib.definitions.definitions)
    put(
      'definition',
      fragment(lib, `definition:${definition}`, () => named(lib.definitions.definitions[definition as Definition])),
    );
  if (splitKind === 'simple' || splitKind === 'wide')
    put(
      'splitKind',
      fragment(lib, `split:${splitKind}`, () => named(lib.definitions.splitKinds[splitKind])),
    );
  if (typeof incarnationCross === 'string')
    put(
      'incarnationCross',
      fragment(lib, `cross:${incarnationCross}:`, () => cross(lib, incarnationCross, '')),
    );
  const centers: JsonObject = {};
  for (const [field, state] of [
    ['definedCenters', 'defined'],
    ['temporarilyDefinedCenters', 'defined'],
    ['openCenters', 'open'],
  ] as const) {
    const list = o[field];
    if (!Array.isArray(list)) continue;
    for (const c of list)
      if (typeof c === 'string' && CENTER_SET.has(c)) centers[c] = fragment(lib, `center:${c}:${state}`, () => center(lib, c as CenterName, state))!;
  }
  if (Object.keys(centers).length) m.centers = centers;
  if (Array.isArray(o.activeChannels) && o.activeChannels.some((c) => typeof c === 'string')) {
    const channels: JsonObject = {};
    for (const id of o.activeChannels) {
      if (typeof id !== 'string') continue;
      const marker = fragment(lib, `channel:${id}`, () => channel(lib, id));
      if (marker) channels[id] = marker;
    }
    m.activeChannels = channels;
  }
  return Object.keys(m).length ? m : undefined;
}

const named = (t: NamedText): JsonObject => ({ name: t.name, description: t.description });

function gate(lib: MeaningLibrary, n: string): JsonObject | undefined {
  const g = lib.gates[n];
  return g && { iching: g.iching, name: g.name, keynote: g.keynote, description: g.description };
}

function line(lib: MeaningLibrary, n: string, l: string): JsonObject | undefined {
  const g = lib.gates[n];
  const text = g?.lines[l];
  return text && { gate: { name: g.name, keynote: g.keynote }, line: { keynote: text.keynote, text: text.text } };
}

function channel(lib: MeaningLibrary, id: string): JsonObject | undefined {
  const c = lib.channels[id];
  return c && { name: c.name, keynote: c.keynote, description: c.description };
}

function center(lib: MeaningLibrary, name: CenterName, state: 'defined' | 'open'): JsonObject {
  const c = lib.centers[name];
  return { name: c.name, theme: c.theme, description: c.description, state, text: c[state] };
}

function profile(lib: MeaningLibrary, p: string): JsonObject {
  const [personality, design] = p.split('/');
  return {
    ...named(lib.profiles.profiles[p]),
    personalityLine: named(lib.profiles.lines[personality]),
    designLine: named(lib.profiles.lines[design]),
  };
}

function cross(lib: MeaningLibrary, name: string, quarter: string): JsonObject | undefined {
  const c = lib.crosses[name];
  if (!c) return undefined;
  const geometry: CrossGeometry = name.startsWith('Right Angle') ? 'Right Angle' : name.startsWith('Left Angle') ? 'Left Angle' : 'Juxtaposition';
  const out: JsonObject = { ...named(c), geometry: named(lib.quarters.geometries[geometry]) };
  const q = lib.quarters.quarters[quarter as Quarter] as QuarterMeaning | undefined;
  if (q) out.quarter = { name: q.name, theme: q.theme, description: q.description };
  return out;
}

function variable(lib: MeaningLibrary, name: VariableName, arrowSide: '' | 'left' | 'right', colorN: number, toneN: number, baseN: number): JsonObject {
  const arrow = lib.variables.arrows[name];
  const out: JsonObject = { name: arrow.name, description: arrow.description };
  if (arrowSide) out.arrow = arrow[arrowSide];
  const color: ColorMeaning | undefined = lib.variables.colors[name][String(colorN)];
  if (color) {
    const c: JsonObject = { name: color.name, description: color.description };
    // The variant a left or right arrow gives the color (Determination and Environment only).
    if (arrowSide === 'left' && color.left) c.variant = color.left;
    if (arrowSide === 'right' && color.right) c.variant = color.right;
    out.color = c;
  }
  const tones = DESIGN_VARIABLES.has(name) ? lib.variables.tones.cognition : lib.variables.tones.sense;
  const tone = tones[String(toneN)];
  if (tone) out.tone = named(tone);
  const base = lib.variables.bases[String(baseN)];
  if (base) out.base = named(base);
  return out;
}
