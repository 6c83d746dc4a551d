/**
 * The batch operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { CostModel } from '../../jobs/job-definition';
import { computeCostMs, type JobName } from '../../jobs/job-table';
import type { Operation, OperationFamily } from '../operations/operations';
import { RA, BEN } from '../birth/birth-examples';
import { BATCH_SCHEMAS } from './batch.schemas';
import { json, service } from '../operations/tool-call';
import { BATCH_MAX_ITEMS, BatchRequestDto } from './batch.dto';
import { BatchService } from './batch.service';

/** A batch: each item is its own job (chart or advanced), admitted together; its cost is theirs added up. */
export const BATCH_COST: CostModel<{ name: JobName; input: object }[]> = {
  unit: 'item (its chart or advanced job)',
  estimate: (jobs) => jobs.reduce((sum, j) => sum + computeCostMs(j.name, j.input), 0),
};

const BATCH_OPERATIONS = {
  batch: {
    method: 'POST',
    path: '/v1/charts/batch',
    group: 'batches',
    queued: true,
    cost: BATCH_COST,
    summary: `Up to ${BATCH_MAX_ITEMS} charts (or advanced charts) in one call, each answered or refused on its own`,
    description:
      `items: up to ${BATCH_MAX_ITEMS} entries {id?, operation: "chart" | "advanced", …birth data}. The answer keeps the request's order: {id, status: 200, result} with the result exactly as the single call gives it, ` +
      "or {id, status, error} with the single call's error. The whole batch answers within JOB_TIMEOUT_MS; an item not finished by then gets 504 COMPUTE_TIMEOUT. The body may be up to 256 KB.",
    input: {
      in: 'body',
      dto: BatchRequestDto,
      examples: {
        two: {
          summary: 'Two charts',
          value: {
            items: [
              { id: 'ra', operation: 'chart', ...RA },
              { id: 'ben', operation: 'advanced', ...BEN },
            ],
          },
        },
      },
    },
    output: { kind: 'json', schema: 'BatchResult' },
    tool: {
      name: 'batch_charts',
      title: 'Batch of charts',
      run: (c, dto: BatchRequestDto) => json(service(c, BatchService).run(dto, c.trace, c.correlationId)),
    },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const BATCH_FAMILY = { operations: BATCH_OPERATIONS, schemas: BATCH_SCHEMAS } satisfies OperationFamily;
