/**
 * Fair by cost (README "Fair use"): for each heavy kind, key A keeps 32 requests in flight (distinct inputs),
 * alone, beside key B sending one /v1/chart at a time, and alone again; prints key B's latency and key A's throughput
 * both ways, as test/fair-by-cost.e2e-spec.ts asserts them. Also key B alone, for reference.
 * Standalone: `npx ts-node --transpile-only bench/fair.ts [kind …]`.
 */
import type { Report } from './report';
import { printReport } from './report';
import { fairScenario, HEAVY_KINDS, type HeavyKind, runChartsOneAtATime } from '../test/helpers/heavy-load';
import { startService } from '../test/helpers/service';

const KEY_A = 'bench-fair-key-a-0123456789';
const KEY_B = 'bench-fair-key-b-0123456789';

export async function run(report: Report, kinds: readonly HeavyKind[] = HEAVY_KINDS): Promise<void> {
  const svc = await startService({ apiKeys: [KEY_A, KEY_B], env: { LOG_LEVEL: 'error', QUEUE_MAX_WAITING: '100000' } });
  try {
    const idle = await runChartsOneAtATime({ baseUrl: svc.baseUrl, key: KEY_B, durationMs: 5_000, seed: 77_000_000 });
    report('fair.idle.b_p50', idle.p50, 'ms (key B alone, one at a time)');
    report('fair.idle.b_p99', idle.p99, 'ms');
    for (const [i, kind] of kinds.entries()) {
      const f = await fairScenario({
        baseUrl: svc.baseUrl,
        keyA: KEY_A,
        keyB: KEY_B,
        kind,
        seed: 80_000_000 + i * 1_000_000,
        aloneMs: 10_000,
        sharedMs: 15_000,
        rampMs: 2_000,
      });
      report(`fair.${kind}.b_p50`, f.keyB.p50, 'ms');
      report(`fair.${kind}.b_p99`, f.keyB.p99, 'ms');
      report(`fair.${kind}.b_errors`, f.keyB.total - (f.keyB.byStatus['200'] ?? 0), 'answers other than 200');
      report(`fair.${kind}.a_alone`, f.keyA.alonePerS, `req/s (mean of before and after the shared phase: ${f.keyA.aloneBeforeAfterPerS.join(' and ')})`);
      report(
        `fair.${kind}.a_with_b`,
        f.keyA.withBPerS,
        `req/s (${((100 * f.keyA.withBPerS) / f.keyA.alonePerS).toFixed(0)} % of alone; answers ${JSON.stringify(f.keyA.withB)})`,
      );
    }
  } finally {
    await svc.stop();
  }
}

if (require.main === module) {
  const kinds = process.argv.slice(2).filter((k): k is HeavyKind => (HEAVY_KINDS as readonly string[]).includes(k));
  void run(printReport, kinds.length ? kinds : HEAVY_KINDS).then(() => process.exit(0));
}
