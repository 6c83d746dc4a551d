/**
 * The gate wheel and the nine centers (RULES 1.1 and 3). Data only.
 * Generated from RULES.md tables; the order of WHEEL is the order of gates by increasing longitude from 302°.
 */
import type { CenterName } from '../types';

/** Gates in wheel order; index 0 (gate 41) starts at 302° (RULES 1.1). */
export const WHEEL: readonly number[] = [
  41, 19, 13, 49, 30, 55, 37, 63, 22, 36, 25, 17, 21, 51, 42, 3, 27, 24, 2, 23, 8, 20, 16, 35, 45, 12, 15, 52, 39, 53, 62, 56, 31, 33, 7, 4, 29, 59, 40, 64, 47,
  6, 46, 18, 48, 57, 32, 50, 28, 44, 1, 43, 14, 34, 9, 5, 26, 11, 10, 58, 38, 54, 61, 60,
];

/** Longitude where the wheel starts (gate 41 line 1). */
export const WHEEL_START_DEG = 302;

/** Gates of each center (RULES 3). */
export const CENTER_GATES: Readonly<Record<CenterName, readonly number[]>> = {
  Head: [64, 61, 63],
  Ajna: [47, 24, 4, 17, 43, 11],
  Throat: [62, 23, 56, 35, 12, 45, 33, 8, 31, 20, 16],
  G: [7, 1, 13, 10, 25, 15, 46, 2],
  Heart: [21, 40, 26, 51],
  Sacral: [5, 14, 29, 59, 9, 3, 42, 27, 34],
  'Solar Plexus': [6, 37, 22, 36, 49, 55, 30],
  Spleen: [48, 57, 44, 50, 32, 28, 18],
  Root: [53, 60, 52, 19, 39, 41, 58, 38, 54],
};

/** The four motors (RULES 3). */
export const MOTORS: readonly CenterName[] = ['Heart', 'Sacral', 'Solar Plexus', 'Root'];

/** gate number (1..64) → its center; index 0 unused. */
export const GATE_CENTER: readonly CenterName[] = (() => {
  const table = new Array<CenterName>(65);
  for (const [center, gates] of Object.entries(CENTER_GATES) as [CenterName, readonly number[]][]) {
    for (const gate of gates) table[gate] = center;
  }
  return table;
})();
