/**
 * Calibrates the cost models (each family's jobs/costs.ts, e.g. src/modules/chart/jobs/costs.ts): measures every coefficient again, on the job
 * handlers a worker runs (their compute time as the worker reports it: the time inside their own slices), and prints
 * it beside the registry's value with their ratio. When the engine changes speed, copy the measured figures into
 * the family's calibration (CHART_CALIBRATION, TIME_SERIES_CALIBRATION). Then checks the whole model: for a sample of every job, the estimate against the time measured.
 * Standalone: `npx ts-node --transpile-only bench/cost.ts`.
 */
import type { Report } from './report';
import { printReport } from './report';
import { STATION_BODIES } from '../src/engine/search/ingresses';
import { RETURN_KINDS } from '../src/engine/search/returns';
import { PLANETS } from '../src/engine/types';
import type { JobName } from '../src/jobs/job-table';
import { warmUp } from '../src/modules/chart/jobs/chart-jobs';
import { Slicer } from '../src/jobs/slicer';
import { computeCostMs } from '../src/jobs/job-table';
import { CHART_CALIBRATION } from '../src/modules/chart/jobs/costs';
import { TIME_SERIES_CALIBRATION } from '../src/modules/time-series/jobs/costs';

/** Every family's measured coefficients. */
const CALIBRATION = { ...CHART_CALIBRATION, ...TIME_SERIES_CALIBRATION };
import { handlerFor } from '../src/processors/handlers';

const BIRTH = { birthdate: '1985-06-15', birthtime: '10:30', location: 'Berlin, Germany', nodeType: 'true' as const };
let serial = 0;
/** A distinct birth each call (a repeated one would be no cheaper, but keeps the measure honest). */
const birth = () => ({ ...BIRTH, birthtime: `${String(10 + (serial % 12)).padStart(2, '0')}:${String(serial++ % 60).padStart(2, '0')}` });
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
const range = (days: number, from = Date.UTC(2000, 0, 1)) => ({ from: iso(from), to: iso(from + days * DAY_MS) });

