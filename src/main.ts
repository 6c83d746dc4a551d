import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config';
import { redisAnswers, redisServerInstalled, startPrivateRedis } from './config/local-redis';
import { drainOnSignals } from './common/draining';
import { createApp } from './http-app';

async function main(): Promise<void> {
  let config = loadConfigOrExit();

  if (!(await redisAnswers(config.redisUrl))) {
    if (config.redisUrlIsDefault && redisServerInstalled()) {
      const { url } = await startPrivateRedis();
      process.stderr.write(
        `No Redis answered at ${config.redisUrl}; started a private redis-server at ${url} for the life of this process ` +
          `(memory only: API keys created in it are lost when the process stops).\n`,
      );
      config = { ...config, redisUrl: url };
    } else {
      process.stderr.write(
        `Redis does not answer at ${config.redisUrl}. Start one (e.g. "redis-server --daemonize yes" or ` +
          `"docker compose up -d redis") or set REDIS_URL.\n`,
      );
      process.exit(1);
    }
  }

  const app = await createApp(config);
  const server = await app.listen(config.port);
  // Requests wait for their job up to JOB_TIMEOUT_MS; the HTTP timeouts must be longer.
  server.requestTimeout = config.jobTimeoutMs + 5_000;
  server.headersTimeout = config.jobTimeoutMs + 6_000;
  server.keepAliveTimeout = 65_000;
  drainOnSignals(server);
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', role: config.role, port: config.port })}\n`,
  );
}

main().catch((err: Error) => {
  process.stderr.write(`startup failed: ${err.message}\n`);
  process.exit(1);
});
