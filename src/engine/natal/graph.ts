/**
 * The bodygraph as a graph (RULES 3–7): gate set → defined channels → defined centers → connected components →
 * type, authority, definition, split kind.
 *
 * Why bitmasks: there are only nine centers, so a set of centers is a 9-bit integer, a connected component is one
 * such integer and "connected(a, b)" is a single AND. All lookups (gate → center, gate → channels, channel →
 * center bits) are precomputed once from tables/wheel.ts and tables/channels.ts, so classifying a chart allocates
 * almost nothing. A gate set is a Uint8Array(65) of 0/1 flags indexed by gate number.
 */
import { Authority, CENTERS, CenterName, Channel, Definition, HdType } from '../types';
import { CHANNELS } from '../tables/channels';
import { DEFINITIONS } from '../tables/labels';
import { GATE_CENTER, MOTORS } from '../tables/wheel';

/** Center name → bit index (CENTERS order). */
export const CENTER_INDEX: Readonly<Record<CenterName, number>> = Object.fromEntries(CENTERS.map((c, i) => [c, i])) as Record<CenterName, number>;

export const BIT_HEAD = 1 << CENTER_INDEX.Head;
export const BIT_AJNA = 1 << CENTER_INDEX.Ajna;
export const BIT_THROAT = 1 << CENTER_INDEX.Throat;
export const BIT_G = 1 << CENTER_INDEX.G;
export const BIT_HEART = 1 << CENTER_INDEX.Heart;
export const BIT_SACRAL = 1 << CENTER_INDEX.Sacral;
export const BIT_SOLAR_PLEXUS = 1 << CENTER_INDEX['Solar Plexus'];
export const BIT_SPLEEN = 1 << CENTER_INDEX.Spleen;
export const BIT_ROOT = 1 << CENTER_INDEX.Root;
export const MOTOR_MASK = MOTORS.reduce((m, c) => m | (1 << CENTER_INDEX[c]), 0);

export const CHANNEL_COUNT = CHANNELS.length;
/** Per channel (CHANNELS order, which is sorted by gate1, gate2): its gates and the bits of its two centers. */
export const CH_GATE1 = Uint8Array.from(CHANNELS, (c) => c.gate1);
export const CH_GATE2 = Uint8Array.from(CHANNELS, (c) => c.gate2);
export const CH_CENTER1 = Uint8Array.from(CHANNELS, (c) => CENTER_INDEX[GATE_CENTER[c.gate1]]);
export const CH_CENTER2 = Uint8Array.from(CHANNELS, (c) => CENTER_INDEX[GATE_CENTER[c.gate2]]);

/** gate → center bit index. */
export const GATE_CENTER_INDEX: Uint8Array = (() => {
  const t = new Uint8Array(65);
  for (let g = 1; g <= 64; g++) t[g] = CENTER_INDEX[GATE_CENTER[g]];
  return t;
})();

/** gate → indices of the channels it belongs to (one channel, three for 10/20/34/57). */
export const GATE_CHANNELS: readonly (readonly number[])[] = (() => {
  const t: number[][] = Array.from({ length: 65 }, () => []);
  CHANNELS.forEach((c, i) => {
    t[c.gate1].push(i);
    t[c.gate2].push(i);
  });
  return t;
})();

/** The public Channel objects, built once and shared (treat as immutable). */
export const CHANNEL_OBJECTS: readonly Channel[] = CHANNELS.map((c) =>
  Object.freeze({
    gate1: c.gate1,
    gate2: c.gate2,
    name: c.name,
    circuit: c.circuit,
    circuitGroup: c.circuitGroup,
    centers: Object.freeze([GATE_CENTER[c.gate1], GATE_CENTER[c.gate2]]) as [CenterName, CenterName],
  }),
);

/** Everything the graph rules derive from one gate set. */
export interface GateSetAnalysis {
  /** Indices into CHANNELS of the defined channels, ascending (= sorted by gate1, gate2). */
  channels: number[];
  /** Bit i set ⇔ CENTERS[i] is defined. */
  definedMask: number;
  /** Connected components as center masks, ordered by their lowest center bit. */
  components: number[];
}

/** Gate set → defined channels, defined centers and components (RULES 3, 4, 7.1). */
export function analyzeGateSet(gates: Uint8Array): GateSetAnalysis {
  const channels: number[] = [];
  const adj = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  let defined = 0;
  for (let i = 0; i < CHANNEL_COUNT; i++) {
    if (gates[CH_GATE1[i]] && gates[CH_GATE2[i]]) {
      channels.push(i);
      const a = CH_CENTER1[i];
      const b = CH_CENTER2[i];
      adj[a] |= 1 << b;
      adj[b] |= 1 << a;
      defined |= (1 << a) | (1 << b);
    }
  }
  const components: number[] = [];
  let remaining = defined;
  while (remaining !== 0) {
    const seed = remaining & -remaining;
    let comp = seed;
    let frontier = seed;
    while (frontier !== 0) {
      const bit = frontier & -frontier;
      frontier ^= bit;
      const reach = adj[31 - Math.clz32(bit)] & ~comp;
      comp |= reach;
      frontier |= reach;
    }
    components.push(comp);
    remaining &= ~comp;
  }
  return { channels, definedMask: defined, components };
}

