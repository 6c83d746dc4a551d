/**
 * What the time series cost, estimated from their input before they are queued: ms of one core's CPU on the
 * reference machine, as the chart family's (modules/chart/jobs/costs.ts, which says how they are measured and used).
 */
import { jdFromUtcMs } from '../../../engine/ephemeris';
import { RETURN_SPECS, returnSearchRange, type ReturnKind } from '../../../engine/search/returns';
import type { MovingBody } from '../../../engine/search/motion';
import type { Planet } from '../../../engine/types';
import type { CostModel } from '../../../jobs/job-definition';
import { CHART_CALIBRATION } from '../../chart/jobs/costs';
import type { IngressesInput, ReturnsInput, StationsInput, TransitCalendarInput } from './payloads';

const DAY_MS = 86_400_000;

/** The bodies an ingress search follows (Chiron is only for returns). */
type IngressBody = Exclude<MovingBody, 'chiron'>;
const MIRRORED_TO: Partial<Record<Planet, IngressBody>> = { earth: 'sun', southNode: 'northNode' };

/** The measured coefficients (ms of CPU). */
export const TIME_SERIES_CALIBRATION = {
  /** Ingress search per day and moving body (Earth and the South Node follow the Sun and the North Node for free). */
  ingressMsPerDay: {
    gate: {
      sun: 0.0045,
      moon: 0.024,
      northNode: 0.01,
      mercury: 0.0075,
      venus: 0.0043,
      mars: 0.0035,
      jupiter: 0.0018,
      saturn: 0.0019,
      uranus: 0.0019,
      neptune: 0.0014,
      pluto: 0.0014,
    },
    line: {
      sun: 0.011,
      moon: 0.092,
      northNode: 0.045,
      mercury: 0.017,
      venus: 0.012,
      mars: 0.009,
      jupiter: 0.004,
      saturn: 0.004,
      uranus: 0.003,
      neptune: 0.003,
      pluto: 0.002,
    },
  } satisfies Record<'gate' | 'line', Record<IngressBody, number>>,
  /** Station search per day and body. */
  stationMsPerDay: { mercury: 0.0093, venus: 0.0029, mars: 0.0029, jupiter: 0.0027, saturn: 0.0063, uranus: 0.0068, neptune: 0.0094, pluto: 0.0035 },
  /** Return search per day and kind. */
  returnMsPerDay: { solar: 0.0022, lunar: 0.0088, saturn: 0.0012, 'uranus-opposition': 0.0012, chiron: 0.0014 } satisfies Record<ReturnKind, number>,
  /** With `chart`: the transit overlay of one pass (the natal chart is computed once per job). */
  returnOverlayMs: 0.045,
  /** Transit calendar per day (all 13 bodies' gate ingresses and the overlay after each). */
  calendarMsPerDay: 0.081,
} as const;

const C = TIME_SERIES_CALIBRATION;

function days(input: { from: string; to: string }): number {
  return Math.max(0, (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS);
}

function ingressesMs(input: IngressesInput): number {
  const moving = new Set(input.bodies.map((b) => MIRRORED_TO[b] ?? (b as IngressBody)));
  let perDay = 0;
  for (const body of moving) perDay += C.ingressMsPerDay[input.level][body];
  return days(input) * perDay;
}

/**
 * The days one kind's passes are searched over (returnSearchRange, which the job uses too): the range and a margin
 * on each side, never before birth (its date is close enough here). A slow planet's margins, 800 or 1,408 days a side,
 * are most of the work of a short range: a year of Saturn returns searches 1,965 days.
 */
function searchedDays(input: ReturnsInput, kind: ReturnKind): number {
  const jd = (iso: string) => jdFromUtcMs(Date.parse(iso));
  // A birth date that does not parse (never one the DTO let through) bounds nothing: a NaN bound would make the
  // estimate NaN, and admission would add NaN to its key's counters.
  const birthJd = jd(input.birthdate);
  const [from, to] = returnSearchRange(Number.isNaN(birthJd) ? -Infinity : birthJd, kind, jd(input.from), jd(input.to));
  return Math.max(0, to - from);
}

function returnsMs(input: ReturnsInput): number {
  let total = CHART_CALIBRATION.chartMs;
  for (const kind of input.kinds) {
    total += searchedDays(input, kind) * C.returnMsPerDay[kind];
    // With chart: true every pass gets a transit overlay; a slow planet's return has up to three passes.
    if (input.chart) total += (days(input) / RETURN_SPECS[kind].period) * (kind === 'solar' || kind === 'lunar' ? 1 : 3) * C.returnOverlayMs;
  }
  return total;
}

/** The time series' cost models, by job name (time-series.jobs.ts puts each beside its job's function). */
export const TIME_SERIES_COSTS = {
  ingresses: { unit: 'day × moving body', estimate: ingressesMs },
  stations: { unit: 'day × body', estimate: (i: StationsInput) => days(i) * i.bodies.reduce((s, b) => s + C.stationMsPerDay[b], 0) },
  returns: { unit: 'day × kind', estimate: returnsMs },
  transitCalendar: { unit: 'day', estimate: (i: TransitCalendarInput) => CHART_CALIBRATION.chartMs + days(i) * C.calendarMsPerDay },
} satisfies Record<string, CostModel<never>>;
