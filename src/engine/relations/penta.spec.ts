/**
 * Penta analysis (docs/penta.md). Expected values are worked out by hand from the rules and from the gate.line
 * lists of the reference people (test/fixtures/reference-charts.json = ../shared/hd/reference-charts.json); the
 * comments show the working. Grid order of the 12 gates: 31 8 33 / 7 1 13 / 15 2 46 / 5 14 29; channels in order
 * 7-31, 1-8, 13-33, 5-15, 2-14, 29-46.
 */
import { computePenta, PENTA_CHANNELS, PENTA_GATES, PENTA_MAX_MEMBERS, PENTA_MIN_MEMBERS, PentaAnalysis, PentaSide } from './penta';
import { Chart, EngineInputError } from '../types';
import { referenceCharts } from '../../../test/helpers/reference-chart';

const charts = new Map(referenceCharts());
function people(...ids: string[]): Chart[] {
  return ids.map((id) => {
    const c = charts.get(id);
    if (!c) throw new Error(`no reference chart ${id}`);
    return c;
  });
}

/** Suppliers written compactly: [member, 'p' | 'd' | 'pd'] → { member, sides }. */
type S = [number, 'p' | 'd' | 'pd'];
const sides = (s: S[1]): PentaSide[] => (s === 'pd' ? ['personality', 'design'] : s === 'p' ? ['personality'] : ['design']);
function expectGates(r: PentaAnalysis, expected: Record<number, S[]>) {
  expect(r.gates.map((g) => g.gate)).toEqual([31, 8, 33, 7, 1, 13, 15, 2, 46, 5, 14, 29]);
  for (const g of r.gates) {
    const want = expected[g.gate];
    expect({ gate: g.gate, suppliers: g.suppliers }).toEqual({ gate: g.gate, suppliers: want.map(([member, s]) => ({ member, sides: sides(s) })) });
    expect({ gate: g.gate, present: g.present, members: g.members }).toEqual({ gate: g.gate, present: want.length > 0, members: want.map(([m]) => m) });
  }
}
type C = [key: string, formedBy: 'single-member' | 'across-members' | null, members: number[], wholeBy: number[]];
function expectChannels(r: PentaAnalysis, expected: C[]) {
  expect(r.channels.map((c) => [c.key, c.formedBy, c.members, c.wholeBy])).toEqual(expected);
  for (const c of r.channels) expect(c.present).toBe(c.formedBy !== null);
}

describe('Penta tables', () => {
  it('12 gates in grid order, 6 channels with names and centers from the project tables', () => {
    expect(PENTA_GATES).toEqual([31, 8, 33, 7, 1, 13, 15, 2, 46, 5, 14, 29]);
    expect(PENTA_CHANNELS.map((c) => [c.key, c.name, c.part, c.centers])).toEqual([
      ['7-31', 'The Alpha', 'upper', ['G', 'Throat']],
      ['1-8', 'Inspiration', 'upper', ['G', 'Throat']],
      ['13-33', 'The Prodigal', 'upper', ['G', 'Throat']],
      ['5-15', 'Rhythm', 'lower', ['Sacral', 'G']],
      ['2-14', 'The Beat', 'lower', ['G', 'Sacral']],
      ['29-46', 'Discovery', 'lower', ['Sacral', 'G']],
    ]);
    expect(PENTA_CHANNELS.flatMap((c) => [c.gate1, c.gate2]).sort((a, b) => a - b)).toEqual([...PENTA_GATES].sort((a, b) => a - b));
  });
});

