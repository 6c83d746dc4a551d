/**
 * The composite and transit drawings, the variables arrows, text as outlines and the PNG: structure checked
 * against the engine's composite/transit results and the reference charts' published variables; pixels of the
 * decoded PNG against the theme colors; text contrast computed from the theme colors (WCAG 2 formula).
 */
import { PNG } from 'pngjs';
import { computeChart, computeComposite, computeTransit } from '..';
import { CENTERS, PLANETS } from '../types';
import { loadReferenceCharts } from '../../../test/helpers/reference-chart';
import { ARROW_PLACES, bodygraphHeight, COMPOSITE_KINDS, PALETTES, renderBodygraph, renderCompositeBodygraph, renderTransitBodygraph, THEMES, VIEWS } from '.';
import { CENTER_INNER_POINT } from './layout';
import { svgToPng } from './png';
import { BOTH_PEOPLE_FILL } from './theme';
import { wrapChannels } from './render';

const ra = computeChart(Date.parse('1948-04-09T05:14:00Z'));
const other = computeChart(Date.parse('1992-10-03T04:03:00Z'));

/** Attributes of every element matching a tag and a class (our own output: one element per match). */
function elements(svg: string, tag: string, cls: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of svg.matchAll(new RegExp(`<${tag} class="${cls}"([^>]*)>`, 'g'))) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]] = a[2];
    out.push(attrs);
  }
  return out;
}

