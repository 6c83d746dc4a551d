/**
 * Bodygraph SVG renderer (RULES 12): standalone SVG 1.1 documents, pure, synchronous, deterministic. Three
 * drawings share one geometry and one set of element builders:
 *  - `chart`: one person, personality black, design red, both striped; optional variables arrows;
 *  - `composite`: two people, each in their own color, a gate of both drawn half and half, with a legend of
 *    the four composite channel kinds;
 *  - `transit`: a natal chart with the transiting bodies' gates in a third color and their column.
 *
 * Speed: everything that does not depend on the chart (coordinates, the defs, the channel casings, every
 * element in each of its possible states) is built once per (theme, drawing, text mode) into a skeleton; a
 * render only picks the right precomputed strings and adds the chart's texts. Size only changes width/height.
 * Text mode `outline` draws every text as glyph outlines (glyphs.ts), for the PNG rasteriser.
 */
import type { CenterName, Chart, CompositeChart, Planet, TransitChart, Variables } from '../types';
import { CENTERS, PLANETS } from '../types';
import { CENTER_GATES } from '../tables/wheel';
import {
  CAPTION,
  CENTER_SHAPES,
  CHANNEL_CASING_WIDTH,
  CHANNEL_ROUTES,
  CHANNEL_WIDTH,
  COLUMN,
  GATES,
  GATE_FONT_SIZE,
  GATE_RADIUS,
  INTEGRATION_GATES,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  type Point,
} from './layout';
import { textOutline, type TextStyle } from './glyphs';
import { BOTH_FILL, BOTH_PATTERN_ID, BOTH_PEOPLE_FILL, BOTH_PEOPLE_PATTERN_ID, PALETTES, THEMES, type Palette, type ThemeName } from './theme';
import { escapeXml } from './xml';

export { escapeXml };

export type DrawingKind = 'chart' | 'composite' | 'transit';
/** `text`: <text> elements (selectable, screen readers); `outline`: glyph outlines (for the PNG). */
export type TextMode = 'text' | 'outline';

export interface BodygraphOptions {
  /** Width in px, integer 200–4000 (default 800); the height follows the aspect ratio. */
  size?: number;
  theme?: ThemeName;
  /**
   * `transparent` leaves the background out (for PNGs laid over other colors); the texts then get a halo of the
   * theme's background color, so they read on a page of any color (dark-theme white text on a white page).
   */
  background?: 'theme' | 'transparent';
  text?: TextMode;
  /** A header above the drawing (e.g. a name), and a smaller line under it (e.g. the birth data); HEADER_MAX_LENGTH each. */
  title?: string;
  subtitle?: string;
}

/** The longest title or subtitle drawn (longer ones are cut with an ellipsis: the header is one line each). */
export const HEADER_MAX_LENGTH = 80;
/** The header's height in user units: a title line, a subtitle line, or both. */
const HEADER = { title: 84, subtitle: 64, both: 124, titleSize: 44, subtitleSize: 28 };
/** The halo around texts on a transparent background: wide enough to separate a glyph from any page color. */
const HALO_WIDTH = 6;

export interface ChartDrawingOptions extends BodygraphOptions {
  /** Draw the four variables arrows beside the Head and Ajna (RULES 10). */
  variables?: boolean;
  /**
   * The drawing's own words in another language (the reading, engine/report): the two column headers and the two
   * caption lines. Default: English, "Design", "Personality", "<type> · Profile <p>", "Authority: <a>".
   */
  labels?: { design: string; personality: string; caption: [string, string] };
}

export interface CompositeDrawingOptions extends BodygraphOptions {
  /** How the legend names the two people (default "Person 1", "Person 2"). */
  names?: [string, string];
}

/** Who activates a gate: index = (personality ? 1 : 0) | (design ? 2 : 0). */
export const ACTIVATION_SIDES = ['none', 'personality', 'design', 'both'] as const;
export type ActivationSide = (typeof ACTIVATION_SIDES)[number];
/** In the composite drawing: index = (person 1 ? 1 : 0) | (person 2 ? 2 : 0). */
export const COMPOSITE_SIDES = ['none', 'person1', 'person2', 'both'] as const;

