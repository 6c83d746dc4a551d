/**
 * The response schemas (./schemas) against REAL answers: every request goes through the API's own validation pipe
 * and service, a JobRunner whose queue is replaced by the worker's LightProcessor in-process (so handlers run as a
 * worker dispatches them, and input errors travel back as they do over BullMQ), and errors leave through the real
 * ErrorFilter. Also: strict compilation, the labels against the engine tables, RULES.md and the reference
 * charts, negative checks, and ERROR_CODES against the codes raised in src/.
 */
import { type JsonAnswer, jsonText } from '../../common/json-answer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ArgumentsHost, Logger, NotFoundException } from '@nestjs/common';
import type { Job } from 'bullmq';
import { OPERATIONS, type Operation } from '../operations/operations';
import { ERROR_CODES, type JsonSchema } from './schemas';
import { RESPONSE_SCHEMAS } from '../operations/response-schemas';
import * as labels from './schemas/labels';
import { PENTA_CHANNEL_KEYS, PENTA_GATES } from '../chart/schemas/group';
import { RETURN_KINDS } from '../time-series/time-series.schemas';
import { ADVICE_COUNT } from '../advice/advice.schemas';
import { BATCH_MAX_ITEMS } from '../batch/batch.schemas';
import { ApiError } from '../../common/api-error';
import { ErrorFilter, fromBodyParser, toApiError } from '../../common/error.filter';
import { buildValidationPipe } from '../../common/validation';
import { LightProcessor } from '../../processors/light.processor';
import type { WorkerState } from '../../processors/worker.state';
import type { AppConfig } from '../../config/app-config';
import { JobRunner } from '../queue/job-runner.service';
import { JobFailed, type PendingJobs } from '../queue/path/6-pending-jobs';
import { Coalescer } from '../queue/path/5-coalesce';
import { ResultCache } from '../queue/result-cache';
import { OutageGate } from '../../common/outage-gate';
import { CostShare } from '../queue/path/3-cost-share';
import type { Lanes } from '../queue/path/4-lanes';
import { ChartService } from '../chart/chart.service';
import { BirthDataDto } from '../birth/birth-data.dto';
import { CompositeRequestDto, DayRequestDto, PentaRequestDto, TransitRequestDto } from '../chart/dto/chart-requests.dto';
import { TimeSeriesService } from '../time-series/time-series.service';
import { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from '../time-series/dto/time-series.dto';
import { BatchService } from '../batch/batch.service';
import { BatchRequestDto, BATCH_MAX_ITEMS as BATCH_DTO_MAX } from '../batch/batch.dto';
import { PlacesService } from '../places/places.service';
import { AdviceService, ADVICE_FILE } from '../advice/advice.service';
import { ADVICE_COUNT as ADVICE_DATA_COUNT } from '../advice/advice-data';
import { KeysController } from '../auth/keys.controller';
import type { ApiKeyService } from '../auth/api-key.store';
import { generateApiKey } from '../auth/api-key';
import { PurchaseController } from '../purchase/purchase.controller';
import type { PurchaseService } from '../purchase/purchase.service';
import { CENTERS, PLANETS } from '../../engine/types';
import { STATION_BODIES } from '../../engine/search/ingresses';
import { RETURN_KINDS as ENGINE_RETURN_KINDS } from '../../engine/search/returns';
import { PENTA_CHANNELS, PENTA_GATES as ENGINE_PENTA_GATES } from '../../engine/relations/penta';
import { definitionOf } from '../../engine/natal/graph';
import { TYPE_DETAILS } from '../../engine/tables/type-details';
import { LINE_NAMES, PROFILE_GEOMETRY } from '../../engine/tables/profiles';
import { QUARTERS } from '../../engine/tables/quarters';
import { CHANNELS } from '../../engine/tables/channels';
import { CROSSES } from '../../engine/tables/crosses';
import { DETERMINATION_COLORS, ENVIRONMENT_COLORS, MOTIVATION_COLORS, PERSPECTIVE_COLORS } from '../../engine/tables/variable-names';
import { loadReferenceCharts } from '../../../test/helpers/reference-chart';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON answers, read and mutated into invalid ones
type Json = any;

jest.setTimeout(300_000);
Logger.overrideLogger(false); // the filter logs INTERNAL errors; the log is not what is tested here

const SRC = path.resolve(__dirname, '..', '..');
const RULES_FILE = '/work/shared/hd/RULES.md'; // not shipped with the project: its checks run only where it exists
const EXAMPLES_FILE = path.join(SRC, 'common', 'openapi-examples.json');

// ---------------------------------------------------------------------------------------------------------------
// ajv: every component in one document, `#/components/schemas/X` resolving inside it

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addVocabulary(['components']); // the wrapper document's one non-JSON-Schema keyword
ajv.addSchema({ $id: 'doc', components: { schemas: RESPONSE_SCHEMAS } });

const validators = new Map<string, ValidateFunction>();
function validator(name: string): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    v = ajv.getSchema(`doc#/components/schemas/${name}`) as ValidateFunction | undefined;
    if (!v) throw new Error(`no component ${name}`);
    validators.set(name, v);
  }
  return v;
}

/** How many real answers each component validated (printed at the end). */
const validated = new Map<string, number>();
function expectValid(name: string, data: unknown, label: string): void {
  const v = validator(name);
  if (!v(data)) {
    throw new Error(`${label}: not a valid ${name}:\n${ajv.errorsText(v.errors, { separator: '\n' })}\n${JSON.stringify(data).slice(0, 600)}`);
  }
  validated.set(name, (validated.get(name) ?? 0) + 1);
}
function isValid(name: string, data: unknown): boolean {
  return validator(name)(data);
}

// ---------------------------------------------------------------------------------------------------------------
// The API's path for a request, in-process: validation pipe → service → JobRunner → (queue replaced by) the
// worker's LightProcessor → job handler; errors through the ErrorFilter.

const config = { jobTimeoutMs: 120_000, queueMaxWaiting: 1_000, outageMaxWaiting: 100 } as unknown as AppConfig;
const processor = new LightProcessor({} as WorkerState, config);
/** A failed job's reason reaches the API as the error's message (BullMQ's failedReason). */
const runJob = (name: string, data: unknown) =>
  Promise.resolve(processor.process({ name, data } as Job)).catch((err: Error) => {
    throw new JobFailed(err.message);
  });
