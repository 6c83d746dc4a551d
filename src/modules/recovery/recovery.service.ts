import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiKeyService } from '../auth/api-key.store';
import { emailIndexKey } from '../purchase/email-index';
import { PurchaseStore } from '../purchase/purchase.store';
import { sealingKey } from '../purchase/seal';
import { WindowLimiter } from '../purchase/window-limit';
import { unavailable } from '../../common/outage-gate';
import { RedisClient } from '../redis/redis.module';
import { AskOutcome, errorCode, KeyRecovery, UseOutcome } from './key-recovery';
import { RecoveryTokens } from './recovery-tokens';
import { smtpMailer } from './smtp-mailer';

/** How long a stopping process waits for recovery messages still being sent. */
const DRAIN_MS = 5_000;

/**
 * Key recovery in the API process: KeyRecovery (key-recovery.ts) wired to Redis, the key store and SMTP. Off
 * (`enabled` false) without SMTP_URL or without purchases. Redis errors become 503, never 500.
 */
@Injectable()
export class RecoveryService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Recovery');
  private readonly recovery?: KeyRecovery;
  private readonly mailer?: ReturnType<typeof smtpMailer>;
  readonly publicUrl: string;

  constructor(redis: RedisClient, @Inject(APP_CONFIG) config: AppConfig, keys: ApiKeyService) {
    const purchase = config.purchase;
    this.publicUrl = purchase?.publicUrl ?? '';
    const settings = purchase?.recovery;
    if (!purchase || !settings) return;
    const prefix = config.queuePrefix;
    const emailKey = emailIndexKey(purchase.sealSecret);
    const mailer = (this.mailer = smtpMailer(settings.smtpUrl));
    this.recovery = new KeyRecovery({
      purchases: new PurchaseStore(redis.client, prefix, sealingKey(purchase.sealSecret), emailKey),
      keys,
      tokens: new RecoveryTokens(redis.client, prefix, settings.linkMinutes * 60),
      perAddress: new WindowLimiter(redis.client, prefix, 'recovery-address', settings.perAddress),
      perEmail: new WindowLimiter(redis.client, prefix, 'recovery-email', settings.perEmail),
      emailKey,
      send: (mail) => mailer.send(mail),
      from: settings.mailFrom,
      publicUrl: purchase.publicUrl,
      linkMinutes: settings.linkMinutes,
      warn: (what, err) => this.logger.warn(err === undefined ? what : `${what}: ${errorCode(err)}`),
      info: (what) => this.logger.log(what),
    });
  }

  get enabled(): boolean {
    return this.recovery !== undefined;
  }

  get linkMinutes(): number {
    return this.recovery?.linkMinutes ?? 30;
  }

  /** Purchases recorded before the email index are added now rather than on the first request (best effort). */
  onApplicationBootstrap(): void {
    this.recovery?.ensureEmailIndex().catch((err: unknown) => this.logger.warn(`email index backfill deferred: ${errorCode(err)}`));
  }

  /** Before the shutdown hooks (the Redis client's among them): messages being prepared still need Redis. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.recovery?.drain(DRAIN_MS);
  }

  onApplicationShutdown(): void {
    this.mailer?.close();
  }

  ask(input: unknown, clientAddress: string): Promise<AskOutcome> {
    return this.redisWork((r) => r.ask(input, clientAddress));
  }

  isLive(token: string): Promise<boolean> {
    return this.redisWork((r) => r.isLive(token));
  }

  use(token: string): Promise<UseOutcome> {
    return this.redisWork((r) => r.use(token));
  }

  private async redisWork<T>(work: (recovery: KeyRecovery) => Promise<T>): Promise<T> {
    if (!this.recovery) throw new Error('key recovery is off');
    try {
      return await work(this.recovery);
    } catch (err) {
      // Redis's own messages (a connection refused, a timeout) name no address.
      this.logger.warn(`recovery store: ${(err as Error).message}`);
      throw unavailable('The key store cannot be reached right now.');
    }
  }
}
