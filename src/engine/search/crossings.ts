/**
 * The one crossing solver: every instant in a time range at which a body's apparent longitude crosses one of a
 * regular set of boundaries (offset + k · width), and every instant its speed changes sign (a station).
 * Gate and line ingresses, returns (width 360°, offset the natal longitude), the transit calendar and the
 * unknown-birth-time windows are all this one search.
 *
 * Why it cannot skip a crossing: the range is cut into steps, and a step is only read as "monotone" when its
 * end speeds have one sign and are too large for the body's acceleration bound (motion.ts) to bring the speed to
 * zero and back inside it; then its crossings are exactly the boundaries between its end longitudes. A step that
 * is not proven monotone is dropped only when no boundary lies within the band the body's speed bound lets it
 * reach; otherwise it is halved, down to a second.
 *
 * Why it is cheap: inside a monotone step the crossing is first placed on the cubic Hermite curve through the
 * step's end longitudes and speeds (no ephemeris call), then checked with one longitude from the ephemeris and
 * corrected by one Newton step; only if that step's predicted error is over 0.05 s does it iterate further
 * (bracketed). One ephemeris call per crossing is the floor for an instant the ephemeris itself confirms.
 */
import { angleDiff } from '../angles';
import { longitudeAndSpeed, longitudeOf } from '../ephemeris';
import type { BodyMotion } from './motion';

/** Boundaries at offset + k · width degrees (k any integer). */
export interface Grid {
  offset: number;
  width: number;
}

export interface Crossing {
  jdUt: number;
  /** The boundary crossed, degrees (unwrapped: may be outside [0, 360)). */
  boundary: number;
  /** +1 crossing upwards (direct motion), −1 downwards (retrograde). */
  direction: 1 | -1;
  /** Cell index floor((longitude − offset) / width) after the crossing, on the unwrapped longitude of the scan. */
  cell: number;
}

export interface Station {
  jdUt: number;
  /** `retrograde`: the speed turns negative here; `direct`: it turns positive. */
  kind: 'retrograde' | 'direct';
  longitude: number;
}

/** Counts of ephemeris calls (for the benchmark's calls-per-event figure). */
export const crossingStats = { samples: 0, solves: 0, solveCalls: 0 };

/** A step shorter than this is not split further (about 0.9 s). */
const MIN_STEP_DAYS = 1e-5;
/** A crossing is solved until its last correction is below this (about 0.05 s). */
const TIME_TOLERANCE_DAYS = 6e-7;

interface Sample {
  t: number;
  /** Longitude unwrapped along the scan (continuous, may leave [0, 360)). */
  x: number;
  v: number;
}

const buf = new Float64Array(2);

function sampleNear(motion: BodyMotion, t: number, near: Sample | undefined): Sample {
  longitudeAndSpeed(t, motion.seBody, buf);
  crossingStats.samples++;
  const x = near === undefined ? buf[0] : near.x + angleDiff(buf[0], near.x);
  return { t, x, v: buf[1] };
}

function cellOf(x: number, grid: Grid): number {
  return Math.floor((x - grid.offset) / grid.width);
}

/** The speed cannot reach zero between a and b: one sign, and too fast at both ends for the acceleration bound. */
function provenMonotone(a: Sample, b: Sample, motion: BodyMotion): boolean {
  return a.v * b.v > 0 && Math.abs(a.v) + Math.abs(b.v) > motion.maxAccel * (b.t - a.t);
}

/** Value and slope (per unit s) of the cubic Hermite curve through (0, x0, d0) and (1, x1, d1). */
function hermite(x0: number, d0: number, x1: number, d1: number, s: number): [number, number] {
  const s2 = s * s;
  const s3 = s2 * s;
  const value = (2 * s3 - 3 * s2 + 1) * x0 + (s3 - 2 * s2 + s) * d0 + (-2 * s3 + 3 * s2) * x1 + (s3 - s2) * d1;
  const slope = (6 * s2 - 6 * s) * x0 + (3 * s2 - 4 * s + 1) * d0 + (-6 * s2 + 6 * s) * x1 + (3 * s2 - 2 * s) * d1;
  return [value, slope];
}

/** The instant in [a, b] (monotone) at which the longitude equals `target`. */
function solveCrossing(motion: BodyMotion, a: Sample, b: Sample, target: number): number {
  crossingStats.solves++;
  const h = b.t - a.t;
  const d0 = a.v * h;
  const d1 = b.v * h;
  // 1. On the Hermite curve (no ephemeris call): Newton from the linear guess, kept inside [0, 1].
  let s = (target - a.x) / (b.x - a.x);
  if (!(s >= 0 && s <= 1)) s = 0.5;
  for (let i = 0; i < 6; i++) {
    const [value, slope] = hermite(a.x, d0, b.x, d1, s);
    if (slope === 0) break;
    const next = s - (value - target) / slope;
    s = next < 0 ? 0 : next > 1 ? 1 : next;
  }
  // 2. On the ephemeris: Newton (Hermite slope, then secant) inside the shrinking bracket; usually one call.
  const up = b.x > a.x;
  let lo = a.t;
  let hi = b.t; // the crossing lies in [lo, hi]
  let t = a.t + s * h;
  let slope = hermite(a.x, d0, b.x, d1, s)[1] / h;
  let prevT = NaN;
  let prevF = NaN;
  for (let i = 0; i < 60; i++) {
    const f = angleDiff(longitudeOf(t, motion.seBody), target);
    crossingStats.solveCalls++;
    if (f === 0) return t;
    if (f < 0 === up)
      lo = t; // not there yet
    else hi = t;
    if (i > 0 && t !== prevT) slope = (f - prevF) / (t - prevT);
    let next = t - f / slope;
    // Newton's error after this step: the curvature term (acceleration bound over the speed) times the step
    // squared, plus the slope's own error (≤ 1e-4 of it on the Hermite curve or a secant this close).
    const dt = Math.abs(next - t);
    const predicted = (0.5 * motion.maxAccel * dt * dt) / Math.abs(slope) + 1e-4 * dt;
    if (predicted < TIME_TOLERANCE_DAYS && next >= lo && next <= hi) return next;
    if (hi - lo < TIME_TOLERANCE_DAYS) return (lo + hi) / 2;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    prevT = t;
    prevF = f;
    t = next;
  }
  return t;
}

