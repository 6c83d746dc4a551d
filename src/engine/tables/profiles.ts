/**
 * Profile lines and the 12 valid profiles with their cross geometry (RULES 8, 9.1). Any other Sun-line pair is
 * impossible with a correct design moment and is treated as an engine error, never "repaired".
 */
import type { CrossGeometry } from '../types';

/** Line number (1..6) → name; index 0 unused. */
export const LINE_NAMES: readonly string[] = ['', 'Investigator', 'Hermit', 'Martyr', 'Opportunist', 'Heretic', 'Role Model'];

/** "p/d" → cross geometry. Juxtaposition only for 4/1. */
export const PROFILE_GEOMETRY: Readonly<Record<string, CrossGeometry>> = {
  '1/3': 'Right Angle',
  '1/4': 'Right Angle',
  '2/4': 'Right Angle',
  '2/5': 'Right Angle',
  '3/5': 'Right Angle',
  '3/6': 'Right Angle',
  '4/6': 'Right Angle',
  '4/1': 'Juxtaposition',
  '5/1': 'Left Angle',
  '5/2': 'Left Angle',
  '6/2': 'Left Angle',
  '6/3': 'Left Angle',
};
