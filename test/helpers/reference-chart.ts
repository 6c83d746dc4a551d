/**
 * Test helper: turn an entry of test/fixtures/reference-charts.json (RULES 13) into a Chart-like object,
 * built only from the entry's `computed` block and the static tables (no engine code), so renderer and
 * API tests can run without computeChart.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Activation, Activations, Authority, CenterName, Channel, Chart, Definition, GateActivation, HdType, Planet } from '../../src/engine/types';
import { CENTERS, PLANETS } from '../../src/engine/types';
import { CHANNELS } from '../../src/engine/tables/channels';
import { GATE_CENTER } from '../../src/engine/tables/wheel';

export interface ReferenceActivation {
  longitude: number;
  gate: number;
  line: number;
  color: number;
  tone: number;
  base: number;
  gate_line: string;
}

export interface ReferenceVariable {
  color: number;
  tone: number;
  arrow: 'L' | 'R';
}

export interface ReferenceChart {
  id: string;
  tier: string;
  label?: string;
  utc: string;
  computed: {
    birth_utc: string;
    design_utc: string;
    type: string;
    authority: string;
    profile: string;
    definition: string;
    split_kind: string | null;
    bridging_gates?: number[] | null;
    incarnation_cross: { angle: string; name: string; gates: number[] };
    defined_centers: string[];
    channels: string[];
    variables: {
      arrows: string;
      determination_design_sun: ReferenceVariable;
      environment_design_node: ReferenceVariable;
      motivation_personality_sun: ReferenceVariable;
      perspective_personality_node: ReferenceVariable;
    };
    personality: Record<string, ReferenceActivation>;
    design: Record<string, ReferenceActivation>;
    [key: string]: unknown;
  };
  computed_differences_if_moshier_ephemeris_is_used?: string[];
  [key: string]: unknown;
}

export const REFERENCE_CHARTS_PATH = path.join(__dirname, '..', 'fixtures', 'reference-charts.json');

let cache: ReferenceChart[] | undefined;
/** All reference chart entries (read once). */
export function loadReferenceCharts(): ReferenceChart[] {
  if (!cache) cache = (JSON.parse(fs.readFileSync(REFERENCE_CHARTS_PATH, 'utf8')) as { charts: ReferenceChart[] }).charts;
  return cache;
}

/** JSON planet key ("Sun", "NorthNode", ...) for an engine planet key ("sun", "northNode", ...). */
export function jsonPlanetKey(planet: Planet): string {
  return planet[0].toUpperCase() + planet.slice(1);
}

/** Engine center name for a JSON center name ("SolarPlexus" → "Solar Plexus"). */
export function centerFromJson(name: string): CenterName {
  const c = name === 'SolarPlexus' ? 'Solar Plexus' : name;
  if (!(CENTERS as readonly string[]).includes(c)) throw new Error(`unknown center ${name}`);
  return c as CenterName;
}

function activations(side: Record<string, ReferenceActivation>): Activations {
  const out = {} as Record<Planet, Activation>;
  for (const p of PLANETS) {
    const a = side[jsonPlanetKey(p)];
    if (!a) throw new Error(`reference chart lacks ${p}`);
    out[p] = { longitude: a.longitude, gate: a.gate, line: a.line, color: a.color, tone: a.tone, base: a.base };
  }
  return out;
}

const JD_UNIX_EPOCH = 2440587.5;
function jd(iso: string): number {
  return Date.parse(iso) / 86400000 + JD_UNIX_EPOCH;
}

/** A Chart built from a reference entry. Fields the JSON lacks (strategy, names, variables) are placeholders. */
export function referenceToChart(ref: ReferenceChart): Chart {
  const c = ref.computed;
  const personality = activations(c.personality);
  const design = activations(c.design);
  const activatedGates: Record<number, GateActivation> = {};
  for (const [side, acts] of [
    ['personality', personality],
    ['design', design],
  ] as const) {
    for (const p of PLANETS) {
      const g = acts[p].gate;
      (activatedGates[g] ??= { personality: [], design: [] })[side].push(p);
    }
  }
  const defined = new Set(c.defined_centers.map(centerFromJson));
  const definedCenters = CENTERS.filter((x) => defined.has(x));
  const activeChannels: Channel[] = c.channels.map((key) => {
    const [g1, g2] = key.split('-').map(Number);
    const def = CHANNELS.find((ch) => ch.gate1 === g1 && ch.gate2 === g2);
    if (!def) throw new Error(`unknown channel ${key}`);
    return {
      gate1: g1,
      gate2: g2,
      name: def.name,
      circuit: def.circuit,
      circuitGroup: def.circuitGroup,
      centers: [GATE_CENTER[g1], GATE_CENTER[g2]],
    };
  });
  const inChannel = new Set(activeChannels.flatMap((ch) => [ch.gate1, ch.gate2]));
  const hangingGates = Object.keys(activatedGates)
    .map(Number)
    .filter((g) => !inChannel.has(g))
    .sort((a, b) => a - b);
  const placeholderVar = { color: 1, tone: 1, base: 1, arrow: 'left' as const, name: '' };
  const split = c.split_kind ? (c.split_kind.startsWith('Wide') ? 'wide' : 'simple') : null;
  const angle = c.incarnation_cross.angle;
  return {
    birthUtc: c.birth_utc,
    designUtc: c.design_utc,
    birthJdUt: jd(c.birth_utc),
    designJdUt: jd(c.design_utc),
    nodeType: 'true',
    personality,
    design,
    type: c.type as HdType,
    strategy: '',
    signature: '',
    notSelfTheme: '',
    authority: c.authority as Authority,
    profile: c.profile,
    profileNames: '',
    definition: c.definition as Definition,
    splitKind: split,
    bridgingGates: c.bridging_gates ?? [],
    incarnationCross: {
      name: c.incarnation_cross.name,
      geometry: angle === 'Juxtaposition' ? 'Juxtaposition' : angle === 'Left' ? 'Left Angle' : 'Right Angle',
      quarter: 'Initiation',
      gates: c.incarnation_cross.gates as [number, number, number, number],
    },
    definedCenters,
    openCenters: CENTERS.filter((x) => !defined.has(x)),
    activeChannels,
    activatedGates,
    hangingGates,
    variables: {
      determination: placeholderVar,
      environment: placeholderVar,
      motivation: placeholderVar,
      perspective: placeholderVar,
      notation: '',
    },
  };
}

/** Every reference chart as [id, Chart]. */
export function referenceCharts(): [string, Chart][] {
  return loadReferenceCharts().map((r) => [r.id, referenceToChart(r)]);
}
