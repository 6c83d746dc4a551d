/**
 * The time-series jobs search their range in pieces of about a millisecond (and yield between them): their answers
 * must be those of one search over the whole range, which the engine's one-call functions give.
 */
import { existsSync, readFileSync } from 'node:fs';
import { findBodyStations, findIngresses, STATION_BODIES } from '../../../engine/search/ingresses';
import { findReturns, RETURN_KINDS } from '../../../engine/search/returns';
import { transitCalendar } from '../../../engine/search/transit-calendar';
import { gateSetFrom } from '../../../engine/relations/composite';
import { jdFromUtcMs, utcMsFromJd } from '../../../engine/ephemeris';
import { isoRoundedToSecond } from '../../../engine/time';
import { PLANETS } from '../../../engine/types';
import { chartOf } from '../../chart/jobs/chart-jobs';
import { Slicer } from '../../../jobs/slicer';
import { ingressesJob, returnsJob, stationsJob, transitCalendarJob } from './time-series-jobs';

const birth = { birthdate: '1971-03-09', birthtime: '04:20', location: 'Lisbon, Portugal', nodeType: 'true' as const };
const ms = (iso: string) => Date.parse(iso);

describe('time-series jobs in pieces = one search over the whole range', () => {
  it('ingresses, gate and line level', async () => {
    for (const [level, from, to] of [
      ['gate', '2019-02-03T05:00:00Z', '2022-07-01T00:00:00Z'],
      ['line', '2024-12-20T00:00:00Z', '2025-04-02T13:14:15Z'],
    ] as const) {
      const job = JSON.parse(await ingressesJob({ from, to, level, bodies: [...PLANETS], nodeType: 'true' })) as { events: unknown[] };
      expect(job.events).toEqual(findIngresses(ms(from), ms(to), PLANETS, level, 'true'));
      expect(job.events.length).toBeGreaterThan(100);
    }
  });

  it('stations', async () => {
    const [from, to] = ['2001-01-01T00:00:00Z', '2007-06-30T00:00:00Z'];
    const job = JSON.parse(await stationsJob({ from, to, bodies: [...STATION_BODIES] })) as { events: unknown[] };
    expect(job.events).toEqual(findBodyStations(ms(from), ms(to), STATION_BODIES));
  });

  it('returns of every kind over 80 years, passes numbered across pieces, with and without count', async () => {
    const [natal] = chartOf(birth);
    const [from, to] = ['1971-03-09T00:00:00Z', '2051-03-09T00:00:00Z'];
    const whole = findReturns(natal.birthJdUt, RETURN_KINDS, jdFromUtcMs(ms(from)), jdFromUtcMs(ms(to)), 'true');
    const text = await returnsJob({ ...birth, from, to, kinds: [...RETURN_KINDS], chart: false });
    const job = JSON.parse(text) as { events: unknown[] };
    // Written piece by piece, the answer is the JSON JSON.stringify gives, fields in the documented order.
    expect(text).toBe(JSON.stringify(job));
    expect(Object.keys(job)).toEqual(['from', 'to', 'kinds', 'count', 'events', 'natal']);
    expect(job.events).toEqual(
      whole.map((e) => ({
        kind: e.kind,
        at: isoRoundedToSecond(utcMsFromJd(e.jdUt)),
        returnNumber: e.returnNumber,
        pass: e.pass,
        passes: e.passes,
        retrograde: e.retrograde,
      })),
    );
    // Slow planets pass their point up to three times: passes numbered across pieces are those of the whole.
    expect(whole.filter((e) => e.pass > 1).length).toBeGreaterThan(0);
    const countedText = await returnsJob({ ...birth, from, to, kinds: ['saturn', 'lunar'], count: 2, chart: true });
    const counted = JSON.parse(countedText) as { events: { transit?: unknown }[] };
    expect(countedText).toBe(JSON.stringify(counted));
    expect(Object.keys(counted)).toEqual(['from', 'to', 'kinds', 'countPerKind', 'count', 'events', 'natal']);
    expect(counted.events.every((e) => e.transit !== undefined)).toBe(true);
    const wholeCounted = findReturns(natal.birthJdUt, ['saturn', 'lunar'], jdFromUtcMs(ms(from)), jdFromUtcMs(ms(to)), 'true', 2);
    expect(counted.events.map(({ transit: _transit, ...e }) => e)).toEqual(
      wholeCounted.map((e) => ({
        kind: e.kind,
        at: isoRoundedToSecond(utcMsFromJd(e.jdUt)),
        returnNumber: e.returnNumber,
        pass: e.pass,
        passes: e.passes,
        retrograde: e.retrograde,
      })),
    );
  });

  it('the transit calendar over a year', async () => {
    const [from, to] = ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'];
    const [natal] = chartOf(birth);
    const job = JSON.parse(await transitCalendarJob({ ...birth, from, to })) as { count: number; intervals: { start: string; kind: string }[] };
    const whole = transitCalendar(gateSetFrom(natal), ms(from), ms(to), 'true');
    expect(job.count).toBe(whole.length);
    expect(job.intervals.map((i) => `${i.kind} ${i.start}`)).toEqual(
      whole.map((i) => `${i.kind} ${i.startsBefore ? from : isoRoundedToSecond(utcMsFromJd(i.startJd))}`),
    );
  });

  it('yields every few ms: no stretch between turns much longer than a slice', async () => {
    // A slice is 4 ms; one piece past it at most (up to about 3 ms: the true Node turning near a boundary), and a
    // turn of the event loop. Measured as the longest stretch between turns, in the main thread's own CPU time, over
    // up to five runs of three years of gate ingresses (hundreds of ms of search, a hundred turns or more each): the
    // smallest of those longest stretches must stay under 15 ms. The smallest, because this machine's noise only adds:
    // a warm, fixed 1 ms JavaScript loop here measures up to 12-16 ms of its own thread's CPU time once in a few
    // thousand runs (the host slows the virtual CPU without reporting steal), and a run of this job holds hundreds of
    // such milliseconds. A job that does not yield, or a piece that grew, is long in every run.
    const longest: number[] = [];
    for (let run = 0; run < 5; run++) {
      const { turns, longestMs } = await longestStretch((slicer) =>
        ingressesJob({ from: '2003-01-01T00:00:00Z', to: '2006-01-01T00:00:00Z', level: 'gate', bodies: [...PLANETS], nodeType: 'true' }, slicer),
      );
      expect(turns).toBeGreaterThan(10);
      longest.push(longestMs);
      if (longestMs < 15) break;
    }
    expect(Math.min(...longest)).toBeLessThan(15);
  });
});

