/**
 * Webhooks of bulk jobs: when a job with a callbackUrl completes (or fails, or is cancelled), and at each step of its
 * progressEvery percent if it asked for them, one signed JSON event is POSTed
 * there, from a worker, and retried with exponential back-off for about a day until a 2xx. The event's bytes and id
 * are fixed when it is queued, so every retry carries the same event (receivers deduplicate by `id`); only the
 * signature's time changes.
 *
 * Signature: `HD-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t." + body>` with the key's webhook secret.
 *
 * A callback URL must not lead into the service's own network: its host's addresses are checked when the job is
 * created, and again on every delivery through the connection's own DNS lookup (so a name that later resolves to
 * 127.0.0.1 is refused too), unless WEBHOOK_ALLOW_PRIVATE=true.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isForbiddenAddress } from '../common/private-address';
import type { Queue } from 'bullmq';
import type { BulkMeta } from './bulk-store';
import { viewOf } from './bulk-view';

export const WEBHOOK_QUEUE = 'bulk-webhooks';
export const WEBHOOK_JOB = 'event';
/** How long a receiver is retried for. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** A receiver has this long to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookEventType = 'job.completed' | 'job.cancelled' | 'job.failed' | 'job.progress';

export interface WebhookPayload {
  url: string;
  keyHash: string;
  eventId: string;
  /** The event's JSON text, as sent on every attempt. */
  body: string;
}

export const webhookSecretKey = (prefix: string, keyHash: string): string => `${prefix}:bulk:webhook-secret:${keyHash}`;

export const newWebhookSecret = (): string => `hdwhsec_${randomBytes(32).toString('base64url')}`;

/** The `HD-Signature` header's value for `body` at `unixSeconds`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The event a job's end sends: its id (one per job and type, or per progress step, for idempotency), type, time and
 * the job's view; a progress event also names its step (`percent`: the job has at least that share of items done).
 */
export function webhookEvent(meta: BulkMeta, type: WebhookEventType, now = Date.now(), percent?: number): { eventId: string; body: string } {
  const kind = type.slice('job.'.length);
  if (type === 'job.progress') {
    const eventId = `${meta.id}.${kind}-${percent}`;
    return { eventId, body: JSON.stringify({ id: eventId, type, createdAt: new Date(now).toISOString(), percent, data: viewOf(meta, now) }) };
  }
  const eventId = `${meta.id}.${kind}`;
  return { eventId, body: JSON.stringify({ id: eventId, type, createdAt: new Date(now).toISOString(), data: viewOf(meta, now) }) };
}

/** Attempts (the first included) whose exponential back-off from `baseMs` adds up to at least WEBHOOK_RETRY_FOR_MS. */
export function webhookAttempts(baseMs: number): number {
  return Math.ceil(Math.log2(WEBHOOK_RETRY_FOR_MS / baseMs + 1)) + 1;
}

export class CallbackRefused extends Error {}

/** Refuses a callback URL whose host is, or resolves to, an address a webhook may not reach (or does not resolve). */
export async function checkCallbackUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CallbackRefused('callbackUrl must be an http or https URL');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new CallbackRefused(`callbackUrl's host ${host} does not resolve`);
  }
  const bad = addresses.find(isForbiddenAddress);
  if (bad) throw new CallbackRefused(`callbackUrl's host ${host} is a loopback, private, link-local or metadata address (${bad})`);
}

/** The connection's DNS lookup, refusing forbidden addresses (so the address checked is the address connected to). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(new CallbackRefused(`refused address ${bad.address}`), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** POSTs one delivery; resolves with the receiver's status (any), rejects when it cannot be delivered at all. */
export async function deliver(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<number> {
  const target = new URL(url);
  await checkCallbackUrl(target, allowPrivate); // an address literal never reaches the lookup below
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'hd-chart-api-webhooks/1', ...headers },
      },
      (res) => {
        res.resume(); // the receiver's body is not read
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Queues a job's event for its callbackUrl (nothing without one). Its BullMQ id is the event's id, so the same
 * event is queued once however often this is called; retried with exponential back-off for about a day.
 */
export async function queueWebhook(queue: Queue, meta: BulkMeta, type: WebhookEventType, retryBaseMs: number, percent?: number): Promise<void> {
  if (!meta.callbackUrl) return;
  const { eventId, body } = webhookEvent(meta, type, Date.now(), percent);
  const payload: WebhookPayload = { url: meta.callbackUrl, keyHash: meta.keyHash, eventId, body };
  await queue.add(WEBHOOK_JOB, payload, {
    jobId: eventId,
    attempts: webhookAttempts(retryBaseMs),
    backoff: { type: 'exponential', delay: retryBaseMs },
    removeOnComplete: { age: 86_400, count: 10_000 },
    removeOnFail: { age: 7 * 86_400, count: 10_000 },
  });
}