describe('Penta of 3: ra-uru-hu (0), natalengine-aaron-g (1), natalengine-kathleen-m (2)', () => {
  // Penta gates of each person (all 26 activations, gate.line):
  //   0 ra-uru-hu:   p NorthNode 2.1, p SouthNode 1.1, p Mars 7.6, p Saturn 7.3, p Pluto 33.6, d Pluto 7.2
  //   1 aaron-g:     d Earth 5.5, d SouthNode 15.3, d Moon 29.3, d Saturn 13.6
  //   2 kathleen-m:  p Venus 31.6, p Mars 33.4, p Jupiter 33.4, p Pluto 1.6, d Jupiter 31.3
  //   (nobody has 8, 46 or 14)
  const r = computePenta(people('ra-uru-hu', 'natalengine-aaron-g', 'natalengine-kathleen-m'));

  it('gates: who supplies each, from which side', () => {
    expectGates(r, {
      31: [[2, 'pd']], // Kathleen p Venus + d Jupiter
      8: [],
      33: [
        [0, 'p'],
        [2, 'p'],
      ], // Ra p Pluto; Kathleen p Mars, p Jupiter
      7: [[0, 'pd']], // Ra p Mars, p Saturn, d Pluto
      1: [
        [0, 'p'],
        [2, 'p'],
      ], // Ra p SouthNode; Kathleen p Pluto
      13: [[1, 'd']],
      15: [[1, 'd']],
      2: [[0, 'p']],
      46: [],
      5: [[1, 'd']],
      14: [],
      29: [[1, 'd']],
    });
  });

  it('channels: 7-31 and 13-33 only across members, 5-15 whole in Aaron, 1-8 / 2-14 / 29-46 gaps', () => {
    expectChannels(r, [
      ['7-31', 'across-members', [0, 2], []], // 7 Ra, 31 Kathleen; nobody has both
      ['1-8', null, [0, 2], []], // 1 present (Ra, Kathleen), 8 missing
      ['13-33', 'across-members', [0, 1, 2], []], // 13 Aaron, 33 Ra + Kathleen
      ['5-15', 'single-member', [1], [1]], // Aaron d Earth 5 + d SouthNode 15
      ['2-14', null, [0], []], // 2 Ra, 14 missing
      ['29-46', null, [1], []], // 29 Aaron, 46 missing
    ]);
  });

  it('gaps, overlaps, members, counts', () => {
    expect(r.gaps).toEqual({ gates: [8, 46, 14], channels: ['1-8', '2-14', '29-46'] });
    expect(r.overlaps).toEqual([
      { gate: 33, members: [0, 2] },
      { gate: 1, members: [0, 2] },
    ]);
    expect(r.members).toEqual([
      { index: 0, pentaGates: [33, 7, 1, 2], pentaChannels: [], soleGates: [7, 2] },
      { index: 1, pentaGates: [13, 15, 5, 29], pentaChannels: ['5-15'], soleGates: [13, 15, 5, 29] },
      { index: 2, pentaGates: [31, 33, 1], pentaChannels: [], soleGates: [31] },
    ]);
    expect(r.counts).toEqual({ presentGates: 9, presentChannels: 3 });
    expect(r.memberCount).toBe(3);
  });
});

describe('Penta of 4: bentyson-dave (0), bentyson-ben (1), bentyson-elodi (2), batelzeek-attleboro-1992 (3)', () => {
  //   0 dave:      p Moon 13.2, p Neptune 14.6, d Moon 1.2, d Uranus 46.6, d Neptune 14.2
  //   1 ben:       p Sun 14.1, p Earth 8.1, p Mercury 1.3, d Sun 29.3, d Mercury 33.5
  //   2 elodi:     d Saturn 5.6 (her only Penta gate)
  //   3 batelzeek: p Jupiter 46.1, d SouthNode 15.3, d Moon 29.6, d Mercury 33.1, d Mars 2.1, d Saturn 13.5
  //   (nobody has 31 or 7)
  const r = computePenta(people('bentyson-dave', 'bentyson-ben', 'bentyson-elodi', 'batelzeek-attleboro-1992'));

  it('gates: who supplies each, from which side', () => {
    expectGates(r, {
      31: [],
      8: [[1, 'p']],
      33: [
        [1, 'd'],
        [3, 'd'],
      ],
      7: [],
      1: [
        [0, 'd'],
        [1, 'p'],
      ],
      13: [
        [0, 'p'],
        [3, 'd'],
      ],
      15: [[3, 'd']],
      2: [[3, 'd']],
      46: [
        [0, 'd'],
        [3, 'p'],
      ],
      5: [[2, 'd']],
      14: [
        [0, 'pd'],
        [1, 'p'],
      ], // Dave p + d Neptune; Ben p Sun
      29: [
        [1, 'd'],
        [3, 'd'],
      ],
    });
  });

  it('channels: 1-8 whole in Ben, 13-33 and 29-46 whole in Batelzeek, 5-15 and 2-14 across, 7-31 gap', () => {
    expectChannels(r, [
      ['7-31', null, [], []], // neither gate
      ['1-8', 'single-member', [0, 1], [1]], // Ben 8 + 1; Dave adds 1
      ['13-33', 'single-member', [0, 1, 3], [3]], // Batelzeek 13 + 33; Dave adds 13, Ben 33
      ['5-15', 'across-members', [2, 3], []], // 5 only Elodi, 15 only Batelzeek
      ['2-14', 'across-members', [0, 1, 3], []], // 2 Batelzeek, 14 Dave + Ben
      ['29-46', 'single-member', [0, 1, 3], [3]], // Batelzeek 46 + 29; Dave 46 with Ben 29 would also form it
    ]);
  });

  it('gaps, overlaps, members, counts', () => {
    expect(r.gaps).toEqual({ gates: [31, 7], channels: ['7-31'] });
    expect(r.overlaps).toEqual([
      { gate: 33, members: [1, 3] },
      { gate: 1, members: [0, 1] },
      { gate: 13, members: [0, 3] },
      { gate: 46, members: [0, 3] },
      { gate: 14, members: [0, 1] },
      { gate: 29, members: [1, 3] },
    ]);
    expect(r.members).toEqual([
      { index: 0, pentaGates: [1, 13, 46, 14], pentaChannels: [], soleGates: [] }, // every Dave gate is shared
      { index: 1, pentaGates: [8, 33, 1, 14, 29], pentaChannels: ['1-8'], soleGates: [8] },
      { index: 2, pentaGates: [5], pentaChannels: [], soleGates: [5] },
      { index: 3, pentaGates: [33, 13, 15, 2, 46, 29], pentaChannels: ['13-33', '29-46'], soleGates: [15, 2] },
    ]);
    expect(r.counts).toEqual({ presentGates: 10, presentChannels: 5 });
  });
});

