/**
 * Bodygraph SVG rendering (src/engine/bodygraph): the 28 reference charts in turn, both themes, several sizes,
 * after a warm-up. Reports the mean time per SVG and the mean document size.
 */
import { renderBodygraph } from '../src/engine/bodygraph';
import type { Chart } from '../src/engine/types';
import { referenceCharts } from '../test/helpers/reference-chart';
import type { Report } from './report';
import { printReport } from './report';

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 20_000);
const SIZES = [300, 800, 1200];
const THEMES = ['light', 'dark'] as const;

export async function run(report: Report): Promise<void> {
  const charts: Chart[] = referenceCharts().map(([, c]) => c);
  const render = (i: number): string =>
    renderBodygraph(charts[i % charts.length], { size: SIZES[i % SIZES.length], theme: THEMES[(i >> 1) & 1] });

  let sink = 0;
  for (let i = 0; i < 3000; i++) sink += render(i).length; // warm-up: skeletons built, JIT settled

  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) {
    const svg = render(i);
    sink += svg.charCodeAt(svg.length - 2);
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (sink === 0) throw new Error('unreachable');

  // UTF-8 size: the planet glyphs are 3 bytes each, everything else ASCII.
  let utf8 = 0;
  for (let i = 0; i < charts.length; i++) utf8 += Buffer.byteLength(render(i), 'utf8');
  report('render.ms_per_svg', ms / ROUNDS, 'ms');
  report('render.svg_bytes', Math.round(utf8 / charts.length), 'bytes');
}

if (require.main === module) void run(printReport);
