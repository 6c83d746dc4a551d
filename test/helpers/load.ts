/**
 * A bounded load generator for fault tests: `concurrency` clients, each sending one request after another
 * for `durationMs`, every request a distinct birth. Every answer is recorded (status, when it was sent, how
 * long it took); a request that got no answer at all is recorded with status 0.
 */
import { TEST_API_KEY } from './test-key';

export interface Sample {
  status: number;
  code?: string;
  sentAt: number;
  ms: number;
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  durationMs: number;
  key?: string;
  path?: string;
  /** Offsets the births so that two loads never share a job. */
  seed?: number;
  /** Aborts a request with no answer after this long (status 0). */
  requestTimeoutMs?: number;
}

const PLACES = ['Paris, France', 'Berlin, Germany', 'Tokyo, Japan', 'Sao Paulo, Brazil', 'Mumbai, India', 'Sydney, Australia'];

/** The i-th distinct birth. */
export function birth(i: number): object {
  const day = new Date(Date.UTC(1950, 0, 1) + (i % 29_000) * 86_400_000).toISOString().slice(0, 10);
  const minutes = Math.floor(i / 29_000) * 7 + (i % 1440);
  const m = minutes % 1440;
  const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { birthdate: day, birthtime: time, location: PLACES[i % PLACES.length] };
}

export async function runLoad(o: LoadOptions): Promise<Sample[]> {
  const samples: Sample[] = [];
  const end = Date.now() + o.durationMs;
  let next = o.seed ?? Math.floor(Math.random() * 1e6);
  const client = async () => {
    while (Date.now() < end) {
      const body = JSON.stringify(birth(next++));
      const sentAt = Date.now();
      try {
        const res = await fetch(`${o.baseUrl}${o.path ?? '/v1/chart'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'HD-Api-Key': o.key ?? TEST_API_KEY },
          body,
          signal: AbortSignal.timeout(o.requestTimeoutMs ?? 30_000),
        });
        const text = await res.text();
        let code: string | undefined;
        if (res.status !== 200) code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
        samples.push({ status: res.status, code, sentAt, ms: Date.now() - sentAt });
      } catch {
        samples.push({ status: 0, sentAt, ms: Date.now() - sentAt });
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, client));
  return samples;
}

/** Counts by status (and error code), the slowest answer, and percentiles: what the tests print. */
export function summarise(samples: Sample[]): { total: number; byStatus: Record<string, number>; maxMs: number; p50: number; p95: number; p99: number } {
  const byStatus: Record<string, number> = {};
  for (const s of samples) {
    const k = s.code ? `${s.status} ${s.code}` : String(s.status);
    byStatus[k] = (byStatus[k] ?? 0) + 1;
  }
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
  return { total: samples.length, byStatus, maxMs: ms[ms.length - 1] ?? 0, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Run as a child process (a second load generator that does not share the test's event loop): prints the samples' summary. */
if (require.main === module) {
  const options = JSON.parse(process.argv[2]) as LoadOptions;
  void runLoad(options).then((samples) => process.stdout.write(`${JSON.stringify(summarise(samples))}\n`));
}
