/**
 * Bodygraph geometry (RULES 12): the one place for center shapes, gate places, channel routes and the
 * planet columns. Data plus a few pure derivations done once at module load. Our own drawing: coordinates
 * are in a 1000 × 1520 user space (the SVG viewBox); the output size only scales it.
 *
 * Layout, top to bottom on the vertical axis x = 500: Head (triangle, apex up), Ajna (triangle, apex down),
 * Throat (square), G (diamond) with the Heart (small triangle) to its lower right, Sacral (square) with the
 * Spleen (left, apex inward) and Solar Plexus (right, apex inward) at its height, Root (square).
 * The design column sits in the upper left corner, the personality column in the upper right corner, the
 * caption under the Root.
 */
import type { CenterName } from '../types';
import { CENTERS } from '../types';
import { CENTER_GATES, GATE_CENTER } from '../tables/wheel';
import { CHANNELS } from '../tables/channels';

export type Point = readonly [number, number];

export const VIEW_WIDTH = 1000;
export const VIEW_HEIGHT = 1520;

/** Radius of the circle behind a gate number, and its font size. */
export const GATE_RADIUS = 16.5;
export const GATE_FONT_SIZE = 22;

/** Channel band: outer casing width and inner (colored) width. */
export const CHANNEL_CASING_WIDTH = 17;
export const CHANNEL_WIDTH = 11;

export interface CenterShape {
  /** Polygon corners, clockwise (screen coordinates). Edge i runs from points[i] to points[i + 1]. */
  readonly points: readonly Point[];
  /** Corner radius used when drawing (rounded joins via stroke-linejoin). */
  readonly kind: 'triangle' | 'square' | 'diamond';
}

/** The nine center outlines. */
export const CENTER_SHAPES: Readonly<Record<CenterName, CenterShape>> = {
  Head: {
    kind: 'triangle',
    points: [
      [500, 50],
      [590, 185],
      [410, 185],
    ],
  },
  Ajna: {
    kind: 'triangle',
    points: [
      [410, 245],
      [590, 245],
      [500, 380],
    ],
  },
  Throat: {
    kind: 'square',
    points: [
      [410, 435],
      [590, 435],
      [590, 615],
      [410, 615],
    ],
  },
  G: {
    kind: 'diamond',
    points: [
      [500, 675],
      [615, 790],
      [500, 905],
      [385, 790],
    ],
  },
  Heart: {
    kind: 'triangle',
    points: [
      [685, 776],
      [767, 905],
      [603, 905],
    ],
  },
  Sacral: {
    kind: 'square',
    points: [
      [415, 990],
      [585, 990],
      [585, 1160],
      [415, 1160],
    ],
  },
  'Solar Plexus': {
    kind: 'triangle',
    points: [
      [930, 930],
      [930, 1190],
      [730, 1060],
    ],
  },
  Spleen: {
    kind: 'triangle',
    points: [
      [70, 930],
      [270, 1060],
      [70, 1190],
    ],
  },
  Root: {
    kind: 'square',
    points: [
      [415, 1230],
      [585, 1230],
      [585, 1400],
      [415, 1400],
    ],
  },
};

/**
 * Where each gate sits on its center's outline: edge index and fraction t along it (t = 0: the edge's first
 * corner). `inset` (optional) is how far the number's circle sits inside the outline (default GATE_INSET;
 * corners need more room).
 */
export interface GatePlace {
  readonly edge: number;
  readonly t: number;
  readonly inset?: number;
}

export const GATE_INSET = 20;

