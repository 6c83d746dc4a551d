/**
 * Place and time resolution benchmark: gazetteer load time and memory, lookups/s, the time a refused name takes
 * (its suggestions), place searches/s (distinct realistic prefixes, as typed into a search box), localToUtc/s.
 * Standalone: npx ts-node --transpile-only bench/places.ts   (node --expose-gc for exact memory figures)
 * BENCH_BASE=<commit> adds the search latencies of this tree and of that commit (checked out in a git worktree beside
 * this one) measured in one process, call by call: each query once per round on each, which goes first alternating,
 * BENCH_PLACES_ROUNDS rounds (default 40). Figures of two separate runs differ by more than the change being judged.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Report } from './report';
import { printReport } from './report';
import { Gazetteer, loadGazetteer, searchPlaces } from '../src/engine/places';
import { localToUtc } from '../src/engine/time';

const ROOT = resolve(__dirname, '..');

const QUERIES = [
  'Springfield, Illinois, USA',
  'Paris, France',
  'koln, germany',
  'Sao Paulo, Brazil',
  'Montreal, Quebec, Canada',
  'Washington, D.C., USA',
  'Istanbul, Turkey',
  'London, England',
  'Springfield, USA',
  'Accra, Ghana',
  'Portland, Oregon, United States',
  'Amsterdam, Holland',
  'Tokyo, Japan',
  'Geneva, New York, USA',
  'Salem, MA',
];

/** Names as people type them, in several scripts; every prefix of 2+ characters of each is one search. */
const TYPED = [
  'London',
  'Paris',
  'New York',
  'San Francisco',
  'Los Angeles',
  'München',
  'Berlin',
  'Hamburg',
  'Wien',
  'Zürich',
  'Roma',
  'Milano',
  'Madrid',
  'Barcelona',
  'Lisboa',
  'Amsterdam',
  'Bruxelles',
  'København',
  'Stockholm',
  'Oslo',
  'Helsinki',
  'Warszawa',
  'Praha',
  'Budapest',
  'Istanbul',
  'Athens',
  'Cairo',
  'Lagos',
  'Nairobi',
  'Johannesburg',
  'Mumbai',
  'Delhi',
  'Bangalore',
  'Karachi',
  'Dhaka',
  'Bangkok',
  'Singapore',
  'Jakarta',
  'Manila',
  'Hong Kong',
  'Shanghai',
  'Beijing',
  'Seoul',
  'Tokyo',
  'Osaka',
  'Sydney',
  'Melbourne',
  'Auckland',
  'Toronto',
  'Montréal',
  'Vancouver',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
  'Springfield',
  'Portland',
  'Mexico City',
  'Guadalajara',
  'Bogotá',
  'Lima',
  'Santiago',
  'Buenos Aires',
  'São Paulo',
  'Rio de Janeiro',
  'Saint Petersburg',
  'Москва',
  'Санкт-Петербург',
  'Київ',
  'Αθήνα',
  '東京',
  '北京',
  '서울',
  'القاهرة',
  'मुंबई',
  'תל אביב',
];
/** Qualified and multi-word searches. */
const QUALIFIED = [
  'Paris, US',
  'Paris, France',
  'Springfield, IL',
  'Springfield, Missouri, USA',
  'London, Canada',
  'san fr',
  'st lo',
  'rio de j',
  'new y',
  'los an',
  'Москва, Россия',
  'Portland, Or',
  'be, Texas',
  'sa, Iceland',
];

function searchQueries(): string[] {
  const out = new Set<string>(QUALIFIED);
  for (const name of TYPED) {
    const chars = [...name];
    for (let i = 2; i <= chars.length; i++) out.add(chars.slice(0, i).join(''));
  }
  return [...out];
}

