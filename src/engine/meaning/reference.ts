/**
 * The reference library as answers: an index, and one item of a kind by its id, each with its texts in one
 * language and the facts the engine's tables hold about it (a gate's center and channels, a channel's centers and
 * circuit, a center's kinds, a profile's cross geometry, a cross's gates). Ids are the chart answers' own labels;
 * where a label does not fit a URL path ("Solar Plexus", "5/1", a cross's name) a slug does: lower case, words
 * joined by "-" ("solar-plexus", "5-1", "right-angle-cross-of-the-sphinx-1"). Both are accepted.
 */
import { CHANNELS } from '../tables/channels';
import { CROSSES } from '../tables/crosses';
import { PROFILE_GEOMETRY } from '../tables/profiles';
import { QUARTERS } from '../tables/quarters';
import { CENTER_GATES, GATE_CENTER, MOTORS, WHEEL } from '../tables/wheel';
import { TYPE_DETAILS } from '../tables/type-details';
import { CENTERS, type CenterName, type HdType, type Quarter } from '../types';
import {
  AUTHORITIES,
  CHANNEL_IDS,
  CIRCUIT_GROUPS,
  CIRCUITS,
  CROSS_NAMES,
  DEFINITIONS,
  GATE_NUMBERS,
  CROSS_GEOMETRIES,
  MEANING_ATTRIBUTION,
  MEANING_LICENCE,
  type MeaningLibrary,
  PROFILES,
  VARIABLES,
} from './library';

export const REFERENCE_KINDS = [
  'gates',
  'channels',
  'circuits',
  'centers',
  'types',
  'authorities',
  'profiles',
  'definitions',
  'quarters',
  'crosses',
  'variables',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** "Solar Plexus" → "solar-plexus", "5/1" → "5-1", "Mental / Environmental (no inner authority)" → "mental-environmental-no-inner-authority". */
export function slug(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Each kind's ids in their natural order (the labels chart answers use). */
const IDS: Record<ReferenceKind, readonly string[]> = {
  gates: GATE_NUMBERS,
  channels: CHANNEL_IDS,
  circuits: [...CIRCUIT_GROUPS, ...CIRCUITS.filter((c) => c !== 'Integration')],
  centers: CENTERS,
  types: Object.keys(TYPE_DETAILS),
  authorities: AUTHORITIES,
  profiles: PROFILES,
  definitions: DEFINITIONS,
  quarters: QUARTERS,
  crosses: CROSS_NAMES,
  variables: VARIABLES,
};

/** id or slug (case-insensitive) → id, per kind. */
const LOOKUP: Record<ReferenceKind, Map<string, string>> = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => {
    const map = new Map<string, string>();
    for (const id of IDS[kind]) {
      map.set(id.toLowerCase(), id);
      map.set(slug(id), id);
    }
    return [kind, map];
  }),
) as Record<ReferenceKind, Map<string, string>>;

/** The id a label or slug names (any case), or undefined: "solar plexus" and "solar-plexus" do, "solar_plexus!" does not. */
export function referenceId(kind: ReferenceKind, idOrSlug: string): string | undefined {
  return LOOKUP[kind].get(idOrSlug.trim().toLowerCase());
}

export const CENTER_KINDS: Record<CenterName, string[]> = {
  Head: ['pressure'],
  Ajna: ['awareness'],
  Throat: ['expression'],
  G: ['identity'],
  Heart: ['motor'],
  Sacral: ['motor'],
  'Solar Plexus': ['motor', 'awareness'],
  Spleen: ['awareness'],
  Root: ['motor', 'pressure'],
};

const QUARTER_OF_GATE: Record<number, Quarter> = Object.fromEntries(
  // The Quarter of Initiation starts at wheel index 2 (gate 13); 16 gates a quarter (RULES 9.4).
  WHEEL.map((gate, i) => [gate, QUARTERS[Math.floor(((i - 2 + 64) % 64) / 16)]]),
);

const envelope = (lib: MeaningLibrary) => ({ language: lib.language, licence: MEANING_LICENCE, attribution: MEANING_ATTRIBUTION });

/** The index: every kind with its items' ids, slugs and names in the language. */
export function referenceIndex(lib: MeaningLibrary): object {
  const kinds: Record<string, Array<{ id: string; slug: string; name: string }>> = {};
  for (const kind of REFERENCE_KINDS) kinds[kind] = IDS[kind].map((id) => ({ id, slug: slug(id), name: nameOf(lib, kind, id) }));
  return { ...envelope(lib), kinds };
}

function nameOf(lib: MeaningLibrary, kind: ReferenceKind, id: string): string {
  switch (kind) {
    case 'gates':
      return lib.gates[id].name;
    case 'circuits':
      return (lib.circuits.groups[id] ?? lib.circuits.circuits[id]).name;
    case 'profiles':
      return lib.profiles.profiles[id].name;
    case 'definitions':
      return lib.definitions.definitions[id as keyof MeaningLibrary['definitions']['definitions']].name;
    case 'quarters':
      return lib.quarters.quarters[id as Quarter].name;
    case 'variables':
      return lib.variables.arrows[id as keyof MeaningLibrary['variables']['arrows']].name;
    default:
      return (lib[kind] as Record<string, { name: string }>)[id].name;
  }
}

