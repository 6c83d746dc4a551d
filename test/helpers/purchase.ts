/** Shared by the purchase tests: the service's Stripe settings, webhook delivery, pages, the key on a page. */
import { assertErrorShape } from './error-shape';
import { signature } from './fake-stripe';
import type { Json } from './service';

export const SECRET = 'whsec_dGVzdC13ZWJob29rLXNlY3JldC0wMTIzNDU2Nzg5';
export const PUBLIC_URL = 'https://hd.example.test';
export const BIRTH = { birthdate: '1990-05-15', birthtime: '14:30', location: 'London, United Kingdom' };

export function purchaseEnv(stripeUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTestsOnly',
    STRIPE_WEBHOOK_SECRET: SECRET,
    KEY_SEAL_SECRET: 'a-seal-secret-for-tests-of-32-chars-or-more',
    PUBLIC_URL,
    STRIPE_API_URL: stripeUrl,
  };
}

export async function deliver(baseUrl: string, payload: string, sig: string | null = signature(payload, SECRET)): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (sig !== null) headers['stripe-signature'] = sig;
  const res = await fetch(`${baseUrl}/v1/purchase/webhook`, { method: 'POST', headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json')) assertErrorShape(res.status, body, 'POST /v1/purchase/webhook');
  return { status: res.status, body };
}

export async function page(baseUrl: string, path: string): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

export function keyIn(html: string): string | undefined {
  return /<code[^>]*id="api-key"[^>]*>(hdk_[A-Za-z0-9_-]{43})<\/code>/.exec(html)?.[1];
}
