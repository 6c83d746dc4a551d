/**
 * `npm run docs:openapi`: writes openapi.json (repo root) — the OpenAPI document GET /docs-json serves — so the
 * typed client (clients/typescript) is generated from a committed file. `--check` writes nothing and exits 1 when
 * openapi.json is missing or differs from what the API serves now.
 *
 * The document is taken from a real API-role app (same createApp as src/main.ts) listening on an ephemeral
 * loopback port, fetched over HTTP from /docs-json and closed again. It needs Redis (REDIS_URL, default
 * 127.0.0.1:6379); everything it could write there lives under a throwaway REDIS_PREFIX deleted afterwards.
 * The configuration is built from fixed values, not the caller's environment (except REDIS_URL), so the output
 * does not depend on who runs it. Like `npm start`, with no Redis at the default address it starts a private
 * redis-server for its own life when one is installed.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { DEFAULT_REDIS_URL, loadConfig } from '../src/config/app-config';
import { redisServerInstalled, startPrivateRedis } from '../src/config/local-redis';
import { createApp } from '../src/http-app';
import { deleteByPrefix } from '../src/modules/redis/scan';
import { describeRedis, pingRedis } from '../src/modules/redis/redis-connection';

const OUT = join(__dirname, '..', 'openapi.json');
const check = process.argv.includes('--check');
/** Booting, fetching and closing take a few seconds; past this something hangs (it exits 1 rather than wait). */
const TIMEOUT_MS = 120_000;

async function deletePrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await deleteByPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

async function servedDocument(): Promise<unknown> {
  let redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const prefix = `hdopenapi${randomBytes(4).toString('hex')}`;
  const env = { APP_ROLE: 'api', PORT: '0', REDIS_PREFIX: prefix, HD_API_KEYS: 'openapi-document-dummy-key', LOG_LEVEL: 'warn' };
  let config = loadConfig({ ...env, REDIS_URL: redisUrl });
  if (!(await pingRedis(config))) {
    if (redisUrl !== DEFAULT_REDIS_URL || !redisServerInstalled()) {
      throw new Error(`Redis does not answer at ${describeRedis(config)}: start one (e.g. "redis-server --daemonize yes") or set REDIS_URL.`);
    }
    redisUrl = (await startPrivateRedis()).url;
    config = loadConfig({ ...env, REDIS_URL: redisUrl });
  }
  let app: INestApplication | undefined;
  try {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const res = await fetch(`${base}/docs-json`);
    if (res.status !== 200) throw new Error(`GET /docs-json answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return await res.json();
  } finally {
    await app?.close();
    await deletePrefix(redisUrl, prefix).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const text = `${JSON.stringify(await servedDocument(), null, 2)}\n`;
  if (!check) {
    writeFileSync(OUT, text);
    process.stdout.write(`wrote openapi.json (${Buffer.byteLength(text)} bytes)\n`);
    return;
  }
  let committed: string | undefined;
  try {
    committed = readFileSync(OUT, 'utf8');
  } catch {
    committed = undefined;
  }
  if (committed === text) {
    process.stdout.write('openapi.json is up to date\n');
    return;
  }
  const why = committed === undefined ? 'openapi.json does not exist' : 'openapi.json differs from the document the API serves at /docs-json';
  process.stderr.write(`${why}; run "npm run docs:openapi" and commit the result (then "npm run generate" in clients/typescript).\n`);
  process.exitCode = 1;
}

setTimeout(() => {
  process.stderr.write(`openapi-document: no document after ${TIMEOUT_MS / 1000} s; giving up.\n`);
  process.exit(1);
}, TIMEOUT_MS).unref();

main().then(
  () => process.exit(),
  (err: Error) => {
    process.stderr.write(`openapi-document failed: ${err.message}\n`);
    process.exit(1);
  },
);
