import Stripe from 'stripe';
import type { PurchaseConfig } from '../../config/app-config';
import type { PaidSession } from './purchase.store';

/** Sessions we create carry this metadata; the webhook ignores other sales of the same Stripe account. */
export const PRODUCT_METADATA = { hd_product: 'api-key' } as const;

/** A Checkout Session id as Stripe makes them; anything else in a success URL is refused without a lookup. */
export const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

/** The official client, aimed at STRIPE_API_URL when one is set (stripe-mock, tests). */
export function createStripeClient(config: PurchaseConfig): Stripe {
  const url = config.stripeApiUrl;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'hd-chart-api' },
    ...(url
      ? { host: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** The Checkout Session a Buy button makes: one key, paid once, the buyer's email collected by Stripe. */
export function checkoutParams(config: PurchaseConfig): Stripe.Checkout.SessionCreateParams {
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = config.priceId
    ? { price: config.priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: config.price.currency,
          unit_amount: config.price.amount,
          product_data: { name: 'Human Design API key', description: 'Unlimited use of all five chart operations. Bought once, never expires.' },
        },
      };
  return {
    mode: 'payment',
    line_items: [lineItem],
    success_url: `${config.publicUrl}/purchase/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${config.publicUrl}/buy`,
    metadata: { ...PRODUCT_METADATA },
    payment_intent_data: { metadata: { ...PRODUCT_METADATA } },
  };
}

/** Ours and paid: what issuing needs from it; otherwise undefined (not ours, or not paid yet). */
export function paidSessionOf(session: Stripe.Checkout.Session): PaidSession | undefined {
  if (session.metadata?.hd_product !== PRODUCT_METADATA.hd_product) return undefined;
  if (session.payment_status !== 'paid' || !SESSION_ID.test(session.id)) return undefined;
  return {
    sessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    email: (session.customer_details?.email ?? session.customer_email ?? undefined)?.slice(0, 320),
    amount: session.amount_total ?? 0,
    currency: session.currency ?? '',
    createdAt: new Date((session.created || 0) * 1000).toISOString(),
    livemode: Boolean(session.livemode),
  };
}

/** Stripe fields that may hold an id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}
