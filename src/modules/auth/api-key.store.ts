import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { createSubscriber } from '../redis/redis-connection';
import { RedisClient } from '../redis/redis.module';
import { scanNames } from '../redis/scan';
import { generateApiKey, hashApiKey, matchesAnyHash } from './api-key';
import { keyRecordName, purchaseName, revokedChannel } from './key-records';

export { keyRecordName } from './key-records';

export interface StoredKey {
  hash: string; // hex SHA-256 of the key; the key itself is never stored
  label: string;
  createdAt: string;
  revokedAt?: string;
  /** Why: `revoked` (operator), `rotated`, `refunded`, `disputed`. */
  revokedReason?: string;
  /** `cli` (made by an operator) or `purchase` (bought through Stripe). */
  source: 'cli' | 'purchase';
  /** The Checkout Session id of a bought key. */
  purchase?: string;
}

/**
 * How long a positive lookup is trusted in memory. Revocations are also announced on a pub/sub channel that
 * every API replica listens to (see listenForRevocations), so this is only the bound when that message is lost.
 */
export const KEY_CACHE_MS = 5_000;

/**
 * Rotation, atomically: the old key must still be active; it is revoked, the new one inherits its label, source
 * and purchase, and the purchase (if any) now holds the new key. A purchase revoked meanwhile (a refund) makes
 * the new key born revoked. KEYS: old record, new record; ARGV: prefix, now, old hash, new hash.
 * Returns 1 rotated, 0 old key not active, -1 purchase revoked.
 */
const ROTATE_SCRIPT = `
local old = redis.call('HMGET', KEYS[1], 'createdAt', 'revokedAt', 'label', 'source', 'purchase')
if not old[1] or old[2] then return 0 end
redis.call('HSET', KEYS[1], 'revokedAt', ARGV[2], 'revokedReason', 'rotated', 'replacedBy', ARGV[4])
redis.call('HSET', KEYS[2], 'label', old[3] or '', 'createdAt', ARGV[2], 'source', old[4] or 'cli', 'rotatedFrom', ARGV[3])
redis.call('PUBLISH', ARGV[1] .. ':keys:revoked', ARGV[3])
if old[5] then
  local purchase = ARGV[1] .. ':purchase:' .. old[5]
  redis.call('HSET', KEYS[2], 'purchase', old[5])
  if redis.call('HGET', purchase, 'state') == 'revoked' then
    redis.call('HSET', KEYS[2], 'revokedAt', ARGV[2], 'revokedReason', redis.call('HGET', purchase, 'revokedReason') or 'revoked')
    return -1
  end
  redis.call('HSET', purchase, 'keyHash', ARGV[4])
end
return 1`;

export type RotateResult = { rotated: true; key: string; record: StoredKey } | { rotated: false; why: 'static' | 'inactive' };

/**
 * Keys are bought once and never expire. They live in Redis only as hashes; static keys from HD_API_KEYS are
 * compared by hash in constant time.
 */