export const DEFAULT_SIZE = 800;
export const MIN_SIZE = 200;
export const MAX_SIZE = 4000;

/** The drawings' user spaces: the composite adds a legend under the caption, the transit a third column. */
export const VIEWS: Readonly<Record<DrawingKind, { width: number; height: number }>> = {
  chart: { width: VIEW_WIDTH, height: VIEW_HEIGHT },
  composite: { width: VIEW_WIDTH, height: VIEW_HEIGHT + 370 },
  transit: { width: VIEW_WIDTH + 250, height: VIEW_HEIGHT },
};

/** Planet glyphs (Unicode symbols), in PLANETS order. */
export const PLANET_GLYPHS: Readonly<Record<Planet, string>> = {
  sun: '\u2609',
  earth: '\u2295',
  northNode: '\u260A',
  southNode: '\u260B',
  moon: '\u263D',
  mercury: '\u263F',
  venus: '\u2640',
  mars: '\u2642',
  jupiter: '\u2643',
  saturn: '\u2644',
  uranus: '\u2645',
  neptune: '\u2646',
  pluto: '\u2647',
};

/** Generic font list: no web fonts. DejaVu Sans (Debian, most Linux) carries every planet glyph. */
export const FONT_FAMILY = "'DejaVu Sans', 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'Segoe UI Symbol', 'Apple Symbols', 'Noto Sans Symbols', sans-serif";

/** Pixel height for a given width (and header, when the drawing has a title or subtitle). */
export function bodygraphHeight(size: number, kind: DrawingKind = 'chart', header: Pick<BodygraphOptions, 'title' | 'subtitle'> = {}): number {
  return Math.round((size * (VIEWS[kind].height + headerHeight(header))) / VIEWS[kind].width);
}