const pending = {
  up: true,
  wait: (_lane: string, _id: string, name: string, data: unknown) => ({ promise: runJob(name, data), cancel: () => undefined }),
  waitAll: (specs: { name: string; data: unknown }[]) => specs.map((s) => ({ promise: runJob(s.name, s.data), cancel: () => undefined })),
} as unknown as PendingJobs;
const lanes = { refuseWhenOverloaded: () => Promise.resolve(), options: () => ({}), groupOptions: () => ({}), pickShard: () => 0 } as unknown as Lanes;
const noCache = new ResultCache(0, 0);
const runner = new JobRunner(lanes, pending, new OutageGate(config), new CostShare(3_000, 250), new Coalescer(pending, lanes, noCache), noCache, config);
const charts = new ChartService(runner);
const series = new TimeSeriesService(runner);
const batch = new BatchService(runner);
const pipe = buildValidationPipe();

interface Answer {
  status: number;
  body: unknown;
}

/** What the ErrorFilter writes for an exception: status and JSON body. */
function filtered(exception: unknown): Answer {
  let status = 0;
  let body: unknown;
  const res = {
    headersSent: false,
    setHeader: () => undefined,
    status(s: number) {
      status = s;
      return res;
    },
    json(b: unknown) {
      body = JSON.parse(JSON.stringify(b));
      return res;
    },
  };
  const req = { correlationId: 'test-correlation-id', path: '/test' };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new ErrorFilter().catch(exception, host);
  return { status, body };
}

async function call<D extends object>(metatype: new () => D, body: unknown, operation: (dto: D) => Promise<JsonAnswer>): Promise<Answer> {
  try {
    const dto = (await pipe.transform(body, { type: 'body', metatype })) as D;
    return { status: 200, body: JSON.parse(jsonText(await operation(dto))) };
  } catch (err) {
    return filtered(err);
  }
}

/** A 200 answer valid against `schema`; returns its body. */
async function ok<D extends object>(
  schema: string,
  metatype: new () => D,
  body: unknown,
  operation: (dto: D) => Promise<JsonAnswer>,
  label: string,
): Promise<Json> {
  const answer = await call(metatype, body, operation);
  if (answer.status !== 200) throw new Error(`${label}: expected 200, got ${answer.status} ${JSON.stringify(answer.body)}`);
  expectValid(schema, answer.body, label);
  return answer.body;
}

