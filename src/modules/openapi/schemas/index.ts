/**
 * JSON Schemas (OpenAPI 3.1 dialect = JSON Schema 2020-12) of every JSON answer of the API and of the error
 * body, keyed by component name for `components.schemas`. Components refer to each other only as
 * `{ $ref: '#/components/schemas/<Name>' }`. Plain data: no Nest, no runtime dependencies.
 *
 * Top-level answers: Chart, AdvancedChart, CompositeChart, TransitChart, PentaAnalysis, DayCharts, Ingresses,
 * Stations, Returns, TransitCalendar, BatchResult, BulkJob, BulkJobResults, PlaceSearch, Advice, AdviceList, KeyRotation,
 * CheckoutSession, WebhookReceipt, ReferenceIndex, ReferenceItem, ErrorResponse. The chart answers take the
 * optional `meaning` objects of meaning.ts.
 */
import { BULK_SCHEMAS } from '../../bulk/bulk.schemas';
import { CHART_SCHEMAS } from '../../chart/schemas/chart';
import { COMPOSITE_TRANSIT_SCHEMAS } from '../../chart/schemas/composite-transit';
import { DAY_SCHEMAS } from '../../chart/schemas/day';
import { ERROR_SCHEMAS } from './error';
import { GROUP_SCHEMAS } from '../../chart/schemas/group';
import type { JsonSchema } from './json-schema';
import { LABEL_SCHEMAS } from './labels';
import { MEANING_SCHEMAS, withMeaning } from './meaning';
import { MISC_SCHEMAS } from './misc';
import { TIME_SERIES_SCHEMAS } from '../../time-series/time-series.schemas';

export type { JsonSchema } from './json-schema';
export { ERROR_CODES } from './error';
export type { ErrorCode } from './error';

function merge(...groups: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const group of groups) {
    for (const [name, schema] of Object.entries(group)) {
      if (name in out) throw new Error(`response schemas: component ${name} is defined twice`);
      out[name] = schema;
    }
  }
  return out;
}

/** Component name → schema, for `components.schemas` of the OpenAPI 3.1 document. */
/** The answers that take `meaning` (and so carry `meaningSource`). */
const MEANING_ANSWERS = ['Chart', 'AdvancedChart', 'CompositeChart', 'TransitChart', 'PentaAnalysis', 'DayCharts'];

export const RESPONSE_SCHEMAS: Record<string, JsonSchema> = merge(
  LABEL_SCHEMAS,
  withMeaning(CHART_SCHEMAS, MEANING_ANSWERS),
  withMeaning(COMPOSITE_TRANSIT_SCHEMAS, MEANING_ANSWERS),
  withMeaning(GROUP_SCHEMAS, MEANING_ANSWERS),
  TIME_SERIES_SCHEMAS,
  withMeaning(DAY_SCHEMAS, MEANING_ANSWERS),
  MEANING_SCHEMAS,
  MISC_SCHEMAS,
  BULK_SCHEMAS,
  ERROR_SCHEMAS,
);
