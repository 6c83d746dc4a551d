/**
 * The auth operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { AUTH_SCHEMAS } from './auth.schemas';

const KEY_OPERATIONS = {
  rotateKey: {
    method: 'POST',
    path: '/v1/keys/rotate',
    group: 'key',
    queued: false,
    summary: 'Replaces the key you call with by a new one, shown only in this answer; the old key stops working at once',
    description: 'Keys never expire, so a leaked key is replaced here. A bought key stays tied to its purchase. Keys from HD_API_KEYS cannot be rotated.',
    output: { kind: 'json', schema: 'KeyRotation' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const KEY_FAMILY = { operations: KEY_OPERATIONS, schemas: AUTH_SCHEMAS } satisfies OperationFamily;
