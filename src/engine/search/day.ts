/**
 * Unknown birth time: over a span of birth instants (a whole local day, or part of it), every instant at which
 * one of the 26 activations changes gate or line, solved to the second. Between two such instants the chart is
 * the same at gate.line level.
 *
 * Personality side: the crossing solver (crossings.ts) over the line boundaries during the span.
 * Design side: the design instant moves with the birth instant (the Sun 88° earlier), so its span is
 * [design(start), design(end)]; the same solver finds the crossings there, and each design crossing τ is
 * brought back to the birth instant t whose Sun stands 88° past the Sun at τ — one more Sun crossing.
 */
import { findCrossings, Grid } from './crossings';
import { solveDesign, DESIGN_ARC_DEG } from '../natal/design';
import { jdFromUtcMs, sunLongitude, utcMsFromJd } from '../ephemeris';
import { LINE_WIDTH_DEG } from '../natal/mandala';
import { MIRRORED, motionOf, MovingBody } from './motion';
import { WHEEL_START_DEG } from '../tables/wheel';
import { computeChart } from '../natal/chart';
import { CENTERS, PLANETS } from '../types';
import type { Chart, NodeType, Planet } from '../types';

export interface DayBoundary {
  /** The instant, rounded to the second (ms since 1970 UTC). */
  utcMs: number;
  /** The activations that change here: `personality.moon`, `design.sun`, … (mirrored bodies included). */
  changed: string[];
}