export class ApiKeyStore {
  private readonly staticHashes: Buffer[];
  private readonly cache = new Map<string, number>();
  private readonly channel: string;
  /** A key record was seen in Redis: from then on some key exists (records are revoked, never deleted). */
  private someKeyStored = false;
  private noKeySeenAt = 0;
  private keyLookup?: Promise<boolean>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    staticKeys: readonly string[],
  ) {
    this.staticHashes = staticKeys.map(hashApiKey);
    this.channel = revokedChannel(prefix);
  }

  /** Static keys (HD_API_KEYS) live in configuration, not in Redis: they cannot be rotated or revoked here. */
  isStatic(hash: Buffer): boolean {
    return matchesAnyHash(hash, this.staticHashes);
  }

  /** Drops one key (or, with no argument, every key) from the positive cache. */
  forget(hashHex?: string): void {
    if (hashHex === undefined) this.cache.clear();
    else this.cache.delete(hashHex);
  }

  /**
   * Follows revocations announced by any process (API replicas, the CLI, the webhook). On every (re)connect the
   * whole cache is dropped, since announcements made while disconnected were missed.
   */
  async listenForRevocations(subscriber: Redis): Promise<void> {
    subscriber.on('message', (channel: string, hashHex: string) => {
      if (channel === this.channel) this.forget(hashHex);
    });
    subscriber.on('ready', () => this.forget());
    await subscriber.subscribe(this.channel);
  }

  /**
   * Without waiting: true when the key is static or was found valid within KEY_CACHE_MS (and not announced
   * revoked since). False means "not known here yet", not "invalid": the caller then asks isValidHash.
   */
  knownValid(hash: Buffer): boolean {
    if (matchesAnyHash(hash, this.staticHashes)) return true;
    const cachedAt = this.cache.get(hash.toString('hex'));
    return cachedAt !== undefined && Date.now() - cachedAt < KEY_CACHE_MS;
  }

  /** true / false, or throws when Redis cannot answer. */
  async isValid(key: string): Promise<boolean> {
    return this.isValidHash(hashApiKey(key));
  }

  /** As isValid, for a key already hashed (the guard hashes once and keeps the hash for fairness). */
  async isValidHash(hash: Buffer): Promise<boolean> {
    if (matchesAnyHash(hash, this.staticHashes)) return true;
    const hex = hash.toString('hex');
    const cachedAt = this.cache.get(hex);
    if (cachedAt !== undefined && Date.now() - cachedAt < KEY_CACHE_MS) return true;
    const [createdAt, revokedAt] = await this.redis.hmget(keyRecordName(this.prefix, hex), 'createdAt', 'revokedAt');
    const valid = Boolean(createdAt) && !revokedAt;
    if (createdAt) this.someKeyStored = true;
    if (valid) {
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(hex, Date.now());
    } else {
      this.cache.delete(hex);
    }
    return valid;
  }

  /**
   * Whether this server has any key at all: a static one, or a key record in Redis. Only a server nobody set up
   * yet answers false, and its 401 then says how to make a key. A "no" is read again at most every KEY_CACHE_MS,
   * by one SCAN shared by the requests asking meanwhile.
   */
  async anyKeyExists(): Promise<boolean> {
    if (this.staticHashes.length > 0 || this.someKeyStored) return true;
    if (Date.now() - this.noKeySeenAt < KEY_CACHE_MS) return false;
    this.keyLookup ??= (async () => {
      try {
        for await (const name of scanNames(this.redis, keyRecordName(this.prefix, '*'))) {
          if (name) return (this.someKeyStored = true);
        }
        this.noKeySeenAt = Date.now();
        return false;
      } finally {
        this.keyLookup = undefined;
      }
    })();
    return this.keyLookup;
  }

  /** Creates a key and returns it: the only time it is ever shown. */
  async create(label = ''): Promise<{ key: string; record: StoredKey }> {
    const key = generateApiKey();
    const record: StoredKey = { hash: hashApiKey(key).toString('hex'), label, createdAt: new Date().toISOString(), source: 'cli' };
    await this.redis.hset(keyRecordName(this.prefix, record.hash), { label, createdAt: record.createdAt, source: 'cli' });
    return { key, record };
  }

  /** Replaces a stored key with a new one, shown only in this answer; the old one stops working at once. */
  async rotate(oldHash: Buffer): Promise<RotateResult> {
    if (this.isStatic(oldHash)) return { rotated: false, why: 'static' };
    const key = generateApiKey();
    const oldHex = oldHash.toString('hex');
    const newHex = hashApiKey(key).toString('hex');
    const outcome = Number(
      await this.redis.eval(
        ROTATE_SCRIPT,
        2,
        keyRecordName(this.prefix, oldHex),
        keyRecordName(this.prefix, newHex),
        this.prefix,
        new Date().toISOString(),
        oldHex,
        newHex,
      ),
    );
    this.forget(oldHex);
    if (outcome !== 1) return { rotated: false, why: 'inactive' };
    const record = await this.get(newHex);
    return { rotated: true, key, record: record! };
  }

  /**
   * Rotates whichever key a purchase holds now (key recovery by email): the same atomic step as rotate(), so the
   * old key stops working at once and the new one stays tied to the purchase. A rotation by its owner between
   * reading the purchase's key and rotating it moves the key on: read again (a few times at most).
   * Not rotated: no such purchase, the purchase was revoked (refund, dispute), or its key was revoked by the operator.
   */
  async rotatePurchaseKey(sessionId: string): Promise<RotateResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const hex = await this.redis.hget(purchaseName(this.prefix, sessionId), 'keyHash');
      if (!hex || !/^[0-9a-f]{64}$/.test(hex)) return { rotated: false, why: 'inactive' };
      const result = await this.rotate(Buffer.from(hex, 'hex'));
      if (result.rotated || (await this.redis.hget(purchaseName(this.prefix, sessionId), 'keyHash')) === hex) return result;
    }
    return { rotated: false, why: 'inactive' };
  }

  async get(hashHex: string): Promise<StoredKey | undefined> {
    const fields = await this.redis.hgetall(keyRecordName(this.prefix, hashHex));
    return fields.createdAt ? toStoredKey(hashHex, fields) : undefined;
  }

  async list(): Promise<StoredKey[]> {
    const out: StoredKey[] = [];
    for await (const name of scanNames(this.redis, keyRecordName(this.prefix, '*'))) {
      const fields = await this.redis.hgetall(name);
      if (fields.createdAt) out.push(toStoredKey(name.slice(name.lastIndexOf(':') + 1), fields));
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /**
   * The hash a key is known by, from the key itself (static keys too) or its hash or a unique prefix of 8+ hex
   * digits of a stored key's hash; undefined when nothing, or more than one key, matches.
   */
  async findHash(keyOrHash: string): Promise<string | undefined> {
    if (!/^[0-9a-f]{8,64}$/.test(keyOrHash)) return hashApiKey(keyOrHash).toString('hex');
    const hashes = (await this.list()).filter((k) => k.hash.startsWith(keyOrHash)).map((k) => k.hash);
    if (hashes.length === 1) return hashes[0];
    return hashes.length === 0 && keyOrHash.length === 64 ? keyOrHash : undefined;
  }

  /** Revokes by the key itself or by its hash (or a unique prefix of 8+ hex digits). */
  async revoke(keyOrHash: string): Promise<StoredKey | undefined> {
    const hashes = /^[0-9a-f]{8,64}$/.test(keyOrHash)
      ? (await this.list()).filter((k) => k.hash.startsWith(keyOrHash)).map((k) => k.hash)
      : [hashApiKey(keyOrHash).toString('hex')];
    if (hashes.length !== 1) return undefined;
    const name = keyRecordName(this.prefix, hashes[0]);
    if (!(await this.redis.exists(name))) return undefined;
    // An earlier revocation (and its reason) stands.
    await this.redis.eval(
      "if redis.call('HEXISTS', KEYS[1], 'revokedAt') == 0 then redis.call('HSET', KEYS[1], 'revokedAt', ARGV[1], 'revokedReason', 'revoked') end",
      1,
      name,
      new Date().toISOString(),
    );
    await this.redis.publish(this.channel, hashes[0]);
    this.forget(hashes[0]);
    return this.get(hashes[0]);
  }
}

function toStoredKey(hash: string, fields: Record<string, string>): StoredKey {
  return {
    hash,
    label: fields.label ?? '',
    createdAt: fields.createdAt,
    revokedAt: fields.revokedAt || undefined,
    revokedReason: fields.revokedReason || undefined,
    source: fields.source === 'purchase' || fields.purchase ? 'purchase' : 'cli',
    purchase: fields.purchase || undefined,
  };
}

/** The API process's store, with its own subscriber connection for revocation announcements. */
@Injectable()
export class ApiKeyService extends ApiKeyStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeys');
  private subscriber?: Redis;

  constructor(
    redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(redis.client, config.queuePrefix, config.staticApiKeys);
  }

  onModuleInit(): void {
    // A subscribed connection cannot run other commands, hence its own; it retries for ever in the background.
    this.subscriber = createSubscriber(this.config);
    this.subscriber.on('error', () => undefined);
    this.listenForRevocations(this.subscriber).catch((err) => this.logger.warn(`revocation channel: ${(err as Error).message}`));
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }
}
