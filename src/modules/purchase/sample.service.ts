import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { BirthInput } from '../birth/jobs/payloads';
import type { BodygraphInput } from '../chart/jobs/payloads';
import { birthInput } from '../birth/birth-input';
import { JobRunner } from '../queue/job-runner.service';
import { RETRY_AFTER_S } from '../../common/outage-gate';
import { RedisClient } from '../redis/redis.module';
import { addressBlock } from './address-block';
import type { SampleRefusalKind } from './sample-pages';
import { checkSampleForm, type SampleField, type SampleValues } from './sample-form';
import { FormTokens } from './sample-token';
import type { SampleChart, SampleSection, SampleState } from './sample-view';
import { WindowLimiter, type WindowLimits } from './window-limit';

/**
 * The pseudo-key every sample is admitted under (stage 3 of the queue path, path/3-cost-share.ts): all samples
 * together hold one key's share of the work in flight, however many visitors ask at once, and wait in one line.
 */
export const SAMPLE_SHARE_KEY = 'buy-sample';
/** The drawing's width: any size costs the same (an SVG's size is its viewBox); this one fits the page's column. */
const DRAWING_SIZE = 600;

export type SampleOutcome =
  { kind: 'page'; status: number; section: SampleSection; retryAfterSeconds?: number } | { kind: 'refused'; refusal: SampleRefusalKind };

/** Which form field an input error of the engine is about (the rest are shown above the form). */
const FIELD_OF_CODE: Record<string, SampleField> = {
  DATE_OUT_OF_RANGE: 'birthdate',
  INVALID_DATE: 'birthdate',
  INVALID_TIME: 'birthtime',
  LOCATION_REQUIRED: 'location',
  LOCATION_NOT_FOUND: 'location',
  LOCATION_IS_COUNTRY: 'location',
  INVALID_LOCATION: 'location',
  INVALID_COORDINATES: 'location',
  INVALID_TIMEZONE: 'location',
};

/**
 * The buy page's live sample (issue 28): a visitor's birth, computed through the real queue by a worker, shown as
 * HTML only. In order, a submission needs: purchases on (the sample shows what a key gives; a server that sells
 * none offers none), a form token this service gave the same address in the last 10 minutes, fields valid by the
 * API's own rules, and then one of the address's allowance (SAMPLES_PER_MINUTE, SAMPLES_PER_DAY). Only submissions
 * that pass the first three count: a place not found counts, since it was looked up by a worker.
 *
 * Low priority: the jobs run under the one SAMPLE_SHARE_KEY (one key's share, whatever the crowd) and at BullMQ's
 * last priority (job-runner.service.ts RunOptions.background), so a keyed request never waits behind a sample.
 */
@Injectable()
export class SampleService {
  private readonly logger = new Logger('Sample');
  private readonly tokens?: FormTokens;
  private readonly limiter?: WindowLimiter;
  readonly limits: WindowLimits = { perMinute: 0, perDay: 0 };

  constructor(
    redis: RedisClient,
    private readonly jobs: JobRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    if (!config.purchase) return;
    this.tokens = new FormTokens(config.purchase.sealSecret);
    this.limits = config.purchase.samples;
    this.limiter = new WindowLimiter(redis.client, config.queuePrefix, 'buy-sample', this.limits);
  }

  get enabled(): boolean {
    return this.tokens !== undefined;
  }

  /** The empty form for GET /buy, with a token for this address. */
  form(address: string): SampleSection | undefined {
    return this.tokens ? this.section(address, { kind: 'form' }) : undefined;
  }

  /** POST /buy/sample: `fields` is the parsed form (sample-body.ts let only a small urlencoded body through). */
  async submit(fields: Record<string, unknown>, address: string, trace: RequestTrace): Promise<SampleOutcome> {
    if (!this.tokens || !this.limiter) return { kind: 'refused', refusal: 'disabled' };
    const { token, ...birth } = fields;
    const check = this.tokens.check(token, address);
    if (check !== 'valid') return { kind: 'refused', refusal: check === 'expired' ? 'token-expired' : 'token-invalid' };
    const form = checkSampleForm(birth);
    if (!form.ok) return this.page(400, address, form.values, { kind: 'invalid', errors: form.errors, general: form.general });

    let allowance;
    try {
      allowance = await this.limiter.take(addressBlock(address));
    } catch {
      return this.unavailable(address, form.values, Number(RETRY_AFTER_S)); // Redis away: nothing can be computed either
    }
    if (!allowance.allowed) {
      return {
        ...this.page(429, address, form.values, { kind: 'limited', retryAfterSeconds: allowance.retryAfterSeconds }),
        retryAfterSeconds: allowance.retryAfterSeconds,
      };
    }
    return this.compute(birthInput(form.dto), address, form.values, trace);
  }

