import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisClient } from '../redis/redis.module';
import { generateApiKey, hashApiKey, matchesAnyHash } from './api-key';

export interface StoredKey {
  hash: string; // hex SHA-256 of the key; the key itself is never stored
  label: string;
  createdAt: string;
  revokedAt?: string;
}

/** Redis hash per key, addressed by the key's SHA-256: `<prefix>:apikey:<hex>`. */
export function keyRecordName(prefix: string, hashHex: string): string {
  return `${prefix}:apikey:${hashHex}`;
}

/** How long a positive lookup is trusted in memory; a revocation takes effect within this time. */
const CACHE_MS = 30_000;

/**
 * Keys are bought once and never expire. They live in Redis only as hashes; static keys from HD_API_KEYS are
 * compared by hash in constant time.
 */
export class ApiKeyStore {
  private readonly staticHashes: Buffer[];
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    staticKeys: readonly string[],
  ) {
    this.staticHashes = staticKeys.map(hashApiKey);
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
    if (cachedAt !== undefined && Date.now() - cachedAt < CACHE_MS) return true;
    const [createdAt, revokedAt] = await this.redis.hmget(keyRecordName(this.prefix, hex), 'createdAt', 'revokedAt');
    const valid = Boolean(createdAt) && !revokedAt;
    if (valid) {
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(hex, Date.now());
    } else {
      this.cache.delete(hex);
    }
    return valid;
  }

  /** Creates a key and returns it: the only time it is ever shown. */
  async create(label = ''): Promise<{ key: string; record: StoredKey }> {
    const key = generateApiKey();
    const record: StoredKey = { hash: hashApiKey(key).toString('hex'), label, createdAt: new Date().toISOString() };
    await this.redis.hset(keyRecordName(this.prefix, record.hash), { label, createdAt: record.createdAt });
    return { key, record };
  }

  async list(): Promise<StoredKey[]> {
    const out: StoredKey[] = [];
    let cursor = '0';
    do {
      const [next, names] = await this.redis.scan(cursor, 'MATCH', keyRecordName(this.prefix, '*'), 'COUNT', 500);
      cursor = next;
      for (const name of names) {
        const fields = await this.redis.hgetall(name);
        out.push({ hash: name.slice(name.lastIndexOf(':') + 1), label: fields.label ?? '', createdAt: fields.createdAt, revokedAt: fields.revokedAt || undefined });
      }
    } while (cursor !== '0');
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revokes by the key itself or by its hash (or a unique prefix of 8+ hex digits). */
  async revoke(keyOrHash: string): Promise<StoredKey | undefined> {
    const hashes = /^[0-9a-f]{8,64}$/.test(keyOrHash)
      ? (await this.list()).filter((k) => k.hash.startsWith(keyOrHash)).map((k) => k.hash)
      : [hashApiKey(keyOrHash).toString('hex')];
    if (hashes.length !== 1) return undefined;
    const name = keyRecordName(this.prefix, hashes[0]);
    if (!(await this.redis.exists(name))) return undefined;
    const revokedAt = new Date().toISOString();
    await this.redis.hset(name, 'revokedAt', revokedAt);
    const fields = await this.redis.hgetall(name);
    return { hash: hashes[0], label: fields.label ?? '', createdAt: fields.createdAt, revokedAt };
  }
}

@Injectable()
export class ApiKeyService extends ApiKeyStore {
  constructor(redis: RedisClient, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis.client, config.queuePrefix, config.staticApiKeys);
  }
}