/** The commit `base` checked out beside this tree (once), sharing this tree's node_modules. */
function baseTree(base: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', base], { cwd: ROOT }).toString().trim();
  const dir = join(ROOT, '..', `.hd-bench-base-${sha}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, stdio: 'ignore' });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

/** Search latencies of this tree and of BENCH_BASE, interleaved call by call (see the header). */
function compareWithBase(report: Report, base: string, searches: string[]): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the base tree's engine, loaded beside this one's
  const other = require(join(baseTree(base), 'src', 'engine', 'places')) as { searchPlaces: (q: string, limit: number) => unknown };
  const rounds = Number(process.env.BENCH_PLACES_ROUNDS ?? 40);
  const both = [searchPlaces, other.searchPlaces];
  for (let r = 0; r < 3; r++) for (const q of searches) for (const f of both) f(q, 10); // loads the base's gazetteer, warms up
  const times: number[][] = [[], []];
  for (let r = 0; r < rounds; r++) {
    searches.forEach((q, i) => {
      for (const k of (r + i) % 2 ? [1, 0] : [0, 1]) {
        const t = process.hrtime.bigint();
        both[k](q, 10);
        times[k].push(Number(process.hrtime.bigint() - t) / 1e3);
      }
    });
  }
  ['search_interleaved', 'base_search_interleaved'].forEach((name, k) => {
    const sorted = times[k].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.floor(sorted.length * p)];
    report(`places.${name}_mean_us`, sorted.reduce((a, b) => a + b, 0) / sorted.length, 'µs');
    report(`places.${name}_p50_us`, at(0.5), 'µs');
    report(`places.${name}_p90_us`, at(0.9), 'µs');
    report(`places.${name}_p99_us`, at(0.99), `µs (${rounds} rounds of ${searches.length}${k ? `, ${base}` : ''})`);
  });
}

export async function run(report: Report): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const arraysBefore = process.memoryUsage().arrayBuffers;
  const externalBefore = process.memoryUsage().external;
  const t0 = process.hrtime.bigint();
  const g: Gazetteer = loadGazetteer();
  const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
  gc?.();
  if (gc) {
    // a collection hands the memory of dead array buffers (the load's decoded columns, ~54 MB) to a background thread
    // to free; counted before that is done, arrays_mb read 127 MB in 2 of 5 runs instead of 73
    await new Promise((r) => setTimeout(r, 200));
    gc();
  }
  const mem = process.memoryUsage();
  const heapMb = (mem.heapUsed - heapBefore) / 1024 / 1024;
  const arraysMb = (mem.arrayBuffers - arraysBefore) / 1024 / 1024;
  // The string tables' long texts are external strings (gazetteer-data.ts outsideTheHeap): outside the JS heap, and
  // not array buffers either.
  const stringsMb = (mem.external - externalBefore) / 1024 / 1024 - arraysMb;
  const approx = gc ? '' : ' (approx., run node with --expose-gc for exact)';
  report('places.load_ms', Math.round(loadMs), 'ms');
  report('places.heap_mb', heapMb, `MB${approx}`); // JS heap: strings, objects
  report('places.arrays_mb', arraysMb, `MB${approx}`); // typed arrays (outside the JS heap figure)
  report('places.external_strings_mb', stringsMb, `MB${approx}`);
  report('places.memory_mb', heapMb + arraysMb + stringsMb, `MB${approx}`);

  let n = 0;
  for (let i = 0; i < 20000; i++) g.resolve(QUERIES[i % QUERIES.length]); // warm-up
  const t1 = Date.now();
  while (Date.now() - t1 < 1000) {
    for (let i = 0; i < 1000; i++) g.resolve(QUERIES[(n + i) % QUERIES.length]);
    n += 1000;
  }
  report('places.lookups_per_s', Math.round(n / ((Date.now() - t1) / 1000)), 'lookups/s');

  // A refused name costs its suggestions (near spellings among the places of its country, or among the notable
  // places when no country is named): distinct made-up names, each refused once.
  for (const [name, suffix] of [
    ['refusal_no_country', ''],
    ['refusal_in_country', ', United States'],
  ] as const) {
    const made = Array.from({ length: 100 }, (_, i) => `Qzx${(i * 7919).toString(36)}vile${suffix}`);
    const t = performance.now();
    for (const q of made) {
      try {
        g.resolve(q);
      } catch {
        // LOCATION_NOT_FOUND with its suggestions: what is timed
      }
    }
    report(`places.${name}_ms`, +((performance.now() - t) / made.length).toFixed(2), 'ms per refused name (with its suggestions)');
  }

  const searches = searchQueries();
  for (let i = 0; i < 3; i++) for (const q of searches) searchPlaces(q, 10); // warm-up
  let s = 0;
  const t3 = Date.now();
  while (Date.now() - t3 < 1000) {
    for (let i = 0; i < 500; i++) searchPlaces(searches[(s + i) % searches.length], 10);
    s += 500;
  }
  // searches/s over the distinct queries in turn (~480), limit 10; then single-search latency percentiles
  report('places.search_per_s', Math.round(s / ((Date.now() - t3) / 1000)), 'searches/s');
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const q of searches) {
      const t = process.hrtime.bigint();
      searchPlaces(q, 10);
      times.push(Number(process.hrtime.bigint() - t) / 1e3);
    }
  }
  times.sort((a, b) => a - b);
  report('places.search_p50_us', times[Math.floor(times.length * 0.5)], 'µs');
  report('places.search_p99_us', times[Math.floor(times.length * 0.99)], 'µs');
  if (process.env.BENCH_BASE) compareWithBase(report, process.env.BENCH_BASE, searches);

  const cases: [string, string, string, number][] = [
    ['1990-05-15', '12:30', 'Europe/Amsterdam', 4.9],
    ['1935-07-01', '12:00', 'Europe/Amsterdam', 4.9],
    ['1974-02-01', '12:00', 'America/New_York', -74],
    ['2021-11-07', '01:30', 'America/New_York', -74],
    ['1986-06-01', '12:00', 'Asia/Kathmandu', 85.3],
    ['1850-01-01', '12:00', 'America/New_York', -71],
  ];
  for (let i = 0; i < 20000; i++) localToUtc(...cases[i % cases.length]);
  let m = 0;
  const t2 = Date.now();
  while (Date.now() - t2 < 1000) {
    for (let i = 0; i < 1000; i++) localToUtc(...cases[(m + i) % cases.length]);
    m += 1000;
  }
  report('time.local_to_utc_per_s', Math.round(m / ((Date.now() - t2) / 1000)), 'conversions/s');
}

if (require.main === module) {
  run(printReport).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
