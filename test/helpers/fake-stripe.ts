/**
 * A small local stand-in for api.stripe.com, for the official `stripe` client pointed at it (its host, port and
 * protocol options): it records each request (method, path, form fields, headers) and answers the few calls
 * the purchase flow makes, shaped as Stripe's API reference shows them. Events for the webhook are built here
 * and signed with the library's own test helper (stripe.webhooks.generateTestHeaderString).
 */
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import Stripe from 'stripe';
import type { Json } from './service';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, Record<string, Json>>;
  /** Each session's line items (price id and quantity), as Checkout made them or a test set them. */
  lineItems: Map<string, { price: string; quantity: number }[]>;
  /** A session as Stripe holds it after the buyer paid (what the webhook's object carries). */
  pay(sessionId: string, email?: string): Record<string, Json>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, Json>>();
  const lineItems = new Map<string, { price: string; quantity: number }[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const missing = (what: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 5000),
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          customer_details: null,
          customer_email: null,
          payment_intent: null,
          metadata,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        sessions.set(sessionId, session);
        lineItems.set(sessionId, [{ price: form.get('line_items[0][price]') ?? `price_inline${randomBytes(6).toString('hex')}`, quantity: 1 }]);
        return send(200, session);
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sessionPath) {
        const session = sessions.get(decodeURIComponent(sessionPath[1]));
        return session ? send(200, session) : missing(`checkout.session: '${sessionPath[1]}'`);
      }
      const itemsPath = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(url.pathname);
      if (req.method === 'GET' && itemsPath) {
        const items = lineItems.get(decodeURIComponent(itemsPath[1]));
        if (!items) return missing(`checkout.session: '${itemsPath[1]}'`);
        const data = items.map((item) => ({
          id: id('li'),
          object: 'item',
          quantity: item.quantity,
          price: { id: item.price, object: 'price', unit_amount: 4900, currency: 'eur', type: 'one_time' },
        }));
        return send(200, { object: 'list', data, has_more: false, url: url.pathname });
      }
      const pricePath = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pricePath) {
        return send(200, { id: pricePath[1], object: 'price', unit_amount: 4900, currency: 'eur', active: true, type: 'one_time' });
      }
      return missing(`route ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    lineItems,
    pay(sessionId, email = 'buyer@example.com') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi'),
        customer_details: { email, name: 'A Buyer', address: null, phone: null, tax_exempt: 'none', tax_ids: [] },
      });
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A paid session object of our product that Stripe never saw (for webhook-only tests). */
export function paidSession(email = 'buyer@example.com'): Record<string, Json> {
  const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 5000,
    currency: 'usd',
    payment_intent: id('pi'),
    metadata: { hd_product: 'api-key' },
    customer_details: { email },
    customer_email: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

export function event(type: string, object: Record<string, Json>): string {
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

export function refund(paymentIntent: string, full = true): Record<string, Json> {
  return { id: id('ch'), object: 'charge', amount: 5000, amount_refunded: full ? 5000 : 1000, refunded: full, payment_intent: paymentIntent, currency: 'usd' };
}

export function dispute(paymentIntent: string): Record<string, Json> {
  return { id: id('dp'), object: 'dispute', amount: 5000, charge: id('ch'), payment_intent: paymentIntent, reason: 'fraudulent', status: 'needs_response' };
}

/** Signs a payload as Stripe would, with the library's own helper; `timestamp` replays an old delivery. */
export function signature(payload: string, secret: string, timestamp?: number): string {
  const stripe = new Stripe('sk_test_signing_only');
  return stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}
