/**
 * Bodygraph SVG renderer: Chart → standalone SVG 1.1 document (RULES 12). Pure, synchronous, deterministic.
 *
 * Speed: everything that does not depend on the chart (coordinates, the defs, the channel casings, every
 * element in each of its possible states) is built once per theme into a skeleton; a render only picks the
 * right precomputed strings and adds the chart's texts. Size only changes the width/height attributes.
 */
import type { CenterName, Chart, Planet } from '../types';
import { CENTERS, PLANETS } from '../types';
import { CENTER_GATES } from '../tables/wheel';
import {
  CAPTION, CENTER_SHAPES, CHANNEL_CASING_WIDTH, CHANNEL_ROUTES, CHANNEL_WIDTH, COLUMN, GATES, GATE_FONT_SIZE,
  GATE_RADIUS, INTEGRATION_GATES, VIEW_HEIGHT, VIEW_WIDTH, type Point,
} from './layout';
import { BOTH_FILL, BOTH_PATTERN_ID, PALETTES, THEMES, type Palette, type ThemeName } from './theme';

export interface BodygraphOptions {
  /** Width in px, integer 200–4000 (default 800); the height follows the aspect ratio. */
  size?: number;
  theme?: ThemeName;
}

/** Who activates a gate: index = (personality ? 1 : 0) | (design ? 2 : 0). */
export const ACTIVATION_SIDES = ['none', 'personality', 'design', 'both'] as const;
export type ActivationSide = (typeof ACTIVATION_SIDES)[number];

export const DEFAULT_SIZE = 800;
export const MIN_SIZE = 200;
export const MAX_SIZE = 4000;

/** Planet glyphs (Unicode symbols), in PLANETS order. */
export const PLANET_GLYPHS: Readonly<Record<Planet, string>> = {
  sun: '\u2609', earth: '\u2295', northNode: '\u260A', southNode: '\u260B', moon: '\u263D',
  mercury: '\u263F', venus: '\u2640', mars: '\u2642', jupiter: '\u2643', saturn: '\u2644',
  uranus: '\u2645', neptune: '\u2646', pluto: '\u2647',
};

/** Generic font list: no web fonts. DejaVu Sans (Debian, most Linux) carries every planet glyph. */
export const FONT_FAMILY =
  "'DejaVu Sans', 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'Segoe UI Symbol', 'Apple Symbols', 'Noto Sans Symbols', sans-serif";

/** Pixel height for a given width. */
export function bodygraphHeight(size: number): number {
  return Math.round((size * VIEW_HEIGHT) / VIEW_WIDTH);
}

/** The stable id of a center's shape element (no spaces). */
export function centerElementId(center: CenterName): string {
  return `center-${center.replace(/ /g, '')}`;
}

// ---------------------------------------------------------------------------------------------------------

function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function pathD(points: readonly Point[], close = false): string {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 1; i < points.length; i++) d += `L${n(points[i][0])} ${n(points[i][1])}`;
  return close ? d + 'Z' : d;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;');
}

function sideColor(p: Palette, side: number): string {
  return side === 0 ? p.channelEmpty : side === 1 ? p.personality : side === 2 ? p.design : BOTH_FILL;
}

interface Skeleton {
  /** defs, background, channel casings, opening of the channel-halves group. */
  readonly body: string;
  /** Per channel half (2 per route, CHANNEL_ROUTES order): its gate and its element in each side state. */
  readonly halfGate: readonly number[];
  readonly halves: readonly (readonly string[])[];
  /** Between halves and centers. */
  readonly centersOpen: string;
  /** Per center (CENTERS order): [open, defined]. */
  readonly centers: readonly (readonly string[])[];
  readonly gatesOpen: string;
  /** Gate order used for the marks. */
  readonly gateOrder: readonly number[];
  /** Per gate number: element in state side + 4 * (center defined ? 1 : 0). */
  readonly gates: readonly (readonly string[])[];
  /** Column headers and group openings. */
  readonly columnsOpen: string;
  /** Per side (0 design, 1 personality) and planet: text up to the gate.line value. */
  readonly rowPrefix: readonly (readonly string[])[];
  readonly captionOpen1: string;
  readonly captionOpen2: string;
  readonly tail: string;
}

