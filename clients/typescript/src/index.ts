/**
 * A typed client for the Human Design chart API: a thin layer over openapi-fetch whose request and response
 * types all come from `schema.d.ts`, generated from the API's OpenAPI document (`npm run generate`).
 * Nothing here spells out a response shape: regenerate and every type follows the document.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

// ---------------------------------------------------------------------------------------------------------------
// Types picked out of the generated `paths` (never written by hand)
// ---------------------------------------------------------------------------------------------------------------

type Method = 'get' | 'post';
/** The operation object of a path and method in the generated `paths`. */
type OperationOf<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;
/** The JSON request body of an operation. */
export type RequestBody<P extends keyof paths, M extends Method = 'post'> =
  OperationOf<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The JSON body of an operation's 200 answer. */
export type Success<P extends keyof paths, M extends Method = 'post'> =
  OperationOf<P, M> extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;
/** The query parameters of a GET operation. */
export type QueryOf<P extends keyof paths> = OperationOf<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

// Request bodies
export type BirthData = RequestBody<'/v1/chart'>;
export type CompositeRequest = RequestBody<'/v1/chart/composite'>;
export type TransitRequest = RequestBody<'/v1/chart/transit'>;
export type PentaRequest = RequestBody<'/v1/chart/penta'>;
export type DayRequest = RequestBody<'/v1/chart/day'>;
export type BodygraphRequest = RequestBody<'/v1/chart/bodygraph'>;
export type CompositeBodygraphRequest = RequestBody<'/v1/chart/composite/bodygraph'>;
export type TransitBodygraphRequest = RequestBody<'/v1/chart/transit/bodygraph'>;
export type ReportRequest = RequestBody<'/v1/chart/report'>;
export type IngressesRequest = RequestBody<'/v1/transits/ingresses'>;
export type StationsRequest = RequestBody<'/v1/transits/stations'>;
export type ReturnsRequest = RequestBody<'/v1/chart/returns'>;
export type TransitCalendarRequest = RequestBody<'/v1/chart/transit-calendar'>;
export type BatchRequest = RequestBody<'/v1/charts/batch'>;
/** POST /v1/jobs as JSON: `{ operation?, items, meaning?, callbackUrl?, progressEvery? }`. */
export type BulkJobRequest = RequestBody<'/v1/jobs'>;
export type PlacesQuery = QueryOf<'/v1/places'>;
/** A language of the meaning library: `meaning` in the chart requests, `lang` of the reference. */
export type MeaningLanguage = components['schemas']['MeaningLanguage'];
/** A kind of the reference library (GET /v1/reference/{kind}/{id}). */
export type ReferenceKind =
  'gates' | 'channels' | 'circuits' | 'centers' | 'types' | 'authorities' | 'profiles' | 'definitions' | 'quarters' | 'crosses' | 'variables';

// Answers: the document's response schemas (components['schemas']['Chart'] …)
export type Chart = Success<'/v1/chart'>;
export type AdvancedChart = Success<'/v1/chart/advanced'>;
export type CompositeChart = Success<'/v1/chart/composite'>;
export type TransitChart = Success<'/v1/chart/transit'>;
export type PentaAnalysis = Success<'/v1/chart/penta'>;
export type DayCharts = Success<'/v1/chart/day'>;
export type Ingresses = Success<'/v1/transits/ingresses'>;
export type Stations = Success<'/v1/transits/stations'>;
export type Returns = Success<'/v1/chart/returns'>;
export type TransitCalendar = Success<'/v1/chart/transit-calendar'>;
export type BatchResult = Success<'/v1/charts/batch'>;
/** A bulk job: its state, counters, ETA and URLs (POST /v1/jobs, GET and DELETE /v1/jobs/{id}). */
export type BulkJob = components['schemas']['BulkJob'];
/** A finished bulk job's answers as one JSON document (GET /v1/jobs/{id}/results?format=json). */
export type BulkJobResults = components['schemas']['BulkJobResults'];
export type PlaceSearch = Success<'/v1/places', 'get'>;
export type Advice = Success<'/api/advice', 'get'>;
export type AdviceList = Success<'/api/advice/all', 'get'>;
export type KeyRotation = Success<'/v1/keys/rotate'>;
export type Usage = Success<'/v1/usage', 'get'>;
export type ReferenceIndex = Success<'/v1/reference', 'get'>;
export type ReferenceItem = Success<'/v1/reference/{kind}/{id}', 'get'>;

