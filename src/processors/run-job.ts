import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { EngineInputError } from '../engine/types';
import { ABANDONED_MARKER, GROUP_JOB, GroupPayload, GroupResult, INPUT_ERROR_MARKER, InputErrorPayload } from '../jobs/job-types';
import { type AnswerJob, computeCostMs, type JobName } from '../jobs/job-table';
import { LightTurns } from '../jobs/light-turns';
import { JobAbandoned, SLICE_MS, Slicer } from '../jobs/slicer';
import type { MetricsService } from '../modules/metrics/metrics.service';
import { answerFor, handlerFor, type JobHandler } from './handlers';

/** A job whose actual compute is this many times its estimate (and above DRIFT_MIN_MS) is logged: the model needs a look. */
const DRIFT_FACTOR = 3;
const DRIFT_MIN_MS = 20;
const logger = new Logger('JobCost');
/** This worker process's light work, in priority order (jobs/light-turns.ts). */
const lightTurns = new LightTurns();

/**
 * What both lanes' processors do with a job: run its handler (a heavy one in slices, see jobs/slicer.ts), report
 * its actual compute beside the estimate admission used, and turn a caller's input error into a failure that is
 * not retried and carries its code back to the API. A group (several light requests as one job) answers each item
 * on its own: one item's input error is that item's answer, not the group's failure. A heavy job whose `signal`
 * aborts (nobody waits for it: processors/abandoned-jobs.listener.ts) stops at its next slice and fails, not retried.
 */
export async function runJob(job: Job, metrics?: MetricsService, signal?: AbortSignal): Promise<unknown> {
  if (job.name === GROUP_JOB) return runGroup(job.data as GroupPayload, job.opts?.priority ?? 1, metrics);
  try {
    return await computeItem(job.name, job.data as object, metrics, signal);
  } catch (err) {
    if (err instanceof EngineInputError) throw new UnrecoverableError(inputErrorReason(err));
    if (err instanceof JobAbandoned) throw new UnrecoverableError(ABANDONED_MARKER + err.message);
    throw err;
  }
}

/**
 * A group's items one after another, each in its turn among the light work this process holds (by the group's
 * priority, jobs/light-turns.ts), so a busy key's groups never hold back an idle key's.
 */
async function runGroup(payload: GroupPayload, priority: number, metrics?: MetricsService): Promise<GroupResult> {
  const results: GroupResult = [];
  const turns = new ItemTurns(priority);
  try {
    for (const item of payload.items) results.push(await computeInTurn(item.name, item.data, turns, metrics));
  } finally {
    turns.end();
  }
  return results;
}

/**
 * A run of items (a group's, a bulk chunk's) one after another, each in its turn among the light work this process
 * holds, at one priority: the first turn is taken, each later one asked for again (jobs/light-turns.ts `again`), so
 * the run goes on while nothing more urgent waits, and of two runs the more urgent finishes first instead of both
 * taking turns item by item. `end` gives the turn up: after the last item, and before the run waits on anything else.
 */
export class ItemTurns {
  private holding = false;

  constructor(readonly priority: number) {}

  /** Waits for this run's next turn. */
  async turn(): Promise<void> {
    const wait = this.holding ? lightTurns.again(this.priority) : lightTurns.take(this.priority);
    this.holding = true;
    await wait;
  }

  end(): void {
    if (!this.holding) return;
    this.holding = false;
    lightTurns.done();
  }
}

/**
 * One light item in its turn among the light work this process holds (jobs/light-turns.ts): [0, its result text],
 * or [1, its failure reason] (an input error carries INPUT_ERROR_MARKER). Bulk chunks run theirs at BULK_PRIORITY,
 * behind every interactive item.
 */
export async function computeInTurn(name: string, data: object, turns: ItemTurns, metrics?: MetricsService): Promise<GroupResult[number]> {
  const [bad, outcome] = await inTurn(name, data, turns, handlerFor(name), metrics);
  return bad ? [1, outcome] : [0, String(outcome)];
}

/**
 * As computeInTurn, for a bulk chunk's chart or advanced item: the answer as an object, before it is JSON text (the
 * chunk writes it both as its JSON line and as its CSV row, so it is never parsed back from the text).
 */
export function answerInTurn(name: AnswerJob, data: object, turns: ItemTurns, metrics?: MetricsService): Promise<[0, object] | [1, string]> {
  return inTurn(name, data, turns, answerFor(name), metrics) as Promise<[0, object] | [1, string]>;
}

/** One item in the run's next turn; the turn stays the run's until it asks for the next one or ends. */
async function inTurn(name: string, data: object, turns: ItemTurns, handler: JobHandler, metrics?: MetricsService): Promise<[0, unknown] | [1, string]> {
  await turns.turn();
  try {
    return [0, await computeItem(name, data, metrics, undefined, handler)];
  } catch (err) {
    return [1, err instanceof EngineInputError ? inputErrorReason(err) : (err as Error).message || 'failed'];
  }
}

async function computeItem(name: string, data: object, metrics?: MetricsService, signal?: AbortSignal, handler = handlerFor(name)): Promise<unknown> {
  const slicer = new Slicer(SLICE_MS, signal);
  let abandoned = false;
  try {
    // Awaited here, so an input error of an asynchronous handler (the time series) is caught by the caller too.
    return await handler(data, slicer);
  } catch (err) {
    abandoned = err instanceof JobAbandoned;
    throw err;
  } finally {
    slicer.close();
    observeCost(name, data, slicer.computeMs, metrics, abandoned);
  }
}

function inputErrorReason(err: EngineInputError): string {
  const payload: InputErrorPayload = { code: err.code, message: err.message, details: err.details };
  return INPUT_ERROR_MARKER + JSON.stringify(payload);
}

/** Actual beside estimated compute; for an abandoned job, what stopping it saved instead (a partial run says nothing of the model). */
function observeCost(name: string, data: object, actualMs: number, metrics?: MetricsService, abandoned = false): void {
  let estimatedMs: number;
  try {
    estimatedMs = computeCostMs(name as JobName, data);
  } catch {
    return; // a payload the model cannot read failed in its handler already
  }
  if (abandoned) {
    metrics?.observeAbandoned(name, actualMs, Math.max(0, estimatedMs - actualMs));
    return;
  }
  metrics?.observeCost(name, estimatedMs, actualMs);
  if (actualMs > DRIFT_MIN_MS && actualMs > DRIFT_FACTOR * estimatedMs) {
    logger.warn({ msg: 'job cost far above its estimate', job: name, estimatedMs: Math.round(estimatedMs), actualMs: Math.round(actualMs) });
  }
}
