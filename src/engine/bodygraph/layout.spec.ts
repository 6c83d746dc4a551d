/** Geometry checks of the bodygraph layout tables: everything is placed, and nothing overlaps. */
import { CENTERS, type CenterName } from '../types';
import { CENTER_GATES } from '../tables/wheel';
import { CHANNELS } from '../tables/channels';
import {
  CAPTION,
  CENTER_SHAPES,
  CHANNEL_CASING_WIDTH,
  CHANNEL_ROUTES,
  COLUMN,
  GATES,
  GATE_RADIUS,
  GATE_FONT_SIZE,
  INTEGRATION_GATES,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  type Point,
} from './layout';
import { PLANETS } from '../types';
import { distToSegment } from '../../../test/helpers/geometry';

function edges(points: readonly Point[]): [Point, Point][] {
  return points.map((p, i) => [p, points[(i + 1) % points.length]] as [Point, Point]);
}

function inside(p: Point, poly: readonly Point[]): boolean {
  let inn = false;
  for (const [a, b] of edges(poly)) {
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inn = !inn;
  }
  return inn;
}

function distToOutline(p: Point, poly: readonly Point[]): number {
  return Math.min(...edges(poly).map(([a, b]) => distToSegment(p, a, b)));
}

/** Points every `step` units along a polyline. */
function samples(pts: readonly Point[], step = 2): Point[] {
  const out: Point[] = [];
  for (let i = 1; i < pts.length; i++) {
    const [a, b] = [pts[i - 1], pts[i]];
    const k = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let j = 0; j <= k; j++) out.push([a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k]);
  }
  return out;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
function distToBox(p: Point, b: Box): number {
  const dx = Math.max(b.x0 - p[0], 0, p[0] - b.x1);
  const dy = Math.max(b.y0 - p[1], 0, p[1] - b.y1);
  return Math.hypot(dx, dy);
}

/** Generous text boxes of the two planet columns and the caption. */
function textBoxes(): [string, Box][] {
  const top = COLUMN.headerY - COLUMN.headerFontSize;
  const bottom = COLUMN.firstRowY + (PLANETS.length - 1) * COLUMN.rowPitch + 0.3 * COLUMN.fontSize;
  const w = 6.5 * 0.65 * COLUMN.fontSize; // glyph + "64.6", DejaVu Sans advance ≈ 0.64 em
  return [
    ['design column', { x0: COLUMN.design.headerX, y0: top, x1: COLUMN.design.valueX + w, y1: bottom }],
    ['personality column', { x0: COLUMN.personality.valueX - w, y0: top, x1: COLUMN.personality.headerX, y1: bottom }],
    ['design header', { x0: COLUMN.design.headerX, y0: top, x1: COLUMN.design.headerX + 6 * 0.7 * COLUMN.headerFontSize, y1: COLUMN.headerY + 6 }],
    [
      'personality header',
      { x0: COLUMN.personality.headerX - 11 * 0.7 * COLUMN.headerFontSize, y0: top, x1: COLUMN.personality.headerX, y1: COLUMN.headerY + 6 },
    ],
    ['caption', { x0: 40, y0: CAPTION.line1Y - CAPTION.fontSize1, x1: VIEW_WIDTH - 40, y1: CAPTION.line2Y + 8 }],
  ];
}

