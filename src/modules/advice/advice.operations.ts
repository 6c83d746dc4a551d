/**
 * The advice operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { ADVICE_SCHEMAS } from './advice.schemas';
import { json, service } from '../operations/tool-call';
import { ADVICE_COUNT } from './advice-data';
import { AdviceService } from './advice.service';

const ADVICE_OPERATIONS = {
  advice: {
    method: 'GET',
    path: '/api/advice',
    group: 'free',
    queued: false,
    summary: 'One piece of advice chosen at random',
    description: `Every item (ids 1–${ADVICE_COUNT}) is equally likely. No API key needed. Never cached (Cache-Control: no-store).`,
    output: { kind: 'json', schema: 'Advice' },
    tool: {
      name: 'advice',
      title: 'Advice',
      description: `One piece of advice: by its id (1–${ADVICE_COUNT}), or without one, chosen at random (every item equally likely). No API key needed over HTTP.`,
      inputSchema: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
            maximum: ADVICE_COUNT,
            description: `One item by its id (1–${ADVICE_COUNT}), as GET /api/advice/{id}; without it, one at random.`,
          },
        },
        additionalProperties: false,
      },
      // GET /api/advice and /api/advice/{id}: the same prepared bytes, and for a bad id the same error.
      run: (c, input: { id?: unknown }) => {
        const advice = service(c, AdviceService);
        const answer =
          input.id === undefined
            ? advice.randomAnswer()
            : advice.answersForParamOrThrow(typeof input.id === 'number' || typeof input.id === 'string' ? String(input.id) : JSON.stringify(input.id)).ok;
        return json(answer.body!.toString('utf8'));
      },
    },
  },
  adviceAll: {
    method: 'GET',
    path: '/api/advice/all',
    group: 'free',
    queued: false,
    summary: `All ${ADVICE_COUNT} pieces of advice`,
    description: 'A bare JSON array in id order. Send the ETag back in If-None-Match to get 304 Not Modified while it is unchanged.',
    output: { kind: 'json', schema: 'AdviceList' },
  },
  adviceById: {
    method: 'GET',
    path: '/api/advice/{id}',
    group: 'free',
    queued: false,
    summary: 'One piece of advice by its id',
    description: `\`id\` is a plain base-10 integer from 1 to ${ADVICE_COUNT}.`,
    output: { kind: 'json', schema: 'Advice' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const ADVICE_FAMILY = { operations: ADVICE_OPERATIONS, schemas: ADVICE_SCHEMAS } satisfies OperationFamily;
