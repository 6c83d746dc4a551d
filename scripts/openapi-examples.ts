/**
 * `npm run docs:examples`: writes src/common/openapi-examples.json from real engine output for
 * Ra Uru Hu's birth (trimmed where long), so the OpenAPI examples are true to what the service answers.
 * src/modules/openapi/examples-fresh.spec.ts computes them again and fails when the file is older than the answers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { advancedJob, chartJob, compositeJob, pentaJob, transitJob } from '../src/modules/chart/jobs/chart-jobs';
import type { BirthInput } from '../src/modules/birth/jobs/payloads';
import { dayJob } from '../src/modules/chart/jobs/day-job';
import { ingressesJob, returnsJob, stationsJob, transitCalendarJob } from '../src/modules/time-series/jobs/time-series-jobs';

const ra: BirthInput = { birthdate: '1948-04-09', birthtime: '00:14', location: 'montreal, quebec, canada', nodeType: 'true' };
const other: BirthInput = { birthdate: '1992-10-03', birthtime: '00:03', location: 'attleboro, massachusetts, usa', nodeType: 'true' };

/** A job's JSON answer as an object (only written back out, and trimmed by key). */
const parse = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

/** Long lists keep their first few items: an example shows the shape, not a year of data. */
function trim<T extends Record<string, unknown>>(answer: T, list: string, keep: number): T {
  return { ...answer, [list]: (answer[list] as unknown[]).slice(0, keep) };
}

async function timeSeries() {
  const range = { from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' };
  return {
    ingresses: trim(
      parse(await ingressesJob({ ...range, level: 'gate', bodies: ['sun', 'earth', 'moon', 'mercury', 'venus', 'mars'], nodeType: 'true' })),
      'events',
      4,
    ),
    stations: trim(
      parse(
        await stationsJob({
          from: '2026-01-01T00:00:00Z',
          to: '2027-01-01T00:00:00Z',
          bodies: ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'],
        }),
      ),
      'events',
      4,
    ),
    returns: parse(await returnsJob({ ...ra, from: '1948-04-09T00:00:00Z', to: '2008-04-09T00:00:00Z', kinds: ['saturn'], chart: false })),
    day: trim(parse(await dayJob({ birthdate: '1948-04-09', location: 'montreal, quebec, canada', nodeType: 'true', detail: 'summary' })), 'windows', 3),
    transitCalendar: trim(parse(await transitCalendarJob({ ...ra, from: '2026-01-01T00:00:00Z', to: '2026-01-15T00:00:00Z' })), 'intervals', 4),
  };
}

/** The examples file's text, as the jobs answer today. */
export async function examplesText(): Promise<string> {
  const chart = parse(chartJob(ra));
  const advanced = parse(advancedJob(ra));
  const composite = parse(compositeJob({ person1: ra, person2: other }));
  const transit = parse(transitJob({ ...ra, at: '2024-01-01T00:00:00Z' }));
  const series = await timeSeries();
  const third: BirthInput = { birthdate: '1975-01-20', birthtime: '08:30', location: 'sydney, australia', nodeType: 'true' };
  const penta = parse(pentaJob({ members: [ra, other, third] }));
  const examples = { chart, advanced, composite, transit, penta, ...series };
  return `${JSON.stringify(examples, null, 1)}\n`;
}

export const EXAMPLES_FILE = join(__dirname, '..', 'src', 'common', 'openapi-examples.json');

if (require.main === module) {
  void examplesText().then((text) => {
    writeFileSync(EXAMPLES_FILE, text);
    console.log('wrote src/common/openapi-examples.json');
  });
}
