import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routeOf } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CHART_QUEUE, INPUT_ERROR_MARKER, JOB_NAMES } from '../../jobs/job-types';
import { HealthService } from '../health/health.service';
import { METRIC, QUEUE_STATES } from './metric-names';
import { withTimeout } from '../../common/with-timeout';
import { KeyLoad } from '../queue/key-load';
import { OutageGate } from '../queue/outage-gate';

/** How long a scrape waits for Redis before leaving the queue series out. */
const REDIS_READ_TIMEOUT_MS = 1_000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const KNOWN_JOBS = new Set<string>(JOB_NAMES);

/** A job name as a label: one of the known names, never free text. */
export function jobLabel(name: string | undefined): string {
  return name && KNOWN_JOBS.has(name) ? name : 'other';
}

/**
 * The process's Prometheus registry (one per Nest application, not prom-client's global one). Queue
 * series are read from Redis at scrape time; while Redis is down they are left out and `hd_ready` is 0.
 */
@Injectable()
export class MetricsService implements OnModuleDestroy {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobDuration: Histogram<'job'>;
  readonly jobWait: Histogram<'job'>;
  readonly jobsTotal: Counter<'job' | 'outcome'>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectQueue(CHART_QUEUE) private readonly queue: Queue,
    @Optional() private readonly health?: HealthService,
    @Optional() keyLoad?: KeyLoad,
    @Optional() gate?: OutageGate,
  ) {
    // Without an 'error' listener BullMQ prints connection errors raw to stderr (not JSON) during an outage.
    const logger = new Logger('ChartQueue');
    this.queue.on('error', (err: Error) => logger.warn(`queue: ${err.message}`));
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: METRIC.httpDuration,
      help: 'HTTP request duration in seconds, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    const queueName = this.queue.name;
    // Every job carries a priority (fairness, see KeyLoad), so jobs waiting for a worker sit in BullMQ's
    // 'prioritized' state: they are reported as waiting, which is what the dashboards and alerts mean.
    const readCounts = async (): Promise<Record<string, number>> => {
      const counts = await withTimeout(this.queue.getJobCounts(...QUEUE_STATES, 'prioritized'), REDIS_READ_TIMEOUT_MS);
      return { ...counts, waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) };
    };
    new Gauge({
      name: METRIC.queueJobs,
      help: 'Jobs in the queue by state, read from Redis at scrape time.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        try {
          const counts = await readCounts();
          for (const state of QUEUE_STATES) this.set({ queue: queueName, state }, counts[state] ?? 0);
        } catch {
          // Redis unreachable: no series rather than stale ones; hd_ready says why.
        }
      },
    });
    const readWorkers = () => withTimeout(this.queue.getWorkersCount(), REDIS_READ_TIMEOUT_MS);
    new Gauge({
      name: METRIC.workers,
      help: 'Workers attached to the queue (connections registered as workers in Redis).',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        try {
          this.set({ queue: queueName }, await readWorkers());
        } catch {
          // see above
        }
      },
    });
    const healthService = this.health;
    new Gauge({
      name: METRIC.ready,
      help: 'Readiness of this process (1 ready, 0 not: Redis unreachable or its queue part stopped), as /health/ready.',
      labelNames: ['role'],
      registers,
      async collect() {
        const ready = healthService ? (await healthService.report().catch(() => undefined))?.status === 'ok' : true;
        this.set({ role: config.role }, ready ? 1 : 0);
      },
    });
    if (keyLoad) {
      new Gauge({
        name: METRIC.keyInFlight,
        help: 'Requests in flight in this API process for the 10 busiest keys, by key hash prefix (8 hex digits).',
        labelNames: ['key'],
        registers,
        collect() {
          this.reset();
          for (const { key, inFlight } of keyLoad.snapshot(10).keys) this.set({ key }, inFlight);
        },
      });
      this.gaugeFrom(METRIC.keysInFlight, 'Distinct keys with requests in flight in this API process.', () => keyLoad.activeKeys);
    }
    if (gate) {
      this.gaugeFrom(METRIC.outageWaiting, 'Requests waiting for Redis to come back (bounded by OUTAGE_MAX_WAITING).', () => gate.waitingCount);
    }
    this.jobDuration = new Histogram({
      name: METRIC.jobDuration,
      help: 'Time a worker spent on a job (finishedOn - processedOn), by job name. Observed by worker processes.',
      labelNames: ['job'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobWait = new Histogram({
      name: METRIC.jobWait,
      help: 'Time a job waited in the queue before a worker took it (processedOn - timestamp), by job name.',
      labelNames: ['job'],
      buckets: WAIT_BUCKETS,
      registers,
    });
    this.jobsTotal = new Counter({
      name: METRIC.jobsTotal,
      help: 'Jobs finished by this process, by job name and outcome (completed, invalid_input, failed).',
      labelNames: ['job', 'outcome'],
      registers,
    });
  }

  /** A gauge read at scrape time from a number the process keeps (e.g. requests waiting for admission). */
  gaugeFrom(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Express middleware: observes every request once it is answered, labelled with the route pattern. */
  readonly httpMiddleware = (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.once('finish', () => this.observeHttp(req.method, routeOf(req), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9));
    next();
  };

  /** Records one answered HTTP request under its route pattern. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** Records one finished job (called from the worker's completed/failed events). */
  observeJob(job: { name?: string; timestamp?: number; processedOn?: number; finishedOn?: number }, failure?: Error): void {
    const label = { job: jobLabel(job.name) };
    const finishedOn = job.finishedOn ?? Date.now();
    if (job.processedOn) {
      this.jobDuration.observe(label, Math.max(0, finishedOn - job.processedOn) / 1000);
      if (job.timestamp) this.jobWait.observe(label, Math.max(0, job.processedOn - job.timestamp) / 1000);
    }
    const outcome = !failure ? 'completed' : failure.message.startsWith(INPUT_ERROR_MARKER) ? 'invalid_input' : 'failed';
    this.jobsTotal.inc({ ...label, outcome });
  }

  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }
}
