/**
 * What each job costs, estimated from its input before it is queued: milliseconds of one core's CPU on the
 * reference machine (the 2-core machine the benchmarks run on). The operation registry (operations.ts) names each
 * operation's model; admission (modules/queue/path/) counts a key's work in flight in these units and picks the
 * job's lane; workers report the actual time beside the estimate (hd_job_cost_*_ms_total) so drift shows.
 *
 * The coefficients are measured by `npm run bench -- cost`, which prints each one measured again beside the value
 * here and their ratio: when the engine changes speed, run it and copy the new figures in. A whole-machine drift
 * (this machine's speed varies by 2x over a day) needs no change: admission measures each lane's throughput in
 * these same units, so a slower hour only means fewer units per second.
 *
 * Pure functions of the job payloads: no Nest, no Redis.
 */
import { RETURN_SPECS, type ReturnKind } from '../../engine/search/returns';
import type { MovingBody } from '../../engine/search/motion';
import type { Planet } from '../../engine/types';
import type { JobName } from '../../jobs/job-types';
import type {
  BodygraphInput,
  CompositeBodygraphInput,
  DayInput,
  ChartInput,
  CompositeInput,
  DrawingInput,
  IngressesInput,
  MeaningInput,
  PentaInput,
  ReportInput,
  ReturnsInput,
  StationsInput,
  TransitBodygraphInput,
  TransitCalendarInput,
  TransitInput,
} from '../chart/jobs/payloads';

const DAY_MS = 86_400_000;

/** The measured coefficients (ms of CPU). */
export const CALIBRATION = {
  /** The queue path's own work per job, every process together (API, Redis, worker): see README "Scaling". */
  jobOverheadMs: 1,
  /** One job of each chart-like operation, the birth's place and zone resolved included. */
  chartMs: 0.12,
  advancedMs: 0.135,
  transitMs: 0.19,
  compositeMs: 0.21,
  pentaPerMemberMs: 0.11,
  /** An SVG drawing, its chart included (any size: the SVG's size is only its viewBox). */
  svgMs: 0.15,
  /** A PNG drawing by its width in px (resvg's render and the encoding), linearly between the points measured. */
  pngMsByWidth: [
    [200, 6.4],
    [800, 24.5],
    [1600, 56.4],
    [3000, 199],
    [4000, 322],
  ] as [number, number][],
  /**
   * A reading, its advanced chart, meaning texts and drawings included: the HTML page (two SVG drawings, one per
   * theme) and the PDF (pdfkit laying out about eight A4 pages, the drawing as vectors, fonts subset and embedded).
   */
  reportHtmlMs: 1.5,
  reportPdfMs: 100,
  /**
   * `meaning` on a chart-like answer: the worker marks each labelled element (engine/meaning/annotate.ts), per
   * person's chart; the texts themselves are put in by the API, outside the job.
   */
  meaningMsPerChart: 0.05,
  /** A transparent background adds un-premultiplying every pixel. */
  pngTransparentFactor: 1.55,
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
  /** Unknown birth time: per hour of the span searched, and once per job. */
  dayMsPerHour: 0.2,
  dayMsFixed: 0.94,
} as const;

/** A job's estimated compute (ms) from its payload. */
export type CostEstimate<T> = (input: T) => number;

/** How an operation's cost grows, in words (the README and the bench print it). */
export interface CostModel<T = never> {
  unit: string;
  estimate: CostEstimate<T>;
}

/** The bodies an ingress search follows (Chiron is only for returns). */
type IngressBody = Exclude<MovingBody, 'chiron'>;
const MIRRORED_TO: Partial<Record<Planet, IngressBody>> = { earth: 'sun', southNode: 'northNode' };