describe('Penta of 5: isaacbowen (0), istanbul-1968 (1), 1987-01-20 (2), sharpastrology-2024 (3), maia-1989 (4)', () => {
  //   0 mybodygraph-isaacbowen:           p Venus 14.5, p Jupiter 8.4, p Pluto 1.1, d Venus 7.1
  //   1 dturkuler-istanbul-1968:          p Neptune 14.3, d Mercury 1.4, d Uranus 46.1
  //   2 dturkuler-1987-01-20:             p Venus 5.2, d Mercury 14.2, d Venus 1.6
  //   3 sharpastrology-2024-01-01:        d Moon 15.3, d Mercury 46.3, d Venus 29.3, d Jupiter 2.1
  //   4 sharpastrology-issue15-maia-1989: p Earth 31.1, p Moon 7.2, p Jupiter 8.2, p Pluto 1.2
  //   (nobody has 33 or 13)
  const ids = ['mybodygraph-isaacbowen', 'dturkuler-istanbul-1968', 'dturkuler-1987-01-20', 'sharpastrology-2024-01-01', 'sharpastrology-issue15-maia-1989'];
  const r = computePenta(people(...ids));

  it('gates: who supplies each, from which side', () => {
    expectGates(r, {
      31: [[4, 'p']],
      8: [
        [0, 'p'],
        [4, 'p'],
      ],
      33: [],
      7: [
        [0, 'd'],
        [4, 'p'],
      ],
      1: [
        [0, 'p'],
        [1, 'd'],
        [2, 'd'],
        [4, 'p'],
      ],
      13: [],
      15: [[3, 'd']],
      2: [[3, 'd']],
      46: [
        [1, 'd'],
        [3, 'd'],
      ],
      5: [[2, 'p']],
      14: [
        [0, 'p'],
        [1, 'p'],
        [2, 'd'],
      ],
      29: [[3, 'd']],
    });
  });

  it('channels: 1-8 whole in two members, 7-31 and 29-46 whole in one, 5-15 and 2-14 across, 13-33 gap', () => {
    expectChannels(r, [
      ['7-31', 'single-member', [0, 4], [4]], // Maia 31 + 7; Isaac adds 7
      ['1-8', 'single-member', [0, 1, 2, 4], [0, 4]], // Isaac 8 + 1 and Maia 8 + 1; 1 also from Istanbul, 1987
      ['13-33', null, [], []],
      ['5-15', 'across-members', [2, 3], []], // 5 from 1987, 15 from SA 2024
      ['2-14', 'across-members', [0, 1, 2, 3], []], // 2 from SA 2024, 14 from Isaac, Istanbul, 1987
      ['29-46', 'single-member', [1, 3], [3]], // SA 2024 46 + 29; Istanbul adds 46
    ]);
  });

  it('gaps, overlaps, members, counts', () => {
    expect(r.gaps).toEqual({ gates: [33, 13], channels: ['13-33'] });
    expect(r.overlaps).toEqual([
      { gate: 8, members: [0, 4] },
      { gate: 7, members: [0, 4] },
      { gate: 1, members: [0, 1, 2, 4] },
      { gate: 46, members: [1, 3] },
      { gate: 14, members: [0, 1, 2] },
    ]);
    expect(r.members).toEqual([
      { index: 0, pentaGates: [8, 7, 1, 14], pentaChannels: ['1-8'], soleGates: [] },
      { index: 1, pentaGates: [1, 46, 14], pentaChannels: [], soleGates: [] },
      { index: 2, pentaGates: [1, 5, 14], pentaChannels: [], soleGates: [5] },
      { index: 3, pentaGates: [15, 2, 46, 29], pentaChannels: ['29-46'], soleGates: [15, 2, 29] },
      { index: 4, pentaGates: [31, 8, 7, 1], pentaChannels: ['7-31', '1-8'], soleGates: [31] },
    ]);
    expect(r.counts).toEqual({ presentGates: 10, presentChannels: 5 });
    expect(r.memberCount).toBe(5);
  });

  it('member order only permutes member indices', () => {
    // New order: old 3, 0, 4, 1, 2 → old member o sits at newIndex[o].
    const order = [3, 0, 4, 1, 2];
    const newIndex = (o: number) => order.indexOf(o);
    const p = computePenta(order.map((o) => charts.get(ids[o])!));

    // By hand in the new numbering: Maia (old 4) is 2, so 7-31 is whole in [2]; 1-8 whole in Isaac (1) and Maia (2).
    expect(p.channels.find((c) => c.key === '7-31')!.wholeBy).toEqual([2]);
    expect(p.channels.find((c) => c.key === '1-8')!.wholeBy).toEqual([1, 2]);
    expect(p.gates.find((g) => g.gate === 1)!.members).toEqual([1, 2, 3, 4]);

    expect(p).toEqual(renumber(r, newIndex));
  });
});

