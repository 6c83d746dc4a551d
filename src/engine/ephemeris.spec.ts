/** Ephemeris range, node type and design-moment solver checks (RULES 2). */
import { computeChart } from './natal/chart';
import { computeTransit } from './relations/transit';
import { EngineInputError } from './types';
import { SUPPORTED_BIRTH_MAX_UTC_MS, SUPPORTED_BIRTH_MIN_UTC_MS, jdFromUtcMs, sunLongitude } from './ephemeris';
import { angleDiff } from './angles';
import { solveDesign } from './natal/design';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : `not an EngineInputError: ${String(e)}`;
  }
  return undefined;
}

describe('ephemeris range', () => {
  it.each(['1700-01-01T00:00:00Z', '1799-12-31T00:00:00Z', '1800-01-15T00:00:00Z', '2400-01-02T00:00:00Z', '2600-01-01T00:00:00Z'])(
    'birth %s → DATE_OUT_OF_RANGE',
    (iso) => {
      expect(codeOf(() => computeChart(Date.parse(iso)))).toBe('DATE_OUT_OF_RANGE');
    },
  );
  it('transit outside the data files → DATE_OUT_OF_RANGE', () => {
    expect(codeOf(() => computeTransit([1], Date.parse('1750-01-01T00:00:00Z')))).toBe('DATE_OUT_OF_RANGE');
  });
  it('the ends of the supported birth range work', () => {
    expect(computeChart(SUPPORTED_BIRTH_MIN_UTC_MS).designUtc < '1800-01-15').toBe(true);
    expect(computeChart(SUPPORTED_BIRTH_MAX_UTC_MS).birthUtc).toBe('2400-01-01T00:00:00Z');
  });
  it('bad input', () => {
    expect(codeOf(() => computeChart(NaN))).toBe('INVALID_INSTANT');
    expect(codeOf(() => computeChart(Date.parse('2000-01-01'), { nodeType: 'x' as never }))).toBe('INVALID_NODE_TYPE');
  });
});

describe('node type', () => {
  it("mean node differs from the true node by < 2° and is reported as 'mean'", () => {
    const t = Date.parse('1992-10-03T04:03:00Z');
    const a = computeChart(t);
    const m = computeChart(t, { nodeType: 'mean' });
    expect(a.nodeType).toBe('true');
    expect(m.nodeType).toBe('mean');
    expect(Math.abs(angleDiff(a.personality.northNode.longitude, m.personality.northNode.longitude))).toBeLessThan(2);
    expect(a.personality.northNode.longitude).not.toBe(m.personality.northNode.longitude);
    expect(m.personality.sun).toEqual(a.personality.sun);
    expect(Math.abs(angleDiff(m.personality.southNode.longitude, m.personality.northNode.longitude))).toBeCloseTo(180, 9);
  });
});

describe('design moment (RULES 2.3)', () => {
  it('solves |Δλ| ≤ 1e-6° within the 84–96 day bracket, in at most 3 Sun evaluations', () => {
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed / 2 ** 32);
    const lo = Date.parse('1801-01-01T00:00:00Z');
    const hi = Date.parse('2399-01-01T00:00:00Z');
    for (let i = 0; i < 300; i++) {
      const jd = jdFromUtcMs(lo + rnd() * (hi - lo));
      const birthSun = sunLongitude(jd);
      const d = solveDesign(jd, birthSun);
      expect(Math.abs(angleDiff(sunLongitude(d.jdUt), birthSun - 88))).toBeLessThanOrEqual(1e-6);
      expect(jd - d.jdUt).toBeGreaterThan(84);
      expect(jd - d.jdUt).toBeLessThan(96);
      expect(d.evaluations).toBeLessThanOrEqual(3);
    }
  });
});