function headerHeight(o: Pick<BodygraphOptions, 'title' | 'subtitle'>): number {
  if (o.title && o.subtitle) return HEADER.both;
  return o.title ? HEADER.title : o.subtitle ? HEADER.subtitle : 0;
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

/** One text, as a <text> element or as glyph outlines; `content` is raw (escaped here). */
function text(mode: TextMode, content: string, style: TextStyle): string {
  if (mode === 'outline') return textOutline(content, style);
  return (
    `<text${style.attrs ? ` ${style.attrs}` : ''} x="${n(style.x)}" y="${n(style.y)}"` +
    ` font-size="${style.size}" text-anchor="${style.anchor}"` +
    (style.bold ? ' font-weight="bold"' : '') +
    (style.dyEm ? ` dy="${style.dyEm}em"` : '') +
    (style.fill ? ` fill="${style.fill}"` : '') +
    `>${escapeXml(content)}</text>`
  );
}

/** Channel-half color for each activation state of its gate. */
function halfStroke(p: Palette, kind: DrawingKind, state: number): string {
  if (kind === 'composite') return [p.channelEmpty, p.person1, p.person2, BOTH_PEOPLE_FILL][state];
  const natal = state & 3;
  if (natal) return [p.channelEmpty, p.personality, p.design, BOTH_FILL][natal];
  return state & 4 ? p.transit : p.channelEmpty;
}

/** data-by of a state: who activates the gate. */
function byName(kind: DrawingKind, state: number): string {
  return kind === 'composite' ? COMPOSITE_SIDES[state] : ACTIVATION_SIDES[state & 3];
}

/** A gate's circle and number in one state (side bits, plus 4 for a transit in the transit drawing). */
function gateMark(p: Palette, kind: DrawingKind, mode: TextMode, g: number, state: number, onDefined: boolean): string {
  const [cx, cy] = GATES[g].label;
  const natal = state & 3;
  const transit = kind === 'transit' && (state & 4) !== 0;
  const active = state !== 0;
  const data = `data-gate="${g}" data-active="${active}" data-by="${byName(kind, state)}"${kind === 'transit' ? ` data-transit="${transit}"` : ''}`;
  let circle: string;
  let numberFill: string;
  if (kind === 'composite' && state === 3) {
    // Both people: the circle's left half in person 1's color, the right half in person 2's.
    const top = `${n(cx)} ${n(cy - GATE_RADIUS)}`;
    const bottom = `${n(cx)} ${n(cy + GATE_RADIUS)}`;
    circle =
      `<g class="gate" ${data}>` +
      `<path fill="${p.person1}" d="M${top}A${GATE_RADIUS} ${GATE_RADIUS} 0 0 0 ${bottom}Z"/>` +
      `<path fill="${p.person2}" d="M${top}A${GATE_RADIUS} ${GATE_RADIUS} 0 0 1 ${bottom}Z"/></g>`;
    numberFill = p.personText;
  } else {
    let fill = 'none';
    numberFill = onDefined ? p.gateIdleTextDefined : p.gateIdleTextOpen;
    if (kind === 'composite' && active) {
      fill = state === 1 ? p.person1 : p.person2;
      numberFill = p.personText;
    } else if (natal) {
      fill = p.gateActiveFill;
      numberFill = p.gateActiveText;
    } else if (transit) {
      fill = p.transit;
      numberFill = p.transitText;
    }
    circle = `<circle class="gate" ${data} cx="${n(cx)}" cy="${n(cy)}" r="${GATE_RADIUS}" fill="${fill}"/>`;
    // A natal gate the transit also activates: a ring in the transit color around the natal mark.
    if (transit && natal)
      circle += `<circle class="transit-ring" data-gate="${g}" cx="${n(cx)}" cy="${n(cy)}" r="${GATE_RADIUS + 3}" fill="none" stroke="${p.transit}" stroke-width="4"/>`;
  }
  return (
    circle +
    text(mode, String(g), { x: cx, y: cy, size: GATE_FONT_SIZE, anchor: 'middle', dyEm: 0.36, fill: numberFill, attrs: `class="gate-number" data-gate="${g}"` })
  );
}

interface Skeleton {
  readonly view: { width: number; height: number };
  readonly defs: string;
  readonly background: string;
  readonly casings: string;
  /** Per channel half (2 per route, CHANNEL_ROUTES order): its gate and its element in each state. */
  readonly halfGate: readonly number[];
  readonly halves: readonly (readonly string[])[];
  /** Per center (CENTERS order): [open, defined]. */
  readonly centers: readonly (readonly string[])[];
  readonly gateOrder: readonly number[];
  /** Per gate number: element in state s + STATES * (center defined ? 1 : 0). */
  readonly gates: readonly (readonly string[])[];
  readonly states: number;
  readonly centerStroke: string;
}

function stripes(id: string, first: string, second: string): string {
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="14" height="14" patternTransform="rotate(45)">` +
    `<rect x="0" y="0" width="7" height="14" fill="${first}"/><rect x="7" y="0" width="7" height="14" fill="${second}"/></pattern>`
  );
}

function buildSkeleton(theme: ThemeName, kind: DrawingKind, mode: TextMode): Skeleton {
  const p = PALETTES[theme];
  const view = VIEWS[kind];
  const states = kind === 'transit' ? 8 : 4;
  // Stripes for "both", in user space so every channel matches: design/personality, or person 1/person 2.
  const defs = `<defs>${kind === 'composite' ? stripes(BOTH_PEOPLE_PATTERN_ID, p.person1, p.person2) : stripes(BOTH_PATTERN_ID, p.design, p.personality)}</defs>`;
  const background = `<rect id="background" x="0" y="0" width="${view.width}" height="${view.height}" fill="${p.background}"/>`;

  // Casings: each non-integration channel as one band; the integration stems once each, with round ends so that
  // they join at the hub.
  let casings = `<g id="channel-casings" fill="none" stroke="${p.channelCasing}" stroke-width="${CHANNEL_CASING_WIDTH}" stroke-linejoin="round">`;
  const stems = new Map<number, readonly Point[]>();
  for (const r of CHANNEL_ROUTES) {
    if (INTEGRATION_GATES.includes(r.gate1) && INTEGRATION_GATES.includes(r.gate2)) {
      stems.set(r.gate1, r.half1);
      stems.set(r.gate2, r.half2);
      continue;
    }
    casings += `<path d="${pathD([...r.half1, ...[...r.half2].reverse().slice(1)])}"/>`;
  }
  for (const g of INTEGRATION_GATES) casings += `<path stroke-linecap="round" d="${pathD(stems.get(g)!)}"/>`;
  casings += '</g>';

  const halfGate: number[] = [];
  const halves: string[][] = [];
  for (const r of CHANNEL_ROUTES) {
    const integration = INTEGRATION_GATES.includes(r.gate1) && INTEGRATION_GATES.includes(r.gate2);
    for (const [gate, pts] of [
      [r.gate1, r.half1],
      [r.gate2, r.half2],
    ] as const) {
      halfGate.push(gate);
      const variants: string[] = [];
      for (let state = 0; state < states; state++) {
        variants.push(
          `<path class="channel-half" data-channel="${r.key}" data-gate="${gate}" data-by="${byName(kind, state)}" ` +
            `stroke="${halfStroke(p, kind, state)}"${integration ? ' stroke-linecap="round"' : ''} d="${pathD(pts)}"/>`,
        );
      }
      halves.push(variants);
    }
  }

  const centers: string[][] = CENTERS.map((c) => {
    const d = pathD(CENTER_SHAPES[c].points, true);
    const el = (defined: boolean, fill: string): string =>
      `<path id="${centerElementId(c)}" class="center" data-center="${c}" data-defined="${defined}" fill="${fill}" d="${d}"/>`;
    return [el(false, p.centerOpen), el(true, p.centerDefined[c])];
  });

  const gateOrder: number[] = [];
  for (const c of CENTERS) for (const g of CENTER_GATES[c]) gateOrder.push(g);
  const gates = new Array<string[]>(65);
  for (const g of gateOrder) {
    const variants: string[] = [];
    for (let state = 0; state < 2 * states; state++) variants.push(gateMark(p, kind, mode, g, state % states, state >= states));
    gates[g] = variants;
  }
  return { view, defs, background, casings, halfGate, halves, centers, gateOrder, gates, states, centerStroke: p.centerStroke };
}

const skeletons = new Map<string, Skeleton>();
function skeleton(theme: ThemeName, kind: DrawingKind, mode: TextMode): Skeleton {
  const key = `${theme}/${kind}/${mode}`;
  let s = skeletons.get(key);
  if (!s) {
    s = buildSkeleton(theme, kind, mode);
    skeletons.set(key, s);
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

/** gate → index of its center in CENTERS. */
const gateCenterIndex: readonly number[] = (() => {
  const out = new Array<number>(65).fill(-1);
  CENTERS.forEach((c, i) => {
    for (const g of CENTER_GATES[c]) out[g] = i;
  });
  return out;
})();

interface Checked {
  size: number;
  theme: ThemeName;
  mode: TextMode;
  transparent: boolean;
  title?: string;
  subtitle?: string;
}

/** One line of header text: trimmed, and cut with an ellipsis past HEADER_MAX_LENGTH characters. */
function headerLine(value: string | undefined): string | undefined {
  const line = value?.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  const chars = [...line];
  return chars.length > HEADER_MAX_LENGTH ? `${chars.slice(0, HEADER_MAX_LENGTH - 1).join('')}\u2026` : line;
}

function checkOptions(options: BodygraphOptions): Checked {
  const size = options.size ?? DEFAULT_SIZE;
  const theme = options.theme ?? 'light';
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw new RangeError(`bodygraph size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
  }
  if (!THEMES.includes(theme)) throw new RangeError(`bodygraph theme must be light or dark, got ${String(theme)}`);
  return {
    size,
    theme,
    mode: options.text ?? 'text',
    transparent: options.background === 'transparent',
    title: headerLine(options.title),
    subtitle: headerLine(options.subtitle),
  };
}

