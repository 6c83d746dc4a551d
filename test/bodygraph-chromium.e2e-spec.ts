/**
 * Renders bodygraph SVGs in headless Chromium (Debian package `chromium`) and checks the screenshots:
 * not blank, each center's inside pixel has the center's fill, colored channel halves have their color.
 *
 * Skips (with a message) only when /usr/bin/chromium is missing and CI is not set; under CI a missing
 * Chromium fails the suite. Screenshots are kept in <tmpdir>/bodygraph-chromium/ for a look.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext } from 'playwright-core';
import {
  CENTER_INNER_POINT,
  CHANNEL_CASING_WIDTH,
  CHANNEL_ROUTES,
  GATES,
  PALETTES,
  VIEW_WIDTH,
  bodygraphHeight,
  gateSides,
  renderBodygraph,
  type Point,
  type ThemeName,
} from '../src/engine/bodygraph';
import { CENTERS } from '../src/engine/types';
import type { Chart } from '../src/engine/types';
import { referenceCharts } from './helpers/reference-chart';
import { chromiumSuite, launchChromium } from './helpers/chromium';
import { distToSegment } from './helpers/geometry';

const SHOTS = path.join(os.tmpdir(), 'bodygraph-chromium');

type RGB = [number, number, number];

function hex(c: string): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c);
  if (!m) throw new Error(`not a #rrggbb color: ${c}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

function near(a: RGB, b: RGB, tol = 8): boolean {
  return Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol && Math.abs(a[2] - b[2]) <= tol;
}

/** A sample point on each channel half (middle of its visible part), kept only if no other band is near it. */
function channelSamples(): { key: string; gate: number; p: Point }[] {
  const out: { key: string; gate: number; p: Point }[] = [];
  const segs: { key: string; a: Point; b: Point }[] = [];
  for (const r of CHANNEL_ROUTES) {
    for (const h of [r.half1, r.half2]) for (let i = 1; i < h.length; i++) segs.push({ key: r.key, a: h[i - 1], b: h[i] });
  }
  for (const r of CHANNEL_ROUTES) {
    for (const [gate, h] of [
      [r.gate1, r.half1],
      [r.gate2, r.half2],
    ] as const) {
      const a = GATES[gate].anchor;
      const m = h[h.length - 1];
      const p: Point = [(a[0] + m[0]) / 2, (a[1] + m[1]) / 2];
      const clear = segs.every((s) => s.key === r.key || distToSegment(p, s.a, s.b) > CHANNEL_CASING_WIDTH + 4);
      if (clear) out.push({ key: r.key, gate, p });
    }
  }
  return out;
}

interface Shot {
  file: string;
  pixels: RGB[];
  nonBackground: number;
  distinct: number;
  total: number;
}

let context: BrowserContext | undefined;
let close: (() => Promise<void>) | undefined;

async function shoot(chart: Chart, id: string, theme: ThemeName, size: number, points: Point[]): Promise<Shot> {
  const svg = renderBodygraph(chart, { theme, size });
  const height = bodygraphHeight(size);
  fs.mkdirSync(SHOTS, { recursive: true });
  const svgFile = path.join(SHOTS, `${id}-${theme}-${size}.svg`);
  fs.writeFileSync(svgFile, svg);
  const page = await context!.newPage();
  try {
    await page.setViewportSize({ width: size, height });
    await page.goto(`file://${svgFile}`);
    const png = await page.screenshot({ type: 'png', fullPage: false });
    const file = svgFile.replace(/\.svg$/, '.png');
    fs.writeFileSync(file, png);
    await page.goto('about:blank');
    const bg = hex(PALETTES[theme].background);
    const scale = size / VIEW_WIDTH;
    const px = points.map(([x, y]) => [Math.round(x * scale), Math.round(y * scale)]);
    const result = await page.evaluate(
      async ({ b64, px, bg }) => {
        // Runs in the page (the DOM is not in this project's TypeScript lib).
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the browser page; the DOM is not in this project's TypeScript lib
        const win = globalThis as any;
        const img = new win.Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = win.document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        ctx.drawImage(img, 0, 0);
        const data: Uint8ClampedArray = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let nonBackground = 0;
        const colors = new Set<number>();
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 24) nonBackground++;
          colors.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        }
        const pixels = px.map(([x, y]) => {
          const i = (y * canvas.width + x) * 4;
          return [data[i], data[i + 1], data[i + 2]];
        });
        return { pixels, nonBackground, distinct: colors.size, total: data.length / 4, w: canvas.width, h: canvas.height };
      },
      { b64: png.toString('base64'), px, bg },
    );
    expect([result.w, result.h]).toEqual([size, height]);
    return { file, pixels: result.pixels as RGB[], nonBackground: result.nonBackground, distinct: result.distinct, total: result.total };
  } finally {
    await page.close();
  }
}

chromiumSuite('bodygraph-chromium')('bodygraph in headless Chromium', () => {
  beforeAll(async () => {
    ({ context, close } = await launchChromium('bodygraph-chromium-profile-'));
  });

  afterAll(async () => {
    await close?.();
  });

  const charts = referenceCharts();
  const picked = ['ra-uru-hu', 'synthetic-triple-split-definition-manifesting-generator', 'synthetic-reflector-lunar'];
  const cases: [string, ThemeName, number][] = [];
  for (const id of picked) for (const theme of ['light', 'dark'] as const) for (const size of [300, 1200]) cases.push([id, theme, size]);

  it.each(cases)('%s, %s theme, %i px', async (id, theme, size) => {
    const chart = charts.find(([i]) => i === id)![1];
    const palette = PALETTES[theme];
    const sides = gateSides(chart);
    const samples = size >= 600 ? channelSamples().filter((s) => sides[s.gate] === 1 || sides[s.gate] === 2) : [];
    const points: Point[] = [...CENTERS.map((c) => CENTER_INNER_POINT[c]), ...samples.map((s) => s.p)];
    const shot = await shoot(chart, id, theme, size, points);

    // Not blank: a good share of the picture is drawn, in many colors (anti-aliased text and shapes).
    expect(shot.nonBackground / shot.total).toBeGreaterThan(0.05);
    expect(shot.distinct).toBeGreaterThan(50);

    // Each center's inside pixel has the center's fill.
    CENTERS.forEach((c, i) => {
      const defined = chart.definedCenters.includes(c);
      const want = hex(defined ? palette.centerDefined[c] : palette.centerOpen);
      expect([c, defined, near(shot.pixels[i], want) ? 'ok' : shot.pixels[i]]).toEqual([c, defined, 'ok']);
    });
    if (id !== 'synthetic-reflector-lunar') expect(chart.definedCenters.length).toBeGreaterThan(0);

    // Channel halves colored by one side show that side's color (halves away from crossings).
    samples.forEach((s, j) => {
      const want = hex(sides[s.gate] === 1 ? palette.personality : palette.design);
      const got = shot.pixels[CENTERS.length + j];
      expect([s.key, s.gate, near(got, want, 12) ? 'ok' : got]).toEqual([s.key, s.gate, 'ok']);
    });
  });
});
