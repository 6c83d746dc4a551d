/**
 * Returns searched in pieces (as the worker searches them): consecutive ranges on the crossing solver's sampling
 * grid give consecutive parts of one series, which numberPasses and firstReturns turn into what one findReturns
 * call gives, pass numbers across the pieces' ends included. Compared as answered, to the second: an instant
 * found in a piece can differ from the whole search's in its last bits (the longitude is unwrapped from the
 * piece's start), about 10⁻⁹ of a day.
 */
import { computeChart } from '../natal/chart';
import { isoRoundedToSecond } from '../time/instants';
import { longitudeOf, SE_BODY, utcMsFromJd } from '../ephemeris';
import {
  findReturns,
  firstReturns,
  inRange,
  numberPasses,
  RETURN_KINDS,
  returnCrossings,
  returnSearchRange,
  returnsSpanDays,
  type ReturnEvent,
  type ReturnKind,
} from './returns';

const YEAR = 365.2422;
const birthJd = computeChart(Date.UTC(1971, 2, 9, 4, 20), { nodeType: 'true' }).birthJdUt;

/** Starts of the consecutive pieces of `days` from `fromJd` (never before birth, as the search itself) to `toJd`. */
function pieceStarts(fromJd: number, toJd: number, days: number): number[] {
  const starts: number[] = [];
  for (let a = Math.max(fromJd, birthJd); a < toJd; a += days) starts.push(a);
  return starts;
}

/** One kind's returns over [fromJd, toJd) searched in pieces of `days` (over the range widened by the pass margin), then numbered as one series. */
function inPieces(kind: ReturnKind, fromJd: number, toJd: number, days: number): ReturnEvent[] {
  const [a0, b0] = returnSearchRange(birthJd, kind, fromJd, toJd);
  const found = pieceStarts(a0, b0, days).flatMap((a) => returnCrossings(birthJd, kind, a, Math.min(a + days, b0), 'true'));
  return inRange(numberPasses(found), fromJd, toJd);
}

/** The events as the answer gives them. */
const answered = (events: readonly ReturnEvent[]) =>
  events.map((e) => ({
    kind: e.kind,
    at: isoRoundedToSecond(utcMsFromJd(e.jdUt)),
    returnNumber: e.returnNumber,
    pass: e.pass,
    passes: e.passes,
    retrograde: e.retrograde,
  }));

/** Whether some piece starts between two passes of one return: its numbering then continues across the cut. */
function cutsAReturn(events: readonly ReturnEvent[], starts: readonly number[]): boolean {
  return events.some((e, i) => i > 0 && e.pass > 1 && starts.some((a) => a > events[i - 1].jdUt && a <= e.jdUt));
}

describe('returns searched in pieces', () => {
  const [from, to] = [birthJd - 30, birthJd + 120 * YEAR];
  // Pieces of multiples of 8 days, the solver's longest first step, start on the grid of the search over the whole.
  const PIECES = [104, 376];

  it.each(RETURN_KINDS)('%s over 120 years: the pieces give the one-call series, passes numbered across them', (kind) => {
    const whole = findReturns(birthJd, [kind], from, to, 'true');
    for (const days of PIECES) expect(answered(inPieces(kind, from, to, days))).toEqual(answered(whole));
    if (kind === 'saturn' || kind === 'chiron') expect(cutsAReturn(whole, pieceStarts(from, to, PIECES[0]))).toBe(true);
  });

  it.each(RETURN_KINDS)('%s with a count, from birth and from within a return of several passes: the first returns', (kind) => {
    for (const start of [birthJd, birthJd + 49.6 * YEAR]) {
      const end = start + returnsSpanDays([kind], 3);
      const series = inPieces(kind, start, end, PIECES[0]);
      for (const count of [1, 2, 3]) {
        const whole = findReturns(birthJd, [kind], start, end, 'true', count);
        expect(answered(firstReturns(series, count))).toEqual(answered(whole));
        expect(new Set(whole.map((e) => e.returnNumber)).size).toBe(count);
      }
    }
  });
});

describe('passes of one return', () => {
  const natalChiron = longitudeOf(birthJd, SE_BODY.chiron);
  const gap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
  // Chiron of a 1971 birth (about 7° Aries) comes back in 2020–2022 and loops over its natal point: five passes.
  const [from, to] = [birthJd + 49 * YEAR, birthJd + 52 * YEAR];
  const whole = findReturns(birthJd, ['chiron'], from, to, 'true');

  it('each pass is at the natal longitude by the ephemeris; numbered 1 to 5 of 5, the even ones retrograde', () => {
    expect(whole.map((e) => [e.returnNumber, e.pass, e.passes, e.retrograde])).toEqual([
      [1, 1, 5, false],
      [1, 2, 5, true],
      [1, 3, 5, false],
      [1, 4, 5, true],
      [1, 5, 5, false],
    ]);
    for (const e of whole) expect(gap(longitudeOf(e.jdUt, SE_BODY.chiron), natalChiron)).toBeLessThan(1e-5);
    // Between consecutive passes Chiron stands on the other side of the point: each pass is a crossing.
    for (let i = 1; i < whole.length; i++) {
      const mid = longitudeOf((whole[i - 1].jdUt + whole[i].jdUt) / 2, SE_BODY.chiron);
      expect(gap(mid, natalChiron)).toBeGreaterThan(1e-3);
    }
  });

  it.each(['saturn', 'uranus-opposition', 'chiron'] as const)('%s: a range that starts or ends between two passes keeps their numbers and count', (kind) => {
    const series = findReturns(birthJd, [kind], birthJd, birthJd + 120 * YEAR, 'true');
    for (let i = 1; i < series.length; i++) {
      if (series[i].pass === 1) continue;
      const cut = (series[i - 1].jdUt + series[i].jdUt) / 2;
      const key = (e: ReturnEvent) => `${e.returnNumber}.${e.pass}/${e.passes}`;
      expect(findReturns(birthJd, [kind], cut, birthJd + 120 * YEAR, 'true').map(key)).toEqual(series.slice(i).map(key));
      expect(findReturns(birthJd, [kind], birthJd, cut, 'true').map(key)).toEqual(series.slice(0, i).map(key));
    }
  });
});
