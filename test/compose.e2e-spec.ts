/** No Docker engine runs here: parse docker-compose.yml and check the services it promises. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';

// Compose resolves YAML merge keys (<<), so the parse must too.
const compose = parse(readFileSync(join(__dirname, '..', 'docker-compose.yml'), 'utf8'), { merge: true });

describe('docker-compose.yml', () => {
  it('has redis, api and worker services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(expect.arrayContaining(['api', 'redis', 'worker']));
  });

  it('keeps Redis data on a volume with an append-only file and never evicts', () => {
    const redis = compose.services.redis;
    expect(redis.command.join(' ')).toMatch(/--appendonly yes/);
    expect(redis.command.join(' ')).toMatch(/--maxmemory-policy noeviction/);
    expect(redis.volumes[0]).toMatch(/^redis-data:\/data$/);
    expect(compose.volumes).toHaveProperty('redis-data');
    expect(redis.healthcheck.test).toEqual(expect.arrayContaining(['redis-cli', 'ping']));
  });

  it('keeps bought keys through a crash: AOF on a Redis with WAITAOF (7.2+), Stripe settings passed to the API', () => {
    const redis = compose.services.redis;
    expect(redis.command.join(' ')).toMatch(/--appendfsync (everysec|always)/);
    // redis:7-alpine is 7.4 today; WAITAOF came in 7.2, and the webhook waits on it before its 2xx.
    expect(redis.image).toMatch(/^redis:(7|8)(-alpine)?$/);
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_ID',
      'PRICE_AMOUNT',
      'PRICE_CURRENCY',
      'PUBLIC_URL',
      'KEY_SEAL_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'RECOVERY_LINK_MINUTES',
      'RECOVERY_PER_MINUTE',
      'RECOVERY_PER_DAY',
      'RECOVERY_EMAIL_PER_DAY',
    ]) {
      expect(compose.services.api.environment).toHaveProperty(name);
    }
  });

  it('serves /metrics on a port of its own inside the network (the image runs with NODE_ENV=production), where Prometheus scrapes', () => {
    const { api, worker } = compose.services;
    for (const service of [api, worker]) {
      expect(service.environment).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
      expect(JSON.stringify(service.ports ?? [])).not.toContain('9464');
    }
    const prometheus = readFileSync(join(__dirname, '..', 'monitoring', 'prometheus.yml'), 'utf8');
    expect(prometheus.match(/port: 9464/g)).toHaveLength(2);
  });

  it("publishes one port, the reverse proxy's, so API replicas can scale behind it", () => {
    const { api, proxy } = compose.services;
    expect(api.ports).toBeUndefined();
    expect(api.expose).toEqual(['3000']);
    expect(api.environment.MAX_CONNECTIONS_PER_ADDRESS).toBe('0'); // the proxy keeps the per-address limit
    expect(proxy.ports).toEqual(['3000:8080']);
    expect(proxy.volumes).toEqual(['./proxy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    // `resolve` on an upstream server (re-resolving the replicas) is in open-source nginx from 1.27.3 on.
    expect(proxy.image).toMatch(/^nginx:1\.(2[7-9]|[3-9]\d)(\.\d+)?-alpine$/);
    const conf = readFileSync(join(__dirname, '..', 'proxy', 'nginx.conf'), 'utf8');
    expect(conf).toMatch(/server api:3000 resolve;/);
    expect(conf).toMatch(/listen 8080;/);
  });

  it('runs the same image in two roles, with two worker replicas', () => {
    const { api, worker } = compose.services;
    expect(api.image).toBe(worker.image);
    expect(api.environment.APP_ROLE).toBe('api');
    expect(worker.environment.APP_ROLE).toBe('worker');
    expect(worker.deploy.replicas).toBe(2);
    expect(api.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(worker.environment.REDIS_URL).toBe('redis://redis:6379');
  });

  it('gates the app services on Redis health and checks their readiness', () => {
    for (const name of ['api', 'worker']) {
      const svc = compose.services[name];
      expect(svc.depends_on.redis.condition).toBe('service_healthy');
      expect(svc.healthcheck.test.join(' ')).toMatch(/\/health\/ready/);
    }
  });

  it("refuses to start Grafana without an admin password of the operator's own (no admin/admin)", () => {
    const grafana = compose.services.grafana;
    expect(grafana.environment.GF_SECURITY_ADMIN_PASSWORD).toBe('${GRAFANA_ADMIN_PASSWORD:-}');
    expect(grafana.entrypoint.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    // Compose turns "$$" into "$"; the image's own entrypoint is replaced by a marker to see whether it would run.
    const script = (grafana.entrypoint[2] as string).replace(/\$\$/g, '$').replace('exec /run.sh "$@"', 'echo would-start');
    expect(script).not.toContain('$$');
    const run = (password: string | undefined) =>
      spawnSync('sh', ['-c', script], {
        env: { PATH: process.env.PATH, ...(password === undefined ? {} : { GF_SECURITY_ADMIN_PASSWORD: password }) },
        encoding: 'utf8',
      });
    for (const password of [undefined, '', 'admin']) {
      const r = run(password);
      expect([password, r.status, r.stdout]).toEqual([password, 1, '']);
      expect(r.stderr).toContain('set GRAFANA_ADMIN_PASSWORD');
    }
    const ok = run('a-password-of-my-own');
    expect([ok.status, ok.stdout.trim()]).toEqual([0, 'would-start']);
  });

  it('builds from the multi-stage Dockerfile with production dependencies only', () => {
    const dockerfile = readFileSync(join(__dirname, '..', 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/COPY data/);
  });
});
