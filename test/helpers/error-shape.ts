/**
 * Every JSON error the e2e tests receive through `post()` is checked against the document's ErrorResponse schema
 * (ajv, strict, JSON Schema 2020-12): whatever error code a test provokes, its body has the documented shape and a
 * documented code.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
// The shared vocabulary alone (plain data): the error body is there, and this helper is loaded by the load
// generators' child processes, which must start in a moment (the whole registry would load every Nest module).
import { mergeSchemas, SHARED_SCHEMAS } from '../../src/modules/openapi/schemas';

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!validate) {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addVocabulary(['components']);
    ajv.addSchema({ $id: 'hd-responses', components: { schemas: mergeSchemas(SHARED_SCHEMAS.before, SHARED_SCHEMAS.after) } });
    validate = ajv.getSchema('hd-responses#/components/schemas/ErrorResponse')!;
  }
  return validate;
}

/** Throws when an error answer's body is not in the documented error shape. */
export function assertErrorShape(status: number, body: unknown, where: string): void {
  const check = validator();
  if (!check(body)) {
    throw new Error(
      `${where} answered ${status} with a body outside the documented ErrorResponse: ${JSON.stringify(body).slice(0, 300)}\n${JSON.stringify(check.errors)}`,
    );
  }
}