function days(input: { from: string; to: string }): number {
  return Math.max(0, (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS);
}

/** Linear interpolation in a table of [x, y] points (held flat beyond its ends' slopes). */
function interpolate(points: readonly (readonly [number, number])[], x: number): number {
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    if (x <= x1 || i === points.length - 1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points[0][1];
}

function drawingMs(input: DrawingInput, charts: number): number {
  if (input.format !== 'png') return CALIBRATION.svgMs + (charts - 1) * CALIBRATION.chartMs;
  const png = Math.max(0, interpolate(CALIBRATION.pngMsByWidth, input.size));
  return (charts - 1) * CALIBRATION.chartMs + png * (input.background === 'transparent' ? CALIBRATION.pngTransparentFactor : 1);
}

function ingressesMs(input: IngressesInput): number {
  const moving = new Set(input.bodies.map((b) => MIRRORED_TO[b] ?? (b as IngressBody)));
  let perDay = 0;
  for (const body of moving) perDay += CALIBRATION.ingressMsPerDay[input.level][body];
  return days(input) * perDay;
}

function returnsMs(input: ReturnsInput): number {
  let total = CALIBRATION.chartMs;
  for (const kind of input.kinds) {
    total += days(input) * CALIBRATION.returnMsPerDay[kind];
    // With chart: true every pass gets a transit overlay; a slow planet's return has up to three passes.
    if (input.chart) total += (days(input) / RETURN_SPECS[kind].period) * (kind === 'solar' || kind === 'lunar' ? 1 : 3) * CALIBRATION.returnOverlayMs;
  }
  return total;
}

function dayHours(input: DayInput): number {
  const span = input.span;
  if (!span) return 25; // a whole local day: 25 hours at most (the day clocks go back)
  if ('around' in span) return Math.min(25, (2 * span.minutes) / 60);
  const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  return Math.min(25, (minutes(span.to) - minutes(span.from)) / 60 + 1);
}

/** What `meaning` adds to a job that answers `charts` chart-like objects (a composite: both people and the whole). */
const meaningMs = (i: MeaningInput, charts: number): number => (i.meaning ? charts * CALIBRATION.meaningMsPerChart : 0);

/** Every job's cost model, by job name (the operation registry points at these). */
export const JOB_COSTS = {
  chart: { unit: 'job', estimate: (i: ChartInput) => CALIBRATION.chartMs + meaningMs(i, 1) },
  advanced: { unit: 'job', estimate: (i: ChartInput) => CALIBRATION.advancedMs + meaningMs(i, 1) },
  composite: { unit: 'job', estimate: (i: CompositeInput) => CALIBRATION.compositeMs + meaningMs(i, 3) },
  transit: { unit: 'job', estimate: (i: TransitInput) => CALIBRATION.transitMs + meaningMs(i, 2) },
  penta: { unit: 'member', estimate: (i: PentaInput) => i.members.length * (CALIBRATION.pentaPerMemberMs + meaningMs(i, 1)) },
  day: { unit: 'hour of the span', estimate: (i: DayInput) => CALIBRATION.dayMsFixed + dayHours(i) * CALIBRATION.dayMsPerHour },
  bodygraph: { unit: 'drawing by width (PNG)', estimate: (i: BodygraphInput) => drawingMs(i, 1) },
  compositeBodygraph: { unit: 'drawing by width (PNG)', estimate: (i: CompositeBodygraphInput) => drawingMs(i, 2) },
  transitBodygraph: { unit: 'drawing by width (PNG)', estimate: (i: TransitBodygraphInput) => drawingMs(i, 1) + CALIBRATION.transitMs - CALIBRATION.chartMs },
  report: { unit: 'reading (HTML or PDF)', estimate: (i: ReportInput) => (i.format === 'pdf' ? CALIBRATION.reportPdfMs : CALIBRATION.reportHtmlMs) },
  ingresses: { unit: 'day × moving body', estimate: ingressesMs },
  stations: { unit: 'day × body', estimate: (i: StationsInput) => days(i) * i.bodies.reduce((s, b) => s + CALIBRATION.stationMsPerDay[b], 0) },
  returns: { unit: 'day × kind', estimate: returnsMs },
  transitCalendar: { unit: 'day', estimate: (i: TransitCalendarInput) => CALIBRATION.chartMs + days(i) * CALIBRATION.calendarMsPerDay },
} satisfies Record<JobName, CostModel<never>>;

/** A job's estimated compute, ms (the worker's share of its cost). */
export function computeCostMs(name: JobName, input: object): number {
  return (JOB_COSTS[name].estimate as CostEstimate<object>)(input);
}

/** A batch: each item is its own job (chart or advanced), admitted together; its cost is theirs added up. */
export const BATCH_COST: CostModel<{ name: JobName; input: object }[]> = {
  unit: 'item (its chart or advanced job)',
  estimate: (jobs) => jobs.reduce((sum, j) => sum + computeCostMs(j.name, j.input), 0),
};