/** The analysis with every member index o replaced by map(o), member lists re-sorted, members re-ordered. */
function renumber(a: PentaAnalysis, map: (o: number) => number): PentaAnalysis {
  const ms = (xs: number[]) => xs.map(map).sort((x, y) => x - y);
  return {
    ...a,
    gates: a.gates.map((g) => ({
      ...g,
      members: ms(g.members),
      suppliers: g.suppliers.map((s) => ({ ...s, member: map(s.member) })).sort((x, y) => x.member - y.member),
    })),
    channels: a.channels.map((c) => ({ ...c, members: ms(c.members), wholeBy: ms(c.wholeBy) })),
    overlaps: a.overlaps.map((o) => ({ ...o, members: ms(o.members) })),
    members: a.members.map((m) => ({ ...m, index: map(m.index) })).sort((x, y) => x.index - y.index),
  };
}

describe('Penta input and output', () => {
  const five = people('ra-uru-hu', 'natalengine-aaron-g', 'natalengine-kathleen-m', 'bentyson-dave', 'bentyson-ben');

  it(`fewer than ${PENTA_MIN_MEMBERS} or more than ${PENTA_MAX_MEMBERS} members → PENTA_SIZE`, () => {
    for (const n of [0, 1, 2, 6]) {
      const members = [...five, charts.get('bentyson-elodi')!].slice(0, n);
      let err: unknown;
      try {
        computePenta(members);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(EngineInputError);
      expect(err).toMatchObject({ code: 'PENTA_SIZE', details: { members: n, min: 3, max: 5 } });
    }
    expect(() => computePenta(five.slice(0, 3))).not.toThrow();
    expect(() => computePenta(five)).not.toThrow();
  });

  it('a member without activations → PENTA_MEMBER_INVALID', () => {
    const broken = { personality: five[0].personality } as unknown as Chart;
    expect(() => computePenta([five[1], broken, five[2]])).toThrow(expect.objectContaining({ code: 'PENTA_MEMBER_INVALID' }));
  });

  it('is deterministic and plain JSON', () => {
    const a = computePenta(five);
    const b = computePenta(five);
    expect(b).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('the same person twice: every gate they bring is an overlap, their channels are whole in both', () => {
    // bentyson-ben twice + elodi: Ben's gates 14, 8, 1, 29, 33 are all supplied by members 0 and 1; 1-8 whole in both.
    const r = computePenta(people('bentyson-ben', 'bentyson-ben', 'bentyson-elodi'));
    expect(r.overlaps).toEqual([8, 33, 1, 14, 29].map((gate) => ({ gate, members: [0, 1] })));
    expect(r.channels.find((c) => c.key === '1-8')).toMatchObject({ formedBy: 'single-member', wholeBy: [0, 1] });
    expect(r.members.map((m) => m.soleGates)).toEqual([[], [], [5]]);
    expect(r.gaps.channels).toEqual(['7-31', '13-33', '5-15', '2-14', '29-46']); // 5 (Elodi) lacks 15
  });
});
