/**
 * computeChart: one UTC instant → the full bodygraph (RULES 2–10).
 *
 * Pipeline: 11 ephemeris bodies at birth (Earth/South Node derived) → design moment (design.ts) → 11 bodies there
 * (the solver's last Sun evaluation is reused) → 26 activations → gate set → graph rules (graph.ts) → profile,
 * cross, variables. The position buffers are module-level because the engine is synchronous and single-threaded
 * per process; nothing in them outlives a call.
 */
import { Activation, Activations, Chart, EngineInputError, GateActivation, IncarnationCross, NodeType, PLANETS, Planet, Variable, Variables } from '../types';
import {
  jdFromUtcMs,
  positions,
  SLOT_SUN,
  SUPPORTED_BIRTH_MAX_UTC,
  SUPPORTED_BIRTH_MAX_UTC_MS,
  SUPPORTED_BIRTH_MIN_UTC,
  SUPPORTED_BIRTH_MIN_UTC_MS,
  utcMsFromJd,
} from '../ephemeris';
import { isoRoundedToSecond } from '../time/instants';
import { solveDesign } from './design';
import { activationAt, GATE_WHEEL_INDEX } from './mandala';
import { analyzeGateSet, authorityOf, CH_GATE1, CH_GATE2, CHANNEL_OBJECTS, centersOfMask, definitionOf, splitOf, typeOf } from './graph';
import { TYPE_DETAILS } from '../tables/type-details';
import { LINE_NAMES, PROFILE_GEOMETRY } from '../tables/profiles';
import { CROSSES } from '../tables/crosses';
import { QUARTERS, QUARTER_START_WHEEL_INDEX } from '../tables/quarters';
import { ColorName, DETERMINATION_COLORS, ENVIRONMENT_COLORS, MOTIVATION_COLORS, PERSPECTIVE_COLORS } from '../tables/variable-names';

export interface ChartOptions {
  nodeType?: NodeType;
}

export function assertNodeType(nodeType: unknown): NodeType {
  if (nodeType === undefined) return 'true';
  if (nodeType === 'true' || nodeType === 'mean') return nodeType;
  throw new EngineInputError('INVALID_NODE_TYPE', `nodeType must be 'true' or 'mean'`, { nodeType });
}

/**
 * Local birth dates the engine computes, the same wherever the birth was: any time on them, at any offset tz
 * has (LMT reaches about ±16 h), gives an instant assertBirthInstant accepts. Kept here, beside that range,
 * so the API can name it without loading the place and zone data.
 */
export const FIRST_BIRTHDATE = '1800-04-09';
export const LAST_BIRTHDATE = '2399-12-30';

/** `date` is a real YYYY-MM-DD date (checked by the caller); refuses one outside the supported range. */
export function assertBirthDate(date: string): void {
  if (date < FIRST_BIRTHDATE || date > LAST_BIRTHDATE) {
    // `min`/`max` as in every DATE_OUT_OF_RANGE (first/last kept for callers of the older shape).
    throw new EngineInputError('DATE_OUT_OF_RANGE', `birthdate ${date} is outside the supported range ${FIRST_BIRTHDATE} to ${LAST_BIRTHDATE}`, {
      birthdate: date,
      min: FIRST_BIRTHDATE,
      max: LAST_BIRTHDATE,
      first: FIRST_BIRTHDATE,
      last: LAST_BIRTHDATE,
    });
  }
}

export function assertBirthInstant(utcMs: number): void {
  if (typeof utcMs !== 'number' || !Number.isFinite(utcMs)) {
    throw new EngineInputError('INVALID_INSTANT', 'the instant must be a finite number of milliseconds since 1970 UTC', {
      utcMs,
    });
  }
  if (utcMs < SUPPORTED_BIRTH_MIN_UTC_MS || utcMs > SUPPORTED_BIRTH_MAX_UTC_MS) {
    throw new EngineInputError('DATE_OUT_OF_RANGE', `birth instant must lie between ${SUPPORTED_BIRTH_MIN_UTC} and ${SUPPORTED_BIRTH_MAX_UTC}`, {
      utcMs,
      min: SUPPORTED_BIRTH_MIN_UTC,
      max: SUPPORTED_BIRTH_MAX_UTC,
      minUtc: SUPPORTED_BIRTH_MIN_UTC,
      maxUtc: SUPPORTED_BIRTH_MAX_UTC,
    });
  }
}

/** 13 longitudes (PLANETS order) → activations. */
export function activationsFrom(lons: ArrayLike<number>): Activations {
  const out = {} as Activations;
  for (let i = 0; i < PLANETS.length; i++) out[PLANETS[i]] = activationAt(lons[i]);
  return out;
}

const pBuf = new Float64Array(13);
const dBuf = new Float64Array(13);

/** The chart for a birth at `utcMs` (milliseconds since 1970 UTC). Throws EngineInputError for bad input. */
export function computeChart(utcMs: number, options: ChartOptions = {}): Chart {
  assertBirthInstant(utcMs);
  const nodeType = assertNodeType(options.nodeType);
  const birthJd = jdFromUtcMs(utcMs);
  positions(birthJd, nodeType, pBuf);
  const design = solveDesign(birthJd, pBuf[SLOT_SUN]);
  positions(design.jdUt, nodeType, dBuf, design.sunLongitude);
  return buildChart(birthJd, design.jdUt, pBuf, dBuf, nodeType);
}

