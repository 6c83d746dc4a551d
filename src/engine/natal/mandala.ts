/**
 * Longitude → gate, line, color, tone, base (RULES 1.3).
 *
 * Why one integer: 360° holds exactly 69,120 bases (64 × 6 × 6 × 6 × 5), i.e. 192 bases per degree, so
 * floor(x · 192) with x = (λ − 302) mod 360 is the base index around the wheel and every coarser level is a
 * quotient of it. Multiplying by 192 (a power of two times 3) keeps boundary longitudes such as 307.625 exact, the
 * intervals are half-open as the rules require, and a final clamp guards x values that round up to 360.
 */
import type { Activation } from '../types';
import { WHEEL, WHEEL_START_DEG } from '../tables/wheel';
import { normalizeLongitude } from '../angles';

export const GATE_WIDTH_DEG = 360 / 64; // 5.625
export const LINE_WIDTH_DEG = GATE_WIDTH_DEG / 6; // 0.9375
export const COLOR_WIDTH_DEG = LINE_WIDTH_DEG / 6; // 0.15625
export const TONE_WIDTH_DEG = COLOR_WIDTH_DEG / 6; // 0.0260416…
export const BASE_WIDTH_DEG = COLOR_WIDTH_DEG / 30; // 0.0052083… (5 bases per tone, RULES 1.2)

const BASES_PER_CIRCLE = 69_120;
const BASES_PER_DEGREE = 192;
const BASES_PER_GATE = 1080;
const BASES_PER_LINE = 180;
const BASES_PER_COLOR = 30;
const BASES_PER_TONE = 5;

/** Index 0..69119 of the base containing `lon`, counted from 302° (gate 41 line 1 color 1 tone 1 base 1). */
export function baseIndex(lon: number): number {
  let x = (lon - WHEEL_START_DEG) % 360;
  if (x < 0) x += 360;
  const b = Math.floor(x * BASES_PER_DEGREE);
  return b >= BASES_PER_CIRCLE ? BASES_PER_CIRCLE - 1 : b < 0 ? 0 : b;
}

/** Wheel index 0..63 of the gate containing `lon` (0 = gate 41). */
export function wheelIndex(lon: number): number {
  return (baseIndex(lon) / BASES_PER_GATE) | 0;
}

export function gateAt(lon: number): number {
  return WHEEL[wheelIndex(lon)];
}

/** The full activation for one longitude. */
export function activationAt(lon: number): Activation {
  const b = baseIndex(lon);
  return {
    longitude: normalizeLongitude(lon),
    gate: WHEEL[(b / BASES_PER_GATE) | 0],
    line: (((b / BASES_PER_LINE) | 0) % 6) + 1,
    color: (((b / BASES_PER_COLOR) | 0) % 6) + 1,
    tone: (((b / BASES_PER_TONE) | 0) % 6) + 1,
    base: (b % 5) + 1,
  };
}

/** Longitude (degrees) where the wheel index `i` (0..63) starts. */
export function gateStartLongitude(i: number): number {
  return normalizeLongitude(WHEEL_START_DEG + i * GATE_WIDTH_DEG);
}

/** WHEEL inverted: gate number → wheel index (index 0 unused). */
export const GATE_WHEEL_INDEX: readonly number[] = (() => {
  const t = new Array<number>(65).fill(-1);
  WHEEL.forEach((g, i) => (t[g] = i));
  return t;
})();