function buildSkeleton(theme: ThemeName): Skeleton {
  const p = PALETTES[theme];
  let body = '';
  // Stripes for "both": alternating personality/design bands, 45°, in user space so every channel matches.
  body +=
    `<defs><pattern id="${BOTH_PATTERN_ID}" patternUnits="userSpaceOnUse" width="14" height="14" ` +
    `patternTransform="rotate(45)"><rect x="0" y="0" width="7" height="14" fill="${p.design}"/>` +
    `<rect x="7" y="0" width="7" height="14" fill="${p.personality}"/></pattern></defs>`;
  body += `<rect id="background" x="0" y="0" width="${VIEW_WIDTH}" height="${VIEW_HEIGHT}" fill="${p.background}"/>`;

  // Casings: each non-integration channel as one band; the integration stems once each, with round ends
  // so that they join at the hub.
  body +=
    `<g id="channel-casings" fill="none" stroke="${p.channelCasing}" stroke-width="${CHANNEL_CASING_WIDTH}" ` +
    `stroke-linejoin="round">`;
  const stems = new Map<number, readonly Point[]>();
  for (const r of CHANNEL_ROUTES) {
    if (INTEGRATION_GATES.includes(r.gate1) && INTEGRATION_GATES.includes(r.gate2)) {
      stems.set(r.gate1, r.half1);
      stems.set(r.gate2, r.half2);
      continue;
    }
    const full = [...r.half1, ...[...r.half2].reverse().slice(1)];
    body += `<path d="${pathD(full)}"/>`;
  }
  for (const g of INTEGRATION_GATES) body += `<path stroke-linecap="round" d="${pathD(stems.get(g)!)}"/>`;
  body += '</g>';
  body += `<g id="channels" fill="none" stroke-width="${CHANNEL_WIDTH}" stroke-linejoin="round">`;

  const halfGate: number[] = [];
  const halves: string[][] = [];
  for (const r of CHANNEL_ROUTES) {
    const integration = INTEGRATION_GATES.includes(r.gate1) && INTEGRATION_GATES.includes(r.gate2);
    for (const [gate, pts] of [[r.gate1, r.half1], [r.gate2, r.half2]] as const) {
      halfGate.push(gate);
      const variants: string[] = [];
      for (let side = 0; side < 4; side++) {
        variants.push(
          `<path class="channel-half" data-channel="${r.key}" data-gate="${gate}" data-by="${ACTIVATION_SIDES[side]}" ` +
            `stroke="${sideColor(p, side)}"${integration ? ' stroke-linecap="round"' : ''} d="${pathD(pts)}"/>`,
        );
      }
      halves.push(variants);
    }
  }

  const centersOpen = `</g><g id="centers" stroke="${p.centerStroke}" stroke-width="3" stroke-linejoin="round">`;
  const centers: string[][] = CENTERS.map((c) => {
    const d = pathD(CENTER_SHAPES[c].points, true);
    const el = (defined: boolean, fill: string): string =>
      `<path id="${centerElementId(c)}" class="center" data-center="${c}" data-defined="${defined}" fill="${fill}" d="${d}"/>`;
    return [el(false, p.centerOpen), el(true, p.centerDefined[c])];
  });

  const gatesOpen =
    `</g><g id="gates" font-family="${FONT_FAMILY}" font-size="${GATE_FONT_SIZE}" text-anchor="middle">`;
  const gateOrder: number[] = [];
  for (const c of CENTERS) for (const g of CENTER_GATES[c]) gateOrder.push(g);
  const gates: string[][] = new Array(65);
  for (const g of gateOrder) {
    const { label } = GATES[g];
    const cx = n(label[0]);
    const cy = n(label[1]);
    const variants: string[] = [];
    for (let state = 0; state < 8; state++) {
      const side = state & 3;
      const onDefined = state >= 4;
      const active = side !== 0;
      const circleFill = active ? p.gateActiveFill : 'none';
      const textFill = active ? p.gateActiveText : onDefined ? p.gateIdleTextDefined : p.gateIdleTextOpen;
      variants.push(
        `<circle class="gate" data-gate="${g}" data-active="${active}" data-by="${ACTIVATION_SIDES[side]}" ` +
          `cx="${cx}" cy="${cy}" r="${GATE_RADIUS}" fill="${circleFill}"/>` +
          `<text class="gate-number" data-gate="${g}" x="${cx}" y="${cy}" dy="0.36em"` +
          ` fill="${textFill}">${g}</text>`,
      );
    }
    gates[g] = variants;
  }

  const col = (side: 'design' | 'personality'): string => {
    const c = COLUMN[side];
    const color = side === 'design' ? p.design : p.personality;
    return (
      `<text id="column-${side}-header" x="${c.headerX}" y="${COLUMN.headerY}" text-anchor="${c.headerAnchor}" ` +
      `font-size="${COLUMN.headerFontSize}" font-weight="bold" fill="${color}">${side === 'design' ? 'Design' : 'Personality'}</text>`
    );
  };
  const columnsOpen =
    `</g><g id="columns" font-family="${FONT_FAMILY}" font-size="${COLUMN.fontSize}">` + col('design') + col('personality');
  const rowPrefix: string[][] = (['design', 'personality'] as const).map((side) => {
    const c = COLUMN[side];
    const color = side === 'design' ? p.design : p.personality;
    return PLANETS.map((planet, i) => {
      const y = COLUMN.firstRowY + i * COLUMN.rowPitch;
      return (
        `<g class="activation" data-side="${side}" data-planet="${planet}" fill="${color}">` +
        `<text class="glyph" x="${c.glyphX}" y="${y}" text-anchor="middle" font-size="${COLUMN.glyphFontSize}">${PLANET_GLYPHS[planet]}</text>` +
        `<text class="value" x="${c.valueX}" y="${y}" text-anchor="${c.valueAnchor}">`
      );
    });
  });

  const captionOpen1 =
    `</g><g id="caption" font-family="${FONT_FAMILY}" text-anchor="middle">` +
    `<text id="caption-type" x="${CAPTION.x}" y="${CAPTION.line1Y}" font-size="${CAPTION.fontSize1}" font-weight="bold" fill="${p.ink}">`;
  const captionOpen2 = `</text><text id="caption-authority" x="${CAPTION.x}" y="${CAPTION.line2Y}" font-size="${CAPTION.fontSize2}" fill="${p.muted}">`;
  const tail = '</text></g></svg>\n';

  return {
    body, halfGate, halves, centersOpen, centers, gatesOpen, gateOrder, gates, columnsOpen, rowPrefix,
    captionOpen1, captionOpen2, tail,
  };
}

