/**
 * The engine's public data shapes. Everything under src/engine is framework-free:
 * plain functions over these types, no Nest, Redis or HTTP.
 */

/** The 13 bodies, in the display order used by chart exports (RULES 2.1). */
export const PLANETS = [
  'sun',
  'earth',
  'northNode',
  'southNode',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;
export type Planet = (typeof PLANETS)[number];

export const CENTERS = ['Head', 'Ajna', 'Throat', 'G', 'Heart', 'Sacral', 'Solar Plexus', 'Spleen', 'Root'] as const;
export type CenterName = (typeof CENTERS)[number];

export type NodeType = 'true' | 'mean';

export type HdType = 'Manifestor' | 'Generator' | 'Manifesting Generator' | 'Projector' | 'Reflector';

/** Authority names as in RULES 6.1 / reference-charts.json. */
export type Authority =
  | 'Emotional (Solar Plexus)'
  | 'Sacral'
  | 'Splenic'
  | 'Ego Manifested'
  | 'Ego Projected'
  | 'Self-Projected'
  | 'Mental / Environmental (no inner authority)'
  | 'Lunar';

export type Definition = 'No Definition' | 'Single Definition' | 'Split Definition' | 'Triple Split Definition' | 'Quadruple Split Definition';

export type CrossGeometry = 'Right Angle' | 'Juxtaposition' | 'Left Angle';
export type Quarter = 'Initiation' | 'Civilization' | 'Duality' | 'Mutation';

/** One body's place on the mandala (RULES 1.3). */
export interface Activation {
  longitude: number; // apparent geocentric tropical longitude of date, degrees [0, 360)
  gate: number;
  line: number;
  color: number;
  tone: number;
  base: number;
}

export type Activations = Record<Planet, Activation>;

export interface Channel {
  gate1: number; // the lower gate number, as channels are usually written ("10-20")
  gate2: number;
  name: string;
  circuit: string; // e.g. "Knowing", "Centering", "Integration", "Logic", "Abstract", "Ego", "Defense"
  circuitGroup: 'Individual' | 'Collective' | 'Tribal' | 'Integration';
  centers: [CenterName, CenterName]; // centers of gate1 and gate2
}

export interface IncarnationCross {
  name: string; // e.g. "Left Angle Cross of the Clarion 1"
  geometry: CrossGeometry;
  quarter: Quarter;
  gates: [number, number, number, number]; // pSun, pEarth, dSun, dEarth
}

export type Arrow = 'left' | 'right';

export interface Variable {
  color: number;
  tone: number;
  base: number;
  arrow: Arrow;
  name: string; // e.g. "Appetite", "Caves", "Fear", "Survival"
  variant?: string; // left/right variant where one exists, e.g. "Consecutive"
  /** Motivation: the transference color's name; Perspective: the distraction's (the color three away, RULES 10.2). */
  shadow?: string;
}

export interface Variables {
  determination: Variable; // design Sun: top-left arrow
  environment: Variable; // design North Node: bottom-left
  motivation: Variable; // personality Sun: top-right
  perspective: Variable; // personality North Node: bottom-right
  notation: string; // "P<Motivation><Perspective> D<Determination><Environment>", e.g. "PLR DLL"
}

/** Which sides activate a gate; lists the planets of each side. */
export interface GateActivation {
  personality: Planet[];
  design: Planet[];
}

export interface Chart {
  birthUtc: string; // ISO 8601, seconds precision, "Z"
  designUtc: string;
  birthJdUt: number;
  designJdUt: number;
  nodeType: NodeType;
  personality: Activations;
  design: Activations;
  type: HdType;
  strategy: string;
  signature: string;
  notSelfTheme: string;
  authority: Authority;
  profile: string; // "5/1"
  profileNames: string; // "Heretic / Investigator"
  definition: Definition;
  splitKind: 'simple' | 'wide' | null; // only for Split Definition
  bridgingGates: number[]; // gates that would join the two areas of a split (sorted)
  incarnationCross: IncarnationCross;
  definedCenters: CenterName[]; // in CENTERS order
  openCenters: CenterName[]; // not defined (CENTERS order)
  activeChannels: Channel[]; // sorted by gate1, gate2
  activatedGates: Record<number, GateActivation>; // keyed by gate number, only activated gates
  hangingGates: number[]; // activated gates not part of a defined channel (sorted)
  variables: Variables;
  aura?: string; // RULES 5.2
  /** Areas of definition (connected components) as center lists, CENTERS order, ordered by their first center. */
  definitionAreas?: CenterName[][];
}

/** Composite / connection chart (RULES 11.2). */
export type ConnectionKind = 'electromagnetic' | 'companionship' | 'dominance' | 'compromise';
export type Person = 'person1' | 'person2';

export interface CompositeChannel extends Channel {
  kind: ConnectionKind;
  /** For dominance and compromise: the person who has the whole channel. */
  dominant?: Person;
}

/** Who makes a composite center defined: one person alone, both alone, or only the combination. */
export type CenterDefinedBy = 'person1' | 'person2' | 'both' | 'combined';

export interface CompositeChart {
  channels: CompositeChannel[]; // every channel defined in the union, sorted by gate1, gate2
  definedCenters: CenterName[];
  openCenters: CenterName[];
  centerDefinedBy: Partial<Record<CenterName, CenterDefinedBy>>; // defined centers only
  definition: Definition;
  type: HdType;
}

/** Transit overlay (RULES 11.1). */
export interface TransitChart {
  transitUtc: string;
  transitJdUt: number;
  nodeType: NodeType;
  activations: Activations; // the 13 transit activations
  transitGates: number[]; // sorted, unique
  natalChannels: Channel[]; // defined in the natal chart alone
  completedChannels: Channel[]; // natal has exactly one gate, the transit supplies the other
  transitChannels: Channel[]; // both gates from the transit, neither natal
  temporarilyDefinedCenters: CenterName[]; // defined in the overlay but not natally
  reinforcedGates: number[]; // natal gates also activated by the transit
  definedCenters: CenterName[]; // overlay
  openCenters: CenterName[]; // overlay
  type: HdType; // overlay
  definition: Definition; // overlay
}

/** An error the engine raises for a caller's input (mapped to HTTP 422 by the API). */
export class EngineInputError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}
