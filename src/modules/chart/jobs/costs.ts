/**
 * What the chart family's jobs cost, estimated from their input before they are queued: milliseconds of one core's
 * CPU on the reference machine (the 2-core machine the benchmarks run on). Admission counts a key's work in flight
 * in these units and picks the job's lane (modules/queue/path/2-job-cost.ts); workers report the actual time beside
 * the estimate (hd_job_cost_*_ms_total) so drift shows.
 *
 * The coefficients are measured by `npm run bench -- cost`, which prints each one measured again beside the value
 * here and their ratio: when the engine changes speed, run it and copy the new figures in. A whole-machine drift
 * (this machine's speed varies by 2x over a day) needs no change: admission measures each lane's throughput in
 * these same units, so a slower hour only means fewer units per second.
 */
import type { CostModel } from '../../../jobs/job-definition';
import type { ChartInput, MeaningInput } from '../../birth/jobs/payloads';
import type {
  BodygraphInput,
  CompositeBodygraphInput,
  CompositeInput,
  DayInput,
  DrawingInput,
  PentaInput,
  ReportInput,
  TransitBodygraphInput,
  TransitInput,
} from './payloads';

/** The measured coefficients (ms of CPU). */
export const CHART_CALIBRATION = {
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
   * person's chart; the texts themselves are put in by the API, outside the job. Charts and advanced charts over HTTP
   * carry no `meaning` in their job (the API puts the texts into the plain answer): this applies to the others.
   */
  meaningMsPerChart: 0.05,
  /** A transparent background adds un-premultiplying every pixel. */
  pngTransparentFactor: 1.55,
  /** Unknown birth time: per hour of the span searched, and once per job. */
  dayMsPerHour: 0.2,
  dayMsFixed: 0.94,
} as const;

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
  if (input.format !== 'png') return CHART_CALIBRATION.svgMs + (charts - 1) * CHART_CALIBRATION.chartMs;
  const png = Math.max(0, interpolate(CHART_CALIBRATION.pngMsByWidth, input.size));
  return (charts - 1) * CHART_CALIBRATION.chartMs + png * (input.background === 'transparent' ? CHART_CALIBRATION.pngTransparentFactor : 1);
}

function dayHours(input: DayInput): number {
  const span = input.span;
  if (!span) return 25; // a whole local day: 25 hours at most (the day clocks go back)
  if ('around' in span) return Math.min(25, (2 * span.minutes) / 60);
  const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  return Math.min(25, (minutes(span.to) - minutes(span.from)) / 60 + 1);
}

/** What `meaning` adds to a job that answers `charts` chart-like objects (a composite: both people and the whole). */
const meaningMs = (i: MeaningInput, charts: number): number => (i.meaning ? charts * CHART_CALIBRATION.meaningMsPerChart : 0);

const C = CHART_CALIBRATION;

/** The chart family's cost models, by job name (chart.jobs.ts puts each beside its job's function). */
export const CHART_COSTS = {
  chart: { unit: 'job', estimate: (i: ChartInput) => C.chartMs + meaningMs(i, 1) },
  advanced: { unit: 'job', estimate: (i: ChartInput) => C.advancedMs + meaningMs(i, 1) },
  composite: { unit: 'job', estimate: (i: CompositeInput) => C.compositeMs + meaningMs(i, 3) },
  transit: { unit: 'job', estimate: (i: TransitInput) => C.transitMs + meaningMs(i, 2) },
  penta: { unit: 'member', estimate: (i: PentaInput) => i.members.length * (C.pentaPerMemberMs + meaningMs(i, 1)) },
  day: { unit: 'hour of the span', estimate: (i: DayInput) => C.dayMsFixed + dayHours(i) * C.dayMsPerHour },
  bodygraph: { unit: 'drawing by width (PNG)', estimate: (i: BodygraphInput) => drawingMs(i, 1) },
  compositeBodygraph: { unit: 'drawing by width (PNG)', estimate: (i: CompositeBodygraphInput) => drawingMs(i, 2) },
  transitBodygraph: { unit: 'drawing by width (PNG)', estimate: (i: TransitBodygraphInput) => drawingMs(i, 1) + C.transitMs - C.chartMs },
  report: { unit: 'reading (HTML or PDF)', estimate: (i: ReportInput) => (i.format === 'pdf' ? C.reportPdfMs : C.reportHtmlMs) },
} satisfies Record<string, CostModel<never>>;
