/**
 * The JSON Schema (2020-12, the OpenAPI 3.1 dialect) subset the response schemas use, and small builders for it.
 * Plain data only: no library types, no runtime dependencies. Components refer to each other only with
 * `{ $ref: '#/components/schemas/<Name>' }`.
 */

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** The keywords used here; anything else is a typo (ajv's strict mode refuses unknown keywords too). */
export interface JsonSchema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  format?: 'date-time' | 'date' | 'uri';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: boolean | JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  examples?: unknown[];
}

export const COMPONENTS_PREFIX = '#/components/schemas/';

/** A reference to another component, with the description of this use of it. */
export function ref(name: string, description?: string): JsonSchema {
  return description === undefined ? { $ref: COMPONENTS_PREFIX + name } : { $ref: COMPONENTS_PREFIX + name, description };
}

/**
 * A closed object: every property is required except those named in `optional` (fields an answer leaves out
 * when they do not apply); no other property is allowed.
 */
export function object(description: string, properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  for (const name of optional) if (!(name in properties)) throw new Error(`schema: optional property ${name} is not defined`);
  const required = Object.keys(properties).filter((name) => !optional.includes(name));
  return { type: 'object', description, properties, required, additionalProperties: false };
}

/** An object whose properties are all optional (a partial map over a fixed set of keys). */
export function partialObject(description: string, properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', description, properties, additionalProperties: false };
}

export function array(description: string, items: JsonSchema, extra: Omit<JsonSchema, 'type' | 'items' | 'description'> = {}): JsonSchema {
  return { type: 'array', description, items, ...extra };
}

export function integer(description: string, minimum?: number, maximum?: number): JsonSchema {
  const s: JsonSchema = { type: 'integer', description };
  if (minimum !== undefined) s.minimum = minimum;
  if (maximum !== undefined) s.maximum = maximum;
  return s;
}

export function number(description: string, extra: Omit<JsonSchema, 'type' | 'description'> = {}): JsonSchema {
  return { type: 'number', description, ...extra };
}

export function string(description: string, extra: Omit<JsonSchema, 'type' | 'description'> = {}): JsonSchema {
  return { type: 'string', description, ...extra };
}

export function boolean(description: string): JsonSchema {
  return { type: 'boolean', description };
}

export function stringEnum(description: string, values: readonly string[]): JsonSchema {
  return { type: 'string', description, enum: values };
}

/** An object keyed by a fixed list of names, each with the same value schema; all keys present. */
export function keyedObject(description: string, keys: readonly string[], value: (key: string) => JsonSchema, optional = false): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const key of keys) properties[key] = value(key);
  return optional ? partialObject(description, properties) : object(description, properties);
}