/**
 * The document's opening: root element, title and description for screen readers, defs, background and the
 * header. A header grows the drawing upwards (its band has negative y), so the bodygraph's geometry never moves.
 */
function open(sk: Skeleton, kind: DrawingKind, c: Checked, p: Palette, title: string, desc: string): string {
  const top = headerHeight(c);
  const label = [c.title, c.subtitle].filter(Boolean).join(' \u2014 ');
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${c.size}" height="${bodygraphHeight(c.size, kind, c)}" ` +
    `viewBox="0 ${-top} ${sk.view.width} ${sk.view.height + top}" role="img" aria-labelledby="bodygraph-title bodygraph-desc">` +
    `<title id="bodygraph-title">${escapeXml(label ? `${label}: ${title}` : title)}</title><desc id="bodygraph-desc">${escapeXml(desc)}</desc>` +
    sk.defs;
  if (!c.transparent)
    out += (top ? `<rect id="header-background" x="0" y="${-top}" width="${sk.view.width}" height="${top}" fill="${p.background}"/>` : '') + sk.background;
  if (top) {
    const x = sk.view.width / 2;
    out += `<g id="header" font-family="${FONT_FAMILY}"${halo(c, p)}>`;
    if (c.title)
      out += text(c.mode, c.title, { x, y: -top + 58, size: HEADER.titleSize, anchor: 'middle', bold: true, fill: p.ink, attrs: 'id="header-title"' });
    if (c.subtitle) {
      const y = c.title ? -top + 104 : -top + 44;
      out += text(c.mode, c.subtitle, { x, y, size: HEADER.subtitleSize, anchor: 'middle', fill: p.muted, attrs: 'id="header-subtitle"' });
    }
    out += '</g>';
  }
  return out + sk.casings;
}