function gatesOf(c: typeof ra): Set<number> {
  return new Set(PLANETS.flatMap((p) => [c.personality[p].gate, c.design[p].gate]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('composite drawing', () => {
  const composite = computeComposite(ra, other);
  const svg = renderCompositeBodygraph([ra, other], composite, { names: ['Ra <Uru> Hu', 'Ben & co'] });

  it("draws each person's gates in that person's color, and a gate of both half and half", () => {
    const [a, b] = [gatesOf(ra), gatesOf(other)];
    for (const theme of THEMES) {
      const p = PALETTES[theme];
      const drawn = renderCompositeBodygraph([ra, other], composite, { theme });
      const circles = elements(drawn, 'circle', 'gate');
      for (const c of circles) {
        const g = Number(c['data-gate']);
        const want = a.has(g) ? p.person1 : b.has(g) ? p.person2 : 'none';
        expect(a.has(g) && b.has(g)).toBe(false); // a gate of both is not a plain circle
        expect([g, c.fill]).toEqual([g, want]);
      }
      const both = [...a].filter((g) => b.has(g));
      for (const g of both) {
        expect(drawn).toMatch(
          new RegExp(`<g class="gate" data-gate="${g}" data-active="true" data-by="both"><path fill="${p.person1}"[^>]*/><path fill="${p.person2}"`),
        );
      }
      expect(circles.length + both.length).toBe(64);
    }
  });

  it('colors channel halves by who has the gate: electromagnetic channels half and half', () => {
    const p = PALETTES.light;
    const halves = elements(svg, 'path', 'channel-half');
    for (const c of composite.channels.filter((ch) => ch.kind === 'electromagnetic')) {
      const strokes = halves
        .filter((h) => h['data-channel'] === `${c.gate1}-${c.gate2}`)
        .map((h) => h.stroke)
        .sort();
      expect(strokes).toEqual([p.person1, p.person2].sort());
    }
    for (const c of composite.channels.filter((ch) => ch.kind === 'companionship')) {
      expect(halves.filter((h) => h['data-channel'] === `${c.gate1}-${c.gate2}`).every((h) => h.stroke === BOTH_PEOPLE_FILL)).toBe(true);
    }
  });

  it('has a legend naming the people and listing every composite channel under its kind', () => {
    expect(svg).toContain('Ra &lt;Uru&gt; Hu');
    expect(svg).toContain('Ben &amp; co');
    for (const k of COMPOSITE_KINDS) {
      const listed = new RegExp(`class="legend-kind" data-kind="${k.kind}" data-channels="([^"]*)"`).exec(svg)![1];
      const expected = composite.channels
        .filter((c) => c.kind === k.kind)
        .map((c) => `${c.gate1}-${c.gate2}`)
        .join(' ');
      expect([k.kind, listed]).toEqual([k.kind, expected]);
    }
    expect(wrapChannels(Array.from({ length: 36 }, (_, i) => `${i + 10}-${i + 20}`)).length).toBe(2);
    expect(wrapChannels([])).toEqual(['none']);
  });
});

describe('transit drawing', () => {
  const at = Date.parse('2026-11-23T12:00:00Z');
  const transit = computeTransit(ra, at);
  const svg = renderTransitBodygraph(ra, transit, { theme: 'dark' });
  const p = PALETTES.dark;

  it('shows transit-only gates in the transit color and rings natal gates the transit meets', () => {
    const natal = gatesOf(ra);
    const tGates = new Set(transit.transitGates);
    for (const c of elements(svg, 'circle', 'gate')) {
      const g = Number(c['data-gate']);
      expect([g, c['data-transit']]).toEqual([g, String(tGates.has(g))]);
      if (tGates.has(g) && !natal.has(g)) expect([g, c.fill]).toEqual([g, p.transit]);
    }
    const rings = elements(svg, 'circle', 'transit-ring')
      .map((r) => Number(r['data-gate']))
      .sort((x, y) => x - y);
    expect(rings).toEqual(transit.reinforcedGates);
    const halves = elements(svg, 'path', 'channel-half');
    for (const ch of transit.transitChannels) {
      expect(halves.filter((h) => h['data-channel'] === `${ch.gate1}-${ch.gate2}`).every((h) => h.stroke === p.transit)).toBe(true);
    }
  });

  it('lists the transit planets in a third column, with the instant', () => {
    for (const planet of PLANETS) {
      const row = new RegExp(`data-side="transit" data-planet="${planet}" fill="([^"]+)">.*?class="value"[^>]*>([^<]+)</text>`).exec(svg)!;
      expect([planet, row[1], row[2]]).toEqual([planet, p.transit, `${transit.activations[planet].gate}.${transit.activations[planet].line}`]);
    }
    expect(svg).toContain('2026-11-23 12:00:00 UTC');
    expect(svg).toContain(`viewBox="0 0 ${VIEWS.transit.width} ${VIEWS.transit.height}"`);
  });
});

describe('variables arrows', () => {
  it.each(
    loadReferenceCharts()
      .slice(0, 12)
      .map((r) => [r.id, r] as const),
  )("%s: each arrow points as the reference chart's variables say", (_id, ref) => {
    const chart = computeChart(Date.parse(ref.utc));
    const svg = renderBodygraph(chart, { variables: true });
    const expected = {
      determination: ref.computed.variables.determination_design_sun.arrow,
      environment: ref.computed.variables.environment_design_node.arrow,
      motivation: ref.computed.variables.motivation_personality_sun.arrow,
      perspective: ref.computed.variables.perspective_personality_node.arrow,
    };
    for (const [name, lr] of Object.entries(expected)) {
      const m = new RegExp(`data-variable="${name}" data-direction="(left|right)" fill="([^"]+)"`).exec(svg)!;
      expect([name, m[1], m[2]]).toEqual([
        name,
        lr === 'L' ? 'left' : 'right',
        ARROW_PLACES[name as keyof typeof ARROW_PLACES].side === 'design' ? PALETTES.light.design : PALETTES.light.personality,
      ]);
    }
    expect(renderBodygraph(chart)).not.toContain('variable-arrow');
  });
});

describe('every drawing', () => {
  const composite = computeComposite(ra, other);
  const transit = computeTransit(ra, Date.parse('2026-11-23T12:00:00Z'));
  const draw = {
    chart: (o: object) => renderBodygraph(ra, { variables: true, ...o }),
    composite: (o: object) => renderCompositeBodygraph([ra, other], composite, o),
    transit: (o: object) => renderTransitBodygraph(ra, transit, o),
  };

  it.each(Object.keys(draw) as (keyof typeof draw)[])('%s: standalone SVG 1.1 with title and desc, no external resources, deterministic', (kind) => {
    for (const theme of THEMES) {
      const svg = draw[kind]({ theme, size: 600 });
      expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="600"')).toBe(true);
      expect(svg).toContain(`height="${bodygraphHeight(600, kind)}"`);
      expect(svg).toMatch(/<title id="bodygraph-title">[^<]+<\/title><desc id="bodygraph-desc">[^<]+<\/desc>/);
      expect(svg).not.toMatch(/href|<image|<script|@import|@font-face|url\((?!#)/i);
      expect(draw[kind]({ theme, size: 600 })).toBe(svg);
    }
    expect(draw[kind]({ background: 'transparent' })).not.toContain('id="background"');
  });

  it.each(Object.keys(draw) as (keyof typeof draw)[])('%s: as outlines, no <text> is left and every text keeps its words for readers', (kind) => {
    const svg = draw[kind]({ text: 'outline' });
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/aria-label="\d+"/);
  });

  it.each(Object.keys(draw) as (keyof typeof draw)[])('%s: the PNG decodes at the requested width, centers in their theme colors', (kind) => {
    for (const theme of THEMES) {
      const size = 500;
      const png = PNG.sync.read(svgToPng(draw[kind]({ theme, size, text: 'outline' }), size));
      expect([png.width, png.height]).toEqual([size, bodygraphHeight(size, kind)]);
      const scale = size / VIEWS[kind].width;
      const defined = kind === 'composite' ? composite.definedCenters : kind === 'transit' ? transit.definedCenters : ra.definedCenters;
      for (const c of CENTERS) {
        const [x, y] = CENTER_INNER_POINT[c].map((v) => Math.round(v * scale));
        const i = (y * png.width + x) * 4;
        const want = defined.includes(c) ? PALETTES[theme].centerDefined[c] : PALETTES[theme].centerOpen;
        const rgb = [1, 3, 5].map((k) => parseInt(want.slice(k, k + 2), 16));
        expect([kind, theme, c, ...[0, 1, 2].map((k) => Math.abs(png.data[i + k] - rgb[k]) <= 2), png.data[i + 3]]).toEqual([
          kind,
          theme,
          c,
          true,
          true,
          true,
          255,
        ]);
      }
    }
  });

  it('a transparent PNG has no background: its corner is fully transparent, its centers opaque', () => {
    const png = PNG.sync.read(svgToPng(renderBodygraph(ra, { size: 300, text: 'outline', background: 'transparent' }), 300, true));
    expect(png.data[3]).toBe(0);
    const [x, y] = CENTER_INNER_POINT.G.map((v) => Math.round(v * 0.3));
    expect(png.data[(y * 300 + x) * 4 + 3]).toBe(255);
  });
});

describe('theme contrast (WCAG 2, text against what it sits on)', () => {
  it.each(THEMES)('%s: every text color reaches 4.5:1', (theme) => {
    const p = PALETTES[theme];
    const pairs: [string, string, string][] = [
      ['caption and legend', p.ink, p.background],
      ['second lines', p.muted, p.background],
      ['design column', p.design, p.background],
      ['personality column', p.personality, p.background],
      ['person 1 column', p.person1, p.background],
      ['person 2 column', p.person2, p.background],
      ['transit column', p.transit, p.background],
      ['active gate number', p.gateActiveText, p.gateActiveFill],
      ['person 1 gate number', p.personText, p.person1],
      ['person 2 gate number', p.personText, p.person2],
      ['transit gate number', p.transitText, p.transit],
      ['gate number on an open center', p.gateIdleTextOpen, p.centerOpen],
      ...CENTERS.map((c): [string, string, string] => [`gate number on the defined ${c}`, p.gateIdleTextDefined, p.centerDefined[c]]),
    ];
    const low = pairs.map(([what, fg, bg]) => [what, Math.round(contrast(fg, bg) * 100) / 100] as const).filter(([, r]) => r < 4.5);
    expect(low).toEqual([]);
  });
});