/**
 * The chart from already computed longitudes (PLANETS order). Pure: no ephemeris access. `designJd` must be the
 * design moment for `birthJd`; nothing here checks it.
 */
export function buildChart(
  birthJd: number,
  designJd: number,
  personalityLons: ArrayLike<number>,
  designLons: ArrayLike<number>,
  nodeType: NodeType = 'true',
): Chart {
  const personality = activationsFrom(personalityLons);
  const design = activationsFrom(designLons);

  // Gate set and who activates each gate.
  const gates = new Uint8Array(65);
  const activatedGates: Record<number, GateActivation> = {};
  addSide(personality, 'personality', gates, activatedGates);
  addSide(design, 'design', gates, activatedGates);

  const an = analyzeGateSet(gates);
  const type = typeOf(an.definedMask, an.components);
  const details = TYPE_DETAILS[type];
  const split = splitOf(gates, an.components);

  // Gates in a defined channel; the rest of the activated gates are hanging.
  const inChannel = new Uint8Array(65);
  for (const i of an.channels) {
    inChannel[CH_GATE1[i]] = 1;
    inChannel[CH_GATE2[i]] = 1;
  }
  const hangingGates: number[] = [];
  for (let g = 1; g <= 64; g++) if (gates[g] && !inChannel[g]) hangingGates.push(g);

  const pLine = personality.sun.line;
  const dLine = design.sun.line;
  const profile = `${pLine}/${dLine}`;
  const geometry = PROFILE_GEOMETRY[profile];
  if (geometry === undefined) throw new Error(`impossible profile ${profile}: the design moment is wrong`);

  return {
    birthUtc: isoRoundedToSecond(utcMsFromJd(birthJd)),
    designUtc: isoRoundedToSecond(utcMsFromJd(designJd)),
    birthJdUt: birthJd,
    designJdUt: designJd,
    nodeType,
    personality,
    design,
    type,
    strategy: details.strategy,
    signature: details.signature,
    notSelfTheme: details.notSelfTheme,
    aura: details.aura,
    authority: authorityOf(an.definedMask, an.components),
    profile,
    profileNames: `${LINE_NAMES[pLine]} / ${LINE_NAMES[dLine]}`,
    definition: definitionOf(an.components.length),
    definitionAreas: an.components.map(centersOfMask),
    splitKind: split.kind,
    bridgingGates: split.bridgingGates,
    incarnationCross: crossOf(personality.sun.gate, personality.earth.gate, design.sun.gate, design.earth.gate, geometry),
    definedCenters: centersOfMask(an.definedMask),
    openCenters: centersOfMask(~an.definedMask & 0x1ff),
    activeChannels: an.channels.map((i) => CHANNEL_OBJECTS[i]),
    activatedGates,
    hangingGates,
    variables: variablesOf(personality, design),
  };
}

function addSide(acts: Activations, side: 'personality' | 'design', gates: Uint8Array, activatedGates: Record<number, GateActivation>): void {
  for (let i = 0; i < PLANETS.length; i++) {
    const planet: Planet = PLANETS[i];
    const g = acts[planet].gate;
    gates[g] = 1;
    let entry = activatedGates[g];
    if (entry === undefined) activatedGates[g] = entry = { personality: [], design: [] };
    entry[side].push(planet);
  }
}

/** Incarnation cross (RULES 9): name from the personality Sun gate and the profile's geometry. */
export function crossOf(pSun: number, pEarth: number, dSun: number, dEarth: number, geometry: IncarnationCross['geometry']): IncarnationCross {
  const row = CROSSES[pSun];
  const entry = geometry === 'Right Angle' ? row.rightAngle : geometry === 'Left Angle' ? row.leftAngle : row.juxtaposition;
  const q = (((GATE_WHEEL_INDEX[pSun] - QUARTER_START_WHEEL_INDEX) % 64) + 64) % 64;
  return { name: entry.name, geometry, quarter: QUARTERS[(q / 16) | 0], gates: [pSun, pEarth, dSun, dEarth] };
}

function variable(a: Activation, names: readonly ColorName[], shadowNames?: readonly ColorName[]): Variable {
  const arrow = a.tone <= 3 ? 'left' : 'right';
  const n = names[a.color - 1];
  const v: Variable = { color: a.color, tone: a.tone, base: a.base, arrow, name: n.name };
  const variant = arrow === 'left' ? n.left : n.right;
  if (variant !== undefined) v.variant = variant;
  if (shadowNames) v.shadow = shadowNames[(a.color + 2) % 6].name; // the color three away
  return v;
}

/** The four arrows (RULES 10.1): design Sun, design North Node, personality Sun, personality North Node. */
export function variablesOf(personality: Activations, design: Activations): Variables {
  const determination = variable(design.sun, DETERMINATION_COLORS);
  const environment = variable(design.northNode, ENVIRONMENT_COLORS);
  const motivation = variable(personality.sun, MOTIVATION_COLORS, MOTIVATION_COLORS);
  const perspective = variable(personality.northNode, PERSPECTIVE_COLORS, PERSPECTIVE_COLORS);
  const lr = (v: Variable) => (v.arrow === 'left' ? 'L' : 'R');
  return {
    determination,
    environment,
    motivation,
    perspective,
    notation: `P${lr(motivation)}${lr(perspective)} D${lr(determination)}${lr(environment)}`,
  };
}