/**
 * On a transparent background, attributes that give a group's texts a halo of the theme's background color (a stroke
 * painted under the fill), so that they read on whatever page the drawing lies on.
 */
function halo(c: Pick<Checked, 'transparent'>, p: Palette): string {
  return c.transparent ? ` stroke="${p.background}" stroke-width="${HALO_WIDTH}" stroke-linejoin="round" paint-order="stroke"` : '';
}

/** Channel halves, centers and gate marks for the gates' states and the defined centers. */
function graph(sk: Skeleton, states: Uint8Array, defined: readonly boolean[]): string {
  // Empty halves first, so that at the integration hub a colored stem is never covered by an empty one.
  let out = `<g id="channels" fill="none" stroke-width="${CHANNEL_WIDTH}" stroke-linejoin="round">`;
  let colored = '';
  for (let i = 0; i < sk.halves.length; i++) {
    const s = states[sk.halfGate[i]];
    if (s === 0) out += sk.halves[i][0];
    else colored += sk.halves[i][s];
  }
  out += colored + `</g><g id="centers" stroke="${sk.centerStroke}" stroke-width="3" stroke-linejoin="round">`;
  for (let i = 0; i < CENTERS.length; i++) out += sk.centers[i][defined[i] ? 1 : 0];
  out += `</g><g id="gates" font-family="${FONT_FAMILY}">`;
  for (const g of sk.gateOrder) out += sk.gates[g][states[g] + (defined[gateCenterIndex[g]] ? sk.states : 0)];
  return out + '</g>';
}

/** A chart's design (left) and personality (right) gate.line columns, in their colors. */
function natalColumns(
  mode: TextMode,
  p: Palette,
  chart: Pick<Chart, 'personality' | 'design'>,
  headers = { design: 'Design', personality: 'Personality' },
): string {
  const side = (s: 'design' | 'personality', header: string) =>
    column(
      mode,
      s,
      header,
      p[s],
      COLUMN[s],
      PLANETS.map((pl) => `${chart[s][pl].gate}.${chart[s][pl].line}`),
      (pl) => `data-side="${s}" data-planet="${pl}"`,
    );
  return side('design', headers.design) + side('personality', headers.personality);
}

/** A column of 13 planet rows (glyph and value) under a header, in one color. */
function column(
  mode: TextMode,
  id: string,
  header: string,
  color: string,
  at: { glyphX: number; valueX: number; valueAnchor: 'start' | 'end'; headerX: number; headerAnchor: 'start' | 'end' },
  values: readonly string[],
  rowAttrs: (planet: Planet) => string,
): string {
  let out = text(mode, header, {
    x: at.headerX,
    y: COLUMN.headerY,
    size: COLUMN.headerFontSize,
    anchor: at.headerAnchor,
    bold: true,
    fill: color,
    attrs: `id="column-${id}-header"`,
  });
  PLANETS.forEach((planet, i) => {
    const y = COLUMN.firstRowY + i * COLUMN.rowPitch;
    out +=
      `<g class="activation" ${rowAttrs(planet)} fill="${color}">` +
      text(mode, PLANET_GLYPHS[planet], { x: at.glyphX, y, size: COLUMN.glyphFontSize, anchor: 'middle', attrs: 'class="glyph"' }) +
      text(mode, values[i], { x: at.valueX, y, size: COLUMN.fontSize, anchor: at.valueAnchor, attrs: 'class="value"' }) +
      '</g>';
  });
  return out;
}

