/**
 * Place-search recall per script (not a speed figure; here so that `npm run bench -- recall` prints it beside the
 * search speed): names in the set, share whose place is in the top 3. See test/helpers/place-recall.ts.
 */
import type { Report } from './report';
import { measurePlaceRecall } from '../test/helpers/place-recall';

// eslint-disable-next-line @typescript-eslint/require-await -- every section keeps bench/run.ts's async run() contract
export async function run(report: Report): Promise<void> {
  for (const f of measurePlaceRecall()) {
    report(`places.recall_top3.${f.script.toLowerCase()}`, Math.round(f.recall * 1000) / 10, `% of ${f.names} names`);
  }
}