/** The median compute (ms) of a job over `runs` inputs, as the worker measures it. */
async function measure(name: JobName, input: () => object, runs: number): Promise<number> {
  const handler = handlerFor(name);
  const run = async () => {
    const slicer = new Slicer();
    await handler(input(), slicer);
    slicer.close();
    return slicer.computeMs;
  };
  await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push(await run());
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

function line(report: Report, name: string, measured: number, registry: number, unit: string): void {
  report(`cost.${name}`, measured, `${unit} (registry ${registry}, measured/registry ${(measured / registry).toFixed(2)})`);
}

export async function run(report: Report): Promise<void> {
  warmUp();
  const drawing = { size: 800, theme: 'light' as const, format: 'svg' as const, background: 'theme' as const, variables: false };
  line(report, 'chart', await measure('chart', birth, 400), CALIBRATION.chartMs, 'ms/job');
  line(report, 'advanced', await measure('advanced', birth, 400), CALIBRATION.advancedMs, 'ms/job');
  const withMeaning = await measure('chart', () => ({ ...birth(), meaning: 'de' }), 400);
  line(
    report,
    'meaning',
    withMeaning - (await measure('chart', birth, 400)),
    CALIBRATION.meaningMsPerChart,
    'ms/chart (a chart with meaning less one without)',
  );
  line(report, 'transit', await measure('transit', () => ({ ...birth(), at: '2026-01-01T00:00:00Z' }), 400), CALIBRATION.transitMs, 'ms/job');
  line(report, 'composite', await measure('composite', () => ({ person1: birth(), person2: birth() }), 200), CALIBRATION.compositeMs, 'ms/job');
  line(
    report,
    'penta',
    (await measure('penta', () => ({ members: [birth(), birth(), birth(), birth(), birth()] }), 100)) / 5,
    CALIBRATION.pentaPerMemberMs,
    'ms/member',
  );
  line(report, 'svg', await measure('bodygraph', () => ({ ...birth(), ...drawing }), 200), CALIBRATION.svgMs, 'ms/drawing');
  for (const [width, registry] of CALIBRATION.pngMsByWidth) {
    const ms = await measure('bodygraph', () => ({ ...birth(), ...drawing, format: 'png', size: width }), width > 2000 ? 3 : 9);
    line(report, `png_${width}px`, ms, registry, 'ms/drawing');
  }
  const transparent = await measure('bodygraph', () => ({ ...birth(), ...drawing, format: 'png', size: 1600, background: 'transparent' }), 5);
  const opaque = await measure('bodygraph', () => ({ ...birth(), ...drawing, format: 'png', size: 1600 }), 5);
  line(report, 'png_transparent_factor', transparent / opaque, CALIBRATION.pngTransparentFactor, '×');
  line(report, 'report_html', await measure('report', () => ({ ...birth(), meaning: 'en', format: 'html' }), 100), CALIBRATION.reportHtmlMs, 'ms/reading');
  line(report, 'report_pdf', await measure('report', () => ({ ...birth(), meaning: 'en', format: 'pdf' }), 15), CALIBRATION.reportPdfMs, 'ms/reading');
  for (const level of ['gate', 'line'] as const) {
    const days = level === 'gate' ? 1826 : 366;
    for (const [body, registry] of Object.entries(CALIBRATION.ingressMsPerDay[level])) {
      const ms = await measure('ingresses', () => ({ ...range(days, Date.UTC(2000, 0, 1 + serial++)), level, bodies: [body], nodeType: 'true' }), 3);
      line(report, `ingress_${level}_${body}`, ms / days, registry, 'ms/day');
    }
  }
  for (const body of STATION_BODIES) {
    const ms = await measure('stations', () => ({ ...range(3652, Date.UTC(2000, 0, 1 + serial++)), bodies: [body] }), 3);
    line(report, `station_${body}`, ms / 3652, CALIBRATION.stationMsPerDay[body], 'ms/day');
  }
  for (const kind of RETURN_KINDS) {
    const ms = await measure('returns', () => ({ ...birth(), ...range(43_800, Date.UTC(1985, 5, 15)), kinds: [kind], chart: false }), 3);
    line(report, `return_${kind}`, (ms - CALIBRATION.chartMs) / 43_800, CALIBRATION.returnMsPerDay[kind], 'ms/day');
  }
  const plain = await measure('returns', () => ({ ...birth(), ...range(36_525, Date.UTC(1985, 5, 15)), kinds: ['solar', 'lunar'], chart: false }), 3);
  const overlaid = await measure('returns', () => ({ ...birth(), ...range(36_525, Date.UTC(1985, 5, 15)), kinds: ['solar', 'lunar'], chart: true }), 3);
  const passes = 36_525 / 365.2422 + 36_525 / 27.3216; // one solar and one lunar return each period
  line(report, 'return_overlay', (overlaid - plain) / passes, CALIBRATION.returnOverlayMs, 'ms/pass');
  const calendar = await measure('transitCalendar', () => ({ ...birth(), ...range(365, Date.UTC(2026, 0, 1)) }), 5);
  line(report, 'calendar', (calendar - CALIBRATION.chartMs) / 365, CALIBRATION.calendarMsPerDay, 'ms/day');
  const wholeDay = await measure(
    'day',
    () => ({ birthdate: `1985-06-${String(1 + (serial++ % 28)).padStart(2, '0')}`, location: 'Berlin, Germany', nodeType: 'true', detail: 'summary' }),
    20,
  );
  const twoHours = await measure(
    'day',
    () => ({
      birthdate: `1985-07-${String(1 + (serial++ % 28)).padStart(2, '0')}`,
      location: 'Berlin, Germany',
      nodeType: 'true',
      detail: 'summary',
      span: { around: '12:00', minutes: 60 },
    }),
    20,
  );
  const perHour = (wholeDay - twoHours) / 22;
  line(report, 'day_per_hour', perHour, CALIBRATION.dayMsPerHour, 'ms/hour');
  line(report, 'day_fixed', Math.max(0.01, twoHours - 2 * perHour), CALIBRATION.dayMsFixed, 'ms/job');

  // The whole model on typical requests of every heavy kind: estimate against the time measured.
  const samples: [string, JobName, () => object][] = [
    ['ingresses_10y_gate', 'ingresses', () => ({ ...range(3650, Date.UTC(1990, 0, 1 + serial++)), level: 'gate', bodies: [...PLANETS], nodeType: 'true' })],
    ['ingresses_1y_line', 'ingresses', () => ({ ...range(365, Date.UTC(1990, 0, 1 + serial++)), level: 'line', bodies: [...PLANETS], nodeType: 'true' })],
    ['stations_20y', 'stations', () => ({ ...range(7300, Date.UTC(1990, 0, 1 + serial++)), bodies: [...STATION_BODIES] })],
    ['returns_120y_all_chart', 'returns', () => ({ ...birth(), ...range(43_800, Date.UTC(1985, 5, 15)), kinds: [...RETURN_KINDS], chart: true })],
    // A short range far from birth: the passes' margins (PASS_MARGIN_DAYS) are most of the search.
    ['returns_1y_saturn_chiron', 'returns', () => ({ ...birth(), ...range(365, Date.UTC(2030, 0, 1 + serial++)), kinds: ['saturn', 'chiron'], chart: false })],
    ['calendar_1y', 'transitCalendar', () => ({ ...birth(), ...range(365, Date.UTC(2026, 0, 1)) })],
    [
      'day',
      'day',
      () => ({ birthdate: `1986-03-${String(1 + (serial++ % 28)).padStart(2, '0')}`, location: 'Tokyo, Japan', nodeType: 'true', detail: 'full' }),
    ],
    ['png_1200px', 'bodygraph', () => ({ ...birth(), ...drawing, format: 'png', size: 1200 })],
    ['png_2500px_transparent', 'bodygraph', () => ({ ...birth(), ...drawing, format: 'png', size: 2500, background: 'transparent' })],
  ];
  for (const [label, name, input] of samples) {
    const sample = input();
    const estimated = computeCostMs(name, sample);
    const measured = await measure(name, () => ({ ...input() }), 3);
    report(`cost.model_${label}`, measured / estimated, `measured/estimated (estimated ${estimated.toFixed(1)} ms, measured ${measured.toFixed(1)} ms)`);
  }
}

if (require.main === module) void run(printReport);
