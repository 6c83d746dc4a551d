import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { EngineInputError } from '../engine/types';
import { INPUT_ERROR_MARKER, InputErrorPayload, JobName } from '../jobs/job-types';
import { Slicer } from '../jobs/slicer';
import { computeCostMs } from '../modules/operations/costs';
import type { MetricsService } from '../modules/metrics/metrics.service';
import { handlerFor } from './handlers';

/** A job whose actual compute is this many times its estimate (and above DRIFT_MIN_MS) is logged: the model needs a look. */
const DRIFT_FACTOR = 3;
const DRIFT_MIN_MS = 20;
const logger = new Logger('JobCost');

/**
 * What both lanes' processors do with a job: run its handler (a heavy one in slices, see jobs/slicer.ts), report
 * its actual compute beside the estimate admission used, and turn a caller's input error into a failure that is
 * not retried and carries its code back to the API.
 */
export async function runJob(job: Job, metrics?: MetricsService): Promise<unknown> {
  const handler = handlerFor(job.name);
  const slicer = new Slicer();
  try {
    // Awaited here, so an input error of an asynchronous handler (the time series) is caught below too.
    return await handler(job.data, slicer);
  } catch (err) {
    if (err instanceof EngineInputError) {
      const payload: InputErrorPayload = { code: err.code, message: err.message, details: err.details };
      throw new UnrecoverableError(INPUT_ERROR_MARKER + JSON.stringify(payload));
    }
    throw err;
  } finally {
    slicer.close();
    observeCost(job, slicer.computeMs, metrics);
  }
}

function observeCost(job: Job, actualMs: number, metrics?: MetricsService): void {
  let estimatedMs: number;
  try {
    estimatedMs = computeCostMs(job.name as JobName, job.data as object);
  } catch {
    return; // a payload the model cannot read failed in its handler already
  }
  metrics?.observeCost(job.name, estimatedMs, actualMs);
  if (actualMs > DRIFT_MIN_MS && actualMs > DRIFT_FACTOR * estimatedMs) {
    logger.warn({ msg: 'job cost far above its estimate', job: job.name, estimatedMs: Math.round(estimatedMs), actualMs: Math.round(actualMs) });
  }
}