type Schemas = components['schemas'];
/** The API's error body, `{ error: { code, message, details?, correlationId? } }`, when the document describes it. */
export type ErrorResponse = Schemas extends { ErrorResponse: infer E } ? E : unknown;
/** Every error code the API documents (`components['schemas']['ErrorResponse']['error']['code']`); `string` until it does. */
export type ServerErrorCode = Schemas extends { ErrorResponse: { error: { code: infer C } } } ? C : string;
/**
 * The `code` of an HdApiError: one of the API's codes, or UNEXPECTED_RESPONSE when a non-2xx answer did not carry
 * the API's error body (a proxy's HTML page, say).
 */
export type HdErrorCode = ServerErrorCode | 'UNEXPECTED_RESPONSE';
/** The `details` of the API's errors as the document describes them (`unknown` until it does). */
export type HdErrorDetails = Schemas extends { ErrorResponse: { error: { details?: infer D } } } ? D | undefined : unknown;

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

export const CORRELATION_HEADER = 'x-correlation-id';

/** A non-2xx answer of the API, thrown by every convenience method of HdClient. */
export class HdApiError extends Error {
  override readonly name = 'HdApiError';
  /** The HTTP status (400, 401, 422, 503 …). */
  readonly status: number;
  /** The API's machine-readable code (API_KEY_INVALID, INVALID_DATE, LOCATION_NOT_FOUND …). */
  readonly code: HdErrorCode;
  /** The error's details when the API gave any (validation problems per field, place suggestions, limits …). */
  readonly details: HdErrorDetails;
  /** Seconds the API asked to wait before trying again (the Retry-After header of 503 and 504 answers). */
  readonly retryAfter?: number;
  /** The request's correlation id (X-Correlation-Id; in the body of 5xx answers): quote it when reporting a problem. */
  readonly correlationId?: string;

