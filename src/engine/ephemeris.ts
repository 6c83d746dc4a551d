/**
 * Swiss Ephemeris access (RULES 2.1, 2.2): apparent geocentric tropical longitudes of date, data-file mode only.
 *
 * Why the care here: a chart is only as good as these numbers. If the .se1 files are not found, or the date is
 * outside their range, Swiss Ephemeris silently falls back to its Moshier theory (node off by up to 23"), so every
 * call checks the returned flag and refuses instead of returning a lower-precision result.
 *
 * This is the hot path (23 calls per chart: 11 bodies at birth, 2 Sun evaluations in the design solver, 10 more
 * bodies at the design moment), so results go into a caller-supplied Float64Array and nothing
 * else is allocated here.
 */
import * as path from 'path';
import { EngineInputError, NodeType } from './types';

// The binding has no ESM build; require keeps it a plain CommonJS load (types come from its own .d.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the swisseph binding is CommonJS only (see above)
import swe = require('swisseph');

/** Data files shipped with the npm package (sepl_18, semo_18, seas_18). Resolved from the package, never the cwd. */
export const EPHEMERIS_PATH = path.join(path.dirname(require.resolve('swisseph/package.json')), 'ephe');
swe.swe_set_ephe_path(EPHEMERIS_PATH);

const SEFLG_SWIEPH = 2;
const SEFLG_MOSEPH = 4;
const SEFLG_SPEED = 256;
const FLAGS = SEFLG_SWIEPH;
const FLAGS_SPEED = SEFLG_SWIEPH | SEFLG_SPEED;

const SE_SUN = 0;
const SE_MOON = 1;
const SE_MEAN_NODE = 10;
const SE_TRUE_NODE = 11;

/** JD(UT) of the Unix epoch. */
export const UNIX_EPOCH_JD = 2440587.5;
const MS_PER_DAY = 86_400_000;

export function jdFromUtcMs(utcMs: number): number {
  return UNIX_EPOCH_JD + utcMs / MS_PER_DAY;
}
export function utcMsFromJd(jdUt: number): number {
  return (jdUt - UNIX_EPOCH_JD) * MS_PER_DAY;
}

/**
 * Range of the bundled data files, measured: every body is file-based from JD 2378496.74 (1800-01-01 05:45 UT)
 * to JD 2597650.39 (2400-01-09). Rounded inwards to whole days.
 */
export const EPHEMERIS_MIN_UTC = '1800-01-02T00:00:00Z';
export const EPHEMERIS_MAX_UTC = '2400-01-01T00:00:00Z';
export const EPHEMERIS_MIN_UTC_MS = Date.parse(EPHEMERIS_MIN_UTC);
export const EPHEMERIS_MAX_UTC_MS = Date.parse(EPHEMERIS_MAX_UTC);
export const EPHEMERIS_MIN_JD = jdFromUtcMs(EPHEMERIS_MIN_UTC_MS);
export const EPHEMERIS_MAX_JD = jdFromUtcMs(EPHEMERIS_MAX_UTC_MS);

/**
 * Births the engine accepts: the design moment lies up to ~92 days before birth (RULES 2.3; the solver's bracket
 * is 96 days), so the earliest birth is the file start + 96 days. Transits may use the whole ephemeris range.
 */
export const DESIGN_BRACKET_DAYS = 96;
export const SUPPORTED_BIRTH_MIN_UTC = '1800-04-08T00:00:00Z';
export const SUPPORTED_BIRTH_MAX_UTC = EPHEMERIS_MAX_UTC;
export const SUPPORTED_BIRTH_MIN_UTC_MS = Date.parse(SUPPORTED_BIRTH_MIN_UTC);
export const SUPPORTED_BIRTH_MAX_UTC_MS = EPHEMERIS_MAX_UTC_MS;

/**
 * Slots of a positions buffer, in the Planet order of types.ts PLANETS
 * (sun, earth, northNode, southNode, moon, mercury … pluto).
 */
export const SLOT_SUN = 0;
export const SLOT_EARTH = 1;
export const SLOT_NORTH_NODE = 2;
export const SLOT_SOUTH_NODE = 3;
export const SLOT_MOON = 4;
/** Swiss Ephemeris body numbers for slots 5..12 (Mercury..Pluto). */
const PLANET_IDS = [2, 3, 4, 5, 6, 7, 8, 9] as const;