function caption(mode: TextMode, p: Palette, line1: string, line2: string, haloAttrs: string): string {
  return (
    `<g id="caption" font-family="${FONT_FAMILY}"${haloAttrs}>` +
    text(mode, line1, { x: CAPTION.x, y: CAPTION.line1Y, size: CAPTION.fontSize1, anchor: 'middle', bold: true, fill: p.ink, attrs: 'id="caption-type"' }) +
    text(mode, line2, { x: CAPTION.x, y: CAPTION.line2Y, size: CAPTION.fontSize2, anchor: 'middle', fill: p.muted, attrs: 'id="caption-authority"' }) +
    '</g>'
  );
}

// --- Variables arrows ------------------------------------------------------------------------------------------

/** Where the four arrows sit: left of the Head and Ajna for the design side, right for the personality side. */
export const ARROW_PLACES = {
  determination: { x: 330, y: 120, side: 'design' },
  environment: { x: 330, y: 310, side: 'design' },
  motivation: { x: 670, y: 120, side: 'personality' },
  perspective: { x: 670, y: 310, side: 'personality' },
} as const;
const ARROW_LENGTH = 64;

/** One arrow: a shaft and a head, pointing left or right, centered at (x, y). */
function arrow(name: keyof typeof ARROW_PLACES, direction: 'left' | 'right', color: string, label: string): string {
  const { x, y } = ARROW_PLACES[name];
  const s = direction === 'left' ? -1 : 1;
  const tip = x + (s * ARROW_LENGTH) / 2;
  const tail = x - (s * ARROW_LENGTH) / 2;
  const d = `M${tail} ${y - 5}L${tip - s * 22} ${y - 5}L${tip - s * 22} ${y - 16}L${tip} ${y}L${tip - s * 22} ${y + 16}L${tip - s * 22} ${y + 5}L${tail} ${y + 5}Z`;
  return `<path class="variable-arrow" data-variable="${name}" data-direction="${direction}" fill="${color}" d="${d}"><title>${escapeXml(label)}</title></path>`;
}

function arrows(p: Palette, v: Variables): string {
  let out = '<g id="variables">';
  for (const name of ['determination', 'environment', 'motivation', 'perspective'] as const) {
    const variable = v[name];
    const color = ARROW_PLACES[name].side === 'design' ? p.design : p.personality;
    out += arrow(
      name,
      variable.arrow,
      color,
      `${name[0].toUpperCase()}${name.slice(1)}: ${variable.name}, ${variable.arrow} (color ${variable.color}, tone ${variable.tone})`,
    );
  }
  return out + '</g>';
}

// --- The three drawings ----------------------------------------------------------------------------------------

/**
 * A chart's bodygraph. Throws RangeError for a size outside 200–4000 or not an integer, or an unknown theme.
 */
export function renderBodygraph(chart: Chart, options: ChartDrawingOptions = {}): string {
  const c = checkOptions(options);
  const { theme, mode } = c;
  const p = PALETTES[theme];
  const sk = skeleton(theme, 'chart', mode);
  const channels = chart.activeChannels.map((c) => `${c.gate1}-${c.gate2}`).join(', ');
  const desc =
    `Type: ${chart.type}. Profile: ${chart.profile}${chart.profileNames ? ` (${chart.profileNames})` : ''}. Authority: ${chart.authority}.` +
    (chart.definition ? ` Definition: ${chart.definition}.` : '') +
    ` Defined centers: ${chart.definedCenters.length ? chart.definedCenters.join(', ') : 'none'}.` +
    ` Channels: ${channels || 'none'}.` +
    ' Design activations in red on the left, personality on the right.' +
    (options.variables ? ` Variables: ${chart.variables.notation} (arrows beside the Head and Ajna).` : '');
  let out = open(sk, 'chart', c, p, `Human Design bodygraph: ${chart.type}, profile ${chart.profile}, authority: ${chart.authority}`, desc);
  out += graph(
    sk,
    gateSides(chart),
    CENTERS.map((c) => chart.definedCenters.includes(c)),
  );
  out += `<g id="columns" font-family="${FONT_FAMILY}"${halo(c, p)}>`;
  out += natalColumns(mode, p, chart, options.labels);
  out += '</g>';
  if (options.variables) out += arrows(p, chart.variables);
  const [line1, line2] = options.labels?.caption ?? [`${chart.type} \u00B7 Profile ${chart.profile}`, `Authority: ${chart.authority}`];
  return out + caption(mode, p, line1, line2, halo(c, p)) + '</svg>\n';
}

