/**
 * The purchase's JSON answers: the checkout and the Stripe webhook (src/modules/purchase/purchase.controller.ts).
 */
import { JsonSchema, object, string } from '../openapi/schemas/json-schema';

export const PURCHASE_SCHEMAS: Record<string, JsonSchema> = {
  WebhookReceipt: object('POST /v1/purchase/webhook (called by Stripe): the event was received and applied.', {
    received: { type: 'boolean', description: 'Always true: the event was verified and its effect is durable.', const: true },
    outcome: {
      type: 'string',
      description:
        "What was done: a key issued (or already issued) for a paid Checkout Session, a purchase's key revoked (or already revoked, or the revocation remembered for a key not issued yet), or the event ignored.",
      enum: ['issued', 'already-issued', 'revoked', 'already-revoked', 'revocation-remembered', 'ignored'],
    },
  }),
  CheckoutSession: object('POST /v1/purchase/checkout (303 See Other): the Stripe Checkout page to pay at; the Location header has the same URL.', {
    url: string('Address of the Stripe Checkout Session: open it to pay.', { format: 'uri' }),
  }),
};
