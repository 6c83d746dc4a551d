import type { Queue } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import { INPUT_ERROR_MARKER } from '../../jobs/job-types';
import { MetricsService } from './metrics.service';

function service(counts: Record<string, number> | Error = {}) {
  const queue = {
    name: 'charts',
    on: () => undefined,
    getJobCounts: () => (counts instanceof Error ? Promise.reject(counts) : Promise.resolve(counts)),
    getWorkersCount: () => Promise.resolve(3),
  } as unknown as Queue;
  return new MetricsService({ role: 'worker' } as AppConfig, queue);
}

describe('MetricsService', () => {
  it('reads queue gauges at scrape time', async () => {
    const text = await service({ waiting: 4, active: 1, completed: 9 }).metrics();
    expect(text).toContain('hd_queue_jobs{queue="charts",state="waiting"} 4');
    expect(text).toContain('hd_queue_jobs{queue="charts",state="failed"} 0');
    expect(text).toContain('hd_workers{queue="charts"} 3');
    expect(text).toContain('hd_ready{role="worker"} 1');
  });

  it('leaves queue series out (and still answers) while Redis is unreachable', async () => {
    const text = await service(new Error('Connection is closed')).metrics();
    expect(text).not.toMatch(/^hd_queue_jobs\{/m);
    expect(text).toContain('# TYPE hd_queue_jobs gauge');
  });

  it('observes duration, wait and outcome by known job name only', async () => {
    const s = service();
    s.observeJob({ name: 'chart', timestamp: 1_000, processedOn: 1_250, finishedOn: 1_260 });
    s.observeJob({ name: 'chart', timestamp: 1_000, processedOn: 1_001, finishedOn: 1_002 }, new Error(`${INPUT_ERROR_MARKER}{}`));
    s.observeJob({ name: 'bodygraph', timestamp: 1_000, processedOn: 1_001, finishedOn: 1_002 }, new Error('boom'));
    s.observeJob({ name: '1948-04-09 secret', timestamp: 1, processedOn: 2, finishedOn: 3 });
    const text = await s.metrics();
    expect(text).toContain('hd_job_duration_seconds_sum{job="chart"} 0.011');
    expect(text).toContain('hd_job_wait_seconds_sum{job="chart"} 0.251');
    expect(text).toContain('hd_jobs_total{job="chart",outcome="completed"} 1');
    expect(text).toContain('hd_jobs_total{job="chart",outcome="invalid_input"} 1');
    expect(text).toContain('hd_jobs_total{job="bodygraph",outcome="failed"} 1');
    expect(text).toContain('hd_jobs_total{job="other",outcome="completed"} 1');
    // The name itself, not its digits alone: a default process series once read 7194880 bytes, and "1948" is in it.
    expect(text).not.toContain('1948-04-09');
    expect(text).not.toContain('secret');
  });
});
