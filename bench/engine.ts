/**
 * Engine benchmark: charts per second on one core for distinct births (uniform random instants 1950–2030, seeded),
 * after a warm-up; per-chart latency percentiles; design-solver Sun evaluations per chart; peak RSS.
 * Standalone: `npx ts-node --transpile-only bench/engine.ts`.
 */
import type { Report } from './report';
import { printReport } from './report';
import { computeChart, designSolverStats } from '../src/engine';

const WARMUP = 2_000;
const MEASURED = 20_000;

// eslint-disable-next-line @typescript-eslint/require-await -- every section keeps bench/run.ts's async run() contract (a throw becomes a rejection)
export async function run(report: Report): Promise<void> {
  let seed = 424242;
  const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed / 2 ** 32);
  const lo = Date.parse('1950-01-01T00:00:00Z');
  const hi = Date.parse('2030-01-01T00:00:00Z');
  // Distinct births, generated up front so the timed loop measures the engine only.
  const births = Array.from({ length: WARMUP + MEASURED }, () => Math.round(lo + rnd() * (hi - lo)));

  for (let i = 0; i < WARMUP; i++) computeChart(births[i]);

  designSolverStats.solves = 0;
  designSolverStats.sunEvaluations = 0;
  const lat = new Float64Array(MEASURED);
  let sink = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let prev = t0;
  for (let i = 0; i < MEASURED; i++) {
    sink += computeChart(births[WARMUP + i]).personality.sun.gate;
    const now = process.hrtime.bigint();
    lat[i] = Number(now - prev) / 1000;
    prev = now;
  }
  const seconds = Number(prev - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (sink === 0) throw new Error('unreachable');

  lat.sort();
  const pct = (p: number) => lat[Math.min(MEASURED - 1, Math.floor(p * MEASURED))];
  report('engine.charts_per_s', Math.round(MEASURED / seconds), 'charts/s');
  // Wall-clock rate suffers when other processes share the cores; the CPU-time rate shows the engine's own cost.
  report('engine.charts_per_cpu_s', Math.round(MEASURED / cpuSeconds), 'charts/cpu-s');
  report('engine.chart_us_p50', pct(0.5), 'us');
  report('engine.chart_us_p99', pct(0.99), 'us');
  report('engine.design_solver_iterations_avg', designSolverStats.sunEvaluations / designSolverStats.solves, 'sun evaluations/chart');
  report('engine.peak_rss_mb', Math.round(process.resourceUsage().maxRSS / 1024), 'MB');
}

if (require.main === module) {
  run(printReport).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