  private async compute(birth: BirthInput, address: string, values: SampleValues, trace: RequestTrace): Promise<SampleOutcome> {
    const drawing = (theme: 'light' | 'dark'): BodygraphInput => ({
      ...birth,
      size: DRAWING_SIZE,
      theme,
      format: 'svg',
      background: 'theme',
      variables: false,
    });
    const sampleTrace: RequestTrace = { receivedAt: trace.receivedAt, clientGone: trace.clientGone, keyHash: SAMPLE_SHARE_KEY };
    let settled;
    try {
      settled = await this.jobs.runMany(
        [
          { name: 'chart', input: birth },
          { name: 'bodygraph', input: drawing('light') },
          { name: 'bodygraph', input: drawing('dark') },
        ],
        sampleTrace,
        { background: true },
      );
    } catch (err) {
      return this.failed(err, address, values);
    }
    const failure = settled.find((s) => !s.ok);
    if (failure && !failure.ok) return this.failed(failure.error, address, values);
    const [chart, light, dark] = settled.map((s) => (s.ok ? String(s.value) : ''));
    try {
      return this.page(200, address, values, { kind: 'result', result: { chart: mainFields(chart), svg: { light, dark } } });
    } catch (err) {
      return this.failed(err, address, values);
    }
  }

  /** An input error is shown at its field (a place not found with the places meant); anything else is a 503. */
  private failed(err: unknown, address: string, values: SampleValues): SampleOutcome {
    if (err instanceof ApiError && err.status === 422) {
      const field = FIELD_OF_CODE[err.code];
      const suggestions = (err.details as { suggestions?: unknown } | undefined)?.suggestions;
      const state: SampleState = {
        kind: 'invalid',
        errors: field ? { [field]: [err.message] } : {},
        general: field ? [] : [err.message],
        suggestions: Array.isArray(suggestions) ? suggestions.filter((s): s is string => typeof s === 'string').slice(0, 5) : undefined,
      };
      return this.page(422, address, values, state);
    }
    if (err instanceof ApiError) this.logger.warn({ msg: 'sample not computed', code: err.code, status: err.status });
    else this.logger.error({ msg: 'sample failed', error: err instanceof Error ? err.message : String(err) });
    const retry = err instanceof ApiError ? Number(err.headers['Retry-After'] ?? RETRY_AFTER_S) : Number(RETRY_AFTER_S);
    return this.unavailable(address, values, Number.isFinite(retry) && retry > 0 ? retry : 5);
  }

  private unavailable(address: string, values: SampleValues, retryAfterSeconds: number): SampleOutcome {
    return { ...this.page(503, address, values, { kind: 'unavailable', retryAfterSeconds }), retryAfterSeconds };
  }

  private page(status: number, address: string, values: SampleValues, state: SampleState): SampleOutcome & { kind: 'page' } {
    return { kind: 'page', status, section: { ...this.section(address, state), values } };
  }

  private section(address: string, state: SampleState): SampleSection {
    return { token: this.tokens!.issue(address), state, limits: this.limits };
  }
}

/** The chart's main fields from /v1/chart's answer (the worker's JSON text). */
export function mainFields(json: string): SampleChart {
  const c = JSON.parse(json) as {
    type: string;
    strategy: string;
    authority: string;
    profile: string;
    definition: string;
    incarnationCross: { name: string };
    definedCenters: string[];
    birth: { location: { name: string; region?: string; country: string; timezone: string } };
  };
  const place = c.birth.location;
  return {
    type: c.type,
    strategy: c.strategy,
    authority: c.authority,
    profile: c.profile,
    definition: c.definition,
    incarnationCross: c.incarnationCross.name,
    definedCenters: c.definedCenters,
    place: [place.name, place.region, place.country].filter(Boolean).join(', '),
    timezone: place.timezone,
  };
}
