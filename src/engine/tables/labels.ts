/**
 * The chart's label sets, each listed once for everything that enumerates them (the OpenAPI document, the meaning
 * library): derived from the engine's tables where they hold them, and written out where the engine has only a
 * TypeScript union, then checked against that union at compile time.
 */
import type { Authority, CrossGeometry, Definition } from '../types';
import { CHANNELS } from './channels';
import { CROSSES } from './crosses';
import { PROFILE_GEOMETRY } from './profiles';

/** Every member of a union, listed once: `satisfies` refuses a value outside it, AllOf a missing one. */
type AllOf<U, L extends readonly unknown[]> = [U] extends [L[number]] ? L : never;

export const AUTHORITIES = [
  'Emotional (Solar Plexus)',
  'Sacral',
  'Splenic',
  'Ego Manifested',
  'Ego Projected',
  'Self-Projected',
  'Mental / Environmental (no inner authority)',
  'Lunar',
] as const satisfies readonly Authority[];
/** By number of areas of definition: index 0 is none (RULES 7.1). */
export const DEFINITIONS = [
  'No Definition',
  'Single Definition',
  'Split Definition',
  'Triple Split Definition',
  'Quadruple Split Definition',
] as const satisfies readonly Definition[];
export const CROSS_GEOMETRIES = ['Right Angle', 'Juxtaposition', 'Left Angle'] as const satisfies readonly CrossGeometry[];
const _complete: [AllOf<Authority, typeof AUTHORITIES>, AllOf<Definition, typeof DEFINITIONS>, AllOf<CrossGeometry, typeof CROSS_GEOMETRIES>] = [
  AUTHORITIES,
  DEFINITIONS,
  CROSS_GEOMETRIES,
];

/** The 12 profiles (personality Sun line / design Sun line, RULES 8). */
export const PROFILES: readonly string[] = Object.keys(PROFILE_GEOMETRY);
/** The 192 cross names (RULES 9.3): three per personality Sun gate. */
export const CROSS_NAMES: readonly string[] = Object.values(CROSSES).flatMap((row) => [row.rightAngle.name, row.juxtaposition.name, row.leftAngle.name]);
/** Circuit groups and circuits, in the order the channel table first names them (RULES 4). */
export const CIRCUIT_GROUPS = [...new Set(CHANNELS.map((c) => c.circuitGroup))];
export const CIRCUITS = [...new Set(CHANNELS.map((c) => c.circuit))];
