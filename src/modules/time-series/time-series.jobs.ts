/**
 * The time series' jobs as the job table (src/jobs/job-table.ts) gathers them: each job's worker function, cost
 * model and retention. Worker-side code: no Nest, no API code (src/layout.spec.ts).
 */
import type { JobDefinition } from '../../jobs/job-definition';
import { TIME_SERIES_COSTS } from './jobs/costs';
import { ingressesJob, returnsJob, stationsJob, transitCalendarJob } from './jobs/time-series-jobs';

export const TIME_SERIES_JOBS = {
  ingresses: { run: ingressesJob, cost: TIME_SERIES_COSTS.ingresses, largeResults: true },
  stations: { run: stationsJob, cost: TIME_SERIES_COSTS.stations, largeResults: true },
  returns: { run: returnsJob, cost: TIME_SERIES_COSTS.returns, largeResults: true },
  transitCalendar: { run: transitCalendarJob, cost: TIME_SERIES_COSTS.transitCalendar, largeResults: true },
} satisfies Record<string, JobDefinition<never>>;