/** An error answer valid against ErrorResponse, with the expected status and code. */
function expectError(answer: Answer, status: number, code: string, label: string): Json {
  expect([label, answer.status]).toEqual([label, status]);
  expectValid('ErrorResponse', answer.body, label);
  expect((answer.body as { error: { code: string } }).error.code).toBe(code);
  return (answer.body as { error: unknown }).error;
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs

const refs = loadReferenceCharts();
/** The reference instant as a UTC birth (date, time, coordinates, timezone UTC): the exact instant of the fixture. */
function utcBirth(utc: string, nodeType?: 'true' | 'mean') {
  return {
    birthdate: utc.slice(0, 10),
    birthtime: utc.slice(11, 16),
    latitude: 51.4779,
    longitude: -0.0015,
    timezone: 'UTC',
    ...(nodeType ? { nodeType } : {}),
  };
}
/** The reference chart's own local birth and place, where it names one. */
function placeBirth(r: (typeof refs)[number]) {
  const b = r.birth as { local_date: string; local_time: string; place: string };
  return b.place.startsWith('(') ? undefined : { birthdate: b.local_date, birthtime: b.local_time, location: b.place };
}
const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
const OTHER = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
const THIRD = { birthdate: '1975-01-20', birthtime: '08:30', location: 'Sydney, Australia' };
const FOURTH = { birthdate: '2001-07-04', birthtime: '16:45', latitude: 35.6762, longitude: 139.6503 };
const FIFTH = { birthdate: '1969-12-12', birthtime: '22:12', location: 'Fresno, California, USA', nodeType: 'mean' };

// ---------------------------------------------------------------------------------------------------------------

describe('response schemas: structure', () => {
  it('every component compiles in ajv strict mode (JSON Schema 2020-12)', () => {
    for (const name of Object.keys(RESPONSE_SCHEMAS)) expect(() => validator(name)).not.toThrow();
  });

  it('names every answer the operation registry points at, and the error shape', () => {
    const names = [...(Object.values(OPERATIONS) as Operation[]).flatMap((op) => (op.output.kind === 'json' ? [op.output.schema] : [])), 'ErrorResponse'];
    for (const name of names) expect(RESPONSE_SCHEMAS).toHaveProperty([name]);
  });

  it('uses only #/components/schemas/<Name> references, all resolvable; no example or nullable keywords', () => {
    const problems: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref') {
          const m = /^#\/components\/schemas\/(.+)$/.exec(String(value));
          if (!m || !(m[1] in RESPONSE_SCHEMAS)) problems.push(`${where}: bad $ref ${String(value)}`);
        }
        if (key === 'example' || key === 'nullable') problems.push(`${where}: keyword ${key}`);
        walk(value, `${where}.${key}`);
      }
    };
    walk(RESPONSE_SCHEMAS, 'schemas');
    expect(problems).toEqual([]);
  });

  it('closes every object (additionalProperties false unless a map), requires what is listed, describes every property', () => {
    const problems: string[] = [];
    const OPEN = new Set(['schemas.OtherErrorDetails']); // the fallback shape of error details
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const s = node as JsonSchema;
      if (s.type === 'object') {
        if (s.properties && s.additionalProperties !== false) problems.push(`${where}: object with properties is not closed`);
        if (!s.properties && (s.additionalProperties === undefined || s.additionalProperties === true) && !OPEN.has(where))
          problems.push(`${where}: open object`);
        for (const r of s.required ?? []) if (!s.properties?.[r]) problems.push(`${where}: required ${r} is not a property`);
        for (const [name, p] of Object.entries(s.properties ?? {})) if (!p.description) problems.push(`${where}.${name}: no description`);
      }
      for (const [key, value] of Object.entries(node)) if (typeof value === 'object') walk(value, `${where}.${key}`);
    };
    for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS)) {
      if (!schema.description && !schema.$ref) problems.push(`${name}: no description`);
      walk(schema, `schemas.${name}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("response schemas: labels are the engine's, and agree with the independent sources", () => {
  const enumOf = (name: string) => RESPONSE_SCHEMAS[name].enum as readonly unknown[];
  const sorted = (xs: readonly unknown[]) => [...xs].map(String).sort();

  it('match the engine tables', () => {
    expect(enumOf('Planet')).toEqual([...PLANETS]);
    expect(enumOf('CenterName')).toEqual([...CENTERS]);
    expect(enumOf('StationBody')).toEqual([...STATION_BODIES]);
    expect(enumOf('ReturnKind')).toEqual([...ENGINE_RETURN_KINDS]);
    expect(RETURN_KINDS).toEqual(ENGINE_RETURN_KINDS);
    expect(sorted(enumOf('ChartType'))).toEqual(sorted(Object.keys(TYPE_DETAILS)));
    for (const [field, schema] of [
      ['strategy', 'Strategy'],
      ['signature', 'Signature'],
      ['notSelfTheme', 'NotSelfTheme'],
      ['aura', 'Aura'],
    ] as const) {
      expect([schema, sorted(enumOf(schema))]).toEqual([schema, sorted([...new Set(Object.values(TYPE_DETAILS).map((d) => d[field]))])]);
    }
    expect(enumOf('Definition')).toEqual([0, 1, 2, 3, 4].map(definitionOf));
    expect(sorted(enumOf('Profile'))).toEqual(sorted(Object.keys(PROFILE_GEOMETRY)));
    expect(labels.LINE_NAMES).toEqual(LINE_NAMES.slice(1));
    expect(enumOf('Quarter')).toEqual([...QUARTERS]);
    expect(sorted(enumOf('CrossGeometry'))).toEqual(sorted([...new Set(Object.values(PROFILE_GEOMETRY))]));
    const crossNames = Object.values(CROSSES).flatMap((row) => [row.rightAngle.name, row.juxtaposition.name, row.leftAngle.name]);
    expect(sorted(enumOf('IncarnationCrossName'))).toEqual(sorted(crossNames));
    expect(enumOf('IncarnationCrossName')).toHaveLength(192);
    expect(labels.CHANNELS.map(([a, b, n]) => [a, b, n])).toEqual(CHANNELS.map((c) => [c.gate1, c.gate2, c.name]));
    expect(sorted(enumOf('Circuit'))).toEqual(sorted([...new Set(CHANNELS.map((c) => c.circuit))]));
    expect(sorted(enumOf('CircuitGroup'))).toEqual(sorted([...new Set(CHANNELS.map((c) => c.circuitGroup))]));
    expect(labels.DETERMINATION_COLORS.map((c) => [...c])).toEqual(DETERMINATION_COLORS.map((c) => [c.name, c.left, c.right]));
    expect(labels.ENVIRONMENT_COLORS.map((c) => [...c])).toEqual(ENVIRONMENT_COLORS.map((c) => [c.name, c.left, c.right]));
    expect(enumOf('MotivationName')).toEqual(MOTIVATION_COLORS.map((c) => c.name));
    expect(enumOf('PerspectiveName')).toEqual(PERSPECTIVE_COLORS.map((c) => c.name));
    expect(PENTA_GATES).toEqual(ENGINE_PENTA_GATES);
    expect(PENTA_CHANNEL_KEYS).toEqual(PENTA_CHANNELS.map((c) => c.key));
    expect(ADVICE_COUNT).toBe(ADVICE_DATA_COUNT);
    expect(BATCH_MAX_ITEMS).toBe(BATCH_DTO_MAX);
  });

  it('authorities and the rest match the reference charts (test/fixtures, independent of the engine)', () => {
    const authorities = new Set(refs.map((r) => r.computed.authority));
    const types = new Set(refs.map((r) => r.computed.type));
    const definitions = new Set(refs.map((r) => r.computed.definition));
    // the 28 charts cover every value, so the enums are exactly the fixture's vocabulary
    expect(sorted(enumOf('Authority'))).toEqual(sorted([...authorities]));
    expect(sorted(enumOf('ChartType'))).toEqual(sorted([...types]));
    expect(sorted(enumOf('Definition'))).toEqual(sorted([...definitions]));
    for (const r of refs) {
      expect(enumOf('Profile')).toContain(r.computed.profile);
      expect(enumOf('IncarnationCrossName')).toContain(r.computed.incarnation_cross.name.replace(/ \(.*\)$/, '').replace(/^The /, ''));
    }
  });

  (fs.existsSync(RULES_FILE) ? it : it.skip)('match the tables of RULES.md', () => {
    const rules = fs.readFileSync(RULES_FILE, 'utf8');
    const rows = (section: RegExp) => {
      const start = rules.search(section);
      const rest = rules.slice(start);
      const end = rest.slice(1).search(/\n#{2,3} /);
      return rest
        .slice(0, end < 0 ? undefined : end + 1)
        .split('\n')
        .filter((l) => l.startsWith('| ') && !/^\|\s*-/.test(l))
        .slice(1)
        .map((l) =>
          l
            .split(/(?<!\\)\|/)
            .slice(1, -1)
            .map((c) => c.trim()),
        );
    };
    const plain = (cell: string) =>
      cell
        .replace(/\*\*/g, '')
        .replace(/ \(.*$/, '')
        .trim();
    // 3: centers
    expect(rows(/^## 3\. /m).map((r) => r[0])).toEqual([...labels.CENTERS]);
    // 4: channels, circuit groups and circuits
    const channels = rows(/^## 4\. /m);
    expect(channels.map((r) => [r[1], r[3], r[5], plain(r[6])])).toEqual(CHANNELS.map((c) => [`${c.gate1}-${c.gate2}`, c.name, c.circuitGroup, c.circuit]));
    expect(channels.map((r) => r[3])).toEqual(labels.CHANNEL_NAMES);
    // 5.2: strategy, signature, not-self theme, aura per type
    const types = rows(/^### 5\.2 /m);
    expect(types.map((r) => r[0])).toEqual([...labels.CHART_TYPES]);
    expect(sorted(new Set(types.map((r) => plain(r[1]))) as never)).toEqual(sorted(labels.STRATEGIES));
    expect(sorted(new Set(types.map((r) => plain(r[2]))) as never)).toEqual(sorted(labels.SIGNATURES));
    expect(sorted(new Set(types.map((r) => plain(r[3]))) as never)).toEqual(sorted(labels.NOT_SELF_THEMES));
    expect(sorted(new Set(types.map((r) => plain(r[4]))) as never)).toEqual(sorted(labels.AURAS));
    // 7.1: definitions
    expect(rows(/^### 7\.1 /m).map((r) => r[1])).toEqual([...labels.DEFINITIONS]);
    // 8: the 12 profiles and their line names
    const profiles = rows(/^## 8\. /m);
    expect(profiles.map((r) => r[0])).toEqual([...labels.PROFILES]);
    expect(profiles.map((r) => r[1])).toEqual(labels.PROFILE_NAMES);
    expect(profiles.map((r) => plain(r[2]))).toEqual(labels.PROFILES.map((p) => PROFILE_GEOMETRY[p]));
    // 9.3: the 192 crosses
    const expand = { RAX: 'Right Angle Cross', JX: 'Juxtaposition Cross', LAX: 'Left Angle Cross' } as Record<string, string>;
    const crosses = rows(/^### 9\.3 /m).flatMap((r) =>
      r.slice(2, 5).map((c) => c.replace(/^(RAX|JX|LAX) (.*?) \(.*$/, (_m, a: string, rest: string) => `${expand[a]} ${rest}`)),
    );
    expect(sorted(crosses)).toEqual(sorted(labels.INCARNATION_CROSS_NAMES));
    // 9.4: quarters
    expect(rows(/^### 9\.4 /m).map((r) => r[0])).toEqual([...labels.QUARTERS]);
    // 10.2: color names of the four variables, with variants and the color three away
    const colors = rows(/^### 10\.2 /m);
    const split = (cell: string) => /^(\S+) \((\S+) \/ (\S+)\)$/.exec(cell)!.slice(1);
    expect(colors.map((r) => split(r[1]))).toEqual(labels.DETERMINATION_COLORS.map((c) => [...c]));
    expect(colors.map((r) => split(r[2]))).toEqual(labels.ENVIRONMENT_COLORS.map((c) => [...c]));
    expect(colors.map((r) => r[3].split(' → ')[0])).toEqual([...labels.MOTIVATION_COLORS]);
    expect(colors.map((r) => r[4].split(' → ')[0])).toEqual([...labels.PERSPECTIVE_COLORS]);
  });
});

describe('response schemas: real answers validate', () => {
  const seen = { type: new Set<string>(), authority: new Set<string>(), definition: new Set<string>(), profile: new Set<string>() };

  it(`Chart and AdvancedChart for the ${refs.length} reference charts (UTC instants, and the local birth where a place is named)`, async () => {
    expect(refs).toHaveLength(28);
    for (const [i, r] of refs.entries()) {
      const nodeType = i % 5 === 4 ? 'mean' : undefined;
      const chart = await ok('Chart', BirthDataDto, utcBirth(r.utc, nodeType), (dto) => charts.chart(dto), `chart ${r.id}`);
      const advanced = await ok('AdvancedChart', BirthDataDto, utcBirth(r.utc, nodeType), (dto) => charts.advanced(dto), `advanced ${r.id}`);
      expect(chart.birth.utc).toBe(r.utc);
      if (!nodeType) expect([r.id, chart.type, chart.authority, chart.profile]).toEqual([r.id, r.computed.type, r.computed.authority, r.computed.profile]);
      expect(advanced.type).toBe(chart.type);
      for (const k of Object.keys(seen) as (keyof typeof seen)[]) seen[k].add(chart[k]);
      const local = placeBirth(r);
      if (local) {
        await ok('Chart', BirthDataDto, local, (dto) => charts.chart(dto), `chart ${r.id} at ${local.location}`);
        await ok('AdvancedChart', BirthDataDto, local, (dto) => charts.advanced(dto), `advanced ${r.id} at ${local.location}`);
      }
    }
    // the answers use every type, authority and definition of the enums
    expect(seen.type.size).toBe(labels.CHART_TYPES.length);
    expect(seen.authority.size).toBe(labels.AUTHORITIES.length);
    expect(seen.definition.size).toBe(labels.DEFINITIONS.length);
  });

  it('Chart for birth echoes with a note, alternatives, asWritten, LMT offsets and coordinates only', async () => {
    const births = [
      { birthdate: '1850-06-01', birthtime: '12:00', location: 'Montreal, Quebec, Canada' }, // local mean time
      { birthdate: '1990-03-25', birthtime: '02:30', location: 'Paris, France' }, // skipped hour
      { birthdate: '1990-10-28', birthtime: '02:30', location: 'Paris, France' }, // repeated hour
      { birthdate: '1990-10-28', birthtime: '02:30', location: 'Москва, Россия' }, // asWritten
      { birthdate: '1990-10-28', birthtime: '02:30', location: 'Springfield, USA' }, // alternatives
      { birthdate: '1800-04-09', birthtime: '00:00', location: 'Kathmandu, Nepal' }, // first supported date
      { birthdate: '2399-12-30', birthtime: '23:59', location: 'Auckland, New Zealand' }, // last supported date
      { birthdate: '1990-10-28', birthtime: '02:30', latitude: 0, longitude: -160 }, // coordinates only (Etc/ zone)
      { birthdate: '2000-01-01', birthtime: '12:00', location: 'London, UK', latitude: 51.5, longitude: -0.12, timezone: 'Europe/London' },
    ];
    for (const b of births) await ok('Chart', BirthDataDto, b, (dto) => charts.chart(dto), `chart ${JSON.stringify(b)}`);
  });

  it('Chart, AdvancedChart, CompositeChart and TransitChart for 300 pseudo-random births 1800–2399', async () => {
    let seed = 20261123;
    const rnd = () => {
      // mulberry32: a fixed sequence, so a failure can be replayed
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const first = Date.UTC(1800, 3, 10);
    const last = Date.UTC(2399, 11, 29);
    const pad = (n: number) => String(n).padStart(2, '0');
    const places = [
      'Paris, France',
      'Tokyo, Japan',
      'Lima, Peru',
      'Cape Town, South Africa',
      'Anchorage, USA',
      'Kolkata, India',
      'Reykjavik, Iceland',
      'Apia, Samoa',
    ];
    const births = Array.from({ length: 300 }, (_, i) => {
      const date = new Date(first + rnd() * (last - first)).toISOString().slice(0, 10);
      const time = `${pad(Math.floor(rnd() * 24))}:${pad(Math.floor(rnd() * 60))}`;
      const where =
        i % 2
          ? { location: places[Math.floor(rnd() * places.length)] }
          : { latitude: Math.round((rnd() * 130 - 60) * 1e4) / 1e4, longitude: Math.round((rnd() * 360 - 180) * 1e4) / 1e4 };
      return { birthdate: date, birthtime: time, ...where, ...(i % 7 === 0 ? { nodeType: 'mean' } : {}) };
    });
    for (const [i, b] of births.entries()) {
      const label = JSON.stringify(b);
      await ok('Chart', BirthDataDto, b, (dto) => charts.chart(dto), `chart ${label}`);
      await ok('AdvancedChart', BirthDataDto, b, (dto) => charts.advanced(dto), `advanced ${label}`);
      if (i % 3 === 0)
        await ok(
          'CompositeChart',
          CompositeRequestDto,
          { person1: b, person2: births[(i + 1) % births.length] },
          (dto) => charts.composite(dto),
          `composite ${label}`,
        );
      if (i % 3 === 1) {
        const at = new Date(first + rnd() * (last - first)).toISOString();
        await ok('TransitChart', TransitRequestDto, { ...b, at }, (dto) => charts.transit(dto), `transit ${label} at ${at}`);
      }
    }
  });

  it('CompositeChart for pairs of reference charts and named people', async () => {
    const pairs: [object, object][] = [
      [RA, OTHER],
      [OTHER, THIRD],
      [RA, RA],
      [FOURTH, FIFTH],
    ];
    for (let i = 0; i + 1 < refs.length; i += 2) pairs.push([utcBirth(refs[i].utc), utcBirth(refs[i + 1].utc)]);
    for (const [p1, p2] of pairs)
      await ok('CompositeChart', CompositeRequestDto, { person1: p1, person2: p2 }, (dto) => charts.composite(dto), `composite ${JSON.stringify([p1, p2])}`);
  });

  it('TransitChart for several natal charts and instants', async () => {
    const instants = ['2024-01-01T00:00:00Z', '2026-11-22T12:00:00+02:00', '1999-08-11T11:03Z', '2100-06-30T23:59:59.500Z'];
    for (const [i, r] of refs.slice(0, 12).entries()) {
      const at = instants[i % instants.length];
      await ok('TransitChart', TransitRequestDto, { ...utcBirth(r.utc), at }, (dto) => charts.transit(dto), `transit ${r.id} ${at}`);
    }
    await ok('TransitChart', TransitRequestDto, { ...RA, nodeType: 'mean' }, (dto) => charts.transit(dto), 'transit now, mean node');
  });

  it('PentaAnalysis for groups of 3, 4 and 5', async () => {
    const groups = [
      [RA, OTHER, THIRD],
      [RA, OTHER, THIRD, FOURTH],
      [RA, OTHER, THIRD, FOURTH, FIFTH],
      refs.slice(0, 5).map((r) => utcBirth(r.utc)),
      refs.slice(10, 13).map((r) => utcBirth(r.utc)),
      refs.slice(20, 25).map((r) => utcBirth(r.utc)),
    ];
    for (const members of groups) await ok('PentaAnalysis', PentaRequestDto, { members }, (dto) => charts.penta(dto), `penta of ${members.length}`);
  });

  it('DayCharts, summary and full, whole days and parts of days', async () => {
    const days = [
      { birthdate: '1948-04-09', location: RA.location },
      { birthdate: '1948-04-09', location: RA.location, detail: 'full' },
      { birthdate: '1990-03-25', location: 'Paris, France', detail: 'full' }, // 23-hour day
      { birthdate: '1990-10-28', location: 'Paris, France' }, // 25-hour day
      { birthdate: '1992-10-03', location: OTHER.location, birthtime: '00:03', approximate: '±30m', detail: 'full' },
      { birthdate: '1992-10-03', location: OTHER.location, birthtime: '23:50', approximate: '2h' },
      { birthdate: '2001-07-04', latitude: 35.6762, longitude: 139.6503, from: '06:00', to: '24:00', nodeType: 'mean' },
      { birthdate: '1850-06-01', location: RA.location, from: '11:00', to: '13:00', detail: 'full' }, // local mean time
    ];
    for (const d of days) {
      const body = await ok('DayCharts', DayRequestDto, d, (dto) => charts.day(dto), `day ${JSON.stringify(d)}`);
      expect(body.windows).toHaveLength(body.windowCount);
      if (d.detail === 'full') for (const w of body.windows) expect(w.chart).toBeDefined();
    }
  });

  it('Ingresses at gate and line level, and Stations', async () => {
    await ok('Ingresses', IngressesRequestDto, { from: '2026-01-01', to: '2026-03-01' }, (dto) => series.ingresses(dto), 'ingresses gate, all bodies');
    await ok(
      'Ingresses',
      IngressesRequestDto,
      { from: '2026-01-01T00:00:00Z', to: '2026-01-05T12:00:00+01:00', level: 'line', bodies: ['moon', 'sun', 'northNode'] },
      (dto) => series.ingresses(dto),
      'ingresses line',
    );
    await ok(
      'Ingresses',
      IngressesRequestDto,
      { from: '1900-01-01', to: '1905-01-01', bodies: ['mercury', 'southNode'], nodeType: 'mean' },
      (dto) => series.ingresses(dto),
      'ingresses mean node',
    );
    await ok('Ingresses', IngressesRequestDto, { from: '2026-01-01', to: '2026-01-02', bodies: ['pluto'] }, (dto) => series.ingresses(dto), 'ingresses none');
    await ok('Stations', StationsRequestDto, { from: '2026-01-01', to: '2027-01-01' }, (dto) => series.stations(dto), 'stations');
    await ok(
      'Stations',
      StationsRequestDto,
      { from: '2030-05-01', to: '2040-05-01', bodies: ['mars', 'pluto'] },
      (dto) => series.stations(dto),
      'stations 10 years',
    );
  });

  it('Returns with and without charts, and the TransitCalendar', async () => {
    const cases: Record<string, unknown>[] = [
      { ...RA, from: '1948-04-09', to: '2008-04-09', kinds: ['saturn'] },
      { ...RA, kinds: ['solar', 'lunar'], from: '2024-01-01', to: '2025-01-01', chart: true },
      { ...OTHER, kinds: ['uranus-opposition', 'chiron'], count: 1 },
      { ...OTHER, kinds: ['lunar'], count: 3, chart: true, nodeType: 'mean' },
      { ...utcBirth(refs[5].utc), kinds: ['solar'], count: 5 },
    ];
    for (const c of cases) await ok('Returns', ReturnsRequestDto, c, (dto) => series.returns(dto), `returns ${JSON.stringify(c)}`);
    await ok(
      'TransitCalendar',
      TransitCalendarRequestDto,
      { ...RA, from: '2026-01-01', to: '2026-02-15' },
      (dto) => series.transitCalendar(dto),
      'calendar ra',
    );
    await ok(
      'TransitCalendar',
      TransitCalendarRequestDto,
      { ...utcBirth(refs[25].utc), from: '2030-06-01', to: '2030-07-01' },
      (dto) => series.transitCalendar(dto),
      'calendar reflector',
    );
  });

  it('BatchResult with charts, advanced charts and per-item errors', async () => {
    const items = [
      { id: 'ada', operation: 'chart', ...RA },
      { id: 7, operation: 'advanced', ...OTHER },
      { operation: 'chart', ...THIRD },
      { id: 'bad-date', operation: 'chart', ...RA, birthdate: '1948-02-30' },
      { id: 'no-place', operation: 'chart', birthdate: '1990-01-01', birthtime: '10:00' },
      { id: 'nowhere', operation: 'advanced', birthdate: '1990-01-01', birthtime: '10:00', location: 'Qqqxyz, France' },
      { id: 'too-early', operation: 'chart', birthdate: '1700-01-01', birthtime: '10:00', location: 'Paris, France' },
      { id: 'op', operation: 'bodygraph', ...RA },
      'not an object',
      { id: 'x'.repeat(101), operation: 'chart', ...RA },
    ];
    const body = await ok('BatchResult', BatchRequestDto, { items }, (dto) => batch.run(dto, {}, 'batch-correlation'), 'batch');
    expect(body.items.map((i: { status: number }) => i.status)).toEqual([200, 200, 200, 400, 400, 422, 422, 400, 400, 400]);
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: refs[i % refs.length].id + i,
      operation: i % 2 ? 'chart' : 'advanced',
      ...utcBirth(refs[i % refs.length].utc),
    }));
    await ok('BatchResult', BatchRequestDto, { items: many }, (dto) => batch.run(dto, {}, 'c'), 'batch of 30');
  });

  it('PlaceSearch', () => {
    const places = new PlacesService();
    places.onModuleInit();
    for (const [q, limit] of [
      ['san fr', 10],
      ['Моск', 5],
      ['paris, fr', 20],
      ['london', 1],
      ['münch', 10],
      ['zzzqqqxx', 10],
      ['St Louis', 20],
    ] as const) {
      expectValid('PlaceSearch', JSON.parse(JSON.stringify(places.search(q, limit))), `places ${q}`);
    }
  });

  it('Advice and AdviceList (all items, the list, random answers)', () => {
    const advice = new AdviceService();
    advice.load(ADVICE_FILE);
    const list = JSON.parse(advice.allAnswers().ok.body!.toString('utf8'));
    expectValid('AdviceList', list, 'advice list');
    expect(list).toHaveLength(ADVICE_COUNT);
    for (let id = 1; id <= ADVICE_COUNT; id++) expectValid('Advice', JSON.parse(advice.answersForParam(String(id))!.ok.body!.toString('utf8')), `advice ${id}`);
    for (let i = 0; i < 5; i++) expectValid('Advice', JSON.parse(advice.randomAnswer().body!.toString('utf8')), 'random advice');
  });

  it('KeyRotation, CheckoutSession and WebhookReceipt from their controllers', async () => {
    const store = {
      rotate: () =>
        Promise.resolve({ rotated: true, key: generateApiKey(), record: { hash: 'h', label: '', createdAt: new Date().toISOString(), source: 'cli' } }),
    };
    const res = { locals: { keyHash: 'ab'.repeat(32) }, setHeader: () => undefined };
    for (let i = 0; i < 5; i++)
      expectValid('KeyRotation', JSON.parse(JSON.stringify(await new KeysController(store as unknown as ApiKeyService).rotate(res as never))), 'rotate');

    let sent: unknown;
    const page = { status: () => page, location: () => page, json: (b: unknown) => (sent = b) };
    const purchases = {
      checkout: () => Promise.resolve('https://checkout.stripe.com/c/pay/cs_test_a1b2c3#fidkdWxOYHwnPyd1blpxYHZxWjA0'),
      enabled: true,
      webhook: () => Promise.resolve('already-issued'),
    };
    const controller = new PurchaseController(purchases as unknown as PurchaseService);
    await controller.checkout(page as never);
    expectValid('CheckoutSession', JSON.parse(JSON.stringify(sent)), 'checkout');
    expectValid('WebhookReceipt', await controller.webhook({ body: Buffer.from('{}') } as never, 't=1,v1=x'), 'webhook');
  });

  it('ErrorResponse for validation, engine input, time-series, HTTP, advice, places, keys and internal errors', async () => {
    const e: [Answer, number, string][] = [];
    // request validation (400), field codes and VALIDATION_FAILED
    e.push([await call(BirthDataDto, { ...RA, birthdate: '1948-02-30' }, (d) => charts.chart(d)), 400, 'INVALID_DATE']);
    e.push([await call(BirthDataDto, { ...RA, birthtime: '24:10' }, (d) => charts.chart(d)), 400, 'INVALID_TIME']);
    e.push([await call(BirthDataDto, { birthdate: '1990-01-01', birthtime: '10:00' }, (d) => charts.chart(d)), 400, 'INVALID_LOCATION']);
    e.push([await call(BirthDataDto, { ...RA, timezone: '+05:00' }, (d) => charts.chart(d)), 400, 'INVALID_TIMEZONE']);
    e.push([await call(BirthDataDto, { ...RA, birthtime: 'x', birthdate: 'y' }, (d) => charts.chart(d)), 400, 'VALIDATION_FAILED']);
    e.push([await call(BirthDataDto, { ...RA, extra: 1 }, (d) => charts.chart(d)), 400, 'VALIDATION_FAILED']);
    e.push([await call(CompositeRequestDto, { person1: { ...RA, birthdate: '1948-13-01' }, person2: OTHER }, (d) => charts.composite(d)), 400, 'INVALID_DATE']);
    e.push([await call(TransitRequestDto, { ...RA, at: 'tomorrow' }, (d) => charts.transit(d)), 400, 'INVALID_INSTANT']);
    e.push([await call(TransitRequestDto, { ...RA, at: '2024-02-30T00:00:00Z' }, (d) => charts.transit(d)), 400, 'INVALID_INSTANT']);
    e.push([await call(DayRequestDto, { ...RA, approximate: '±30m', from: '01:00', to: '02:00' }, (d) => charts.day(d)), 400, 'VALIDATION_FAILED']);
    // the engine's input errors, 422 through the worker
    e.push([await call(BirthDataDto, { ...RA, location: 'Qqqxyz, Canada' }, (d) => charts.chart(d)), 422, 'LOCATION_NOT_FOUND']);
    e.push([await call(BirthDataDto, { ...RA, location: 'Paris, Qqqxyzland' }, (d) => charts.chart(d)), 422, 'LOCATION_NOT_FOUND']);
    e.push([await call(BirthDataDto, { ...RA, location: 'France, Europe' }, (d) => charts.chart(d)), 422, 'LOCATION_IS_COUNTRY']);
    e.push([await call(BirthDataDto, { ...RA, location: '!!' }, (d) => charts.chart(d)), 422, 'LOCATION_REQUIRED']);
    e.push([await call(BirthDataDto, { ...RA, birthdate: '1700-01-01' }, (d) => charts.chart(d)), 422, 'DATE_OUT_OF_RANGE']);
    e.push([await call(BirthDataDto, { ...RA, timezone: 'Mars/Olympus_Mons' }, (d) => charts.chart(d)), 422, 'INVALID_TIMEZONE']);
    e.push([
      await call(DayRequestDto, { birthdate: '1990-03-25', location: 'Paris, France', from: '02:30', to: '03:00' }, (d) => charts.day(d)),
      422,
      'INVALID_SPAN',
    ]);
    e.push([await call(TransitRequestDto, { ...RA, at: '1750-01-01T00:00:00Z' }, (d) => charts.transit(d)), 422, 'DATE_OUT_OF_RANGE']);
    try {
      await runner.run('penta', { members: [RA, OTHER].map((p) => ({ ...p, nodeType: 'true' })) });
    } catch (err) {
      e.push([filtered(err), 422, 'PENTA_SIZE']);
    }
    // time-series ranges
    e.push([await call(IngressesRequestDto, { from: '2026-02-01', to: '2026-01-01' }, (d) => series.ingresses(d)), 400, 'INVALID_RANGE']);
    e.push([await call(IngressesRequestDto, { from: '2026-01-01', to: '2027-02-01', level: 'line' }, (d) => series.ingresses(d)), 400, 'RANGE_TOO_LARGE']);
    e.push([await call(StationsRequestDto, { from: '2026-02-30', to: '2027-01-01' }, (d) => series.stations(d)), 400, 'INVALID_INSTANT']);
    e.push([await call(StationsRequestDto, { from: '1700-01-01', to: '1701-01-01' }, (d) => series.stations(d)), 422, 'DATE_OUT_OF_RANGE']);
    e.push([await call(IngressesRequestDto, { from: 'soon', to: '2027-01-01', bodies: ['sun', 'sun'] }, (d) => series.ingresses(d)), 400, 'VALIDATION_FAILED']);
    // HTTP layer
    e.push([filtered(new NotFoundException()), 404, 'NOT_FOUND']);
    e.push([filtered(fromBodyParser({ type: 'entity.parse.failed', status: 400 })), 400, 'INVALID_JSON']);
    e.push([filtered(fromBodyParser({ type: 'entity.too.large', status: 413, limit: 16384 })), 413, 'PAYLOAD_TOO_LARGE']);
    e.push([filtered(toApiError(new Error('boom'))), 500, 'INTERNAL']);
    e.push([filtered(new Error('unexpected')), 500, 'INTERNAL']);
    e.push([filtered(new ApiError(503, 'OVERLOADED', 'Too many computations are waiting; try again shortly.', { waiting: 1000 })), 503, 'OVERLOADED']);
    // advice, places, keys
    const advice = new AdviceService();
    advice.load(ADVICE_FILE);
    for (const [raw, status, code] of [
      ['abc', 400, 'INVALID_ID'],
      ['372', 404, 'ADVICE_NOT_FOUND'],
      ['0', 404, 'ADVICE_NOT_FOUND'],
    ] as const) {
      try {
        advice.answersForParamOrThrow(raw);
      } catch (err) {
        e.push([filtered(err), status, code]);
      }
    }
    const places = new PlacesService();
    for (const [q, limit, code] of [
      ['a', 10, 'QUERY_TOO_SHORT'],
      ['paris', 50, 'INVALID_LIMIT'],
    ] as const) {
      try {
        places.search(q, limit);
      } catch (err) {
        e.push([filtered(err), 400, code]);
      }
    }
    const staticKey = { rotate: () => Promise.resolve({ rotated: false, why: 'static' }) } as unknown as ApiKeyService;
    await new KeysController(staticKey)
      .rotate({ locals: { keyHash: 'ab'.repeat(32) }, setHeader: () => undefined } as never)
      .catch((err) => e.push([filtered(err), 400, 'KEY_NOT_ROTATABLE']));

    expect(e.length).toBeGreaterThanOrEqual(36);
    const errors = e.map(([answer, status, code]) => expectError(answer, status, code, `${status} ${code}`));
    const byCode = (code: string) => errors.find((x) => x.code === code);
    // the known shapes of details are the ones answered
    expect(isValid('ValidationDetails', byCode('INVALID_DATE').details)).toBe(true);
    expect(isValid('LocationNotFoundDetails', byCode('LOCATION_NOT_FOUND').details)).toBe(true);
    expect(isValid('LocationIsCountryDetails', byCode('LOCATION_IS_COUNTRY').details)).toBe(true);
    expect(isValid('RangeTooLargeDetails', byCode('RANGE_TOO_LARGE').details)).toBe(true);
    expect(isValid('AdviceNotFoundDetails', byCode('ADVICE_NOT_FOUND').details)).toBe(true);
    // the correlation id is in the body of 5xx answers only
    for (const x of errors) expect([x.code, 'correlationId' in x]).toEqual([x.code, ['INTERNAL', 'OVERLOADED'].includes(x.code)]);
  });

  it('the documented examples (src/common/openapi-examples.json) validate too', () => {
    const examples = JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, unknown>;
    const schemaOf: Record<string, string> = {
      chart: 'Chart',
      advanced: 'AdvancedChart',
      composite: 'CompositeChart',
      transit: 'TransitChart',
      penta: 'PentaAnalysis',
      ingresses: 'Ingresses',
      stations: 'Stations',
      returns: 'Returns',
      day: 'DayCharts',
      transitCalendar: 'TransitCalendar',
    };
    for (const [key, example] of Object.entries(examples)) {
      expect(schemaOf).toHaveProperty([key]);
      expectValid(schemaOf[key], example, `example ${key}`);
    }
  });

  afterAll(() => {
    const total = [...validated.values()].reduce((a, b) => a + b, 0);
    const list = [...validated.entries()]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(`validated ${total} real answers: ${list}`);
  });
});

describe('response schemas: strict (negative checks)', () => {
  let chart: Json;
  let advanced: Json;
  beforeAll(async () => {
    chart = JSON.parse(jsonText(await charts.chart({ ...RA, nodeType: 'true' })));
    advanced = JSON.parse(jsonText(await charts.advanced({ ...RA, nodeType: 'true' })));
    expectValid('Chart', chart, 'base chart');
    expectValid('AdvancedChart', advanced, 'base advanced chart');
  });
  const mutate = (base: Json, change: (c: Json) => void) => {
    const copy = structuredClone(base);
    change(copy);
    return copy;
  };

  it.each([
    [
      'a misspelled field',
      (c: Json) => {
        c.stratgy = c.strategy;
        delete c.strategy;
      },
    ],
    [
      'an extra field',
      (c: Json) => {
        c.extra = 1;
      },
    ],
    [
      'a missing field',
      (c: Json) => {
        delete c.birth;
      },
    ],
    [
      'gate 65',
      (c: Json) => {
        c.personality.sun.gate = 65;
      },
    ],
    [
      'gate 0 in a channel',
      (c: Json) => {
        c.activeChannels[0].gate1 = 0;
      },
    ],
    [
      'a non-integer line',
      (c: Json) => {
        c.design.moon.line = 2.5;
      },
    ],
    [
      'line 7',
      (c: Json) => {
        c.design.moon.line = 7;
      },
    ],
    [
      'a type not in the enum',
      (c: Json) => {
        c.type = 'Manifester';
      },
    ],
    [
      'an authority not in the enum',
      (c: Json) => {
        c.authority = 'Emotional';
      },
    ],
    [
      'a profile that cannot exist',
      (c: Json) => {
        c.profile = '1/2';
      },
    ],
    [
      'an unknown cross',
      (c: Json) => {
        c.incarnationCross.name = 'Right Angle Cross of Nothing 1';
      },
    ],
    [
      'a three-gate cross',
      (c: Json) => {
        c.incarnationCross.gates.pop();
      },
    ],
    [
      'an activated gate keyed 65',
      (c: Json) => {
        c.activatedGates['65'] = { personality: ['sun'], design: [] };
      },
    ],
    [
      'an unknown body',
      (c: Json) => {
        c.activatedGates[Object.keys(c.activatedGates)[0]].design.push('chiron');
      },
    ],
    [
      'a center twice',
      (c: Json) => {
        c.definedCenters.push(c.definedCenters[0]);
      },
    ],
    [
      'a birth instant with milliseconds',
      (c: Json) => {
        c.birth.utc = '1948-04-09T05:14:00.000Z';
      },
    ],
    [
      'a misspelled location field',
      (c: Json) => {
        c.birth.location.timeZone = c.birth.location.timezone;
        delete c.birth.location.timezone;
      },
    ],
  ])('rejects a Chart with %s', (_what, change) => {
    expect(isValid('Chart', mutate(chart, change))).toBe(false);
  });

  it.each([
    [
      'longitude 360',
      (c: Json) => {
        c.personality.sun.longitude = 360;
      },
    ],
    [
      'base 6',
      (c: Json) => {
        c.design.sun.base = 6;
      },
    ],
    [
      'a variant on motivation',
      (c: Json) => {
        c.variables.motivation.variant = 'Calm';
      },
    ],
    [
      'a wrong notation',
      (c: Json) => {
        c.variables.notation = 'PLR-DLL';
      },
    ],
    [
      'splitKind "narrow"',
      (c: Json) => {
        c.splitKind = 'narrow';
      },
    ],
    [
      'a channel with three centers',
      (c: Json) => {
        c.activeChannels[0].centers.push('G');
      },
    ],
    [
      "the plain chart's channels",
      (c: Json) => {
        c.activeChannels = c.activeChannels.map(({ gate1, gate2, name, circuit }: Json) => ({ gate1, gate2, name, circuit }));
      },
    ],
  ])('rejects an AdvancedChart with %s', (_what, change) => {
    expect(isValid('AdvancedChart', mutate(advanced, change))).toBe(false);
  });

  it('rejects an advice with an extra field, a bad id or a non-https source', () => {
    const item = { id: 2, advice: 'God helps them that help themselves.', source: 'https://www.gutenberg.org/ebooks/43855' };
    expect(isValid('Advice', item)).toBe(true);
    expect(isValid('Advice', { ...item, author: 'Franklin' })).toBe(false);
    expect(isValid('Advice', { ...item, id: 372 })).toBe(false);
    expect(isValid('Advice', { ...item, id: '2' })).toBe(false);
    expect(isValid('Advice', { ...item, source: 'http://example.com' })).toBe(false);
    expect(isValid('AdviceList', [item, { ...item, extra: true }])).toBe(false);
  });

  it('rejects error bodies with an unknown code, extra fields or a bare message', () => {
    const good = {
      error: { code: 'LOCATION_NOT_FOUND', message: 'No place called "X" was found.', details: { suggestions: ['Paris, Île-de-France, France'] } },
    };
    expect(isValid('ErrorResponse', good)).toBe(true);
    expect(isValid('ErrorResponse', { error: { ...good.error, code: 'NOPE' } })).toBe(false);
    expect(isValid('ErrorResponse', { error: { ...good.error, status: 422 } })).toBe(false);
    expect(isValid('ErrorResponse', { ...good, correlationId: 'x' })).toBe(false);
    expect(isValid('ErrorResponse', { message: 'boom' })).toBe(false);
    expect(isValid('ErrorResponse', { error: { ...good.error, details: [{ field: 'birthdate' }] } })).toBe(false);
    expect(isValid('ErrorResponse', { error: { ...good.error, details: 'text' } })).toBe(false);
  });
});

describe('ERROR_CODES is complete', () => {
  /** Every .ts file under src/, except tests and these schemas (which list the codes). */
  function sources(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return full === path.join(SRC, 'modules', 'openapi') ? [] : sources(full);
      return entry.name.endsWith('.ts') && !/\.(spec|e2e-spec)\.ts$/.test(entry.name) ? [full] : [];
    });
  }
  const CODE = "'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'";
  const RAISED = [
    new RegExp(`new ApiError\\(\\s*[^,()]+,\\s*${CODE}`, 'g'), // new ApiError(422, 'CODE', …)
    new RegExp(`new EngineInputError\\(\\s*${CODE}`, 'g'), // the engine's input errors (422 via the worker)
    new RegExp(`context:\\s*\\{\\s*code:\\s*${CODE}`, 'g'), // DTO constraint codes (400 via the validation pipe)
    new RegExp(`\\{\\s*code:\\s*${CODE},\\s*message:`, 'g'), // error payloads written out (INPUT_ERROR fallback)
    new RegExp(`\\?\\?\\s*${CODE};`, 'g'), // const code = single ?? 'VALIDATION_FAILED';
    new RegExp(`^\\s*[45]\\d\\d:\\s*${CODE},?$`, 'gm'), // status → code maps (error.filter.ts NEST_STATUS_CODES)
  ];
  const found = new Map<string, Set<string>>();
  beforeAll(() => {
    for (const file of sources(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const re of RAISED) for (const m of text.matchAll(re)) (found.get(m[1]) ?? found.set(m[1], new Set()).get(m[1])!).add(path.relative(SRC, file));
    }
  });

  it('holds every code raised in src/', () => {
    expect(found.size).toBeGreaterThan(30);
    const missing = [...found.keys()].filter((c) => !(ERROR_CODES as readonly string[]).includes(c)).map((c) => `${c} (${[...found.get(c)!].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('holds no code that src/ never raises', () => {
    const unused = ERROR_CODES.filter((c) => !found.has(c));
    expect(unused).toEqual([]);
  });

  it('is the ErrorCode enum, without duplicates', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(RESPONSE_SCHEMAS.ErrorCode.enum).toEqual(ERROR_CODES);
  });
});
