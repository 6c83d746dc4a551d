/** Mandala mapping at and around boundaries (RULES 1.1–1.3). Expected values from the RULES tables. */
import { normalizeLongitude } from '../angles';
import { activationAt, baseIndex, gateStartLongitude } from './mandala';
import { WHEEL } from '../tables/wheel';

const gl = (lon: number) => {
  const a = activationAt(lon);
  return `${a.gate}.${a.line}`;
};
const full = (lon: number) => {
  const a = activationAt(lon);
  return `${a.gate}.${a.line}.${a.color}.${a.tone}.${a.base}`;
};

describe('mandala', () => {
  it('gate boundaries belong to the next gate (half-open intervals)', () => {
    expect(full(302.0)).toBe('41.1.1.1.1');
    expect(gl(307.625)).toBe('19.1');
    expect(full(307.625 - 1e-9)).toBe('41.6.6.6.5');
    expect(gl(223.25)).toBe('1.1'); // RULES 1.4: gate 1 starts at 223.250
    expect(gl(358.25)).toBe('25.1'); // gate 25 starts at 28°15' Pisces (NE)
    expect(gl(3.875)).toBe('17.1'); // gate 17 starts at 3°52'30" Aries (SA)
  });

  it('every one of the 64 gate starts maps to that gate, line 1; just before is the previous gate, line 6', () => {
    for (let i = 0; i < 64; i++) {
      const start = gateStartLongitude(i);
      expect(gl(start)).toBe(`${WHEEL[i]}.1`);
      expect(gl(start - 1e-9)).toBe(`${WHEEL[(i + 63) % 64]}.6`);
    }
  });

  it('line, color, tone and base boundaries', () => {
    expect(gl(302 + 0.9375)).toBe('41.2');
    expect(gl(302 + 0.9375 - 1e-9)).toBe('41.1');
    expect(full(302 + 0.15625)).toBe('41.1.2.1.1');
    expect(full(302 + 0.15625 / 6 + 1e-9)).toBe('41.1.1.2.1');
    expect(full(302 + 0.15625 / 6 - 1e-9)).toBe('41.1.1.1.5');
    expect(full(302 + 0.15625 / 30 + 1e-9)).toBe('41.1.1.1.2');
    // 5 bases per tone, not 6 (RULES 1.2 pitfall)
    expect(full(302 + (0.15625 / 30) * 4 + 1e-9)).toBe('41.1.1.1.5');
    expect(full(302 + (0.15625 / 30) * 5 + 1e-9)).toBe('41.1.1.2.1');
  });

  it('around 0°/360°: 359.9999999 and 0 are in gate 25 line 2 (25 spans 358.25–3.875)', () => {
    expect(gl(359.9999999)).toBe('25.2');
    expect(gl(0)).toBe('25.2');
    expect(gl(360)).toBe('25.2');
    expect(activationAt(360).longitude).toBe(0);
  });

  it('clamps the last base of the wheel (x just below 360)', () => {
    const justBelow302 = 301.99999999999994; // one ulp below 302
    expect(baseIndex(justBelow302)).toBe(69119);
    expect(full(justBelow302)).toBe('60.6.6.6.5');
  });

  it('accepts negative and over-360 longitudes', () => {
    expect(gl(-58)).toBe('41.1');
    expect(gl(662)).toBe('41.1');
    expect(gl(307.625 + 720)).toBe('19.1');
    expect(gl(-0.0000001)).toBe('25.2');
    expect(normalizeLongitude(-90)).toBe(270);
    expect(normalizeLongitude(-1e-20)).toBeLessThan(360);
    expect(activationAt(-90).longitude).toBe(270);
  });

  it('opposite gates are 32 wheel positions apart (41↔31, 13↔7, 1↔2)', () => {
    expect(gl(302 + 180)).toBe('31.1');
    expect(activationAt(313.25 + 180).gate).toBe(7);
    expect(activationAt(223.25 + 180).gate).toBe(2);
  });
});
