/**
 * The purchase operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { PURCHASE_SCHEMAS } from './purchase.schemas';

const PURCHASE_OPERATIONS = {
  checkout: {
    method: 'POST',
    path: '/v1/purchase/checkout',
    group: 'purchase',
    queued: false,
    summary: 'Starts a purchase: creates a Stripe Checkout Session and redirects (303) to it',
    description: 'The buy page\'s form posts here (no fields). API clients get the same 303 with `{"url"}` in the body.',
    output: { kind: 'json', schema: 'CheckoutSession', status: 303 },
  },
  webhook: {
    method: 'POST',
    path: '/v1/purchase/webhook',
    group: 'purchase',
    queued: false,
    summary: "Stripe's webhook (called by Stripe, not by you)",
    description:
      'Stripe posts signed events here. Handled: checkout.session.completed (paid), checkout.session.async_payment_succeeded ' +
      '(issue exactly one key per Checkout Session), charge.refunded (full refund) and charge.dispute.created (revoke that ' +
      "purchase's key). Other events are acknowledged and ignored. Answered 2xx only once the record is durable.",
    output: { kind: 'json', schema: 'WebhookReceipt' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const PURCHASE_FAMILY = { operations: PURCHASE_OPERATIONS, schemas: PURCHASE_SCHEMAS } satisfies OperationFamily;
