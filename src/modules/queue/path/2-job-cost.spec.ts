import { ApiError } from '../../../common/api-error';
import { PLANETS } from '../../../engine/types';
import { JOB_NAMES, JOBS } from '../../../jobs/job-table';
import { OPERATIONS, type Operation } from '../../operations/operations';
import { combinedCost, jobCost, refuseIfTooLarge } from './2-job-cost';

const birth = { birthdate: '1985-06-15', birthtime: '10:30', location: 'Berlin, Germany', nodeType: 'true' as const };
const drawing = { size: 800, theme: 'light' as const, format: 'svg' as const, background: 'theme' as const };

describe('job cost (stage 2)', () => {
  it('is described in the operation registry for every job', () => {
    for (const name of JOB_NAMES) expect((OPERATIONS[name] as Operation).cost).toBe(JOBS[name].cost);
    expect((OPERATIONS.batch as Operation).cost).toBeDefined();
  });

  it('puts charts and SVG drawings in the light lane, time series, PNGs and unknown-time days in the heavy one', () => {
    expect(jobCost('chart', birth).lane).toBe('light');
    expect(jobCost('penta', { members: [birth, birth, birth, birth, birth] }).lane).toBe('light');
    expect(jobCost('bodygraph', { ...birth, ...drawing, variables: false }).lane).toBe('light');
    expect(jobCost('bodygraph', { ...birth, ...drawing, format: 'png', variables: false }).lane).toBe('heavy');
    expect(jobCost('day', { birthdate: '1985-06-15', location: 'Berlin, Germany', nodeType: 'true', detail: 'summary' }).lane).toBe('heavy');
    const tenYears = { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z', level: 'gate' as const, bodies: [...PLANETS], nodeType: 'true' as const };
    expect(jobCost('ingresses', tenYears).lane).toBe('heavy');
    // One day of ingresses is light work.
    expect(jobCost('ingresses', { ...tenYears, to: '2020-01-02T00:00:00Z' }).lane).toBe('light');
  });

  it('grows with the work asked: range, bodies, level, drawing width', () => {
    const range = { from: '2020-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z', bodies: [...PLANETS], nodeType: 'true' as const };
    const gate = jobCost('ingresses', { ...range, level: 'gate' }).computeMs;
    expect(jobCost('ingresses', { ...range, level: 'line' }).computeMs).toBeGreaterThan(2 * gate);
    expect(jobCost('ingresses', { ...range, level: 'gate', to: '2030-01-01T00:00:00Z' }).computeMs).toBeCloseTo(10 * gate, -1);
    // Earth and the South Node follow the Sun and the North Node: they add nothing.
    expect(jobCost('ingresses', { ...range, level: 'gate', bodies: ['sun', 'earth'] }).computeMs).toBeCloseTo(
      jobCost('ingresses', { ...range, level: 'gate', bodies: ['sun'] }).computeMs,
    );
    const png = (size: number) => jobCost('bodygraph', { ...birth, ...drawing, format: 'png', size, variables: false }).computeMs;
    expect(png(1200)).toBeGreaterThan(png(800));
    expect(png(4000)).toBeGreaterThan(png(2000));
  });

  it('adds up a batch, which counts in the heavier lane of its jobs', () => {
    const c = jobCost('chart', birth);
    const total = combinedCost(Array.from({ length: 100 }, () => c));
    expect(total.totalMs).toBeCloseTo(100 * c.totalMs);
    expect(total.lane).toBe('light');
  });

  it('refuses up front, with 400 RANGE_TOO_LARGE, work that alone could not finish within the time limit', () => {
    const big = jobCost('bodygraph', { ...birth, ...drawing, format: 'png', size: 4000, variables: false });
    expect(() => refuseIfTooLarge([big], 10_000)).not.toThrow();
    let err: unknown;
    try {
      refuseIfTooLarge([big], 300);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('RANGE_TOO_LARGE');
    expect((err as ApiError).details).toEqual({ estimatedMs: Math.round(big.computeMs), limitMs: Math.floor(300 / 1.5) });
  });
});