describe('bodygraph layout', () => {
  it('places all 64 gates, each on its own center', () => {
    const seen: number[] = [];
    for (const c of CENTERS) {
      for (const g of CENTER_GATES[c]) {
        expect(GATES[g]).toBeDefined();
        expect(GATES[g].center).toBe(c);
        seen.push(g);
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('puts every gate anchor on its center outline', () => {
    for (let g = 1; g <= 64; g++) {
      expect(distToOutline(GATES[g].anchor, CENTER_SHAPES[GATES[g].center].points)).toBeLessThan(1e-6);
    }
  });

  it('keeps every gate number circle inside its center, with room for the outline stroke', () => {
    for (let g = 1; g <= 64; g++) {
      const poly = CENTER_SHAPES[GATES[g].center].points;
      const { label } = GATES[g];
      expect([g, inside(label, poly)]).toEqual([g, true]);
      expect([g, distToOutline(label, poly) >= GATE_RADIUS + 1.5]).toEqual([g, true]);
    }
  });

  it('leaves a gap between the gate number circles of a center', () => {
    for (const c of CENTERS) {
      const gs = CENTER_GATES[c];
      for (let i = 0; i < gs.length; i++) {
        for (let j = i + 1; j < gs.length; j++) {
          const d = Math.hypot(GATES[gs[i]].label[0] - GATES[gs[j]].label[0], GATES[gs[i]].label[1] - GATES[gs[j]].label[1]);
          expect([gs[i], gs[j], d >= 2 * GATE_RADIUS + 3]).toEqual([gs[i], gs[j], true]);
        }
      }
    }
  });

  it('fits a two-digit gate number into its circle', () => {
    expect(2 * 0.64 * GATE_FONT_SIZE).toBeLessThan(2 * GATE_RADIUS);
  });

  it('has one route per channel, two halves meeting at one point', () => {
    expect(CHANNEL_ROUTES.map((r) => r.key)).toEqual(CHANNELS.map((c) => `${c.gate1}-${c.gate2}`));
    for (const r of CHANNEL_ROUTES) {
      const m1 = r.half1[r.half1.length - 1];
      const m2 = r.half2[r.half2.length - 1];
      expect(Math.hypot(m1[0] - m2[0], m1[1] - m2[1])).toBeLessThan(1e-9);
      // Each half starts inside its gate's center (the band end is covered by the center).
      expect(inside(r.half1[0], CENTER_SHAPES[GATES[r.gate1].center].points)).toBe(true);
      expect(inside(r.half2[0], CENTER_SHAPES[GATES[r.gate2].center].points)).toBe(true);
    }
  });

  it('draws each integration gate half identically in all its channels', () => {
    const byGate = new Map<number, string>();
    for (const r of CHANNEL_ROUTES) {
      for (const [g, h] of [
        [r.gate1, r.half1],
        [r.gate2, r.half2],
      ] as const) {
        if (!INTEGRATION_GATES.includes(g)) continue;
        const key = JSON.stringify(h);
        if (byGate.has(g)) expect(key).toBe(byGate.get(g));
        else byGate.set(g, key);
      }
    }
    expect([...byGate.keys()].sort((a, b) => a - b)).toEqual([10, 20, 34, 57]);
  });

  it('never runs a channel band across a center other than its own two', () => {
    const half = CHANNEL_CASING_WIDTH / 2;
    for (const r of CHANNEL_ROUTES) {
      const own = new Set<CenterName>([GATES[r.gate1].center, GATES[r.gate2].center]);
      for (const c of CENTERS) {
        if (own.has(c)) continue;
        const poly = CENTER_SHAPES[c].points;
        for (const p of [...samples(r.half1), ...samples(r.half2)]) {
          const clear = !inside(p, poly) && distToOutline(p, poly) > half + 2;
          if (!clear) throw new Error(`channel ${r.key} touches center ${c} at ${p.map(Math.round).join(',')}`);
        }
      }
    }
  });

  it('keeps columns and caption clear of channels and centers, inside the view box', () => {
    const half = CHANNEL_CASING_WIDTH / 2;
    for (const [name, box] of textBoxes()) {
      expect(box.x0).toBeGreaterThanOrEqual(0);
      expect(box.y0).toBeGreaterThanOrEqual(0);
      expect(box.x1).toBeLessThanOrEqual(VIEW_WIDTH);
      expect(box.y1).toBeLessThanOrEqual(VIEW_HEIGHT);
      for (const r of CHANNEL_ROUTES) {
        for (const p of [...samples(r.half1), ...samples(r.half2)]) {
          if (distToBox(p, box) <= half + 4) throw new Error(`${name} touches channel ${r.key}`);
        }
      }
      for (const c of CENTERS) {
        for (const [a, b] of edges(CENTER_SHAPES[c].points)) {
          for (const p of samples([a, b])) {
            if (distToBox(p, box) <= 4) throw new Error(`${name} touches center ${c}`);
          }
        }
      }
    }
  });

  it('keeps all centers inside the view box', () => {
    for (const c of CENTERS) {
      for (const [x, y] of CENTER_SHAPES[c].points) {
        expect(x).toBeGreaterThan(10);
        expect(x).toBeLessThan(VIEW_WIDTH - 10);
        expect(y).toBeGreaterThan(10);
        expect(y).toBeLessThan(VIEW_HEIGHT - 10);
      }
    }
  });
});
