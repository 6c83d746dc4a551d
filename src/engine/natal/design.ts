/**
 * The design moment (RULES 2.3): the instant before birth when the apparent Sun longitude equals the birth Sun
 * longitude − 88° (mod 360), to |Δλ| ≤ 1e-6°.
 *
 * Why this shape: every Swiss Ephemeris call on a new date costs ~20 µs (file segment reads), so the solver
 * spends its effort in cheap arithmetic first. A low-precision analytic Sun (Meeus, "Astronomical Algorithms"
 * ch. 25, ~0.01° absolute) gives the arc-88° instant to within a few minutes, because its error is nearly the same
 * at both ends. Newton steps on the real ephemeris (speed from SEFLG_SPEED at the first evaluation) then converge
 * quadratically: typically two Sun evaluations, the second of which is the design Sun itself. A bisection on the
 * bracket [birth − 96 d, birth − 84 d] is the safeguard if Newton ever misbehaves.
 */
import { angleDiff } from '../angles';
import { sunLongitude, sunWithSpeed } from '../ephemeris';

export const DESIGN_ARC_DEG = 88;
export const DESIGN_TOLERANCE_DEG = 1e-6;
const BRACKET_EARLY_DAYS = 96;
const BRACKET_LATE_DAYS = 84;
const MAX_NEWTON = 8;

const DEG = Math.PI / 180;

/** Geometric mean-equinox Sun longitude (degrees, unnormalised) from Meeus' low-precision theory. */
function approxSun(jd: number): number {
  const t = (jd - 2451545.0) / 36525;
  const m = (357.52911 + 35999.05029 * t) * DEG;
  return 280.46646 + 36000.76983 * t + (1.914602 - 0.004817 * t) * Math.sin(m) + 0.019993 * Math.sin(2 * m) + 0.000289 * Math.sin(3 * m);
}

/** Its time derivative in degrees/day. */
function approxSunSpeed(jd: number): number {
  const t = (jd - 2451545.0) / 36525;
  const m = (357.52911 + 35999.05029 * t) * DEG;
  const dm = 35999.05029 * DEG; // rad per century
  const dc = ((1.914602 - 0.004817 * t) * Math.cos(m) + 2 * 0.019993 * Math.cos(2 * m) + 3 * 0.000289 * Math.cos(3 * m)) * dm;
  return (36000.76983 + dc) / 36525;
}

/** Solver statistics (for the benchmark): number of solves and of Sun evaluations they needed. */
export const designSolverStats = { solves: 0, sunEvaluations: 0 };

export interface DesignSolution {
  jdUt: number;
  /** Apparent Sun longitude at jdUt (already evaluated, so callers need not ask the ephemeris again). */
  sunLongitude: number;
  /** Sun evaluations used. */
  evaluations: number;
}

const sunBuf = new Float64Array(2);

/** Finds the design JD(UT) for a birth at `birthJd` whose apparent Sun longitude is `birthSunLon`. */
export function solveDesign(birthJd: number, birthSunLon: number): DesignSolution {
  const target = birthSunLon - DESIGN_ARC_DEG;

  // 1. Analytic guess: model(t) = model(tB) − 88° (the model's own offset cancels between the two ends).
  const modelTarget = approxSun(birthJd) - DESIGN_ARC_DEG;
  let t = birthJd - DESIGN_ARC_DEG / 0.9856;
  for (let i = 0; i < 3; i++) t -= (approxSun(t) - modelTarget) / approxSunSpeed(t);

  // 2. Newton on the ephemeris; the speed of the first evaluation serves all steps (it changes < 1e-5 relative).
  sunWithSpeed(t, sunBuf);
  let evaluations = 1;
  let lon = sunBuf[0];
  const speed = sunBuf[1];
  let err = angleDiff(lon, target);
  const early = birthJd - BRACKET_EARLY_DAYS;
  const late = birthJd - BRACKET_LATE_DAYS;
  while (Math.abs(err) > DESIGN_TOLERANCE_DEG && evaluations < MAX_NEWTON) {
    t -= err / speed;
    if (!(t > early && t < late)) break;
    lon = sunLongitude(t);
    evaluations++;
    err = angleDiff(lon, target);
  }

  // 3. Safeguard: bisection on the bracket (the Sun's longitude increases monotonically).
  if (!(Math.abs(err) <= DESIGN_TOLERANCE_DEG)) {
    let lo = early;
    let hi = late;
    for (let i = 0; i < 80; i++) {
      t = (lo + hi) / 2;
      lon = sunLongitude(t);
      evaluations++;
      err = angleDiff(lon, target);
      if (Math.abs(err) <= DESIGN_TOLERANCE_DEG) break;
      if (err < 0) lo = t;
      else hi = t;
    }
    if (!(Math.abs(err) <= DESIGN_TOLERANCE_DEG)) {
      throw new Error(`design solver did not converge (birth JD ${birthJd}, residual ${err}°)`);
    }
  }

  designSolverStats.solves++;
  designSolverStats.sunEvaluations += evaluations;
  return { jdUt: t, sunLongitude: lon, evaluations };
}