/** The legend rows of the composite drawing: each channel kind, how it looks, and which channels are of it. */
export const COMPOSITE_KINDS = [
  { kind: 'electromagnetic', label: 'Electromagnetic (one gate each)', halves: [1, 2] },
  { kind: 'companionship', label: 'Companionship (both have it)', halves: [3, 3] },
  { kind: 'dominance', label: 'Dominance (one has it, the other neither gate)', halves: [1, 1] },
  { kind: 'compromise', label: 'Compromise (one has it, the other one gate)', halves: [1, 3] },
] as const;
const LEGEND_TOP = VIEW_HEIGHT + 22;
const LEGEND_PITCH = 90;
/** Channel lists wrap at this many characters (about 800 units at 22 units a glyph's height); two lines at most. */
const LEGEND_WRAP = 64;

/** "19-49, 26-44, …" in at most two lines of LEGEND_WRAP characters (a third would be cut with an ellipsis). */
export function wrapChannels(channels: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const c of channels) {
    const next = line ? `${line}, ${c}` : c;
    if (next.length > LEGEND_WRAP && line) {
      lines.push(`${line},`);
      line = c;
    } else line = next;
  }
  if (line || !lines.length) lines.push(line || 'none');
  return lines.length > 2 ? [lines[0], `${lines[1]} …`] : lines;
}

/** Two people in one bodygraph: their gates in their colors, the composite channels and a legend of their kinds. */
export function renderCompositeBodygraph(people: [Chart, Chart], composite: CompositeChart, options: CompositeDrawingOptions = {}): string {
  const c = checkOptions(options);
  const { theme, mode } = c;
  const p = PALETTES[theme];
  const sk = skeleton(theme, 'composite', mode);
  const names = (options.names ?? ['Person 1', 'Person 2']).map((s) => s.slice(0, 40)) as [string, string];
  const states = new Uint8Array(65);
  const [a, b] = [gateSides(people[0]), gateSides(people[1])];
  for (let g = 1; g <= 64; g++) states[g] = (a[g] ? 1 : 0) | (b[g] ? 2 : 0);
  const byKind = (kind: string) => composite.channels.filter((c) => c.kind === kind).map((c) => `${c.gate1}-${c.gate2}`);
  const desc =
    `${names[0]} in ${p === PALETTES.light ? 'blue' : 'light blue'}, ${names[1]} in ${p === PALETTES.light ? 'purple' : 'pink'}; ` +
    `a gate of both is drawn half and half. Together: ${composite.type}, ${composite.definition}. ` +
    COMPOSITE_KINDS.map((k) => `${k.label}: ${byKind(k.kind).join(', ') || 'none'}.`).join(' ');
  let out = open(sk, 'composite', c, p, `Composite bodygraph of ${names[0]} and ${names[1]}: ${composite.type}`, desc);
  out += graph(
    sk,
    states,
    CENTERS.map((c) => composite.definedCenters.includes(c)),
  );
  // Columns: each person's personality and design gate.line per planet, in the person's color.
  const pairs = (c: Chart) => PLANETS.map((pl) => `${c.personality[pl].gate}.${c.personality[pl].line} ${c.design[pl].gate}.${c.design[pl].line}`);
  out += `<g id="columns" font-family="${FONT_FAMILY}"${halo(c, p)}>`;
  out += column(mode, 'person1', names[0], p.person1, COLUMN.design, pairs(people[0]), (pl) => `data-person="person1" data-planet="${pl}"`);
  out += column(mode, 'person2', names[1], p.person2, COLUMN.personality, pairs(people[1]), (pl) => `data-person="person2" data-planet="${pl}"`);
  out += '</g>';
  out += caption(mode, p, `Together: ${composite.type}`, `${composite.definition} \u00B7 personality gate.line, then design`, halo(c, p));
  // Legend: a short channel sample of each kind (its two halves as that kind draws them), its name and channels.
  out += `<g id="legend" font-family="${FONT_FAMILY}"${halo(c, p)}>`;
  COMPOSITE_KINDS.forEach((k, i) => {
    const y = LEGEND_TOP + i * LEGEND_PITCH;
    const half = (x1: number, x2: number, state: number) =>
      `<path stroke="${p.channelCasing}" stroke-width="${CHANNEL_CASING_WIDTH}" d="M${x1} ${y}L${x2} ${y}"/>` +
      `<path stroke="${halfStroke(p, 'composite', state)}" stroke-width="${CHANNEL_WIDTH}" d="M${x1} ${y}L${x2} ${y}"/>`;
    const channels = byKind(k.kind);
    out += `<g class="legend-kind" data-kind="${k.kind}" data-channels="${channels.join(' ')}">` + half(40, 90, k.halves[0]) + half(90, 140, k.halves[1]);
    out += text(mode, `${k.label} (${channels.length})`, {
      x: 160,
      y: y + 9,
      size: 24,
      anchor: 'start',
      bold: true,
      fill: p.ink,
      attrs: 'class="legend-label"',
    });
    wrapChannels(channels).forEach((line, j) => {
      out += text(mode, line, { x: 160, y: y + 38 + j * 27, size: 22, anchor: 'start', fill: p.muted, attrs: 'class="legend-channels"' });
    });
    out += '</g>';
  });
  return out + '</g></svg>\n';
}

