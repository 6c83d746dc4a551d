import type { ConnectionCounts } from '../../common/connection-limits';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, type MetricObjectWithValues, type MetricValue, Registry } from 'prom-client';
import { routeOf } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ABANDONED_MARKER, LIGHT_QUEUE, HEAVY_QUEUE, INPUT_ERROR_MARKER, JOB_NAMES, LANES } from '../../jobs/job-types';
import { HealthService } from '../health/health.service';
import { METRIC, QUEUE_STATES } from './metric-names';
import { withTimeout } from '../../common/with-timeout';
import { Coalescer, RESULT_CACHE } from '../queue/path/5-coalesce';
import type { ResultCache } from '../queue/result-cache';
import { LIGHT_SHARD_QUEUES } from '../queue/queues.module';
import { CostShare } from '../queue/path/3-cost-share';
import { OutageGate } from '../../common/outage-gate';

/** How long a scrape waits for Redis before leaving the queue series out. */
const REDIS_READ_TIMEOUT_MS = 1_000;
/** The metrics a worker's heavy-lane child adds to its parent's (MetricsService.addChildren): what its jobs did. */
const CHILD_JOB_METRICS = new Set<string>([
  METRIC.jobDuration,
  METRIC.jobWait,
  METRIC.jobCostEstimated,
  METRIC.jobCostActual,
  METRIC.jobCostAbandoned,
  METRIC.jobCostSaved,
  METRIC.jobsTotal,
]);

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
  private children?: () => Promise<unknown[]>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobDuration: Histogram<'job'>;
  readonly jobWait: Histogram<'job'>;
  readonly jobsTotal: Counter<'job' | 'outcome'>;
  /** Calls counted in keys' usage (modules/usage), all keys together: the dashboard's usage totals. */
  readonly usageCalls: Counter<'operation'>;
  private readonly costEstimated: Counter<'job'>;
  private readonly costActual: Counter<'job'>;
  private readonly costAbandoned: Counter<'job'>;
  private readonly costSaved: Counter<'job'>;
  private readonly costCounters = new Map<string, { estimated: { inc(v: number): void }; actual: { inc(v: number): void } }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectQueue(LIGHT_QUEUE) private readonly queue: Queue,
    @Optional() private readonly health?: HealthService,
    @Optional() share?: CostShare,
    @Optional() gate?: OutageGate,
    @Optional() @InjectQueue(HEAVY_QUEUE) heavyQueue?: Queue,
    @Optional() coalescer?: Coalescer,
    @Optional() @Inject(RESULT_CACHE) cache?: ResultCache,
    @Optional() @Inject(LIGHT_SHARD_QUEUES) shards: Queue[] = [],
  ) {
    // The light lane's shards (REDIS_QUEUE_SHARDS) share its name: their counts add up under it.
    const queues = [this.queue, ...shards, ...(heavyQueue ? [heavyQueue] : [])];
    // Without an 'error' listener BullMQ prints connection errors raw to stderr (not JSON) during an outage.
    const logger = new Logger('ChartQueue');
    for (const queue of queues) queue.on('error', (err: Error) => logger.warn(`queue ${queue.name}: ${err.message}`));
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: METRIC.httpDuration,
      help: 'HTTP request duration in seconds, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    // Every job carries a priority (fairness, see queue/path/3-cost-share.ts), so jobs waiting for a worker sit in
    // BullMQ's 'prioritized' state: they are reported as waiting, which is what the dashboards and alerts mean.
    const readCounts = async (queue: Queue): Promise<Record<string, number>> => {
      const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES, 'prioritized'), REDIS_READ_TIMEOUT_MS);
      return { ...counts, waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) };
    };
    new Gauge({
      name: METRIC.queueJobs,
      help: "Jobs in each lane's queue by state, read from Redis at scrape time.",
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        try {
          const all = await Promise.all(queues.map(readCounts));
          queues.forEach((queue, i) => {
            for (const state of QUEUE_STATES) this.inc({ queue: queue.name, state }, all[i][state] ?? 0);
          });
        } catch {
          // Redis unreachable: no series rather than stale ones; hd_ready says why.
        }
      },
    });
    new Gauge({
      name: METRIC.workers,
      help: "Workers attached to each lane's queue (connections registered as workers in Redis).",
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        try {
          const counts = await Promise.all(queues.map((queue) => withTimeout(queue.getWorkersCount(), REDIS_READ_TIMEOUT_MS)));
          // A worker process consumes every shard: it counts once per lane (the fewest of any shard).
          const byName = new Map<string, number>();
          queues.forEach((queue, i) => byName.set(queue.name, Math.min(byName.get(queue.name) ?? Infinity, counts[i])));
          for (const [queue, count] of byName) this.set({ queue }, count);
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
    // Registered in every role (the dashboards' queries name them); only an API process (with a CostShare) fills them.
    new Gauge({
      name: METRIC.keyInFlight,
      help: 'Requests in flight (admitted or waiting for their share) in this API process for the 10 keys with the most work in flight, by key hash prefix (8 hex digits).',
      labelNames: ['key'],
      registers,
      collect() {
        this.reset();
        for (const { key, inFlight } of share?.snapshot(10).keys ?? []) this.set({ key }, inFlight);
      },
    });
    new Gauge({
      name: METRIC.keyCostInFlight,
      help: 'Estimated work in flight (ms of CPU) in this API process for the 10 keys with the most, by key hash prefix.',
      labelNames: ['key'],
      registers,
      collect() {
        this.reset();
        for (const { key, costMs } of share?.snapshot(10).keys ?? []) this.set({ key }, costMs);
      },
    });
    this.gaugeFrom(METRIC.keysInFlight, 'Distinct keys with requests in flight in this API process.', () => share?.snapshot(0).activeKeys ?? 0);
    // Stage 5: light requests sent to Redis and the group jobs that carried them (their ratio: requests per trip).
    for (const [name, help, read] of [
      [METRIC.groupedRequests, 'Light requests this API process sent to the workers in groups (queue/path/5-coalesce.ts).', () => coalescer?.itemsSent ?? 0],
      [METRIC.groupJobs, 'Group jobs this API process added (one trip through Redis each).', () => coalescer?.groupsSent ?? 0],
    ] as const) {
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    }
    this.gaugeFrom(METRIC.resultCacheEntries, 'Light answers kept in memory for repeated requests (RESULT_CACHE_MB).', () => cache?.size ?? 0);
    this.gaugeFrom(METRIC.shareWaiting, "Requests waiting for their key's share of the work in flight (COST_BUDGET_MS).", () => share?.waiting ?? 0);
    new Gauge({
      name: METRIC.laneRate,
      help: "Each lane's measured throughput as this API process sees it: estimated ms of work completed per second while busy.",
      labelNames: ['lane'],
      registers,
      collect() {
        this.reset();
        if (share) for (const lane of LANES) this.set({ lane }, share.rate(lane) * 1000);
      },
    });
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
    this.costEstimated = new Counter({
      name: METRIC.jobCostEstimated,
      help: 'Estimated compute of the jobs this worker ran (ms, the cost model admission used), by job name.',
      labelNames: ['job'],
      registers,
    });
    this.costActual = new Counter({
      name: METRIC.jobCostActual,
      help: 'Actual compute of the jobs this worker ran (ms in their own slices), by job name: compare with the estimate.',
      labelNames: ['job'],
      registers,
    });
    this.costAbandoned = new Counter({
      name: METRIC.jobCostAbandoned,
      help: 'Compute spent on jobs stopped because nobody waited for them any more (ms), by job name.',
      labelNames: ['job'],
      registers,
    });
    this.costSaved = new Counter({
      name: METRIC.jobCostSaved,
      help: 'Estimated compute not spent because jobs nobody waited for were stopped (estimate less what had run, ms), by job name.',
      labelNames: ['job'],
      registers,
    });
    this.usageCalls = new Counter({
      name: METRIC.usageCalls,
      help: "Calls counted in the keys' usage (GET /v1/usage: answered 2xx, a batch once), all keys together, by operation id. Never a key label.",
      labelNames: ['operation'],
      registers,
    });
    this.jobsTotal = new Counter({
      name: METRIC.jobsTotal,
      help: 'Jobs finished by this process, by job name and outcome (completed, invalid_input, abandoned, failed).',
      labelNames: ['job', 'outcome'],
      registers,
    });
  }

  /** A gauge read at scrape time from a number the process keeps (e.g. requests waiting for admission). */
  /** The HTTP server's connections (common/connection-limits.ts): open now, and refused over a limit since start. */
  connectionsFrom(counts: ConnectionCounts): void {
    this.gaugeFrom(METRIC.connectionsOpen, 'Open HTTP connections of this process (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS).', () => counts.open());
    new Counter({
      name: METRIC.connectionsRefused,
      help: 'Connections closed at once because their address or this process had its most open (MAX_CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS).',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(counts.refused());
      },
    });
  }

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
    const outcome = !failure
      ? 'completed'
      : failure.message.startsWith(INPUT_ERROR_MARKER)
        ? 'invalid_input'
        : failure.message.startsWith(ABANDONED_MARKER)
          ? 'abandoned'
          : 'failed';
    this.jobsTotal.inc({ ...label, outcome });
  }

  /** Records a job stopped because nobody waited for it: the compute it had spent, and the estimated rest it did not. */
  observeAbandoned(name: string, spentMs: number, savedMs: number): void {
    const job = jobLabel(name);
    this.costAbandoned.inc({ job }, spentMs);
    this.costSaved.inc({ job }, savedMs);
  }

  /** Records a job's estimated and actual compute (called by the worker's processors). */
  observeCost(name: string, estimatedMs: number, actualMs: number): void {
    const job = jobLabel(name);
    let counters = this.costCounters.get(job);
    if (!counters) {
      // One pair of labelled children per job name, kept: every job is counted, and a label lookup per job adds up.
      counters = { estimated: this.costEstimated.labels({ job }), actual: this.costActual.labels({ job }) };
      this.costCounters.set(job, counters);
    }
    counters.estimated.inc(estimatedMs);
    counters.actual.inc(actualMs);
  }

  /**
   * A heavy-lane child's (WORKER_LANES=split, processors/heavy-child.ts) job metrics are served with this process's:
   * `read` asks the children for theirs. Only the per-job figures are added up; the queue's gauges, readiness and the
   * process's own metrics are this process's.
   */
  addChildren(read: () => Promise<unknown[]>): void {
    this.children = read;
  }

  async metrics(): Promise<string> {
    if (!this.children) return this.registry.metrics();
    const [own, children] = await Promise.all([this.registry.getMetricsAsJSON(), this.children().catch(() => [])]);
    const theirs = (children as MetricObjectWithValues<MetricValue<string>>[][]).map((metrics) => metrics.filter((m) => CHILD_JOB_METRICS.has(m.name)));
    return AggregatorRegistry.aggregate([own, ...theirs]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }
}