const LINES: Grid = { offset: WHEEL_START_DEG, width: LINE_WIDTH_DEG };
const MOVING: MovingBody[] = ['sun', 'moon', 'northNode', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

function namesOf(side: 'personality' | 'design', body: MovingBody): string[] {
  const mirror = MIRRORED[body];
  return mirror ? [`${side}.${body}`, `${side}.${mirror}`] : [`${side}.${body}`];
}

/** Every change of any of the 26 activations for birth instants in (startMs, endMs), in time order. */
export function dayBoundaries(startMs: number, endMs: number, nodeType: NodeType): DayBoundary[] {
  return mergeDayChanges(
    DAY_PIECES.flatMap((piece) => dayChanges(piece, startMs, endMs, nodeType)),
    startMs,
    endMs,
  );
}

/** One piece of the day's search: the line changes of one moving body on one side. */
export interface DayPiece {
  side: 'personality' | 'design';
  body: MovingBody;
}

/** The 22 pieces (11 moving bodies, two sides) whose changes, merged, are the day's boundaries. */
export const DAY_PIECES: readonly DayPiece[] = [
  ...MOVING.map((body) => ({ side: 'personality' as const, body })),
  ...MOVING.map((body) => ({ side: 'design' as const, body })),
];

/** A change found by one piece: its exact instant (JD) and the activations it names. */
export interface DayChange {
  jd: number;
  names: string[];
}

/** The changes one piece finds for birth instants in [startMs, endMs] (merge them with mergeDayChanges). */
export function dayChanges(piece: DayPiece, startMs: number, endMs: number, nodeType: NodeType): DayChange[] {
  const startJd = jdFromUtcMs(startMs);
  const endJd = jdFromUtcMs(endMs);
  const names = namesOf(piece.side, piece.body);
  if (piece.side === 'personality') return findCrossings(motionOf(piece.body, nodeType), startJd, endJd, LINES).map((c) => ({ jd: c.jdUt, names }));
  const found: DayChange[] = [];
  const sun = motionOf('sun', nodeType);
  const designStart = solveDesign(startJd, sunLongitude(startJd)).jdUt;
  const designEnd = solveDesign(endJd, sunLongitude(endJd)).jdUt;
  for (const c of findCrossings(motionOf(piece.body, nodeType), designStart, designEnd, LINES)) {
    // The birth instant whose design moment is c.jdUt: its Sun is 88° past the Sun at c.jdUt.
    const target = sunLongitude(c.jdUt) + DESIGN_ARC_DEG;
    const [back] = findCrossings(sun, startJd, endJd, { offset: target, width: 360 });
    if (back) found.push({ jd: back.jdUt, names });
  }
  return found;
}

/** The day's boundaries from every piece's changes: to the second, inside (startMs, endMs), in time order. */
export function mergeDayChanges(found: readonly DayChange[], startMs: number, endMs: number): DayBoundary[] {
  // Changes within one second are one boundary (the Sun and Earth always are).
  const bySecond = new Map<number, Set<string>>();
  for (const f of found) {
    const ms = Math.round(utcMsFromJd(f.jd) / 1000) * 1000;
    if (ms <= startMs || ms >= endMs) continue;
    const set = bySecond.get(ms) ?? new Set<string>();
    for (const n of f.names) set.add(n);
    bySecond.set(ms, set);
  }
  return [...bySecond.entries()].sort((a, b) => a[0] - b[0]).map(([utcMs, names]) => ({ utcMs, changed: [...names].sort() }));
}

export interface DayWindow {
  startMs: number;
  endMs: number;
  /** The chart of every birth instant in [startMs, endMs) (computed at the middle). */
  chart: Chart;
  /** The activations that changed at startMs (empty for the first window). */
  changed: string[];
}

/** The windows of one chart each that cover [startMs, endMs). */
export function dayWindows(startMs: number, endMs: number, nodeType: NodeType): DayWindow[] {
  const bounds = dayBoundaries(startMs, endMs, nodeType);
  return Array.from({ length: bounds.length + 1 }, (_, i) => dayWindow(bounds, i, startMs, endMs, nodeType));
}

/** The i-th window (0 to bounds.length) of [startMs, endMs) cut at `bounds`, with its chart (at its middle). */
export function dayWindow(bounds: readonly DayBoundary[], i: number, startMs: number, endMs: number, nodeType: NodeType): DayWindow {
  const from = i === 0 ? startMs : bounds[i - 1].utcMs;
  const to = i === bounds.length ? endMs : bounds[i].utcMs;
  return { startMs: from, endMs: to, chart: computeChart((from + to) / 2, { nodeType }), changed: i === 0 ? [] : bounds[i - 1].changed };
}

/** A value a field takes during part of the span, and for how long. */
export interface Share {
  value: string;
  hours: number;
}

export interface DaySummary {
  /** Fields, centers, channels and activations that are the same in every window. */
  certain: {
    type?: string;
    authority?: string;
    profile?: string;
    definition?: string;
    incarnationCross?: string;
    definedCenters: string[];
    openCenters: string[];
    activeChannels: string[];
    personality: Partial<Record<Planet, { gate: number; line?: number }>>;
    design: Partial<Record<Planet, { gate: number; line?: number }>>;
  };
  /** For each field that varies, its values with the hours each covers (they add up to the span). */
  varying: {
    type?: Share[];
    authority?: Share[];
    profile?: Share[];
    definition?: Share[];
    incarnationCross?: Share[];
    /** Centers defined for part of the span, with the hours they are defined. */
    definedCenters: Share[];
    /** Channels present for part of the span, with the hours they are present. */
    activeChannels: Share[];
    /** gate.line values of the activations that change, with their hours. */
    personality: Partial<Record<Planet, Share[]>>;
    design: Partial<Record<Planet, Share[]>>;
  };
}

const HOUR_MS = 3_600_000;

function shares(windows: readonly DayWindow[], valueOf: (chart: Chart) => string): Share[] {
  const hours = new Map<string, number>();
  for (const w of windows) {
    const v = valueOf(w.chart);
    hours.set(v, (hours.get(v) ?? 0) + (w.endMs - w.startMs) / HOUR_MS);
  }
  return [...hours.entries()]
    .map(([value, h]) => ({ value, hours: Math.round(h * 1e4) / 1e4 }))
    .sort((a, b) => b.hours - a.hours || a.value.localeCompare(b.value));
}

/** Hours during which `has` holds, for every item it names (for centers and channels). */
function presence(windows: readonly DayWindow[], itemsOf: (chart: Chart) => string[]): Map<string, number> {
  const hours = new Map<string, number>();
  for (const w of windows) for (const item of itemsOf(w.chart)) hours.set(item, (hours.get(item) ?? 0) + (w.endMs - w.startMs) / HOUR_MS);
  return hours;
}

/** What the windows have in common, and how the rest is shared out over the span. */
export function summarizeDay(windows: readonly DayWindow[]): DaySummary {
  const total = windows.reduce((s, w) => s + (w.endMs - w.startMs), 0) / HOUR_MS;
  const summary: DaySummary = {
    certain: { definedCenters: [], openCenters: [], activeChannels: [], personality: {}, design: {} },
    varying: { definedCenters: [], activeChannels: [], personality: {}, design: {} },
  };
  const fields = {
    type: (c: Chart) => c.type,
    authority: (c: Chart) => c.authority,
    profile: (c: Chart) => c.profile,
    definition: (c: Chart) => c.definition,
    incarnationCross: (c: Chart) => c.incarnationCross.name,
  };
  for (const [name, valueOf] of Object.entries(fields) as [keyof typeof fields, (c: Chart) => string][]) {
    const s = shares(windows, valueOf);
    if (s.length === 1) summary.certain[name] = s[0].value;
    else summary.varying[name] = s;
  }
  const allDay = (h: number) => Math.abs(h - total) < 1e-9;
  const centers = presence(windows, (c) => c.definedCenters);
  for (const center of CENTERS) {
    const h = centers.get(center) ?? 0;
    if (allDay(h)) summary.certain.definedCenters.push(center);
    else if (h === 0) summary.certain.openCenters.push(center);
    else summary.varying.definedCenters.push({ value: center, hours: Math.round(h * 1e4) / 1e4 });
  }
  const channels = presence(windows, (c) => c.activeChannels.map((ch) => `${ch.gate1}-${ch.gate2}`));
  for (const [channel, h] of [...channels.entries()].sort()) {
    if (allDay(h)) summary.certain.activeChannels.push(channel);
    else summary.varying.activeChannels.push({ value: channel, hours: Math.round(h * 1e4) / 1e4 });
  }
  for (const side of ['personality', 'design'] as const) {
    for (const p of PLANETS) {
      const gates = shares(windows, (c) => String(c[side][p].gate));
      const lines = shares(windows, (c) => `${c[side][p].gate}.${c[side][p].line}`);
      if (lines.length === 1) summary.certain[side][p] = { gate: windows[0].chart[side][p].gate, line: windows[0].chart[side][p].line };
      else {
        if (gates.length === 1) summary.certain[side][p] = { gate: windows[0].chart[side][p].gate };
        summary.varying[side][p] = lines;
      }
    }
  }
  summary.varying.definedCenters.sort((a, b) => b.hours - a.hours);
  summary.varying.activeChannels.sort((a, b) => b.hours - a.hours);
  return summary;
}
