import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import Stripe from 'stripe';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, AppConfig, PurchaseConfig } from '../../config/app-config';
import { RETRY_AFTER_S, unavailable } from '../../common/outage-gate';
import { prefixNode } from '../redis/redis-connection';
import { RedisClient } from '../redis/redis.module';
import type { Price, RevealState } from './pages';
import { BoughtItem, paymentProblem } from './payment-check';
import { PaidSession, PurchaseStore } from './purchase.store';
import { emailIndexKey } from './email-index';
import { sealingKey } from './seal';
import { SessionLookups } from './session-lookups';
import { checkoutParams, createStripeClient, idOf, paidSessionOf, PRODUCT_METADATA, SESSION_ID } from './stripe-gateway';

export const PURCHASE_DISABLED = () => new ApiError(503, 'PURCHASE_DISABLED', 'Keys cannot be bought on this server (STRIPE_SECRET_KEY is not set).');

/** What the webhook did with an event (answered to Stripe, shown in its dashboard). */
export type WebhookOutcome = 'issued' | 'already-issued' | 'refused' | 'revoked' | 'already-revoked' | 'revocation-remembered' | 'ignored';

/** How long the webhook waits for Redis to confirm the purchase is on disk (WAITAOF). */
const DURABILITY_WAIT_MS = 5_000;
/** Stripe's own tolerance for a signature's age (stripe.webhooks.DEFAULT_TOLERANCE), applied to the future too. */
const SIGNATURE_TOLERANCE_S = 300;
/** A Price from the dashboard is shown on /buy as Stripe has it, re-read at most this often. */
const PRICE_CACHE_MS = 10 * 60_000;

/**
 * Selling keys: the Checkout Session a Buy button makes, the webhook that issues and revokes, and the one
 * reveal. Issuing is idempotent per session, so the webhook and the success page may both do it.
 */
@Injectable()
export class PurchaseService {
  private readonly logger = new Logger('Purchase');
  private readonly config?: PurchaseConfig;
  private readonly stripe?: Stripe;
  private readonly store?: PurchaseStore;
  private readonly lookups?: SessionLookups;
  private durability: 'unknown' | 'waitaof' | 'unsupported' = 'unknown';
  private shownPrice?: { price: Price; at: number };