/**
 * Runs `job` with a slicer whose turns are counted, and measures each stretch between turns: the main thread's own
 * CPU time in it (Linux keeps it per thread, in ns), less the garbage collector's pauses inside it. Neither the wall
 * time nor the process's CPU time will do under `npm test`: the first runs on while the process is descheduled (other
 * suites share the two cores), the second counts V8's compiler and collector threads beside the main thread.
 */
async function longestStretch(job: (slicer: Slicer) => Promise<unknown>): Promise<{ turns: number; longestMs: number }> {
  // The kernel books a running thread's time into schedstat only at a scheduler tick (4 ms here) or when the thread
  // sleeps, so a bare read lags by up to a tick (a clean-clone run read 16.06 ms, four ticks). A 10 µs sleep
  // (Atomics.wait) before each read books it to the microsecond.
  const tick = new Int32Array(new SharedArrayBuffer(4));
  const cpuMs = existsSync('/proc/thread-self/schedstat')
    ? () => {
        Atomics.wait(tick, 0, 0, 0.01);
        return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
      }
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const stretches: { from: number; to: number; cpu: number }[] = [];
  let turns = 0;
  let last = { cpu: cpuMs(), wall: performance.now() };
  const close = () => {
    const now = { cpu: cpuMs(), wall: performance.now() };
    stretches.push({ from: last.wall, to: now.wall, cpu: now.cpu - last.cpu });
    last = now;
  };
  const slicer = new Slicer();
  const breathe = slicer.breathe.bind(slicer);
  slicer.breathe = async () => {
    // A turn given runs the immediates queued before it; a breathe that returned at once ran none.
    let turned = false;
    const sentinel = setImmediate(() => (turned = true));
    await breathe();
    clearImmediate(sentinel);
    if (!turned) return;
    turns++;
    close();
  };
  await job(slicer);
  close(); // the last stretch counts too
  slicer.close();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's entries come after the work
  observer.disconnect();
  const paused = (from: number, to: number) => pauses.reduce((sum, p) => sum + Math.max(0, Math.min(to, p.end) - Math.max(from, p.start)), 0);
  return { turns, longestMs: Math.max(...stretches.map((s) => s.cpu - paused(s.from, s.to))) };
}
