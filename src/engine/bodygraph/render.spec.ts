/**
 * Bodygraph renderer: XML structure, and every fill checked against the 28 reference charts (RULES 13).
 * Expected values come straight from the fixture JSON, not from the Chart built for the renderer.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CENTERS, PLANETS, type CenterName } from '../types';
import { CHANNELS } from '../tables/channels';
import {
  BOTH_FILL,
  BOTH_PATTERN_ID,
  PALETTES,
  THEMES,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  bodygraphHeight,
  centerElementId,
  renderBodygraph,
  type ThemeName,
} from './index';
import { centerFromJson, jsonPlanetKey, loadReferenceCharts, referenceToChart, type ReferenceChart } from '../../../test/helpers/reference-chart';

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
});

function toTree(nodes: Record<string, unknown>[]): El[] {
  const out: El[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@')!;
    if (tag === '#text' || tag === '?xml') continue;
    const attrs = (node[':@'] ?? {}) as Record<string, string>;
    const raw = node[tag] as Record<string, unknown>[];
    const children = toTree(raw);
    const text = raw.map((c) => ('#text' in c ? String(c['#text']) : '')).join('');
    out.push({ tag, attrs, children, text });
  }
  return out;
}

function parse(svg: string): El {
  const valid = XMLValidator.validate(svg);
  if (valid !== true) throw new Error(`invalid XML: ${JSON.stringify(valid)}`);
  const roots = toTree(parser.parse(svg) as Record<string, unknown>[]);
  expect(roots).toHaveLength(1);
  return roots[0];
}

function all(el: El, pred: (e: El) => boolean, acc: El[] = []): El[] {
  if (pred(el)) acc.push(el);
  for (const c of el.children) all(c, pred, acc);
  return acc;
}

function textOf(el: El): string {
  return el.text + el.children.map(textOf).join('');
}

const hasClass = (cls: string) => (e: El) => (e.attrs.class ?? '').split(' ').includes(cls);

type Side = 'none' | 'personality' | 'design' | 'both';
/** Side of each gate, straight from the fixture's 26 activations. */
function expectedSides(ref: ReferenceChart): Map<number, Side> {
  const p = new Set(PLANETS.map((pl) => ref.computed.personality[jsonPlanetKey(pl)].gate));
  const d = new Set(PLANETS.map((pl) => ref.computed.design[jsonPlanetKey(pl)].gate));
  const out = new Map<number, Side>();
  for (let g = 1; g <= 64; g++) out.set(g, p.has(g) ? (d.has(g) ? 'both' : 'personality') : d.has(g) ? 'design' : 'none');
  return out;
}

function sideColor(theme: ThemeName, side: Side): string {
  const p = PALETTES[theme];
  return side === 'none' ? p.channelEmpty : side === 'personality' ? p.personality : side === 'design' ? p.design : BOTH_FILL;
}

const refs = loadReferenceCharts();

