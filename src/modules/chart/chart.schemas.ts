/**
 * The chart family's answer schemas, as the registry gathers them (chart.operations.ts): the chart and advanced
 * chart, composite and transit, Penta, the day of unknown birth time. Each answer that takes `meaning` carries the
 * meaning objects of the shared vocabulary (modules/openapi/schemas/meaning.ts).
 */
import { type JsonSchema, mergeSchemas } from '../openapi/schemas';
import { withMeaning } from '../openapi/schemas/meaning';
import { CHART_SCHEMAS } from './schemas/chart';
import { COMPOSITE_TRANSIT_SCHEMAS } from './schemas/composite-transit';
import { DAY_SCHEMAS } from './schemas/day';
import { GROUP_SCHEMAS } from './schemas/group';

/** The answers that take `meaning` (and so carry `meaningSource`). */
const MEANING_ANSWERS = ['Chart', 'AdvancedChart', 'CompositeChart', 'TransitChart', 'PentaAnalysis', 'DayCharts'];

export const CHART_FAMILY_SCHEMAS: Record<string, JsonSchema> = mergeSchemas(
  ...[CHART_SCHEMAS, COMPOSITE_TRANSIT_SCHEMAS, GROUP_SCHEMAS, DAY_SCHEMAS].map((group) => withMeaning(group, MEANING_ANSWERS)),
);
