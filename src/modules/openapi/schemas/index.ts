/**
 * The answers' shared vocabulary, for the JSON Schemas (OpenAPI 3.1 dialect = JSON Schema 2020-12) of the API: the
 * JSON Schema helpers, the labels (types, centers, planets, channels…), the meaning objects and the reference
 * library's answers, and the error body. Each operation family defines its own answers beside its code
 * (`modules/<feature>/<feature>.schemas.ts`); the registry gathers them with these (modules/operations/
 * response-schemas.ts). Components refer to each other only as `{ $ref: '#/components/schemas/<Name>' }`. Plain
 * data: no Nest, no runtime dependencies.
 */
import { ERROR_SCHEMAS } from './error';
import type { JsonSchema } from './json-schema';
import { LABEL_SCHEMAS } from './labels';
import { MEANING_SCHEMAS } from './meaning';

export type { JsonSchema } from './json-schema';
export { ERROR_CODES } from './error';
export type { ErrorCode } from './error';

/** Component groups merged into one, refusing a component defined twice. */
export function mergeSchemas(...groups: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const group of groups) {
    for (const [name, schema] of Object.entries(group)) {
      if (name in out) throw new Error(`response schemas: component ${name} is defined twice`);
      out[name] = schema;
    }
  }
  return out;
}

/** The shared components that come before the families' (the labels) and after them (meaning, errors). */
export const SHARED_SCHEMAS = { before: LABEL_SCHEMAS, after: mergeSchemas(MEANING_SCHEMAS, ERROR_SCHEMAS) };
