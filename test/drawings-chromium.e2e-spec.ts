/**
 * The composite and transit drawings and the variables arrows in headless Chromium (Debian `chromium`), both
 * themes, at 300 and 1,200 px: screenshots kept in <tmpdir>/drawings-chromium/ (beside our own PNG of the same
 * drawing, for a look), centers in their colors, each person's (or the transit's) gate marks in their colors,
 * and Chromium's picture close to the PNG resvg makes of the same drawing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext } from 'playwright-core';
import { chromiumSuite, launchChromium } from './helpers/chromium';
import { computeChart, computeComposite, computeTransit } from '../src/engine';
import {
  ARROW_PLACES,
  bodygraphHeight,
  GATES,
  PALETTES,
  renderBodygraph,
  renderCompositeBodygraph,
  renderTransitBodygraph,
  VIEWS,
  type DrawingKind,
  type ThemeName,
} from '../src/engine/bodygraph';
import { CENTER_INNER_POINT } from '../src/engine/bodygraph/layout';
import { svgToPng } from '../src/engine/bodygraph/png';
import { CENTERS, PLANETS } from '../src/engine/types';

const SHOTS = path.join(os.tmpdir(), 'drawings-chromium');

const ra = computeChart(Date.parse('1948-04-09T05:14:00Z'));
const other = computeChart(Date.parse('1992-10-03T04:03:00Z'));
const composite = computeComposite(ra, other);
const transit = computeTransit(ra, Date.parse('2026-11-23T12:00:00Z'));

const DRAW: Record<DrawingKind, (o: { theme: ThemeName; size: number; text?: 'outline' }) => string> = {
  chart: (o) => renderBodygraph(ra, { ...o, variables: true }),
  composite: (o) => renderCompositeBodygraph([ra, other], composite, { ...o, names: ['Ra', 'Other'] }),
  transit: (o) => renderTransitBodygraph(ra, transit, o),
};
const DEFINED: Record<DrawingKind, readonly string[]> = { chart: ra.definedCenters, composite: composite.definedCenters, transit: transit.definedCenters };

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
function near(a: number[], b: number[], tol = 10): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) <= tol);
}

chromiumSuite('composite, transit and variables drawings in headless Chromium')('composite, transit and variables drawings in headless Chromium', () => {
  let context: BrowserContext;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    ({ context, close } = await launchChromium('drawings-chromium-profile-'));
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  const cases: [DrawingKind, ThemeName, number][] = [];
  for (const kind of ['chart', 'composite', 'transit'] as const)
    for (const theme of ['light', 'dark'] as const) for (const size of [300, 1200]) cases.push([kind, theme, size]);

  it.each(cases)(
    '%s, %s theme, %i px',
    async (kind, theme, size) => {
      const svg = DRAW[kind]({ theme, size });
      const height = bodygraphHeight(size, kind);
      const base = path.join(SHOTS, `${kind}-${theme}-${size}`);
      fs.writeFileSync(`${base}.svg`, svg);
      const scale = size / VIEWS[kind].width;
      const p = PALETTES[theme];
      const gates = (c: typeof ra) => new Set(PLANETS.flatMap((pl) => [c.personality[pl].gate, c.design[pl].gate]));

      // What to sample, in user units, with the color expected there.
      const points: { what: string; x: number; y: number; want: string; tol: number }[] = CENTERS.map((c) => ({
        what: c,
        x: CENTER_INNER_POINT[c][0],
        y: CENTER_INNER_POINT[c][1],
        want: DEFINED[kind].includes(c) ? p.centerDefined[c] : p.centerOpen,
        tol: 10,
      }));
      if (size >= 1200) {
        const mark = (g: number, dx: number, want: string, tol = 24) =>
          points.push({ what: `gate ${g}`, x: GATES[g].label[0] + dx, y: GATES[g].label[1] - 12, want, tol });
        if (kind === 'composite') {
          const [a, b] = [gates(ra), gates(other)];
          for (let g = 1; g <= 64; g++) {
            if (a.has(g) && !b.has(g)) mark(g, -4, p.person1);
            if (b.has(g) && !a.has(g)) mark(g, -4, p.person2);
            if (a.has(g) && b.has(g)) {
              mark(g, -9, p.person1, 40);
              mark(g, 9, p.person2, 40);
            }
          }
        }
        if (kind === 'transit') {
          const natal = gates(ra);
          for (const g of transit.transitGates) if (!natal.has(g)) mark(g, -4, p.transit);
        }
        if (kind === 'chart') {
          for (const [name, place] of Object.entries(ARROW_PLACES))
            points.push({ what: name, x: place.x, y: place.y, want: place.side === 'design' ? p.design : p.personality, tol: 24 });
        }
      }

      const ours = svgToPng(DRAW[kind]({ theme, size, text: 'outline' }), size); // resvg, text as outlines
      fs.writeFileSync(`${base}.resvg.png`, ours);
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width: size, height });
        await page.goto(`file://${base}.svg`);
        const shot = await page.screenshot({ type: 'png' });
        fs.writeFileSync(`${base}.chromium.png`, shot);
        await page.goto('about:blank');
        // Decoded in the page (canvas): the screenshot's pixels at the points, and how many differ much from ours.
        const result = await page.evaluate(
          async ({ shot64, ours64, px }) => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the browser page; the DOM is not in this project's TypeScript lib
            const win = globalThis as any;
            const load = async (b64: string) => {
              const img = new win.Image();
              img.src = `data:image/png;base64,${b64}`;
              await img.decode();
              const canvas = win.document.createElement('canvas');
              canvas.width = img.naturalWidth;
              canvas.height = img.naturalHeight;
              const ctx = canvas.getContext('2d', { willReadFrequently: true });
              ctx.drawImage(img, 0, 0);
              return { w: canvas.width, h: canvas.height, data: ctx.getImageData(0, 0, canvas.width, canvas.height).data as Uint8ClampedArray };
            };
            const a = await load(shot64);
            const b = await load(ours64);
            let differ = 0;
            for (let i = 0; i < a.data.length; i += 4) {
              if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 96) differ++;
            }
            const pixels = px.map(([x, y]: number[]) => {
              const i = (y * a.w + x) * 4;
              return [a.data[i], a.data[i + 1], a.data[i + 2]];
            });
            return { w: a.w, h: a.h, ow: b.w, oh: b.h, pixels, differ: differ / (a.data.length / 4) };
          },
          { shot64: shot.toString('base64'), ours64: ours.toString('base64'), px: points.map((q) => [Math.round(q.x * scale), Math.round(q.y * scale)]) },
        );
        expect([result.w, result.h, result.ow, result.oh]).toEqual([size, height, size, height]);
        points.forEach((q, k) => expect([q.what, near(result.pixels[k], rgb(q.want), q.tol)]).toEqual([q.what, true]));
        // Chromium's picture and resvg's PNG of the same drawing: few pixels differ much (anti-aliasing aside).
        expect(result.differ).toBeLessThan(0.03);
      } finally {
        await page.close();
      }
    },
    60_000,
  );

  /**
   * A titled drawing on a transparent background laid on a page of the other color: the dark theme's light texts on a
   * white page, the light theme's dark texts on a black one. Without the halo the header would be light on white
   * (no pixel darker than the page's) or dark on black; with it, the header band holds many pixels of strong contrast
   * with the page. Both Chromium's rendering of the SVG and resvg's PNG (our text outlines) are looked at.
   */
  it.each([
    ['dark', '#ffffff'],
    ['light', '#000000'],
  ] as const)(
    'a titled %s drawing on a transparent background, on a %s page: the header and texts read',
    async (theme, pageColor) => {
      const size = 600;
      const options = { theme, size, background: 'transparent' as const, title: 'Ra Uru Hu', subtitle: '1948-04-09 00:14 \u00B7 Montreal, Canada' };
      const svg = renderBodygraph(ra, options);
      const png = svgToPng(renderBodygraph(ra, { ...options, text: 'outline' }), size);
      const height = bodygraphHeight(size, 'chart', options);
      expect(height).toBeGreaterThan(bodygraphHeight(size, 'chart'));
      const base = path.join(SHOTS, `titled-${theme}-on-${pageColor.slice(1)}`);
      fs.writeFileSync(`${base}.svg`, svg);
      fs.writeFileSync(`${base}.resvg.png`, png);
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width: size * 2, height });
        // The SVG and our PNG side by side on the page's color.
        const html =
          `<body style="margin:0;background:${pageColor}"><img src="file://${base}.svg" width="${size}" height="${height}" style="display:block;float:left">` +
          `<img src="file://${base}.resvg.png" width="${size}" height="${height}" style="display:block;float:left"></body>`;
        fs.writeFileSync(`${base}.html`, html);
        await page.goto(`file://${base}.html`);
        await page.waitForFunction(() =>
          [...(globalThis as unknown as { document: { images: { complete: boolean }[] } }).document.images].every((i) => i.complete),
        );
        const shot = await page.screenshot({ type: 'png' });
        fs.writeFileSync(`${base}.chromium.png`, shot);
        await page.goto('about:blank');
        // The header band (its top 124 user units, scaled): pixels far from the page color, in the SVG's half and the PNG's.
        const band = Math.round((124 * size) / VIEWS.chart.width);
        const contrast = await page.evaluate(
          async ({ shot64, band, half, page: bg }) => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the browser page; the DOM is not in this project's TypeScript lib
            const win = globalThis as any;
            const img = new win.Image();
            img.src = `data:image/png;base64,${shot64}`;
            await img.decode();
            const canvas = win.document.createElement('canvas');
            canvas.width = img.naturalWidth;
            canvas.height = img.naturalHeight;
            const ctx = canvas.getContext('2d', { willReadFrequently: true });
            ctx.drawImage(img, 0, 0);
            const data = ctx.getImageData(0, 0, canvas.width, band).data as Uint8ClampedArray;
            const luma = (i: number) => 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
            const counts = [0, 0];
            for (let y = 0; y < band; y++)
              for (let x = 0; x < canvas.width; x++) {
                const l = luma((y * canvas.width + x) * 4);
                if (Math.abs(l - bg) > 150) counts[x < half ? 0 : 1]++;
              }
            return counts;
          },
          { shot64: shot.toString('base64'), band, half: size, page: pageColor === '#ffffff' ? 255 : 0 },
        );
        // Several hundred pixels each: the title's and subtitle's strokes with their halo (none without it).
        expect(contrast[0]).toBeGreaterThan(400);
        expect(contrast[1]).toBeGreaterThan(400);
      } finally {
        await page.close();
      }
    },
    60_000,
  );
});