  constructor(
    private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {
    this.config = appConfig.purchase;
    if (!this.config) return;
    this.stripe = createStripeClient(this.config);
    this.store = new PurchaseStore(redis.client, appConfig.queuePrefix, sealingKey(this.config.sealSecret), emailIndexKey(this.config.sealSecret));
    this.lookups = new SessionLookups(redis.client, appConfig.queuePrefix, this.config.sessionLookups);
  }

  get enabled(): boolean {
    return this.config !== undefined;
  }

  /** Lost keys can be recovered by email here (SMTP_URL set): the buy and reveal pages link to /keys/recover. */
  get recoveryEnabled(): boolean {
    return this.config?.recovery !== undefined;
  }

  get publicUrl(): string {
    return this.config?.publicUrl ?? '';
  }

  /** A new Checkout Session; its URL is where the buyer pays. */
  async checkout(): Promise<string> {
    const { stripe, config } = this.ready();
    try {
      const session = await stripe.checkout.sessions.create(checkoutParams(config));
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      await this.rememberCreated(session.id);
      return session.url;
    } catch (err) {
      this.logger.warn(`checkout session not created: ${(err as Error).message}`);
      throw new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider cannot be reached; try again shortly.', undefined, {
        'Retry-After': RETRY_AFTER_S,
      });
    }
  }

  /**
   * A delivery from Stripe: verified against the raw bytes before anything is read, then applied. Answers only
   * once what it wrote is durable, so a 2xx Stripe sees is a key that exists.
   */
  async webhook(rawBody: unknown, signature: string | undefined): Promise<WebhookOutcome> {
    const { stripe, config } = this.ready();
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(rawBody) || rawBody.length === 0 || !signature) throw new Error('no body or no signature');
      // The library refuses signatures older than its tolerance but not ones dated in the future.
      if (signedAt(signature) > Date.now() / 1000 + SIGNATURE_TOLERANCE_S) throw new Error('signature dated in the future');
      event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, SIGNATURE_TOLERANCE_S);
    } catch {
      throw new ApiError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match this body and the endpoint secret, or is too old.');
    }
    const outcome = await this.apply(event);
    if (outcome !== 'ignored') this.logger.log({ msg: 'stripe event', type: event.type, id: event.id, outcome });
    return outcome;
  }

  private async apply(event: Stripe.Event): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const paid = paidSessionOf(event.data.object);
        if (!paid) return 'ignored'; // not ours, or paid later (async_payment_succeeded will come)
        if (await this.refused(paid)) return 'refused';
        return (await this.issue(paid)) ? 'issued' : 'already-issued';
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        if (!charge.refunded) return 'ignored'; // a partial refund keeps the key
        return this.revoke(idOf(charge.payment_intent), 'refunded');
      }
      case 'charge.dispute.created':
        return this.revoke(idOf(event.data.object.payment_intent), 'disputed');
      default:
        return 'ignored';
    }
  }

  /**
   * A paid session that did not buy a key (payment-check.ts): recorded with its reason and logged for the operator,
   * and true. With STRIPE_PRICE_ID its line items are read from Stripe (a webhook's session does not carry them).
   */
  private async refused(paid: PaidSession): Promise<boolean> {
    const { stripe, store, config } = this.ready();
    let items: BoughtItem[] | undefined;
    if (config.priceId) {
      try {
        const list = await stripe.checkout.sessions.listLineItems(paid.sessionId, { limit: 10 });
        items = list.data.map((item) => ({ priceId: item.price?.id, quantity: item.quantity ?? 0 }));
      } catch (err) {
        this.logger.warn(`line items of ${paid.sessionId} not read: ${(err as Error).message}`);
        throw new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider cannot be reached; try again shortly.', undefined, {
          'Retry-After': RETRY_AFTER_S,
        });
      }
    }
    const problem = paymentProblem(paid, config, items);
    if (!problem) return false;
    this.logger.error({ msg: 'paid session refused: no key issued', sessionId: paid.sessionId, paymentIntentId: paid.paymentIntentId, reason: problem });
    await this.redisWork(() => store.recordRefusal(paid, problem));
    await this.waitForDisk();
    return true;
  }

  private async issue(paid: PaidSession): Promise<boolean> {
    const { store } = this.ready();
    const { issued } = await this.redisWork(() => store.issue(paid));
    await this.waitForDisk();
    return issued;
  }

  private async revoke(paymentIntentId: string | undefined, reason: string): Promise<WebhookOutcome> {
    if (!paymentIntentId) return 'ignored';
    const { store } = this.ready();
    const outcome = await this.redisWork(() => store.revokeByPayment(paymentIntentId, reason));
    await this.waitForDisk();
    return outcome === 'revoked' ? 'revoked' : outcome === 'already-revoked' ? 'already-revoked' : 'revocation-remembered';
  }

  /** Best effort: a buyer whose session was not remembered is only counted against the lookup limit. */
  private async rememberCreated(sessionId: string): Promise<void> {
    try {
      await this.lookups?.rememberCreated(sessionId);
    } catch (err) {
      this.logger.warn(`created session ${sessionId} not remembered: ${(err as Error).message}`);
    }
  }

  /**
   * The success page. Shows the key once; before the webhook has come it asks Stripe itself (Stripe's advice:
   * fulfil from the landing page too) and issues if the session is paid, else says the payment is confirming.
   */
  async reveal(sessionId: unknown, clientAddress = 'unknown'): Promise<{ status: number; state: RevealState; retryAfterSeconds?: number }> {
    if (!this.enabled) return { status: 503, state: { kind: 'disabled' } };
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return { status: 400, state: { kind: 'invalid' } };
    const { store, stripe } = this.ready();
    let outcome = await this.redisWork(() => store.reveal(sessionId));
    if (outcome.kind === 'unknown') {
      // Not issued yet: ask Stripe, unless it said lately it has no such session, or this address is over its
      // allowance of lookups of sessions our checkout did not make (session-lookups.ts).
      const lookups = this.lookups!;
      if (await this.redisWork(() => lookups.knownMissing(sessionId))) return { status: 404, state: { kind: 'not-found' } };
      if (!(await this.redisWork(() => lookups.wasCreated(sessionId)))) {
        const allowance = await this.redisWork(() => lookups.take(clientAddress));
        if (!allowance.allowed) {
          return { status: 429, state: { kind: 'too-many', retryAfterSeconds: allowance.retryAfterSeconds }, retryAfterSeconds: allowance.retryAfterSeconds };
        }
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) {
          await this.redisWork(() => lookups.rememberMissing(sessionId));
          return { status: 404, state: { kind: 'not-found' } };
        }
        this.logger.warn(`session lookup failed: ${(err as Error).message}`);
        return { status: 202, state: { kind: 'pending', refreshSeconds: 3 } };
      }
      if (session.metadata?.hd_product !== PRODUCT_METADATA.hd_product) return { status: 404, state: { kind: 'not-found' } };
      const paid = paidSessionOf(session);
      if (!paid) {
        return session.status === 'complete'
          ? { status: 202, state: { kind: 'pending', refreshSeconds: 3 } } // paid by a method that settles later
          : { status: 402, state: { kind: 'not-paid' } };
      }
      if (await this.refused(paid)) return { status: 402, state: { kind: 'refused' } };
      await this.issue(paid);
      outcome = await this.redisWork(() => store.reveal(sessionId));
    }
    const url = this.publicUrl;
    switch (outcome.kind) {
      case 'revealed':
        return { status: 200, state: { kind: 'revealed', key: outcome.key, email: outcome.purchase.email, publicUrl: url } };
      case 'already-shown':
        return { status: 410, state: { kind: 'already-shown', email: outcome.purchase.email, publicUrl: url, recovery: this.recoveryEnabled } };
      case 'revoked':
        return { status: 410, state: { kind: 'revoked', reason: outcome.purchase.revokedReason ?? 'revoked' } };
      default:
        return { status: 202, state: { kind: 'pending', refreshSeconds: 3 } };
    }
  }

  /** The price the buy page shows: the dashboard Price's when STRIPE_PRICE_ID is set (read from Stripe, cached). */
  async price(): Promise<Price> {
    const config = this.config;
    if (!config) return { amount: 5000, currency: 'usd' };
    if (!config.priceId || !this.stripe) return config.price;
    if (this.shownPrice && Date.now() - this.shownPrice.at < PRICE_CACHE_MS) return this.shownPrice.price;
    try {
      const p = await this.stripe.prices.retrieve(config.priceId);
      if (p.unit_amount === null) throw new Error('the Price has no unit_amount');
      this.shownPrice = { price: { amount: p.unit_amount, currency: p.currency }, at: Date.now() };
      return this.shownPrice.price;
    } catch (err) {
      this.logger.warn(`price ${config.priceId} not read from Stripe: ${(err as Error).message}`);
      return this.shownPrice?.price ?? config.price;
    }
  }

  /**
   * Waits until Redis has the write in its append-only file on disk (WAITAOF, Redis 7.2+). On older servers
   * durability is what `appendfsync` gives (`always`: before the reply); with persistence off there is none to
   * wait for: both are logged once, loudly.
   */
  private async waitForDisk(): Promise<void> {
    if (this.durability === 'unsupported') return;
    let node: Redis;
    try {
      node = await prefixNode(this.redis.client, this.appConfig.queuePrefix);
      const [local] = (await node.call('WAITAOF', '1', '0', String(DURABILITY_WAIT_MS))) as number[];
      if (Number(local) < 1) throw unavailable('The purchase was written but not yet confirmed on disk; Stripe will retry.');
      this.durability = 'waitaof';
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const message = (err as Error).message;
      if (/unknown command/i.test(message)) {
        this.durability = 'unsupported';
        this.logger.warn('Redis has no WAITAOF (before 7.2): purchases are as durable as its appendfsync setting makes them (use "always").');
      } else if (/appendonly is disabled/i.test(message)) {
        this.durability = 'unsupported';
        this.logger.error('Redis persistence is off (appendonly no): bought keys would be lost with Redis. Run it with --appendonly yes.');
      } else {
        throw unavailable('The purchase could not be confirmed on disk; Stripe will retry.');
      }
    }
  }

  /** Redis errors become 503 (Stripe retries; a buyer refreshes), never 500. */
  private async redisWork<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      this.logger.warn(`purchase store: ${(err as Error).message}`);
      throw unavailable('The key store cannot be reached right now.');
    }
  }

  private ready(): { stripe: Stripe; store: PurchaseStore; config: PurchaseConfig } {
    if (!this.config || !this.stripe || !this.store) throw PURCHASE_DISABLED();
    return { stripe: this.stripe, store: this.store, config: this.config };
  }
}

/** The `t=` of a Stripe-Signature header (seconds since the epoch), or 0 when it has none. */
function signedAt(header: string): number {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  return t ? Number(t) : 0;
}
