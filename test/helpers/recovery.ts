/** Shared by the key recovery tests: a key bought through the Stripe stand-in, form posts, the link in a message. */
import { Agent, request } from 'node:http';
import { event, FakeStripe } from './fake-stripe';
import { deliver, keyIn, PUBLIC_URL } from './purchase';

export const MAIL_FROM = 'Human Design API <keys@hd.example.test>';

export interface Answer {
  status: number;
  html: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Buys a key as a buyer does (checkout, payment, signed webhook, the one reveal): its session and the key. */
export async function buyKey(baseUrl: string, stripe: FakeStripe, email: string): Promise<{ sessionId: string; key: string; paymentIntent: string }> {
  const res = await fetch(`${baseUrl}/v1/purchase/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  const location = res.headers.get('location') ?? '';
  const sessionId = location.slice(location.lastIndexOf('/') + 1);
  const paid = stripe.pay(sessionId, email);
  const hook = await deliver(baseUrl, event('checkout.session.completed', paid));
  if (hook.status !== 200) throw new Error(`webhook answered ${hook.status}`);
  const shown = await fetch(`${baseUrl}/purchase/success?session_id=${sessionId}`);
  const key = keyIn(await shown.text());
  if (!key) throw new Error(`no key revealed for ${sessionId} (${shown.status})`);
  return { sessionId, key, paymentIntent: String(paid.payment_intent) };
}

/** A request as a browser's form sends it, from a chosen local source address when an agent is given. */
export function send(
  url: string,
  {
    method = 'GET',
    form,
    agent,
    body,
    contentType,
  }: { method?: string; form?: Record<string, string>; agent?: Agent; body?: string; contentType?: string } = {},
): Promise<Answer> {
  const payload = body ?? (form ? new URLSearchParams(form).toString() : method === 'POST' ? '' : undefined);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (payload !== undefined) {
      headers['content-type'] = contentType ?? 'application/x-www-form-urlencoded';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString(), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The recovery links in a message's text, as paths on the service (they name PUBLIC_URL). */
export function linksIn(text: string): string[] {
  const prefix = `${PUBLIC_URL}/keys/recover/`;
  return [...text.matchAll(/https?:\/\/\S+\/keys\/recover\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g)]
    .map((m) => m[0])
    .filter((url) => url.startsWith(prefix))
    .map((url) => url.slice(PUBLIC_URL.length));
}
