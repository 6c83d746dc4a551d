/**
 * The usage operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { USAGE_SCHEMAS } from './usage.schemas';

const USAGE_OPERATIONS = {
  usage: {
    method: 'GET',
    path: '/v1/usage',
    group: 'key',
    queued: false,
    summary: 'How much the calling key was used: calls per operation today, on each of the last 30 days (UTC) and in all',
    description:
      'Counts the calls made with this key that were answered 2xx, by operation id (a batch counts once, as batch); errors are not counted, and this call itself is not. ' +
      'Usage never limits anything. The API writes its counts to Redis about every second; this answer includes every call this server process answered before it.',
    output: { kind: 'json', schema: 'Usage' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const USAGE_FAMILY = { operations: USAGE_OPERATIONS, schemas: USAGE_SCHEMAS } satisfies OperationFamily;