/** A natal chart with a transit: the transit's gates in a third color, a ring where it meets a natal gate. */
export function renderTransitBodygraph(natal: Chart, transit: TransitChart, options: BodygraphOptions = {}): string {
  const c = checkOptions(options);
  const { theme, mode } = c;
  const p = PALETTES[theme];
  const sk = skeleton(theme, 'transit', mode);
  const states = gateSides(natal);
  for (const pl of PLANETS) states[transit.activations[pl].gate] |= 4;
  const names = (list: { gate1: number; gate2: number }[]) => list.map((c) => `${c.gate1}-${c.gate2}`).join(', ') || 'none';
  const desc =
    `Natal chart (design red, personality ${theme === 'light' ? 'black' : 'white'}) with the transit of ${transit.transitUtc} in ${theme === 'light' ? 'teal' : 'turquoise'}. ` +
    `Channels completed by the transit: ${names(transit.completedChannels)}. Channels of the transit alone: ${names(transit.transitChannels)}. ` +
    `Centers defined for now: ${transit.temporarilyDefinedCenters.join(', ') || 'none'}.`;
  let out = open(sk, 'transit', c, p, `Transit bodygraph: ${natal.type} natal chart at ${transit.transitUtc}`, desc);
  out += graph(
    sk,
    states,
    CENTERS.map((c) => transit.definedCenters.includes(c)),
  );
  out += `<g id="columns" font-family="${FONT_FAMILY}"${halo(c, p)}>`;
  out += natalColumns(mode, p, natal);
  const transitColumn = { glyphX: 1204, valueX: 1172, valueAnchor: 'end' as const, headerX: 1222, headerAnchor: 'end' as const };
  out += column(
    mode,
    'transit',
    'Transit',
    p.transit,
    transitColumn,
    PLANETS.map((pl) => `${transit.activations[pl].gate}.${transit.activations[pl].line}`),
    (pl) => `data-side="transit" data-planet="${pl}"`,
  );
  out += text(mode, transit.transitUtc.replace('T', ' ').replace('Z', ' UTC'), {
    x: 1222,
    y: COLUMN.firstRowY + 13 * COLUMN.rowPitch,
    size: 20,
    anchor: 'end',
    fill: p.muted,
    attrs: 'id="transit-instant"',
  });
  out += '</g>';
  return (
    out + caption(mode, p, `Now: ${transit.type} \u00B7 ${transit.definition}`, `Natal: ${natal.type} \u00B7 Profile ${natal.profile}`, halo(c, p)) + '</svg>\n'
  );
}