describe('renderBodygraph document', () => {
  const chart = referenceToChart(refs[0]);
  const svg = renderBodygraph(chart, {});
  const root = parse(svg);

  it('is a standalone SVG 1.1 document with viewBox, width, height, title and desc', () => {
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(root.tag).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attrs.version).toBe('1.1');
    expect(root.attrs.viewBox).toBe(`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`);
    expect(root.attrs.width).toBe('800');
    expect(root.attrs.height).toBe(String(Math.round((800 * VIEW_HEIGHT) / VIEW_WIDTH)));
    expect(root.children[0].tag).toBe('title');
    expect(root.children[1].tag).toBe('desc');
    for (const s of [chart.type, chart.profile, chart.authority]) {
      expect(root.children[0].text).toContain(s);
      expect(root.children[1].text).toContain(s);
    }
  });

  it('references no external resource (fonts, images, links, scripts)', () => {
    expect(svg).not.toMatch(/href|<image|<script|@import|@font-face|url\((?!#)/i);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
  });

  it('defines the stripe pattern once, with a fixed id, and uses unique ids', () => {
    const patterns = all(root, (e) => e.tag === 'pattern');
    expect(patterns.map((p) => p.attrs.id)).toEqual([BOTH_PATTERN_ID]);
    const ids = all(root, (e) => 'id' in e.attrs).map((e) => e.attrs.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has 9 centers, 72 channel halves (two per channel) and 64 gate marks', () => {
    expect(all(root, hasClass('center'))).toHaveLength(9);
    const halves = all(root, hasClass('channel-half'));
    expect(halves).toHaveLength(72);
    for (const c of CHANNELS) {
      const key = `${c.gate1}-${c.gate2}`;
      expect(
        halves
          .filter((h) => h.attrs['data-channel'] === key)
          .map((h) => Number(h.attrs['data-gate']))
          .sort((a, b) => a - b),
      ).toEqual([c.gate1, c.gate2]);
    }
    const gates = all(root, hasClass('gate')).map((g) => Number(g.attrs['data-gate']));
    expect(gates.sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('is byte-identical for identical input, whatever was rendered before', () => {
    const other = referenceToChart(refs[5]);
    renderBodygraph(other, { theme: 'dark', size: 333 });
    expect(renderBodygraph(chart, {})).toBe(svg);
    expect(renderBodygraph(chart, { size: 800, theme: 'light' })).toBe(svg);
  });

  it('escapes text for XML', () => {
    const odd = { ...chart, type: 'A & <B> "C"', profile: "1/3'" } as unknown as typeof chart;
    const r = parse(renderBodygraph(odd));
    expect(r.children[0].text).toContain('A & <B> "C"');
  });
});

describe('renderBodygraph header (title, subtitle) and halo', () => {
  const chart = referenceToChart(refs[0]);
  const plain = renderBodygraph(chart, {});

  it('grows the drawing upwards by the header and leaves the bodygraph where it was', () => {
    const svg = renderBodygraph(chart, { title: 'Ra <Uru> & Hu', subtitle: '1948-04-09 00:14 · Montreal' });
    const root = parse(svg);
    expect(root.attrs.viewBox).toBe(`0 -124 ${VIEW_WIDTH} ${VIEW_HEIGHT + 124}`);
    expect(root.attrs.height).toBe(String(Math.round((800 * (VIEW_HEIGHT + 124)) / VIEW_WIDTH)));
    const title = all(root, (e) => e.attrs.id === 'header-title')[0];
    const subtitle = all(root, (e) => e.attrs.id === 'header-subtitle')[0];
    expect([textOf(title), textOf(subtitle)]).toEqual(['Ra <Uru> & Hu', '1948-04-09 00:14 · Montreal']);
    expect(Number(title.attrs.y)).toBeLessThan(0);
    expect(root.children[0].text.startsWith('Ra <Uru> & Hu — 1948-04-09 00:14 · Montreal: ')).toBe(true);
    // Everything after the header is the plain drawing's, in the same user space.
    const body = (s: string) => s.slice(s.indexOf('<g id="channel-casings"'));
    expect(body(svg)).toBe(body(plain));
    expect(bodygraphHeight(800, 'chart', { subtitle: 'x' })).toBe(Math.round((800 * (VIEW_HEIGHT + 64)) / VIEW_WIDTH));
  });

  it('draws nothing more without a title or subtitle (blank ones included), and cuts a long one with an ellipsis', () => {
    expect(renderBodygraph(chart, { title: '  ', subtitle: '' })).toBe(plain);
    const long = parse(renderBodygraph(chart, { title: 'x'.repeat(120) }));
    expect(textOf(all(long, (e) => e.attrs.id === 'header-title')[0])).toBe(`${'x'.repeat(79)}\u2026`);
  });

  it.each(THEMES)('%s theme: on a transparent background the texts get a halo of the theme background, on its own background none', (theme) => {
    const bg = PALETTES[theme].background;
    const transparent = parse(renderBodygraph(chart, { theme, background: 'transparent', title: 'T', subtitle: 'S' }));
    for (const id of ['header', 'columns', 'caption']) {
      const group = all(transparent, (e) => e.attrs.id === id)[0];
      expect([id, group.attrs.stroke, group.attrs['paint-order']]).toEqual([id, bg, 'stroke']);
    }
    const opaque = parse(renderBodygraph(chart, { theme, title: 'T' }));
    for (const id of ['header', 'columns', 'caption']) expect(all(opaque, (e) => e.attrs.id === id)[0].attrs.stroke).toBeUndefined();
    expect(all(opaque, (e) => e.attrs.id === 'header-background')[0].attrs.fill).toBe(bg);
  });
});

describe('renderBodygraph size', () => {
  const chart = referenceToChart(refs[1]);
  it.each([200, 201, 300, 799, 800, 1200, 2048, 4000])('width %i px, height follows the aspect ratio', (size) => {
    const root = parse(renderBodygraph(chart, { size }));
    expect(root.attrs.width).toBe(String(size));
    expect(root.attrs.height).toBe(String(bodygraphHeight(size)));
    expect(Number(root.attrs.height)).toBe(Math.round((size * VIEW_HEIGHT) / VIEW_WIDTH));
  });

  it('defaults to 800 px and the light theme', () => {
    expect(renderBodygraph(chart)).toBe(renderBodygraph(chart, { size: 800, theme: 'light' }));
  });

  it.each([199, 4001, 800.5, 0, -800, NaN, Infinity])('rejects size %p', (size) => {
    expect(() => renderBodygraph(chart, { size })).toThrow(RangeError);
  });

  it('rejects an unknown theme', () => {
    expect(() => renderBodygraph(chart, { theme: 'blue' as ThemeName })).toThrow(RangeError);
  });

  it('changes nothing but width and height with the size', () => {
    const strip = (s: string) => s.replace(/ width="\d+" height="\d+" viewBox/, ' viewBox');
    expect(strip(renderBodygraph(chart, { size: 300 }))).toBe(strip(renderBodygraph(chart, { size: 1200 })));
  });
});

describe('light and dark themes', () => {
  it.each(refs.map((r) => [r.id, r] as const))('%s: differ only in color values', (_id, ref) => {
    const chart = referenceToChart(ref);
    const light = renderBodygraph(chart, { theme: 'light' });
    const dark = renderBodygraph(chart, { theme: 'dark' });
    expect(light).not.toBe(dark);
    // The only color-carrying attributes are fill and stroke.
    expect(light).not.toMatch(/(stop-color|flood-color|lighting-color|\scolor)=/);
    const strip = (s: string) => s.replace(/ (fill|stroke)="[^"]*"/g, ' $1=""');
    expect(strip(light)).toBe(strip(dark));
  });
});

describe.each(THEMES)('reference charts, %s theme: every fill matches the chart', (theme) => {
  const palette = PALETTES[theme];
  it.each(refs.map((r) => [r.id, r] as const))('%s', (_id, ref) => {
    const root = parse(renderBodygraph(referenceToChart(ref), { theme, size: 600 }));
    const sides = expectedSides(ref);

    // Centers: defined ones in their traditional color, the others open.
    const defined = new Set<CenterName>(ref.computed.defined_centers.map(centerFromJson));
    const centers = all(root, hasClass('center'));
    for (const c of CENTERS) {
      const el = centers.find((e) => e.attrs.id === centerElementId(c));
      expect(el).toBeDefined();
      expect([c, el!.attrs['data-center'], el!.attrs['data-defined'], el!.attrs.fill]).toEqual([
        c,
        c,
        String(defined.has(c)),
        defined.has(c) ? palette.centerDefined[c] : palette.centerOpen,
      ]);
    }

    // Channel halves: colored by who activates the half's gate.
    const halves = all(root, hasClass('channel-half'));
    for (const h of halves) {
      const g = Number(h.attrs['data-gate']);
      const side = sides.get(g)!;
      expect([h.attrs['data-channel'], g, h.attrs['data-by'], h.attrs.stroke]).toEqual([h.attrs['data-channel'], g, side, sideColor(theme, side)]);
    }
    // Defined channels have both halves filled; the others have at least one empty half.
    const definedChannels = new Set(ref.computed.channels);
    for (const c of CHANNELS) {
      const key = `${c.gate1}-${c.gate2}`;
      const bys = halves.filter((h) => h.attrs['data-channel'] === key).map((h) => h.attrs['data-by']);
      expect([key, bys.every((b) => b !== 'none')]).toEqual([key, definedChannels.has(key)]);
    }

    // Gate marks: activated gates filled, the others not.
    const gates = all(root, hasClass('gate'));
    const numbers = all(root, hasClass('gate-number'));
    for (const el of gates) {
      const g = Number(el.attrs['data-gate']);
      const side = sides.get(g)!;
      const active = side !== 'none';
      expect([g, el.attrs['data-active'], el.attrs['data-by'], el.attrs.fill]).toEqual([g, String(active), side, active ? palette.gateActiveFill : 'none']);
      const num = numbers.find((t) => t.attrs['data-gate'] === String(g))!;
      expect(num.text).toBe(String(g));
      const onDefined = defined.has(centerFromJson(CENTER_OF[g]));
      expect([g, num.attrs.fill]).toEqual([g, active ? palette.gateActiveText : onDefined ? palette.gateIdleTextDefined : palette.gateIdleTextOpen]);
    }

    // Columns: design on the left in red, personality on the right, gate.line per planet.
    const rows = all(root, hasClass('activation'));
    expect(rows).toHaveLength(26);
    for (const row of rows) {
      const side = row.attrs['data-side'] as 'design' | 'personality';
      const planet = row.attrs['data-planet'] as (typeof PLANETS)[number];
      const value = row.children.find(hasClass('value'))!;
      expect([side, planet, value.text]).toEqual([side, planet, ref.computed[side][jsonPlanetKey(planet)].gate_line]);
      expect(row.attrs.fill).toBe(side === 'design' ? palette.design : palette.personality);
    }
    const designX = Number(rows.find((r) => r.attrs['data-side'] === 'design')!.children[0].attrs.x);
    const personalityX = Number(rows.find((r) => r.attrs['data-side'] === 'personality')!.children[0].attrs.x);
    expect(designX).toBeLessThan(VIEW_WIDTH / 2);
    expect(personalityX).toBeGreaterThan(VIEW_WIDTH / 2);

    // Caption: type, profile, authority.
    const caption = all(root, (e) => e.attrs.id === 'caption')[0];
    const text = textOf(caption);
    for (const s of [ref.computed.type, ref.computed.profile, ref.computed.authority]) expect(text).toContain(s);
  });
});

/** gate → JSON-style center name, from the same RULES table the fixture uses. */
const CENTER_OF: Record<number, string> = (() => {
  const table: Record<string, number[]> = {
    Head: [64, 61, 63],
    Ajna: [47, 24, 4, 17, 43, 11],
    Throat: [62, 23, 56, 35, 12, 45, 33, 8, 31, 20, 16],
    G: [7, 1, 13, 10, 25, 15, 46, 2],
    Heart: [21, 40, 26, 51],
    Sacral: [5, 14, 29, 59, 9, 3, 42, 27, 34],
    SolarPlexus: [6, 37, 22, 36, 49, 55, 30],
    Spleen: [48, 57, 44, 50, 32, 28, 18],
    Root: [53, 60, 52, 19, 39, 41, 58, 38, 54],
  };
  const out: Record<number, string> = {};
  for (const [c, gs] of Object.entries(table)) for (const g of gs) out[g] = c;
  return out;
})();
