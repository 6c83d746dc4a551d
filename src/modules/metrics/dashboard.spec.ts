/**
 * The Grafana dashboard and the Prometheus alert rules in monitoring/ parse, and every metric their PromQL
 * names is one this code registers (or Prometheus's own `up`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import { parse } from 'yaml';
import type { AppConfig } from '../../config/app-config';
import { MetricsService } from './metrics.service';

const ROOT = join(__dirname, '..', '..', '..');
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'rate',
  'irate',
  'increase',
  'delta',
  'histogram_quantile',
  'topk',
  'bottomk',
  'clamp_min',
  'abs',
  'round',
  'sort_desc',
  'absent',
  'offset',
  'bool',
  'inf',
  'nan',
  'e',
]);

/** Metric names in a PromQL expression: identifiers left after dropping strings, label sets, ranges and by(...). */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const ids = stripped.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? [];
  return [...new Set(ids.filter((id) => !PROMQL_WORDS.has(id.toLowerCase())))];
}

async function registeredNames(): Promise<Set<string>> {
  const queue = {
    name: 'charts',
    on: () => undefined,
    getJobCounts: () => Promise.resolve({}),
    getWorkersCount: () => Promise.resolve(0),
  } as unknown as Queue;
  const service = new MetricsService({ role: 'api' } as AppConfig, queue);
  const names = new Set<string>(['up']);
  for (const metric of await service.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  service.onModuleDestroy();
  return names;
}

describe('monitoring/ dashboards and alert rules', () => {
  let known: Set<string>;
  beforeAll(async () => {
    known = await registeredNames();
  });

  it('registers the documented hd_* metrics', () => {
    for (const name of [
      'hd_http_request_duration_seconds_bucket',
      'hd_queue_jobs',
      'hd_workers',
      'hd_job_duration_seconds_count',
      'hd_job_wait_seconds_sum',
      'hd_jobs_total',
      'hd_ready',
      'process_cpu_seconds_total',
    ]) {
      expect(known).toContain(name);
    }
  });

  it('finds metric names in PromQL', () => {
    expect(metricNamesIn('histogram_quantile(0.95, sum by (le, job) (rate(hd_job_duration_seconds_bucket{job="x"}[$__rate_interval])))')).toEqual([
      'hd_job_duration_seconds_bucket',
    ]);
    expect(metricNamesIn('sum(rate(a_total[5m])) / sum(rate(b_total{x=~"5.."}[5m])) > 0.02')).toEqual(['a_total', 'b_total']);
  });

  it('the Grafana dashboard parses and every panel queries registered metrics only', () => {
    const dashboard = JSON.parse(readFileSync(join(ROOT, 'monitoring/grafana/dashboards/hd-chart-api.json'), 'utf8'));
    expect(dashboard.uid).toBe('hd-chart-api');
    const panels: Array<{ title: string; targets?: Array<{ expr: string }> }> = dashboard.panels;
    expect(panels.length).toBeGreaterThanOrEqual(6);
    const titles = panels.map((p) => p.title.toLowerCase()).join(' | ');
    for (const topic of ['request rate', 'p50 / p95 / p99', 'queue depth', 'job duration', 'failures', 'workers']) expect(titles).toContain(topic);
    for (const panel of panels) {
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        const names = metricNamesIn(expr);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect({ panel: panel.title, name, known: known.has(name) }).toEqual({ panel: panel.title, name, known: true });
      }
    }
  });

  it('the alert rules query registered metrics only', () => {
    const rules = parse(readFileSync(join(ROOT, 'monitoring/alerts.yml'), 'utf8'));
    const exprs: string[] = rules.groups.flatMap((g: { rules: Array<{ expr: string }> }) => g.rules.map((r) => r.expr));
    expect(exprs.length).toBeGreaterThan(0);
    for (const expr of exprs) for (const name of metricNamesIn(expr)) expect({ expr, name, known: known.has(name) }).toMatchObject({ known: true });
  });

  it('prometheus.yml scrapes the api and worker services and loads the rules', () => {
    const config = parse(readFileSync(join(ROOT, 'monitoring/prometheus.yml'), 'utf8'));
    const jobs = config.scrape_configs.map((c: { job_name: string }) => c.job_name);
    expect(jobs).toEqual(expect.arrayContaining(['hd-api', 'hd-worker']));
    expect(config.rule_files).toContain('/etc/prometheus/alerts.yml');
  });

  it('docker-compose.yml has a monitoring profile with Prometheus and Grafana provisioned', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
    for (const name of ['prometheus', 'grafana']) expect(compose.services[name].profiles).toEqual(['monitoring']);
    expect(compose.services.grafana.volumes.join(' ')).toContain('./monitoring/grafana/provisioning:/etc/grafana/provisioning');
    expect(compose.services.api.profiles).toBeUndefined();
  });
});
