/**
 * Population statistics (RULES 13.4, corrected 2026-11-23 from 300,000 oracle instants): 100,000 uniformly
 * random instants 1950–2030 (seeded, deterministic) must land within ±1 percentage point of every share for
 * type, authority, definition and profile. The standard error of a share near 47 % is about 0.16 points on
 * 100,000 instants, so ±1 point only catches a rule error, never sampling noise.
 */
import { computeChart } from './chart';

const N = 100_000;
const EXPECTED = {
  type: { Generator: 35.4, 'Manifesting Generator': 31.6, Projector: 22.1, Manifestor: 10.0, Reflector: 0.9 },
  authority: {
    'Emotional (Solar Plexus)': 53.0,
    Sacral: 31.2,
    Splenic: 9.1,
    'Self-Projected': 2.4,
    'Mental / Environmental (no inner authority)': 2.1,
    Lunar: 0.9,
    'Ego Manifested': 0.8,
    'Ego Projected': 0.5,
  },
  definition: {
    'Split Definition': 47.4,
    'Single Definition': 38.7,
    'Triple Split Definition': 12.3,
    'No Definition': 0.9,
    'Quadruple Split Definition': 0.7,
  },
  // RULES gives the right-angle profiles as "about 14.4 each" and the juxtaposition ones as "about 2.2 each".
  profile: {
    '1/3': 14.4,
    '1/4': 2.2,
    '2/4': 14.4,
    '2/5': 2.2,
    '3/5': 14.4,
    '3/6': 2.2,
    '4/6': 14.4,
    '4/1': 2.2,
    '5/1': 14.4,
    '5/2': 2.2,
    '6/2': 14.4,
    '6/3': 2.2,
  },
} as const;

describe(`population statistics on ${N} random instants 1950–2030 (RULES 13.4)`, () => {
  const counts: Record<keyof typeof EXPECTED, Record<string, number>> = { type: {}, authority: {}, definition: {}, profile: {} };

  beforeAll(() => {
    let seed = 1;
    const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed / 2 ** 32);
    const lo = Date.parse('1950-01-01T00:00:00Z');
    const hi = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < N; i++) {
      const c = computeChart(Math.round(lo + rnd() * (hi - lo)));
      for (const k of ['type', 'authority', 'definition', 'profile'] as const) counts[k][c[k]] = (counts[k][c[k]] ?? 0) + 1;
    }
  });

  for (const k of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[]) {
    it(`${k} shares within ±1 pp`, () => {
      const found: Record<string, number> = {};
      for (const name of Object.keys(counts[k])) found[name] = +((100 * counts[k][name]) / N).toFixed(2);
      // Visible in the test log for the report.
      console.log(`${k}: ${JSON.stringify(found)}`);
      expect(Object.keys(found).sort()).toEqual(Object.keys(EXPECTED[k]).sort());
      for (const [name, pct] of Object.entries(EXPECTED[k])) {
        expect([name, Math.abs(found[name] - pct) <= 1]).toEqual([name, true]);
      }
    });
  }
});
