import type { RotateResult } from '../auth/api-key.store';
import { emailDigest } from '../purchase/email-index';
import type { Purchase } from '../purchase/purchase.store';
import type { Allowance } from '../purchase/window-limit';
import { parseEmail } from './email-address';
import { MailedPurchase, RecoveryMail, recoveryMail } from './recovery-mail';
import { RECOVER_PATH } from './recovery-pages';
import type { RecoveryTokens } from './recovery-tokens';

/** Messages being prepared or sent at once; a request beyond is answered as usual and its message dropped (logged). */
export const MAX_PENDING_MAILS = 100;

export type AskOutcome = { kind: 'invalid'; value: string; problem: string } | { kind: 'too-many'; retryAfterSeconds: number } | { kind: 'sent' };

export type UseOutcome = { kind: 'revealed'; key: string; email?: string } | { kind: 'revoked'; reason: string } | { kind: 'gone' };

export interface RecoveryParts {
  purchases: {
    byEmail(email: string): Promise<Purchase[]>;
    get(sessionId: string): Promise<Purchase | undefined>;
    backfillEmailIndex(): Promise<number | undefined>;
  };
  keys: { rotatePurchaseKey(sessionId: string): Promise<RotateResult> };
  tokens: Pick<RecoveryTokens, 'issue' | 'isLive' | 'take'>;
  /** Requests per client address, and per email address (its digest): WindowLimiter.take. */
  perAddress: { take(subject: string): Promise<Allowance> };
  perEmail: { take(subject: string): Promise<Allowance> };
  /** Keys the email digests (the per-email limit's subject; never the address itself). */
  emailKey: Buffer;
  send(mail: RecoveryMail): Promise<void>;
  from: string;
  publicUrl: string;
  linkMinutes: number;
  /** Told what went wrong in the background: never an email address (personal data), only what failed and why. */
  warn(what: string, err: unknown): void;
  info(what: string): void;
}

/** What may be logged of an error here: its code, never its message (an SMTP reply can quote the address). */
export function errorCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown } | undefined;
  const code = [e?.code, e?.responseCode].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ');
  return code || (typeof e?.name === 'string' ? e.name : 'Error');
}

/**
 * Lost-key recovery (issue 28), without Nest: the request for a link, the message, and the link's one use.
 *
 * A request answers the same, as fast, whether or not the address bought anything: it does the same two Redis
 * calls in either case (the two limits), and everything that depends on the answer (finding the purchases,
 * making links, SMTP) runs after the reply, in the background.
 */
export class KeyRecovery {
  private readonly pending = new Set<Promise<void>>();
  private indexReady?: Promise<unknown>;

  constructor(private readonly parts: RecoveryParts) {}

  get linkMinutes(): number {
    return this.parts.linkMinutes;
  }

  async ask(input: unknown, clientAddress: string): Promise<AskOutcome> {
    const parsed = parseEmail(input);
    if (!parsed.ok) return { kind: 'invalid', value: parsed.value, problem: parsed.problem };
    // The address first: a flood from one address does not use up the email's own allowance.
    const byAddress = await this.parts.perAddress.take(clientAddress);
    if (!byAddress.allowed) return { kind: 'too-many', retryAfterSeconds: byAddress.retryAfterSeconds };
    const byEmail = await this.parts.perEmail.take(emailDigest(this.parts.emailKey, parsed.email));
    if (!byEmail.allowed) return { kind: 'too-many', retryAfterSeconds: byEmail.retryAfterSeconds };
    this.inBackground(parsed.email);
    return { kind: 'sent' };
  }

  /** Whether a link would still work; a GET looks, only the POST uses it. */
  isLive(token: string): Promise<boolean> {
    return this.parts.tokens.isLive(token);
  }

  /** The link's one use: a new key for its purchase, shown once; the old key is refused from now on. */
  async use(token: string): Promise<UseOutcome> {
    const sessionId = await this.parts.tokens.take(token);
    if (!sessionId) return { kind: 'gone' };
    const purchase = await this.parts.purchases.get(sessionId);
    if (!purchase) return { kind: 'gone' };
    if (purchase.state === 'revoked') return { kind: 'revoked', reason: purchase.revokedReason ?? 'revoked' };
    const rotated = await this.parts.keys.rotatePurchaseKey(sessionId);
    if (rotated.rotated) return { kind: 'revealed', key: rotated.key, email: purchase.email };
    // Refunded meanwhile, or the operator revoked the key itself: a revoked key is not replaced by recovery either.
    const now = await this.parts.purchases.get(sessionId);
    return { kind: 'revoked', reason: now?.revokedReason ?? 'revoked' };
  }

  /**
   * Puts purchases recorded before the email index into it (once; PurchaseStore.backfillEmailIndex). Shared by
   * whoever asks first; after a failure the next asker tries again.
   */
  ensureEmailIndex(): Promise<unknown> {
    this.indexReady ??= this.parts.purchases.backfillEmailIndex().then(
      (indexed) => {
        if (indexed !== undefined) this.parts.info(`email index: ${indexed} earlier purchase(s) added`);
      },
      (err: unknown) => {
        this.indexReady = undefined;
        throw err;
      },
    );
    return this.indexReady;
  }

  /** Waits (at most `ms`) for the messages still being sent, as the process stops. */
  async drain(ms: number): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.pending]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  private inBackground(email: string): void {
    if (this.pending.size >= MAX_PENDING_MAILS) {
      this.parts.warn('recovery message dropped: too many being sent', undefined);
      return;
    }
    // setImmediate: the reply is written before any of the work that differs between known and unknown addresses.
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mail(email))
      .catch((err: unknown) => this.parts.warn('recovery message not sent', err))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /**
   * One message per address the purchases were made with (normally the one typed; its spelling as Stripe gave it),
   * listing every purchase: a link each for the active ones, the revoked ones named. Nothing when none.
   */
  private async mail(email: string): Promise<void> {
    await this.ensureEmailIndex().catch((err: unknown) => this.parts.warn('email index backfill failed', err));
    const purchases = await this.parts.purchases.byEmail(email);
    const byAddress = new Map<string, Purchase[]>();
    for (const p of purchases) byAddress.set(p.email!, [...(byAddress.get(p.email!) ?? []), p]);
    const site = this.parts.publicUrl.replace(/\/+$/, '');
    for (const [to, theirs] of byAddress) {
      const listed: MailedPurchase[] = [];
      for (const p of theirs) {
        const price = { amount: p.amount, currency: p.currency };
        if (p.state === 'revoked') listed.push({ kind: 'revoked', purchasedAt: p.createdAt, price, reason: p.revokedReason ?? 'revoked' });
        else listed.push({ kind: 'link', purchasedAt: p.createdAt, price, url: `${site}${RECOVER_PATH}/${await this.parts.tokens.issue(p.sessionId)}` });
      }
      await this.parts.send(recoveryMail({ from: this.parts.from, to, publicUrl: site, linkMinutes: this.parts.linkMinutes, purchases: listed }));
    }
  }
}