const SQ = 170; // side of the Sacral and Root squares
const TQ = 180; // side of the Throat square (11 gates)
export const GATE_PLACES: Readonly<Record<number, GatePlace>> = {
  // Head: base edge 1 runs right → left.
  63: { edge: 1, t: 0.25 },
  61: { edge: 1, t: 0.5 },
  64: { edge: 1, t: 0.75 },
  // Ajna: top edge 0 left → right; right edge 1 top → apex; left edge 2 apex → top.
  47: { edge: 0, t: 0.25 },
  24: { edge: 0, t: 0.5 },
  4: { edge: 0, t: 0.75 },
  11: { edge: 1, t: 0.5 },
  43: { edge: 2, t: 0, inset: 38 },
  17: { edge: 2, t: 0.5 },
  // Throat (side TQ): top 0 (L→R), right 1 (T→B), bottom 2 (R→L), left 3 (B→T).
  62: { edge: 0, t: 45 / TQ },
  23: { edge: 0, t: 0.5 },
  56: { edge: 0, t: 135 / TQ },
  35: { edge: 1, t: 50 / TQ },
  12: { edge: 1, t: 90 / TQ },
  45: { edge: 1, t: 130 / TQ },
  33: { edge: 2, t: 45 / TQ },
  8: { edge: 2, t: 0.5 },
  31: { edge: 2, t: 135 / TQ },
  20: { edge: 3, t: 55 / TQ },
  16: { edge: 3, t: 120 / TQ },
  // G: edges 0 top → right, 1 right → bottom, 2 bottom → left, 3 left → top.
  1: { edge: 0, t: 0, inset: 32 },
  13: { edge: 0, t: 0.5 },
  25: { edge: 1, t: 0, inset: 32 },
  46: { edge: 1, t: 0.5 },
  2: { edge: 2, t: 0, inset: 32 },
  15: { edge: 2, t: 0.5 },
  10: { edge: 3, t: 0, inset: 32 },
  7: { edge: 3, t: 0.5 },
  // Heart: edge 0 apex → lower right, 1 base right → left, 2 lower left → apex.
  21: { edge: 0, t: 0, inset: 40 },
  40: { edge: 1, t: 36 / 164 },
  26: { edge: 1, t: 128 / 164 },
  51: { edge: 2, t: 0.5 },
  // Sacral: like the Throat.
  5: { edge: 0, t: 45 / SQ },
  14: { edge: 0, t: 0.5 },
  29: { edge: 0, t: 125 / SQ },
  59: { edge: 1, t: 0.5 },
  9: { edge: 2, t: 45 / SQ },
  3: { edge: 2, t: 0.5 },
  42: { edge: 2, t: 125 / SQ },
  27: { edge: 3, t: 60 / SQ },
  34: { edge: 3, t: 120 / SQ },
  // Solar Plexus: edge 0 right side (top → bottom, no gates), 1 lower right → apex, 2 apex → upper right.
  30: { edge: 1, t: 0.2 },
  55: { edge: 1, t: 0.45 },
  49: { edge: 1, t: 0.7 },
  6: { edge: 2, t: 0.14 },
  37: { edge: 2, t: 0.36 },
  22: { edge: 2, t: 0.58 },
  36: { edge: 2, t: 0.8 },
  // Spleen: edge 0 upper left → apex, 1 apex → lower left, 2 left side (no gates).
  48: { edge: 0, t: 0.2 },
  57: { edge: 0, t: 0.42 },
  44: { edge: 0, t: 0.64 },
  50: { edge: 0, t: 0.86 },
  32: { edge: 1, t: 0.3 },
  28: { edge: 1, t: 0.55 },
  18: { edge: 1, t: 0.8 },
  // Root: top 0 (L→R), right 1 (T→B), left 3 (B→T).
  53: { edge: 0, t: 45 / SQ },
  60: { edge: 0, t: 0.5 },
  52: { edge: 0, t: 125 / SQ },
  19: { edge: 1, t: 50 / SQ },
  39: { edge: 1, t: 95 / SQ },
  41: { edge: 1, t: 140 / SQ },
  58: { edge: 3, t: 30 / SQ },
  38: { edge: 3, t: 75 / SQ },
  54: { edge: 3, t: 120 / SQ },
};

/**
 * The integration channels (10-20, 10-34, 10-57, 20-34, 20-57, 34-57) share one junction to the left of
 * the G center: each of the gates 10, 20, 34, 57 has a single stem from its gate to this hub, and a channel
 * between two of them is the two stems. So the stem of a gate is that gate's half in all three of its
 * channels, and the coloring of the shared trunk never depends on which channel is looked at.
 */
export const INTEGRATION_GATES: readonly number[] = [10, 20, 34, 57];
export const INTEGRATION_HUB: Point = [280, 780];

/** Extra corner points for channels that do not run straight (none at present; key "g1-g2"). */
export const CHANNEL_VIAS: Readonly<Record<string, readonly Point[]>> = {};

/** Planet columns: design on the left (red), personality on the right. */
export const COLUMN = {
  headerY: 46,
  firstRowY: 104,
  rowPitch: 46,
  fontSize: 30,
  glyphFontSize: 34,
  headerFontSize: 26,
  design: { glyphX: 46, valueX: 78, valueAnchor: 'start' as const, headerX: 28, headerAnchor: 'start' as const },
  personality: { glyphX: 954, valueX: 922, valueAnchor: 'end' as const, headerX: 972, headerAnchor: 'end' as const },
};

/** Caption (type, profile, authority) under the Root. */
export const CAPTION = { x: 500, line1Y: 1462, line2Y: 1500, fontSize1: 34, fontSize2: 28 };

// ---------------------------------------------------------------------------------------------------------
// Derived geometry (computed once).

