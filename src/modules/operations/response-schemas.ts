/**
 * Every JSON answer's schema and the error body's, keyed by component name for `components.schemas` of the OpenAPI
 * document: the shared vocabulary (modules/openapi/schemas) and each family's own, in the registry's order.
 */
import { type JsonSchema, mergeSchemas, SHARED_SCHEMAS } from '../openapi/schemas';
import { FAMILIES } from './operations';

export const RESPONSE_SCHEMAS: Record<string, JsonSchema> = mergeSchemas(
  SHARED_SCHEMAS.before,
  ...FAMILIES.map((family) => ('schemas' in family ? family.schemas : {})),
  SHARED_SCHEMAS.after,
);