  constructor(init: { status: number; code: HdErrorCode; message: string; details?: HdErrorDetails; retryAfter?: number; correlationId?: string }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.correlationId !== undefined) this.correlationId = init.correlationId;
  }

  /** Builds the error from a non-2xx response and its body as openapi-fetch read it (parsed JSON, else text). */
  static fromResponse(response: Response, body: unknown): HdApiError {
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    const code = typeof error?.code === 'string' ? (error.code as HdErrorCode) : 'UNEXPECTED_RESPONSE';
    const message =
      typeof error?.message === 'string'
        ? error.message
        : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
    const correlationId = (typeof error?.correlationId === 'string' ? error.correlationId : undefined) ?? response.headers.get(CORRELATION_HEADER) ?? undefined;
    return new HdApiError({
      status: response.status,
      code,
      message,
      details: error?.details as HdErrorDetails,
      retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
      correlationId,
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Retry-After in seconds: delta-seconds, or an HTTP date (seconds from now, at least 0). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // HTTP-date (IMF-fixdate or the two obsolete forms) starts with the day's name.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

// ---------------------------------------------------------------------------------------------------------------
// Retries: a fetch wrapper
// ---------------------------------------------------------------------------------------------------------------

export interface RetryOptions {
  /** Extra attempts after a 503 with Retry-After (default 2; 0: never retry). */
  retries?: number;
  /** The longest wait honoured, in seconds (default 30): a longer Retry-After waits this long. */
  maxRetryAfterSeconds?: number;
}

/** Why a wait ended early: the signal's own reason, as fetch rejects with it (an AbortError unless one was given). */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Wraps a fetch so a 503 answer that carries Retry-After (seconds or an HTTP date) is retried after that wait,
 * capped by maxRetryAfterSeconds, at most `retries` times; the last answer is returned as it is. No other status
 * is retried (a 504 COMPUTE_TIMEOUT is not: the work may be running). Each attempt sends a clone of the Request,
 * so its body can be sent again. An abort of the request's signal ends the wait.
 */
export function retryingFetch(baseFetch: typeof fetch, { retries = 2, maxRetryAfterSeconds = 30 }: RetryOptions = {}): typeof fetch {
  if (!Number.isInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number ≥ 0, got ${retries}`);
  if (!(maxRetryAfterSeconds >= 0)) throw new RangeError(`maxRetryAfterSeconds must be ≥ 0, got ${maxRetryAfterSeconds}`);
  return async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const response = await baseFetch(last ? request : request.clone());
      const wait = response.status === 503 ? retryAfterSeconds(response.headers.get('retry-after')) : undefined;
      if (last || wait === undefined) return response;
      await response.body?.cancel().catch(() => undefined); // free the connection; this answer is dropped
      await sleep(Math.min(wait, maxRetryAfterSeconds) * 1000, request.signal);
    }
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------------------------

export interface HdClientOptions extends RetryOptions {
  /** Where the API answers, e.g. "https://hd.example.com" or "http://127.0.0.1:3000" (no /v1). */
  baseUrl: string;
  /** Sent as the HD-Api-Key header on every request (the /api/advice routes do not need it). */
  apiKey: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: typeof fetch;
}

/** Per-call options of the convenience methods. */
export interface CallOptions {
  /** Aborts the request (and any wait before a retry). */
  signal?: AbortSignal;
  /** Sent as X-Correlation-Id (letters, digits, `._-`, up to 64): the API logs the request under it. */
  correlationId?: string;
}

export const API_KEY_HEADER = 'HD-Api-Key';

type FetchResult<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * The API, one method per operation. Every method resolves to the answer's typed body and throws HdApiError when
 * the API answers with a non-2xx status (after the retries of 503 answers with Retry-After). Network failures
 * reject with fetch's own error. Anything without a method here: `client.raw` (openapi-fetch, same types, same
 * key header and retries, returns `{ data, error, response }` and never throws for an HTTP status).
 */
export class HdClient {
  /** The openapi-fetch client underneath, typed by the generated `paths`. */
  readonly raw: Client<paths, 'application/json'>;
  private apiKey: string;

  constructor(options: HdClientOptions) {
    if (!options.baseUrl) throw new TypeError('createHdClient: baseUrl is required');
    this.apiKey = options.apiKey;
    const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.raw = createClient<paths, 'application/json'>({
      baseUrl: options.baseUrl,
      fetch: retryingFetch(baseFetch, options),
    });
    this.raw.use({
      onRequest: ({ request }) => {
        if (this.apiKey) request.headers.set(API_KEY_HEADER, this.apiKey);
        return request;
      },
    });
  }

  /** The key the client sends (a new one after rotateKey()). */
  get key(): string {
    return this.apiKey;
  }

  // --- charts -----------------------------------------------------------------------------------------------------

  /** POST /v1/chart: type, strategy, authority, profile, definition, cross, centers, channels, gates. */
  chart(body: BirthData, options?: CallOptions): Promise<Chart> {
    return this.unwrap<Chart>(this.raw.POST('/v1/chart', { body, ...init(options) }));
  }

  /** POST /v1/chart/advanced: the chart plus variables, all 26 activations to the base, hanging gates … */
  advancedChart(body: BirthData, options?: CallOptions): Promise<AdvancedChart> {
    return this.unwrap<AdvancedChart>(this.raw.POST('/v1/chart/advanced', { body, ...init(options) }));
  }

  /** POST /v1/chart/composite: the connection chart of two people. */
  compositeChart(body: CompositeRequest, options?: CallOptions): Promise<CompositeChart> {
    return this.unwrap<CompositeChart>(this.raw.POST('/v1/chart/composite', { body, ...init(options) }));
  }

  /** POST /v1/chart/transit: transit activations at an instant (default now) over a natal chart. */
  transit(body: TransitRequest, options?: CallOptions): Promise<TransitChart> {
    return this.unwrap<TransitChart>(this.raw.POST('/v1/chart/transit', { body, ...init(options) }));
  }

  /** POST /v1/chart/penta: group analysis of 3–5 people. */
  penta(body: PentaRequest, options?: CallOptions): Promise<PentaAnalysis> {
    return this.unwrap<PentaAnalysis>(this.raw.POST('/v1/chart/penta', { body, ...init(options) }));
  }

  /** POST /v1/chart/day: every chart a birth day can give when the time is unknown. */
  day(body: DayRequest, options?: CallOptions): Promise<DayCharts> {
    return this.unwrap<DayCharts>(this.raw.POST('/v1/chart/day', { body, ...init(options) }));
  }

  /** POST /v1/charts/batch: up to 100 charts (or advanced charts), each answered or refused on its own. */
  batch(body: BatchRequest, options?: CallOptions): Promise<BatchResult> {
    return this.unwrap<BatchResult>(this.raw.POST('/v1/charts/batch', { body, ...init(options) }));
  }

  // --- bulk jobs: many births in the background -----------------------------------------------------------------------

  /** POST /v1/jobs: up to 100,000 items computed in the background; resolves to the queued job (202). */
  createJob(body: BulkJobRequest, options?: CallOptions): Promise<BulkJob> {
    return this.unwrap<BulkJob>(this.raw.POST('/v1/jobs', { body, ...init(options) }));
  }

  /** GET /v1/jobs/{id}: the job's state (queued, running, completed, cancelled, failed), counters and ETA. */
  job(id: string, options?: CallOptions): Promise<BulkJob> {
    return this.unwrap<BulkJob>(this.raw.GET('/v1/jobs/{id}', { params: { path: { id } }, ...init(options) }));
  }

  /** DELETE /v1/jobs/{id}: cancels the job; resolves to it as it is afterwards. */
  cancelJob(id: string, options?: CallOptions): Promise<BulkJob> {
    return this.unwrap<BulkJob>(this.raw.DELETE('/v1/jobs/{id}', { params: { path: { id } }, ...init(options) }));
  }

  /**
   * Polls the job until it has finished (completed, cancelled or failed) and resolves to it: every `intervalMs`
   * (default 1,000), calling `onProgress` with each state read. The signal ends the wait.
   */
  async waitForJob(id: string, options: CallOptions & { intervalMs?: number; onProgress?: (job: BulkJob) => void } = {}): Promise<BulkJob> {
    for (;;) {
      const job = await this.job(id, options);
      options.onProgress?.(job);
      if (job.state === 'completed' || job.state === 'cancelled' || job.state === 'failed') return job;
      await sleep(options.intervalMs ?? 1_000, options.signal);
    }
  }

  /**
   * GET /v1/jobs/{id}/results: a finished job's answers in input order, as one typed JSON document (default), or
   * with `format: 'ndjson'` or `'csv'` as the text the API streams (one line per item; CSV with a header row).
   * With `follow: true` the job may still be queued or running: the API streams each chunk of answers as it is
   * stored and ends with the job, so this resolves when the job has finished, without polling (waitForJob) first.
   */
  jobResults(id: string, options?: CallOptions & { format?: 'json'; follow?: boolean }): Promise<BulkJobResults>;
  jobResults(id: string, options: CallOptions & { format: 'ndjson' | 'csv'; follow?: boolean }): Promise<string>;
  async jobResults(id: string, options: CallOptions & { format?: 'json' | 'ndjson' | 'csv'; follow?: boolean } = {}): Promise<BulkJobResults | string> {
    const format = options.format ?? 'json';
    const call = (this.raw.GET as (p: string, i: object) => FetchResult<unknown>).bind(this.raw);
    const query = options.follow ? { format, follow: 'true' } : { format };
    const request = { params: { path: { id }, query }, ...init(options) };
    if (format === 'json') return this.unwrap<BulkJobResults>(call('/v1/jobs/{id}/results', request));
    return this.unwrap<string>(call('/v1/jobs/{id}/results', { ...request, parseAs: 'text' }));
  }

  // --- drawings: SVG text, or PNG bytes with format: "png" ----------------------------------------------------------

  /** POST /v1/chart/bodygraph: the SVG document as text, or with `format: "png"` the PNG's bytes. */
  bodygraph(body: BodygraphRequest & { format: 'png' }, options?: CallOptions): Promise<Uint8Array>;
  bodygraph(body: BodygraphRequest & { format?: 'svg' }, options?: CallOptions): Promise<string>;
  bodygraph(body: BodygraphRequest, options?: CallOptions): Promise<string | Uint8Array>;
  bodygraph(body: BodygraphRequest, options?: CallOptions): Promise<string | Uint8Array> {
    return this.drawing('/v1/chart/bodygraph', body, options);
  }

  /** POST /v1/chart/composite/bodygraph: two people in one drawing (SVG text or PNG bytes). */
  compositeBodygraph(body: CompositeBodygraphRequest & { format: 'png' }, options?: CallOptions): Promise<Uint8Array>;
  compositeBodygraph(body: CompositeBodygraphRequest & { format?: 'svg' }, options?: CallOptions): Promise<string>;
  compositeBodygraph(body: CompositeBodygraphRequest, options?: CallOptions): Promise<string | Uint8Array>;
  compositeBodygraph(body: CompositeBodygraphRequest, options?: CallOptions): Promise<string | Uint8Array> {
    return this.drawing('/v1/chart/composite/bodygraph', body, options);
  }

  /** POST /v1/chart/transit/bodygraph: a natal bodygraph with a transit overlaid (SVG text or PNG bytes). */
  transitBodygraph(body: TransitBodygraphRequest & { format: 'png' }, options?: CallOptions): Promise<Uint8Array>;
  transitBodygraph(body: TransitBodygraphRequest & { format?: 'svg' }, options?: CallOptions): Promise<string>;
  transitBodygraph(body: TransitBodygraphRequest, options?: CallOptions): Promise<string | Uint8Array>;
  transitBodygraph(body: TransitBodygraphRequest, options?: CallOptions): Promise<string | Uint8Array> {
    return this.drawing('/v1/chart/transit/bodygraph', body, options);
  }

  // --- a reading: an HTML page, or PDF bytes with format: "pdf" ---------------------------------------------------------

  /** POST /v1/chart/report: the chart explained in one language, as one self-contained HTML page, or with `format: "pdf"` the PDF's bytes. */
  report(body: ReportRequest & { format: 'pdf' }, options?: CallOptions): Promise<Uint8Array>;
  report(body: ReportRequest & { format?: 'html' }, options?: CallOptions): Promise<string>;
  report(body: ReportRequest, options?: CallOptions): Promise<string | Uint8Array>;
  async report(body: ReportRequest, options?: CallOptions): Promise<string | Uint8Array> {
    const call = (this.raw.POST as (p: string, i: object) => FetchResult<unknown>).bind(this.raw);
    const path = '/v1/chart/report';
    if (body.format === 'pdf') return new Uint8Array(await this.unwrap<ArrayBuffer>(call(path, { body, parseAs: 'arrayBuffer', ...init(options) })));
    return this.unwrap<string>(call(path, { body, parseAs: 'text', ...init(options) }));
  }

  // --- time series --------------------------------------------------------------------------------------------------

  /** POST /v1/transits/ingresses: every gate (or line) ingress of the transiting bodies in [from, to). */
  ingresses(body: IngressesRequest, options?: CallOptions): Promise<Ingresses> {
    return this.unwrap<Ingresses>(this.raw.POST('/v1/transits/ingresses', { body, ...init(options) }));
  }

  /** POST /v1/transits/stations: retrograde and direct stations of Mercury to Pluto in [from, to). */
  stations(body: StationsRequest, options?: CallOptions): Promise<Stations> {
    return this.unwrap<Stations>(this.raw.POST('/v1/transits/stations', { body, ...init(options) }));
  }

  /** POST /v1/chart/returns: solar, lunar, Saturn and Chiron returns and the Uranus opposition. */
  returns(body: ReturnsRequest, options?: CallOptions): Promise<Returns> {
    return this.unwrap<Returns>(this.raw.POST('/v1/chart/returns', { body, ...init(options) }));
  }

  /** POST /v1/chart/transit-calendar: when transits complete a natal channel, form their own, or define a center. */
  transitCalendar(body: TransitCalendarRequest, options?: CallOptions): Promise<TransitCalendar> {
    return this.unwrap<TransitCalendar>(this.raw.POST('/v1/chart/transit-calendar', { body, ...init(options) }));
  }

  // --- the meaning library ------------------------------------------------------------------------------------------

  /** GET /v1/reference: every item of the library by kind, with its id, slug and name in `lang` (default en). */
  reference(lang?: MeaningLanguage, options?: CallOptions): Promise<ReferenceIndex> {
    return this.unwrap<ReferenceIndex>(this.raw.GET('/v1/reference', { params: { query: lang ? { lang } : {} }, ...init(options) }));
  }

  /**
   * GET /v1/reference/{kind}/{id}: what one part of a chart means (`explain("gates", 51)`, `explain("centers", "Solar
   * Plexus", "de")`, `explain("profiles", "5/1")`); a gate's line: `explain("gates", 51, "en", 5)`.
   */
  explain(kind: ReferenceKind, id: string | number, lang?: MeaningLanguage, line?: number, options?: CallOptions): Promise<ReferenceItem> {
    const query = lang ? { lang } : {};
    if (line !== undefined) {
      const path = { gate: String(id), line: String(line) };
      return this.unwrap<ReferenceItem>(this.raw.GET('/v1/reference/gates/{gate}/lines/{line}', { params: { path, query }, ...init(options) }));
    }
    // A profile's "5/1" travels as its slug (5-1): a "/" would be a path separator.
    const itemId = String(id).replace('/', '-');
    return this.unwrap<ReferenceItem>(this.raw.GET('/v1/reference/{kind}/{id}', { params: { path: { kind, id: itemId }, query }, ...init(options) }));
  }

  // --- places, advice, keys -----------------------------------------------------------------------------------------

  /** GET /v1/places: place suggestions for a birth-place field, best first (`places("san fr")` or `places({ q, limit })`). */
  places(query: string | PlacesQuery, options?: CallOptions): Promise<PlaceSearch> {
    const q: PlacesQuery = typeof query === 'string' ? { q: query } : query;
    return this.unwrap<PlaceSearch>(this.raw.GET('/v1/places', { params: { query: q }, ...init(options) }));
  }

  /** GET /api/advice: one piece of advice at random (no key needed). */
  advice(options?: CallOptions): Promise<Advice> {
    return this.unwrap<Advice>(this.raw.GET('/api/advice', { ...init(options) }));
  }

  /** GET /api/advice/{id}: one piece of advice by its id. */
  adviceById(id: number, options?: CallOptions): Promise<Advice> {
    return this.unwrap<Advice>(this.raw.GET('/api/advice/{id}', { params: { path: { id } }, ...init(options) }));
  }

  /** GET /api/advice/all: every piece of advice, in id order. */
  allAdvice(options?: CallOptions): Promise<AdviceList> {
    return this.unwrap<AdviceList>(this.raw.GET('/api/advice/all', { ...init(options) }));
  }

  /** GET /v1/usage: the calls this key made (answered 2xx), per operation: today, each of the last 30 UTC days, and in all. */
  usage(options?: CallOptions): Promise<Usage> {
    return this.unwrap<Usage>(this.raw.GET('/v1/usage', { ...init(options) }));
  }

  /**
   * POST /v1/keys/rotate: replaces the key this client calls with by a new one (the old one stops working at
   * once). The client sends the new key from then on; store `result.key`, it is shown only once.
   */
  async rotateKey(options?: CallOptions): Promise<KeyRotation> {
    const result = await this.unwrap<KeyRotation>(this.raw.POST('/v1/keys/rotate', { ...init(options) }));
    const key = isRecord(result) ? result.key : undefined;
    if (typeof key === 'string') this.apiKey = key;
    return result;
  }

  // --- plumbing -----------------------------------------------------------------------------------------------------

  private async drawing(
    path: '/v1/chart/bodygraph' | '/v1/chart/composite/bodygraph' | '/v1/chart/transit/bodygraph',
    body: { format?: string },
    options: CallOptions | undefined,
  ): Promise<string | Uint8Array> {
    const call = (this.raw.POST as (p: string, i: object) => FetchResult<unknown>).bind(this.raw);
    if (body.format === 'png') return new Uint8Array(await this.unwrap<ArrayBuffer>(call(path, { body, parseAs: 'arrayBuffer', ...init(options) })));
    return this.unwrap<string>(call(path, { body, parseAs: 'text', ...init(options) }));
  }

  /**
   * The data of a 2xx answer, typed as the document's schema (T, e.g. components['schemas']['Chart']); HdApiError
   * for anything else. openapi-fetch types `data` through its Readable<> helper, which turns tuples into arrays;
   * the body is the JSON as the API sent it, so the schema's own type is the exact one.
   */
  private async unwrap<T>(call: FetchResult<unknown>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw HdApiError.fromResponse(response, error);
    return data as T;
  }
}

function init(options: CallOptions | undefined): { signal?: AbortSignal; headers?: Record<string, string> } {
  const out: { signal?: AbortSignal; headers?: Record<string, string> } = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.correlationId) out.headers = { 'X-Correlation-Id': options.correlationId };
  return out;
}

/**
 * Creates a client. Every convenience method returns the typed answer and throws HdApiError on a non-2xx answer;
 * 503 answers with Retry-After are retried (`retries`, default 2; waits capped at `maxRetryAfterSeconds`, default 30).
 *
 * @example
 *   const hd = createHdClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.HD_API_KEY! });
 *   const chart = await hd.chart({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Canada' });
 */
export function createHdClient(options: HdClientOptions): HdClient {
  return new HdClient(options);
}
