/**
 * The four quarters of the wheel (RULES 9.4): 16 gates each, the first (Initiation) starting at gate 13,
 * wheel index 2 (313.25°).
 */
import type { Quarter } from '../types';

export const QUARTERS: readonly Quarter[] = ['Initiation', 'Civilization', 'Duality', 'Mutation'];

/** Wheel index where the Quarter of Initiation starts. */
export const QUARTER_START_WHEEL_INDEX = 2;

/** Theme of each quarter ("purpose fulfilled through …"). */
export const QUARTER_THEMES: Readonly<Record<Quarter, string>> = {
  Initiation: 'Mind',
  Civilization: 'Form',
  Duality: 'Bonding',
  Mutation: 'Transformation',
};
