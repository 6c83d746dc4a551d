/**
 * Inline meaning writes its markers into the answer it is given (engine/meaning/annotate.ts markMeaning), which is
 * safe only because every chart operation makes its answer afresh for each call: an object shared with a table or a
 * cache would carry one caller's markers into every later answer. Checked here for each operation that takes
 * `meaning`: marking one answer changes no later answer, and no object that got a marker is in a second answer.
 */
import { markMeaning, meaningLibraries } from '../../../engine/meaning';
import type { BirthInput } from '../../birth/jobs/payloads';
import { advancedAnswer, chartAnswer, compositeAnswer, pentaAnswer, transitAnswer } from './chart-jobs';
import { dayAnswer } from './day-job';

const person = (birthdate: string, birthtime: string, location: string): BirthInput => ({ birthdate, birthtime, location, nodeType: 'true' });
const montreal = person('1948-04-09', '00:14', 'Montreal, Quebec, Canada');
const berlin = person('1985-06-15', '14:30', 'Berlin, Germany');
const london = person('1990-05-15', '08:05', 'London, United Kingdom');

const operations: [string, () => object | Promise<object>][] = [
  ['chart', () => chartAnswer(montreal)],
  ['advanced', () => advancedAnswer(montreal)],
  ['composite', () => compositeAnswer({ person1: montreal, person2: berlin })],
  ['transit', () => transitAnswer({ ...montreal, at: '2026-11-30T12:00:00Z' })],
  ['penta', () => pentaAnswer({ members: [montreal, berlin, london] })],
  ['day', () => dayAnswer({ birthdate: '1990-05-15', location: 'London, United Kingdom', nodeType: 'true', detail: 'full' })],
];

/** Every object (not array) reachable from `value` that holds a `meaning` marker. */
function marked(value: unknown, found = new Set<object>()): Set<object> {
  if (value === null || typeof value !== 'object') return found;
  if (!Array.isArray(value) && typeof (value as { meaning?: unknown }).meaning === 'string') found.add(value);
  for (const v of Object.values(value)) marked(v, found);
  return found;
}

function objects(value: unknown, found = new Set<object>()): Set<object> {
  if (value === null || typeof value !== 'object') return found;
  found.add(value);
  for (const v of Object.values(value)) objects(v, found);
  return found;
}

describe('chart answers are made afresh for each call (inline meaning marks them in place)', () => {
  it.each(operations)('%s: marking one answer leaves the next untouched and shares none of its marked objects', async (_name, build) => {
    const before = JSON.stringify(await build());
    const first = await build();
    markMeaning(first, meaningLibraries().de);
    const markers = marked(first);
    expect(markers.size).toBeGreaterThan(0);
    const second = await build();
    expect(JSON.stringify(second)).toBe(before);
    const shared = [...objects(second)].filter((o) => markers.has(o));
    expect(shared).toEqual([]);
  });
});