export function assertEphemerisRange(jdUt: number, what: string): void {
  if (!(jdUt >= EPHEMERIS_MIN_JD && jdUt <= EPHEMERIS_MAX_JD)) {
    throw new EngineInputError('DATE_OUT_OF_RANGE', `${what} is outside the supported ephemeris range ${EPHEMERIS_MIN_UTC} .. ${EPHEMERIS_MAX_UTC}`, {
      jdUt,
      min: EPHEMERIS_MIN_UTC,
      max: EPHEMERIS_MAX_UTC,
      minUtc: EPHEMERIS_MIN_UTC,
      maxUtc: EPHEMERIS_MAX_UTC,
    });
  }
}

interface SweResult {
  longitude?: number;
  longitudeSpeed?: number;
  rflag?: number;
  error?: string;
}

/** One body, longitude only; throws unless the data files were used. */
function calc(jdUt: number, body: number, flags: number): SweResult {
  const r = swe.swe_calc_ut(jdUt, body, flags) as SweResult;
  const rflag = r.rflag;
  if (rflag === undefined || (rflag & SEFLG_MOSEPH) !== 0 || (rflag & SEFLG_SWIEPH) === 0) {
    throw new EngineInputError(
      'DATE_OUT_OF_RANGE',
      r.error
        ? `Swiss Ephemeris could not compute body ${body}: ${r.error}`
        : `Swiss Ephemeris data files not used for body ${body} at JD ${jdUt} (Moshier fallback refused)`,
      { jdUt, body, rflag, reason: 'ephemeris-files-not-used' },
    );
  }
  return r;
}

function norm360(x: number): number {
  x %= 360;
  return x < 0 ? x + 360 : x;
}

/** Apparent Sun longitude (degrees) and speed (degrees/day). `out[0]` = longitude, `out[1]` = speed. */
export function sunWithSpeed(jdUt: number, out: Float64Array): void {
  const r = calc(jdUt, SE_SUN, FLAGS_SPEED);
  out[0] = r.longitude as number;
  out[1] = r.longitudeSpeed as number;
}

export function sunLongitude(jdUt: number): number {
  return calc(jdUt, SE_SUN, FLAGS).longitude as number;
}

/**
 * Fills `out[0..12]` with the 13 longitudes (PLANETS order). The Sun is computed first so Swiss Ephemeris' own
 * per-date cache (Earth, nutation) serves the other bodies. If `sunLon` is given the Sun call is skipped (the
 * design solver has already evaluated it at exactly this instant).
 */
export function positions(jdUt: number, nodeType: NodeType, out: Float64Array, sunLon?: number): void {
  const sun = sunLon === undefined ? sunLongitude(jdUt) : sunLon;
  out[SLOT_SUN] = sun;
  out[SLOT_EARTH] = norm360(sun + 180);
  const node = calc(jdUt, nodeType === 'mean' ? SE_MEAN_NODE : SE_TRUE_NODE, FLAGS).longitude as number;
  out[SLOT_NORTH_NODE] = node;
  out[SLOT_SOUTH_NODE] = norm360(node + 180);
  out[SLOT_MOON] = calc(jdUt, SE_MOON, FLAGS).longitude as number;
  for (let i = 0; i < PLANET_IDS.length; i++) {
    out[5 + i] = calc(jdUt, PLANET_IDS[i], FLAGS).longitude as number;
  }
}

/** Swiss Ephemeris body numbers of the bodies the time-series work follows (Earth and South Node mirror). */
export const SE_BODY = {
  sun: SE_SUN,
  moon: SE_MOON,
  mercury: 2,
  venus: 3,
  mars: 4,
  jupiter: 5,
  saturn: 6,
  uranus: 7,
  neptune: 8,
  pluto: 9,
  meanNode: SE_MEAN_NODE,
  trueNode: SE_TRUE_NODE,
  /** In seas_18.se1, shipped with the swisseph package: file-based over the whole 1800–2400 range. */
  chiron: 15,
} as const;

/** Longitude (`out[0]`, degrees) and its speed (`out[1]`, degrees/day) of one body; data files only. */
export function longitudeAndSpeed(jdUt: number, seBody: number, out: Float64Array): void {
  const r = calc(jdUt, seBody, FLAGS_SPEED);
  out[0] = r.longitude as number;
  out[1] = r.longitudeSpeed as number;
}

/** Longitude only (cheaper: about two thirds of a call with speed). */
export function longitudeOf(jdUt: number, seBody: number): number {
  return calc(jdUt, seBody, FLAGS).longitude as number;
}
