/**
 * The chart family's jobs as the job table (src/jobs/job-table.ts) gathers them: each job's worker function, cost
 * model and retention. Worker-side code: no Nest, no API code (src/layout.spec.ts).
 */
import type { JobDefinition } from '../../jobs/job-definition';
import {
  advancedAnswer,
  advancedJob,
  bodygraphJob,
  chartAnswer,
  chartJob,
  compositeBodygraphJob,
  compositeJob,
  pentaJob,
  transitBodygraphJob,
  transitJob,
} from './jobs/chart-jobs';
import { CHART_COSTS } from './jobs/costs';
import { dayJob } from './jobs/day-job';
import { reportJob } from './jobs/report-job';

export const CHART_JOBS = {
  chart: { run: chartJob, cost: CHART_COSTS.chart, answer: chartAnswer },
  advanced: { run: advancedJob, cost: CHART_COSTS.advanced, answer: advancedAnswer },
  composite: { run: compositeJob, cost: CHART_COSTS.composite },
  transit: { run: transitJob, cost: CHART_COSTS.transit },
  bodygraph: { run: bodygraphJob, cost: CHART_COSTS.bodygraph },
  day: { run: dayJob, cost: CHART_COSTS.day },
  compositeBodygraph: { run: compositeBodygraphJob, cost: CHART_COSTS.compositeBodygraph },
  transitBodygraph: { run: transitBodygraphJob, cost: CHART_COSTS.transitBodygraph },
  penta: { run: pentaJob, cost: CHART_COSTS.penta },
  report: { run: reportJob, cost: CHART_COSTS.report },
} satisfies Record<string, JobDefinition<never>>;
