/**
 * Returns searched in pieces (as the worker searches them): consecutive ranges on the crossing solver's sampling
 * grid give consecutive parts of one series, which numberPasses and firstReturns turn into what one findReturns
 * call gives, pass numbers across the pieces' ends included. Compared as answered, to the second: an instant
 * found in a piece can differ from the whole search's in its last bits (the longitude is unwrapped from the
 * piece's start), about 10⁻⁹ of a day.
 */
import { computeChart } from './chart';
import { isoSecond } from './ingresses';
import { findReturns, firstReturns, numberPasses, RETURN_KINDS, returnCrossings, returnsSpanDays, type ReturnEvent, type ReturnKind } from './returns';

const YEAR = 365.2422;
const birthJd = computeChart(Date.UTC(1971, 2, 9, 4, 20), { nodeType: 'true' }).birthJdUt;

/** Starts of the consecutive pieces of `days` from `fromJd` (never before birth, as the search itself) to `toJd`. */
function pieceStarts(fromJd: number, toJd: number, days: number): number[] {
  const starts: number[] = [];
  for (let a = Math.max(fromJd, birthJd); a < toJd; a += days) starts.push(a);
  return starts;
}

/** One kind's returns over [fromJd, toJd) searched in pieces of `days`, then numbered as one series. */
function inPieces(kind: ReturnKind, fromJd: number, toJd: number, days: number): ReturnEvent[] {
  return numberPasses(pieceStarts(fromJd, toJd, days).flatMap((a) => returnCrossings(birthJd, kind, a, Math.min(a + days, toJd), 'true')));
}

/** The events as the answer gives them. */
const answered = (events: readonly ReturnEvent[]) =>
  events.map((e) => ({ kind: e.kind, at: isoSecond(e.jdUt), pass: e.pass, of: e.of, retrograde: e.retrograde }));

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
        expect(new Set(whole.map((e) => e.of)).size).toBe(count);
      }
    }
  });
});
