/**
 * Composite (RULES 11.2) and transit (RULES 11.1) charts. Expected values worked out by hand from the rules, and
 * for two reference people derived from the reference JSON's gate and channel lists.
 */
import * as fs from 'fs';
import * as path from 'path';
import { computeComposite } from './composite';
import { computeTransit, overlayTransit } from './transit';
import { computeChart } from '../natal/chart';
import { activationAt, gateStartLongitude, GATE_WHEEL_INDEX } from '../natal/mandala';
import { CHANNELS } from '../tables/channels';
import { Activations, PLANETS } from '../types';

const key = (c: { gate1: number; gate2: number }) => `${c.gate1}-${c.gate2}`;
const kinds = (a: number[], b: number[]) =>
  Object.fromEntries(computeComposite(a, b).channels.map((c) => [key(c), c.dominant ? `${c.kind}:${c.dominant}` : c.kind]));

describe('composite (RULES 11.2)', () => {
  it('A has 1, B has 8 → 1-8 electromagnetic', () => {
    expect(kinds([1], [8])).toEqual({ '1-8': 'electromagnetic' });
    const c = computeComposite([1], [8]);
    expect(c.definedCenters).toEqual(['Throat', 'G']);
    expect(c.centerDefinedBy).toEqual({ Throat: 'combined', G: 'combined' });
    expect(c.type).toBe('Projector');
    expect(c.definition).toBe('Single Definition');
  });
  it('both have 1-8 → companionship', () => {
    expect(kinds([1, 8], [1, 8])).toEqual({ '1-8': 'companionship' });
    expect(computeComposite([1, 8], [1, 8]).centerDefinedBy).toEqual({ Throat: 'both', G: 'both' });
  });
  it('A has 1-8, B neither gate → dominance by person1; mirrored for person2', () => {
    expect(kinds([1, 8], [2])).toEqual({ '1-8': 'dominance:person1' });
    expect(kinds([13], [1, 8])).toEqual({ '1-8': 'dominance:person2' });
  });
  it('A has 1-8, B has 8 → compromise, person1 dominates; mirrored', () => {
    expect(kinds([1, 8], [8])).toEqual({ '1-8': 'compromise:person1' });
    expect(kinds([1], [1, 8])).toEqual({ '1-8': 'compromise:person2' });
  });
  it('both have only the same gate → nothing formed', () => {
    expect(kinds([1], [1])).toEqual({});
    expect(computeComposite([1], [1]).type).toBe('Reflector');
  });
  it('integration gates: A 34, B 20 + 57 → 20-34 and 34-57 electromagnetic, 20-57 dominance person2; MG', () => {
    expect(kinds([34], [20, 57])).toEqual({
      '20-34': 'electromagnetic',
      '20-57': 'dominance:person2',
      '34-57': 'electromagnetic',
    });
    const c = computeComposite([34], [20, 57]);
    expect(c.type).toBe('Manifesting Generator');
    expect(c.centerDefinedBy).toEqual({ Throat: 'person2', Sacral: 'combined', Spleen: 'person2' });
  });

  it('two reference people: kinds derived from the reference JSON gates and channels', () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../test/fixtures/reference-charts.json'), 'utf8')) as {
      charts: { id: string; utc: string; computed: { channels: string[]; [key: string]: unknown } }[];
    };
    const pick = (id: string) => fixture.charts.find((c) => c.id === id)!;
    const refA = pick('ra-uru-hu');
    const refB = pick('natalengine-kathleen-m');
    const gatesOf = (r: typeof refA) =>
      new Set<number>(['personality', 'design'].flatMap((s) => Object.values(r.computed[s] as Record<string, { gate: number }>).map((a) => a.gate)));
    const ga = gatesOf(refA);
    const gb = gatesOf(refB);
    const chA = new Set<string>(refA.computed.channels);
    const chB = new Set<string>(refB.computed.channels);
    const expected: Record<string, string> = {};
    for (const ch of CHANNELS) {
      const k = key(ch);
      const na = +ga.has(ch.gate1) + +ga.has(ch.gate2);
      const nb = +gb.has(ch.gate1) + +gb.has(ch.gate2);
      if (chA.has(k) && chB.has(k)) expected[k] = 'companionship';
      else if (chA.has(k)) expected[k] = nb === 0 ? 'dominance:person1' : 'compromise:person1';
      else if (chB.has(k)) expected[k] = na === 0 ? 'dominance:person2' : 'compromise:person2';
      else if (na === 1 && nb === 1 && (ga.has(ch.gate1) ? gb.has(ch.gate2) : gb.has(ch.gate1))) expected[k] = 'electromagnetic';
    }
    const a = computeChart(Date.parse(refA.utc));
    const b = computeChart(Date.parse(refB.utc));
    const got = Object.fromEntries(computeComposite(a, b).channels.map((c) => [key(c), c.dominant ? `${c.kind}:${c.dominant}` : c.kind]));
    expect(got).toEqual(expected);
    expect(Object.keys(expected).length).toBeGreaterThan(chA.size + chB.size - 1);
  });
});

/** 13 fake transit activations, each in the middle of the given gate. */
function fakeActivations(gates: number[]): Activations {
  const out = {} as Activations;
  PLANETS.forEach((p, i) => (out[p] = activationAt(gateStartLongitude(GATE_WHEEL_INDEX[gates[i]]) + 2)));
  return out;
}

describe('transit (RULES 11.1)', () => {
  it('hand-built overlay: natal 1, 20, 34, 57; transit 8, 10, 59, 6, 1', () => {
    const natal = [1, 20, 34, 57];
    //                           sun earth nN  sN moon  mercury…pluto
    const acts = fakeActivations([8, 10, 59, 6, 1, 8, 8, 8, 8, 8, 8, 8, 8]);
    const t = overlayTransit(natal, acts, 2451545);
    expect(t.transitGates).toEqual([1, 6, 8, 10, 59]);
    expect(t.reinforcedGates).toEqual([1]);
    expect(t.natalChannels.map(key)).toEqual(['20-34', '20-57', '34-57']);
    expect(t.completedChannels.map(key)).toEqual(['1-8', '10-20', '10-34', '10-57']);
    expect(t.transitChannels.map(key)).toEqual(['6-59']);
    expect(t.temporarilyDefinedCenters).toEqual(['G', 'Solar Plexus']);
    expect(t.definedCenters).toEqual(['Throat', 'G', 'Sacral', 'Solar Plexus', 'Spleen']);
    expect(t.type).toBe('Manifesting Generator');
    expect(t.definition).toBe('Single Definition');
    expect(t.transitUtc).toBe('2000-01-01T12:00:00Z');
  });

  it('real instant: the 13 transit activations equal the personality side of a chart at that instant', () => {
    const natal = computeChart(Date.parse('1948-04-09T05:14:00Z'));
    const when = Date.parse('2024-06-01T12:00:00Z');
    const t = computeTransit(natal, when);
    expect(t.activations).toEqual(computeChart(when).personality);
    expect(t.activations.earth.gate).toBe(activationAt(t.activations.sun.longitude + 180).gate);
    const natalGates = new Set(Object.keys(natal.activatedGates).map(Number));
    expect(t.reinforcedGates).toEqual(t.transitGates.filter((g) => natalGates.has(g)));
    expect(t.natalChannels.map(key)).toEqual(natal.activeChannels.map(key));
    for (const ch of t.completedChannels) expect(+natalGates.has(ch.gate1) + +natalGates.has(ch.gate2)).toBe(1);
    for (const ch of t.transitChannels) expect(natalGates.has(ch.gate1) || natalGates.has(ch.gate2)).toBe(false);
  });
});
