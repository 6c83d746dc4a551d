/**
 * The queue floor (issue 25): what the product's queue path costs without its HTTP framework. Bare `node:http`, one
 * process, each request's body parsed and handed to the API's own ChartService (stage by stage the real path:
 * admission by cost, lanes, coalescing into groups, BullMQ on Redis, the answer awaited), computed by a worker
 * process that bench/limit.ts starts beside it as `npm start` forks its own. No Nest HTTP layer, no Express, no DTO
 * validation, no key check, no request log: the service's queue path and nothing else, so that the limit bench can
 * tell what the HTTP framework costs from what the queue costs. A yardstick, not a way to serve.
 * `PORT=… REDIS_PREFIX=… npx ts-node --transpile-only bench/queue-floor-server.ts` (and a worker on the same prefix).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/config/app-config';
import { ChartService } from '../src/modules/chart/chart.service';
import type { ChartRequestDto } from '../src/modules/chart/dto/chart-requests.dto';
import { onJsonBody } from './json-body';

async function main(): Promise<void> {
  const config = { ...loadConfig(process.env), role: 'api' as const };
  const app = await NestFactory.createApplicationContext(AppModule.forRole(config), { logger: ['error'] });
  await app.init();
  const charts = app.get(ChartService);
  // The fairness unit the key guard would set: one caller, as the bench's one key.
  const keyHash = createHash('sha256')
    .update(process.env.HD_API_KEYS?.split(',')[0] ?? 'floor')
    .digest('hex');
  const server = createServer((req, res) =>
    onJsonBody<ChartRequestDto>(req, res, (dto) => {
      charts.chart(dto, { receivedAt: Date.now(), keyHash }).then(
        (answer) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(answer),
        (err: { status?: number; message?: string }) =>
          res.writeHead(err.status ?? 500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message })),
      );
    }),
  );
  server.listen(Number(process.env.PORT ?? 3998));
  process.on('SIGTERM', () => {
    server.close();
    void app.close().then(() => process.exit(0));
  });
}

void main();
