/**
 * npm run key -- create [label] | list | revoke <key | hash prefix> | usage <key | hash prefix>
 * `list` shows every key, made here (`cli`) or bought (`purchase`, with the buyer's email); `revoke` works for
 * both, and every API replica drops the key from its cache at once (pub/sub). `usage` prints what GET /v1/usage
 * answers that key (JSON), as written to Redis: an API process writes its counts about every second.
 * Talks to the configured Redis (REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES). A created key is printed
 * once and never stored in clear.
 */
import { loadConfigOrExit } from '../config/app-config';
import { ApiKeyStore } from '../modules/auth/api-key.store';
import { purchaseName } from '../modules/auth/key-records';
import { readUsage } from '../modules/usage/usage-counter';
import { createRedisClient, describeRedis, prefixNode } from '../modules/redis/redis-connection';

const USAGE = 'usage: npm run key -- create [label] | list | revoke <key or hash prefix> | usage <key or hash prefix>';

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const config = loadConfigOrExit();
  const redis = createRedisClient(config, { maxRetriesPerRequest: 1, retryStrategy: null });
  redis.on('error', () => undefined);
  try {
    const store = new ApiKeyStore(await prefixNode(redis, config.queuePrefix), config.queuePrefix, []);
    switch (command) {
      case 'create': {
        const { key, record } = await store.create(arg ?? '');
        process.stdout.write(`${key}\n`);
        process.stderr.write(`Created key ${record.hash.slice(0, 12)}… (label "${record.label}"). It is shown only this once.\n`);
        return 0;
      }
      case 'list': {
        const node = await prefixNode(redis, config.queuePrefix);
        const keys = await store.list();
        process.stdout.write('hash prefix       created                   state                 source    email / label\n');
        for (const k of keys) {
          const email = k.purchase ? await node.hget(purchaseName(config.queuePrefix, k.purchase), 'email') : undefined;
          const state = k.revokedAt ? `revoked (${k.revokedReason ?? 'revoked'})` : 'active';
          process.stdout.write(`${k.hash.slice(0, 16)}  ${k.createdAt}  ${state.padEnd(20)}  ${k.source.padEnd(8)}  ${email || k.label}\n`);
        }
        process.stderr.write(`${keys.length} key(s), ${keys.filter((k) => k.source === 'purchase').length} bought\n`);
        return 0;
      }
      case 'revoke': {
        if (!arg) break;
        const revoked = await store.revoke(arg);
        if (!revoked) {
          process.stderr.write('No single key matches that key or hash prefix.\n');
          return 1;
        }
        process.stdout.write(`revoked ${revoked.hash.slice(0, 16)} (${revoked.label})\n`);
        return 0;
      }
      case 'usage': {
        if (!arg) break;
        const hash = await store.findHash(arg);
        if (!hash) {
          process.stderr.write('No single key matches that key or hash prefix.\n');
          return 1;
        }
        const report = await readUsage(await prefixNode(redis, config.queuePrefix), config.queuePrefix, hash);
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        process.stderr.write(`key ${hash.slice(0, 16)}: ${report.today.total} call(s) today, ${report.totals.total} in all\n`);
        return 0;
      }
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } catch (err) {
    process.stderr.write(`Redis at ${describeRedis(config)} did not answer: ${(err as Error).message}\n`);
    return 1;
  } finally {
    redis.disconnect();
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