const skeletons = new Map<ThemeName, Skeleton>();
function skeleton(theme: ThemeName): Skeleton {
  let s = skeletons.get(theme);
  if (!s) {
    s = buildSkeleton(theme);
    skeletons.set(theme, s);
  }
  return s;
}

/** Side bits per gate (index = gate number): 1 personality, 2 design. */
export function gateSides(chart: Pick<Chart, 'personality' | 'design'>): Uint8Array {
  const sides = new Uint8Array(65);
  for (const planet of PLANETS) {
    sides[chart.personality[planet].gate] |= 1;
    sides[chart.design[planet].gate] |= 2;
  }
  return sides;
}

/**
 * Render a chart's bodygraph as a standalone SVG 1.1 document (UTF-8, with XML declaration).
 * Throws RangeError for a size outside 200–4000 or not an integer, or an unknown theme.
 */
export function renderBodygraph(chart: Chart, options: BodygraphOptions = {}): string {
  const size = options.size ?? DEFAULT_SIZE;
  const theme = options.theme ?? 'light';
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw new RangeError(`bodygraph size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
  }
  if (!THEMES.includes(theme)) throw new RangeError(`bodygraph theme must be light or dark, got ${String(theme)}`);
  const sk = skeleton(theme);
  const sides = gateSides(chart);

  const type = escapeXml(chart.type);
  const profile = escapeXml(chart.profile);
  const authority = escapeXml(chart.authority);
  const defined: boolean[] = CENTERS.map((c) => chart.definedCenters.includes(c));

  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${size}" height="${bodygraphHeight(size)}" ` +
    `viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}" role="img" aria-labelledby="bodygraph-title bodygraph-desc">` +
    `<title id="bodygraph-title">Human Design bodygraph: ${type}, profile ${profile}, authority: ${authority}</title>` +
    `<desc id="bodygraph-desc">Type: ${type}. Profile: ${profile}` +
    (chart.profileNames ? ` (${escapeXml(chart.profileNames)})` : '') +
    `. Authority: ${authority}.` +
    (chart.definition ? ` Definition: ${escapeXml(chart.definition)}.` : '') +
    ` Defined centers: ${chart.definedCenters.length ? escapeXml(chart.definedCenters.join(', ')) : 'none'}.` +
    ` Channels: ${chart.activeChannels.length ? chart.activeChannels.map((c) => `${c.gate1}-${c.gate2}`).join(', ') : 'none'}.` +
    ' Design activations in red on the left, personality on the right.</desc>' +
    sk.body;

  // Empty halves first, so that at the integration hub a colored stem is never covered by an empty one.
  const { halves, halfGate } = sk;
  let colored = '';
  for (let i = 0; i < halves.length; i++) {
    const side = sides[halfGate[i]];
    if (side === 0) out += halves[i][0];
    else colored += halves[i][side];
  }
  out += colored + sk.centersOpen;
  for (let i = 0; i < CENTERS.length; i++) out += sk.centers[i][defined[i] ? 1 : 0];

  out += sk.gatesOpen;
  const centerIndexOfGate = gateCenterIndex;
  for (const g of sk.gateOrder) out += sk.gates[g][sides[g] + (defined[centerIndexOfGate[g]] ? 4 : 0)];

  out += sk.columnsOpen;
  const sidesActs = [chart.design, chart.personality];
  for (let s = 0; s < 2; s++) {
    const acts = sidesActs[s];
    const prefixes = sk.rowPrefix[s];
    for (let i = 0; i < PLANETS.length; i++) {
      const a = acts[PLANETS[i]];
      out += prefixes[i] + a.gate + '.' + a.line + '</text></g>';
    }
  }
  out += sk.captionOpen1 + type + ' \u00B7 Profile ' + profile + sk.captionOpen2 + 'Authority: ' + authority + sk.tail;
  return out;
}

/** gate → index of its center in CENTERS. */
const gateCenterIndex: readonly number[] = (() => {
  const out = new Array<number>(65).fill(-1);
  CENTERS.forEach((c, i) => {
    for (const g of CENTER_GATES[c]) out[g] = i;
  });
  return out;
})();