/** One item (id: its label or slug) with its texts and facts, or undefined when there is no such item. */
export function referenceItem(lib: MeaningLibrary, kind: ReferenceKind, idOrSlug: string): object | undefined {
  const id = referenceId(kind, idOrSlug);
  if (id === undefined) return undefined;
  return { ...envelope(lib), kind, id, slug: slug(id), ...itemOf(lib, kind, id) };
}

/** A gate's line (1–6), or undefined. */
export function referenceLine(lib: MeaningLibrary, gate: string, line: string): object | undefined {
  const g = referenceId('gates', gate);
  if (g === undefined || !/^[1-6]$/.test(line.trim())) return undefined;
  const text = lib.gates[g].lines[line.trim()];
  return {
    ...envelope(lib),
    kind: 'lines',
    id: `${g}.${line.trim()}`,
    slug: `${g}-${line.trim()}`,
    gate: Number(g),
    line: Number(line.trim()),
    gateName: lib.gates[g].name,
    ...text,
  };
}

function itemOf(lib: MeaningLibrary, kind: ReferenceKind, id: string): object {
  switch (kind) {
    case 'gates': {
      const n = Number(id);
      const { lines, ...texts } = lib.gates[id];
      const channels = CHANNELS.filter((c) => c.gate1 === n || c.gate2 === n).map((c) => `${c.gate1}-${c.gate2}`);
      return { gate: n, center: GATE_CENTER[n], quarter: QUARTER_OF_GATE[n], channels, ...texts, lines: SIX.map((l) => ({ line: Number(l), ...lines[l] })) };
    }
    case 'channels': {
      const c = CHANNELS.find((ch) => `${ch.gate1}-${ch.gate2}` === id)!;
      const text = lib.channels[id];
      return {
        gates: [c.gate1, c.gate2],
        centers: [GATE_CENTER[c.gate1], GATE_CENTER[c.gate2]],
        label: c.name,
        circuitGroup: c.circuitGroup,
        circuit: c.circuit,
        ...text,
        circuitText: { group: lib.circuits.groups[c.circuitGroup], circuit: lib.circuits.circuits[c.circuit] },
      };
    }
    case 'circuits': {
      const isGroup = (CIRCUIT_GROUPS as readonly string[]).includes(id);
      const channels = CHANNELS.filter((c) => (isGroup ? c.circuitGroup === id : c.circuit === id)).map((c) => `${c.gate1}-${c.gate2}`);
      return { level: isGroup ? 'group' : 'circuit', channels, ...(isGroup ? lib.circuits.groups[id] : lib.circuits.circuits[id]) };
    }
    case 'centers': {
      const c = id as CenterName;
      return { kinds: CENTER_KINDS[c], motor: MOTORS.includes(c), gates: CENTER_GATES[c], ...lib.centers[c] };
    }
    case 'types': {
      const t = id as HdType;
      return { facts: TYPE_DETAILS[t], ...lib.types[t] };
    }
    case 'authorities':
      return { ...lib.authorities[id as keyof MeaningLibrary['authorities']] };
    case 'profiles': {
      const [personality, design] = id.split('/');
      return {
        lines: [Number(personality), Number(design)],
        geometry: PROFILE_GEOMETRY[id],
        ...lib.profiles.profiles[id],
        personalityLine: lib.profiles.lines[personality],
        designLine: lib.profiles.lines[design],
      };
    }
    case 'definitions':
      return {
        ...lib.definitions.definitions[id as keyof MeaningLibrary['definitions']['definitions']],
        ...(id === 'Split Definition' ? { splitKinds: lib.definitions.splitKinds } : {}),
      };
    case 'quarters': {
      const q = id as Quarter;
      return { gates: WHEEL.filter((g) => QUARTER_OF_GATE[g] === q), ...lib.quarters.quarters[q] };
    }
    case 'crosses': {
      const row = Object.values(CROSSES).find((r) => [r.rightAngle, r.juxtaposition, r.leftAngle].some((e) => e.name === id))!;
      const entry = [row.rightAngle, row.juxtaposition, row.leftAngle].find((e) => e.name === id)!;
      const geometry = CROSS_GEOMETRIES.find((g) => id.startsWith(g))!;
      return {
        gates: entry.gates,
        geometry,
        quarter: QUARTER_OF_GATE[entry.gates[0]],
        ...lib.crosses[id],
        geometryText: lib.quarters.geometries[geometry],
      };
    }
    case 'variables': {
      const v = id as keyof MeaningLibrary['variables']['arrows'];
      const design = v === 'determination' || v === 'environment';
      return {
        side: design ? 'design' : 'personality',
        ...lib.variables.arrows[v],
        colors: SIX.map((c) => ({ color: Number(c), ...lib.variables.colors[v][c] })),
        tones: SIX.map((t) => ({ tone: Number(t), ...lib.variables.tones[design ? 'cognition' : 'sense'][t] })),
        bases: ['1', '2', '3', '4', '5'].map((b) => ({ base: Number(b), ...lib.variables.bases[b] })),
      };
    }
  }
}

const SIX = ['1', '2', '3', '4', '5', '6'] as const;
