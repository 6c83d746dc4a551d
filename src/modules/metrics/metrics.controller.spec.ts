import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { AppConfig } from '../../config/app-config';
import { MetricsController } from './metrics.controller';
import type { MetricsService } from './metrics.service';

const TOKEN = 'metrics-token-0123456789';
const metrics = { metrics: () => Promise.resolve('hd_ready 1\n'), contentType: 'text/plain; version=0.0.4' } as unknown as MetricsService;

function response() {
  const sent: { status?: number; body?: string; headers: Record<string, string> } = { headers: {} };
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
      return res;
    },
    send(body: string) {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

describe('GET /metrics with METRICS_TOKEN', () => {
  const controller = new MetricsController(metrics, { metricsToken: TOKEN } as AppConfig);

  it.each([[undefined], ['Bearer wrong-token-0123456789'], [`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`]])(
    'refuses %s with 401 METRICS_TOKEN_INVALID',
    async (authorization) => {
      const { res, sent } = response();
      await expect(controller.scrape(authorization, res)).rejects.toMatchObject({ status: 401, code: 'METRICS_TOKEN_INVALID' });
      expect(sent.body).toBeUndefined();
    },
  );

  it('answers the right bearer token', async () => {
    const { res, sent } = response();
    await controller.scrape(`Bearer ${TOKEN}`, res);
    expect(sent).toMatchObject({ status: 200, body: 'hd_ready 1\n' });
  });

  it('is open when no token is configured', async () => {
    const { res, sent } = response();
    await new MetricsController(metrics, {} as AppConfig).scrape(undefined, res);
    expect(sent.status).toBe(200);
  });

  it('throws the API error type the error filter renders', async () => {
    const { res } = response();
    await expect(controller.scrape(undefined, res)).rejects.toBeInstanceOf(ApiError);
  });
});