/** Samples [fromJd, toJd] at the body's first step and hands each step (unwrapped, end to end) to `scan`. */
function stepThrough(motion: BodyMotion, fromJd: number, toJd: number, scan: (a: Sample, b: Sample) => void): void {
  let a = sampleNear(motion, fromJd, undefined);
  for (let t = fromJd; t < toJd;) {
    const next = Math.min(t + motion.step, toJd);
    const b = sampleNear(motion, next, a);
    scan(a, b);
    a = b;
    t = next;
  }
}

/** Every boundary crossing of `grid` by the body in [fromJd, toJd), in time order. */
export function findCrossings(motion: BodyMotion, fromJd: number, toJd: number, grid: Grid): Crossing[] {
  const out: Crossing[] = [];

  const emitBetween = (a: Sample, b: Sample): void => {
    const ca = cellOf(a.x, grid);
    const cb = cellOf(b.x, grid);
    if (cb > ca) {
      for (let k = ca + 1; k <= cb; k++) {
        const boundary = grid.offset + k * grid.width;
        out.push({ jdUt: solveCrossing(motion, a, b, boundary), boundary, direction: 1, cell: k });
      }
    } else if (cb < ca) {
      for (let k = ca; k > cb; k--) {
        const boundary = grid.offset + k * grid.width;
        out.push({ jdUt: solveCrossing(motion, a, b, boundary), boundary, direction: -1, cell: k - 1 });
      }
    }
  };

  const scan = (a: Sample, b: Sample): void => {
    const h = b.t - a.t;
    if (provenMonotone(a, b, motion)) return emitBetween(a, b);
    // Not proven monotone: the longitude stays within the band its speed bound allows from both ends, and within
    // the acceleration bound's M·h²/8 of the chord between them (the interpolation error of a curve whose second
    // derivative is at most M). The second is the narrower once h is short: where the true Node turns a few
    // hundredths of a degree from a boundary, it drops the steps that do not reach it, which halving to a second
    // would otherwise sample by the hundred.
    const bend = (motion.maxAccel * h * h) / 8;
    const reachLo = Math.max((a.x + b.x - motion.maxSpeed * h) / 2, Math.min(a.x, b.x) - bend);
    const reachHi = Math.min((a.x + b.x + motion.maxSpeed * h) / 2, Math.max(a.x, b.x) + bend);
    if (cellOf(reachLo, grid) === cellOf(reachHi, grid)) return; // no boundary within reach
    if (h < MIN_STEP_DAYS) return emitBetween(a, b); // a second: at most one net crossing matters
    const m = sampleNear(motion, (a.t + b.t) / 2, a);
    scan(a, m);
    scan(m, b);
  };

  stepThrough(motion, fromJd, toJd, scan);
  out.sort((p, q) => p.jdUt - q.jdUt);
  return out.filter((c) => c.jdUt >= fromJd && c.jdUt < toJd);
}

/** The instant in [a, b] at which the speed, of opposite signs at a and b, is zero (bisection/secant to 0.05 s). */
function solveStation(motion: BodyMotion, a: Sample, b: Sample): number {
  let lo = a;
  let hi = b;
  for (let i = 0; i < 60 && hi.t - lo.t > TIME_TOLERANCE_DAYS; i++) {
    // Secant on the speed, kept away from the ends (Illinois-like safeguard by falling back to the middle).
    let t = lo.t - (lo.v * (hi.t - lo.t)) / (hi.v - lo.v);
    const span = hi.t - lo.t;
    if (!(t > lo.t + span * 0.05 && t < hi.t - span * 0.05)) t = (lo.t + hi.t) / 2;
    const m = sampleNear(motion, t, lo);
    if (m.v === 0) return m.t;
    if (m.v * lo.v > 0) lo = m;
    else hi = m;
  }
  return (lo.t + hi.t) / 2;
}

/**
 * Every station (speed sign change) in [fromJd, toJd). Steps that the acceleration bound cannot clear are halved
 * down to `resolutionDays`; two stations closer than that (only the true node does this) are not told apart.
 */
export function findStations(motion: BodyMotion, fromJd: number, toJd: number, resolutionDays = 0.01): Station[] {
  const out: Station[] = [];
  const scan = (a: Sample, b: Sample): void => {
    if (provenMonotone(a, b, motion)) return;
    if (b.t - a.t > resolutionDays) {
      const m = sampleNear(motion, (a.t + b.t) / 2, a);
      scan(a, m);
      scan(m, b);
      return;
    }
    if (a.v * b.v < 0 || (b.v === 0 && a.v !== 0)) {
      const jdUt = solveStation(motion, a, b);
      const lon = longitudeOf(jdUt, motion.seBody);
      out.push({ jdUt, kind: a.v > 0 ? 'retrograde' : 'direct', longitude: lon });
    }
  };
  stepThrough(motion, fromJd, toJd, scan);
  return out.filter((s) => s.jdUt >= fromJd && s.jdUt < toJd);
}