/** The component (center mask) containing `bit`, or 0 when that center is undefined. */
export function componentOf(components: readonly number[], bit: number): number {
  for (let i = 0; i < components.length; i++) if (components[i] & bit) return components[i];
  return 0;
}

/** Some defined motor is connected to the Throat through any chain of defined channels (RULES 5.1). */
export function motorToThroat(components: readonly number[]): boolean {
  return (componentOf(components, BIT_THROAT) & MOTOR_MASK) !== 0;
}

/** Type by the RULES 5.1 table. */
export function typeOf(definedMask: number, components: readonly number[]): HdType {
  if (definedMask === 0) return 'Reflector';
  const m2t = motorToThroat(components);
  if (definedMask & BIT_SACRAL) return m2t ? 'Manifesting Generator' : 'Generator';
  return m2t ? 'Manifestor' : 'Projector';
}

/** Authority by the RULES 6.1 precedence (first match wins); Ego Manifested vs Projected by connectivity. */
export function authorityOf(definedMask: number, components: readonly number[]): Authority {
  if (definedMask & BIT_SOLAR_PLEXUS) return 'Emotional (Solar Plexus)';
  if (definedMask & BIT_SACRAL) return 'Sacral';
  if (definedMask & BIT_SPLEEN) return 'Splenic';
  const throatComp = componentOf(components, BIT_THROAT);
  if (definedMask & BIT_HEART) return throatComp & BIT_HEART ? 'Ego Manifested' : 'Ego Projected';
  if (definedMask & BIT_G && throatComp & BIT_G) return 'Self-Projected';
  if (definedMask !== 0) return 'Mental / Environmental (no inner authority)';
  return 'Lunar';
}

/** Number of connected components → definition name (RULES 7.1; five or more is impossible). */
export function definitionOf(componentCount: number): Definition {
  const d = DEFINITIONS[componentCount];
  if (d === undefined) throw new Error(`impossible definition: ${componentCount} components`);
  return d;
}

export interface SplitInfo {
  kind: 'simple' | 'wide' | null;
  bridgingGates: number[];
}

/**
 * Split sub-kind (RULES 7.2), only for exactly two components: a gate is bridging when it is not activated, its
 * channel partner is, and the channel's two centers lie one in each area. Simple split ⇔ at least one such gate.
 */
export function splitOf(gates: Uint8Array, components: readonly number[]): SplitInfo {
  if (components.length !== 2) return { kind: null, bridgingGates: [] };
  const a = components[0];
  const b = components[1];
  const found: number[] = [];
  for (let i = 0; i < CHANNEL_COUNT; i++) {
    const g1 = CH_GATE1[i];
    const g2 = CH_GATE2[i];
    const has1 = gates[g1];
    const has2 = gates[g2];
    if (has1 === has2) continue; // both (already defined) or neither (a whole channel is needed)
    const c1 = 1 << CH_CENTER1[i];
    const c2 = 1 << CH_CENTER2[i];
    if ((c1 & a && c2 & b) || (c1 & b && c2 & a)) {
      const missing = has1 ? g2 : g1;
      if (!found.includes(missing)) found.push(missing);
    }
  }
  found.sort((x, y) => x - y);
  return { kind: found.length > 0 ? 'simple' : 'wide', bridgingGates: found };
}

/** Center mask → names in CENTERS order. */
export function centersOfMask(mask: number): CenterName[] {
  const out: CenterName[] = [];
  for (let i = 0; i < CENTERS.length; i++) if (mask & (1 << i)) out.push(CENTERS[i]);
  return out;
}

/** Gate numbers → flag set. */
export function gateSetOf(gateNumbers: Iterable<number>): Uint8Array {
  const s = new Uint8Array(65);
  for (const g of gateNumbers) {
    if (!Number.isInteger(g) || g < 1 || g > 64) throw new RangeError(`not a gate: ${g}`);
    s[g] = 1;
  }
  return s;
}

/** Everything classified from a gate set, with names; handy for composites, transits and hand-built cases. */
export interface GateSetClassification {
  channels: Channel[];
  definedCenters: CenterName[];
  openCenters: CenterName[];
  type: HdType;
  authority: Authority;
  definition: Definition;
  splitKind: 'simple' | 'wide' | null;
  bridgingGates: number[];
  /** Connected areas of definition as center lists. */
  areas: CenterName[][];
}

export function classifyGateSet(gates: Uint8Array): GateSetClassification {
  const an = analyzeGateSet(gates);
  const split = splitOf(gates, an.components);
  return {
    channels: an.channels.map((i) => CHANNEL_OBJECTS[i]),
    definedCenters: centersOfMask(an.definedMask),
    openCenters: centersOfMask(~an.definedMask & 0x1ff),
    type: typeOf(an.definedMask, an.components),
    authority: authorityOf(an.definedMask, an.components),
    definition: definitionOf(an.components.length),
    splitKind: split.kind,
    bridgingGates: split.bridgingGates,
    areas: an.components.map(centersOfMask),
  };
}

/** Convenience for hand-built cases: gate numbers → classification. */
export function classifyGates(gateNumbers: Iterable<number>): GateSetClassification {
  return classifyGateSet(gateSetOf(gateNumbers));
}
