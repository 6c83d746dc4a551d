/**
 * Whether a paid Checkout Session bought a key: a validly signed event only proves Stripe sent it, not that the
 * buyer paid the price of a key. A session of our product that is paid but for another amount or currency (an
 * edited session, a price changed in the dashboard), in the other mode than this server's secret key (a test
 * payment reaching a live server), or without a payment intent (whose refund or dispute could never find the key)
 * issues nothing. Pure: the caller fetches the line items when STRIPE_PRICE_ID is configured.
 */
import type { PurchaseConfig } from '../../config/app-config';
import type { PaidSession } from './purchase.store';

/** Live or test: what the configured secret (or restricted) key is for. */
export function liveKey(config: Pick<PurchaseConfig, 'stripeSecretKey'>): boolean {
  return /^(sk|rk)_live_/.test(config.stripeSecretKey);
}

/** A line item of the session, as `checkout.sessions.listLineItems` gives it. */
export interface BoughtItem {
  priceId?: string;
  quantity: number;
}

/**
 * Why this session must not issue a key, or undefined when it may. `items` are its line items (needed only with
 * STRIPE_PRICE_ID: a webhook's session does not carry them).
 */
export function paymentProblem(paid: PaidSession, config: PurchaseConfig, items?: readonly BoughtItem[]): string | undefined {
  if (paid.livemode !== liveKey(config)) {
    return `a ${paid.livemode ? 'live' : 'test'}-mode payment reached a server with a ${liveKey(config) ? 'live' : 'test'}-mode key`;
  }
  if (!paid.paymentIntentId) return 'the session has no payment intent (a refund could never revoke its key)';
  if (config.priceId) {
    if (!items) return 'the line items could not be read';
    const ours = items.length === 1 && items[0].priceId === config.priceId && items[0].quantity === 1;
    if (!ours) return `the line items are not one of ${config.priceId}: ${JSON.stringify(items)}`;
    return undefined;
  }
  const { amount, currency } = config.price;
  if (paid.currency.toLowerCase() !== currency.toLowerCase() || paid.amount !== amount) {
    return `paid ${paid.amount} ${paid.currency || '(no currency)'}, the price is ${amount} ${currency}`;
  }
  return undefined;
}
