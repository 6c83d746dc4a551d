/**
 * Bodygraph rendering (src/engine/bodygraph): SVGs of the 28 reference charts in turn, both themes, several
 * sizes, after a warm-up (mean time per SVG, mean document size); then 800 px PNGs (median time, by stage).
 */
import { Resvg } from '@resvg/resvg-js';
import { renderBodygraph } from '../src/engine/bodygraph';
import { encodePng, svgToPng } from '../src/engine/bodygraph/png';
import type { Chart } from '../src/engine/types';
import { referenceCharts } from '../test/helpers/reference-chart';
import type { Report } from './report';
import { printReport } from './report';

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 20_000);
const SIZES = [300, 800, 1200];
const THEMES = ['light', 'dark'] as const;

// eslint-disable-next-line @typescript-eslint/require-await -- every section keeps bench/run.ts's async run() contract (a throw becomes a rejection)
export async function run(report: Report): Promise<void> {
  const charts: Chart[] = referenceCharts().map(([, c]) => c);
  const render = (i: number): string => renderBodygraph(charts[i % charts.length], { size: SIZES[i % SIZES.length], theme: THEMES[(i >> 1) & 1] });

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

  // PNG at 800 px, one core: the drawing with its text as outlines, rasterised by resvg, encoded. Each stage is
  // timed too, since the total is theirs; median over the 28 charts × 4 rounds after a warm-up.
  const png = (i: number) => svgToPng(renderBodygraph(charts[i % charts.length], { size: 800, text: 'outline' }), 800);
  for (let i = 0; i < 20; i++) png(i);
  const total: number[] = [];
  const stages = { svg: [] as number[], parse: [] as number[], raster: [] as number[], encode: [] as number[] };
  let bytes = 0;
  for (let i = 0; i < charts.length * 4; i++) {
    const a = process.hrtime.bigint();
    const svg = renderBodygraph(charts[i % charts.length], { size: 800, text: 'outline' });
    const b = process.hrtime.bigint();
    const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: 800 }, font: { loadSystemFonts: false } });
    const c = process.hrtime.bigint();
    const image = resvg.render();
    const d = process.hrtime.bigint();
    bytes += encodePng(image.pixels, image.width, image.height).length;
    const e = process.hrtime.bigint();
    stages.svg.push(Number(b - a) / 1e6);
    stages.parse.push(Number(c - b) / 1e6);
    stages.raster.push(Number(d - c) / 1e6);
    stages.encode.push(Number(e - d) / 1e6);
    total.push(Number(e - a) / 1e6);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  report('render.png_ms_800', median(total), 'ms (median)');
  report(
    'render.png_ms_800_stages',
    0,
    `(svg ${median(stages.svg).toFixed(1)}, parse ${median(stages.parse).toFixed(1)}, raster ${median(stages.raster).toFixed(1)}, encode ${median(stages.encode).toFixed(1)} ms)`,
  );
  report('render.png_bytes_800', Math.round(bytes / total.length), 'bytes');
}

if (require.main === module) void run(printReport);