export function centroid(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

export interface GateGeometry {
  readonly gate: number;
  readonly center: CenterName;
  /** Point on the center outline where the channel leaves. */
  readonly anchor: Point;
  /** Center of the gate number's circle, inside the outline. */
  readonly label: Point;
  /** Unit vector pointing into the center at the anchor. */
  readonly inward: Point;
}

function unit(dx: number, dy: number): Point {
  const len = Math.hypot(dx, dy);
  return [dx / len, dy / len];
}

function computeGate(gate: number): GateGeometry {
  const center = GATE_CENTER[gate];
  const place = GATE_PLACES[gate];
  if (!center || !place) throw new Error(`bodygraph layout: no place for gate ${gate}`);
  const pts = CENTER_SHAPES[center].points;
  const a = pts[place.edge];
  const b = pts[(place.edge + 1) % pts.length];
  const anchor: Point = [a[0] + (b[0] - a[0]) * place.t, a[1] + (b[1] - a[1]) * place.t];
  const c = centroid(pts);
  let inward: Point;
  if (place.t === 0) {
    inward = unit(c[0] - anchor[0], c[1] - anchor[1]); // a corner: toward the middle of the shape
  } else {
    const n = unit(-(b[1] - a[1]), b[0] - a[0]); // edge normal; flip it to point inside
    inward = n[0] * (c[0] - anchor[0]) + n[1] * (c[1] - anchor[1]) >= 0 ? n : [-n[0], -n[1]];
  }
  const inset = place.inset ?? GATE_INSET;
  const label: Point = [anchor[0] + inward[0] * inset, anchor[1] + inward[1] * inset];
  return { gate, center, anchor, label, inward };
}

/** Gate geometry indexed by gate number (index 0 unused). */
export const GATES: readonly GateGeometry[] = (() => {
  const out = new Array<GateGeometry>(65);
  for (const center of CENTERS) for (const g of CENTER_GATES[center]) out[g] = computeGate(g);
  return out;
})();

export interface ChannelRoute {
  readonly key: string; // "g1-g2"
  readonly gate1: number;
  readonly gate2: number;
  /** Polyline of the half next to gate1 (starts just inside gate1's center) and of the half next to gate2. */
  readonly half1: readonly Point[];
  readonly half2: readonly Point[];
}

/** Start a polyline a little inside the center, so the band's end is hidden under the center's fill. */
const TUCK = 10;
function tucked(gate: number, next: Point): Point {
  const { anchor: a, inward, center } = GATES[gate];
  const d = unit(next[0] - a[0], next[1] - a[1]);
  const straight: Point = [a[0] - d[0] * TUCK, a[1] - d[1] * TUCK];
  // Continue the band straight into the center; where the band leaves a corner at a slant, go inward instead.
  return pointInPolygon(straight, CENTER_SHAPES[center].points) ? straight : [a[0] + inward[0] * TUCK, a[1] + inward[1] * TUCK];
}

/** Even-odd point-in-polygon test. */
export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

function splitAtHalf(points: readonly Point[]): [Point[], Point[]] {
  const seg: number[] = [];
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const l = Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
    seg.push(l);
    total += l;
  }
  let rest = total / 2;
  for (let i = 1; i < points.length; i++) {
    if (rest <= seg[i - 1]) {
      const f = rest / seg[i - 1];
      const p = points[i - 1];
      const q = points[i];
      const m: Point = [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
      const first = points.slice(0, i);
      const second = points.slice(i);
      return [[...first, m], [m, ...second].reverse()];
    }
    rest -= seg[i - 1];
  }
  throw new Error('bodygraph layout: empty channel route');
}

function computeRoute(gate1: number, gate2: number): ChannelRoute {
  const key = `${gate1}-${gate2}`;
  if (INTEGRATION_GATES.includes(gate1) && INTEGRATION_GATES.includes(gate2)) {
    const stem = (g: number): Point[] => [tucked(g, INTEGRATION_HUB), INTEGRATION_HUB];
    return { key, gate1, gate2, half1: stem(gate1), half2: stem(gate2) };
  }
  const vias = CHANNEL_VIAS[key] ?? [];
  const a = GATES[gate1].anchor;
  const b = GATES[gate2].anchor;
  const first = vias.length ? vias[0] : b;
  const last = vias.length ? vias[vias.length - 1] : a;
  const pts: Point[] = [tucked(gate1, first), a, ...vias, b, tucked(gate2, last)];
  const [h1, h2] = splitAtHalf(pts);
  return { key, gate1, gate2, half1: h1, half2: h2 };
}

/** The 36 channel routes, in CHANNELS order. half2 runs from gate2's center to the midpoint. */
export const CHANNEL_ROUTES: readonly ChannelRoute[] = CHANNELS.map((c) => computeRoute(c.gate1, c.gate2));

/** A point well inside each center, away from the gate numbers (used to sample the fill). */
export const CENTER_INNER_POINT: Readonly<Record<CenterName, Point>> = (() => {
  const out = {} as Record<CenterName, Point>;
  for (const c of CENTERS) out[c] = centroid(CENTER_SHAPES[c].points);
  return out;
})();
