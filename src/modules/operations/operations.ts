import type { Type } from '@nestjs/common';
import { FIRST_BIRTHDATE, LAST_BIRTHDATE } from '../../engine/natal/chart';
import { ADVICE_COUNT } from '../advice/advice-data';
import { BATCH_MAX_ITEMS, BatchRequestDto } from '../batch/batch.dto';
import { BULK_MAX_ITEMS, BulkJobIdDto, BulkJobRequestDto } from '../bulk/bulk.dto';
import {
  BodygraphRequestDto,
  ChartRequestDto,
  CompositeBodygraphRequestDto,
  CompositeRequestDto,
  DayRequestDto,
  PentaRequestDto,
  ReportRequestDto,
  TransitBodygraphRequestDto,
  TransitRequestDto,
} from '../chart/dto/chart-requests.dto';
import { PlacesQueryDto } from '../places/places.dto';
import { ExplainDto, ReferenceQueryDto } from '../reference/reference.dto';
import { MEANING_LANGUAGES } from '../../engine/meaning';
import { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from '../time-series/dto/time-series.dto';
import { RANGE_LIMIT_DAYS } from '../time-series/time-series.service';
import { BATCH_COST, type CostModel, JOB_COSTS } from './costs';

/**
 * Every operation of the API described once: its route, its input (a DTO class: the one validation), its answer
 * (a JSON schema component, or a drawing) and the words that explain it. The controllers take their OpenAPI
 * summary and description from here, the OpenAPI document its response schemas (openapi-document.ts), and the MCP
 * server its tools (mcp/). The queue path an operation takes is its service's (see mcp/tool-runners.ts).
 */
export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  /** The route as OpenAPI writes it. */
  path: string;
  /** Where the buy page lists it (OPERATION_GROUPS); `free` and `purchase` need no key and are not listed there. */
  group: OperationGroup;
  summary: string;
  description: string;
  /** The request's DTO: the JSON body (POST) or the query string (GET). */
  input?: { in: 'body' | 'query'; dto: Type<object> };
  /**
   * The success answer (200 unless said): a component of RESPONSE_SCHEMAS, a drawing (SVG text or PNG bytes), or a
   * document (an HTML page or PDF bytes), or a stream (a job's results as NDJSON, JSON or CSV; its events).
   */
  output: { kind: 'json'; schema: string; status?: number } | { kind: 'drawing' } | { kind: 'document' } | { kind: 'stream' };
  /** Computed by a worker through the queue (false: answered by the API from memory). */
  queued: boolean;
  /** What its work costs, from its input (queued operations): admission counts it, see costs.ts and README "Fair use". */
  cost?: CostModel<never>;
  /**
   * The MCP tool that runs this operation (none: HTTP only). Its input schema is the DTO's, as the OpenAPI
   * document gives it, unless the HTTP input is not a DTO (a path parameter): then it is written here.
   */
  tool?: {
    name: string;
    /** A short title for a tool list (the summary is the long form). */
    title: string;
    /** When the tool does more than the route's summary says (advice: by id too), what it does. */
    description?: string;
    inputSchema?: Record<string, unknown>;
    /** The DTO that validates the tool's arguments when they are not the HTTP input's (explain: kind and id). */
    input?: Type<object>;
  };
}

/**
 * The groups the buy page lists a key's operations in, in this order, each with a line saying what it is for. The
 * page is generated from the registry, so a new operation shows there once it names its group.
 */
export const OPERATION_GROUPS = {
  charts: { title: 'Charts', blurb: "a person's chart, two together, a group of 3–5, the transits, a day of unknown birth time" },
  drawings: { title: 'Drawings', blurb: 'the bodygraph as SVG or PNG, alone, for two people, or with a transit' },
  meaning: { title: 'Readings & meaning', blurb: 'the chart explained in English, German, Spanish, Portuguese or French, and the meaning of every part' },
  time: { title: 'Through time', blurb: 'ingresses, stations, returns and a personal transit calendar' },
  batches: { title: 'Batches & places', blurb: 'up to 100 charts in one call, and place search for a birth-place field' },
  bulk: {
    title: 'Bulk jobs',
    blurb: 'up to 100,000 charts or drawings in the background, from JSON, NDJSON or CSV, with progress, results as CSV and signed webhooks',
  },
  key: { title: 'Your key', blurb: 'its own usage, and a new key if it leaks' },
} as const;

/** `free`: answered without a key (the advice); `purchase`: buying a key itself. */
export type OperationGroup = keyof typeof OPERATION_GROUPS | 'free' | 'purchase';

const REFERENCE_WORDS =
  'Our own texts, CC BY 4.0 (every answer says so), in en, de, es, pt-BR and fr: ?lang=, else Accept-Language, else en. Served from memory.';

const BIRTH =
  'Birth data: birthdate YYYY-MM-DD, birthtime HH:MM (local, 24-hour), and location "City, Country" (or placeId, the GeoNames id a place search gives; or latitude + longitude, optionally timezone).';

const CHART_FIELDS = [
  'Fields: type, strategy, authority, profile (e.g. "5/1"), definition, signature, notSelfTheme, incarnationCross {name, geometry, quarter, gates [personality Sun, personality Earth, design Sun, design Earth]},',
  'definedCenters / openCenters (Head, Ajna, Throat, G, Heart, Sacral, Solar Plexus, Spleen, Root), activeChannels {gate1, gate2, name, circuit},',
  'activatedGates (keyed by gate number: which planets activate it on each side), personality and design (13 bodies each with gate and line), birth (the place found, its time zone, the UTC birth and design instants).',
].join(' ');

export const OPERATIONS = {
  chart: {
    method: 'POST',
    path: '/v1/chart',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.chart,
    summary: 'A Human Design chart: type, strategy, authority, profile, definition, cross, centers, channels, gates',
    description: `${BIRTH} ${CHART_FIELDS} Dates from ${FIRST_BIRTHDATE} to ${LAST_BIRTHDATE}.`,
    input: { in: 'body', dto: ChartRequestDto },
    output: { kind: 'json', schema: 'Chart' },
    tool: { name: 'chart', title: 'Chart' },
  },
  advanced: {
    method: 'POST',
    path: '/v1/chart/advanced',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.advanced,
    summary: 'The chart plus variables, all 26 activations to the base, hanging gates, split kind, design instant',
    description: `${BIRTH} Everything /v1/chart gives, and for each of the 26 activations its longitude, gate, line, color, tone and base; the four variables (arrows); hanging gates.`,
    input: { in: 'body', dto: ChartRequestDto },
    output: { kind: 'json', schema: 'AdvancedChart' },
    tool: { name: 'advanced_chart', title: 'Advanced chart' },
  },
  composite: {
    method: 'POST',
    path: '/v1/chart/composite',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.composite,
    summary: 'Composite (connection) chart of two people',
    description:
      "person1 and person2, each with birth data as for /v1/chart. The answer: both charts' gates together, the composite type and definition, and every channel by kind (electromagnetic, companionship, dominance, compromise).",
    input: { in: 'body', dto: CompositeRequestDto },
    output: { kind: 'json', schema: 'CompositeChart' },
    tool: { name: 'composite_chart', title: 'Composite chart' },
  },
  transit: {
    method: 'POST',
    path: '/v1/chart/transit',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.transit,
    summary: 'Transit activations at an instant (default now) over a natal chart',
    description: `${BIRTH} Optional at: an ISO 8601 instant with offset or Z (default now). The answer: the transiting planets' gates and lines, the channels and centers the transit defines with the natal chart.`,
    input: { in: 'body', dto: TransitRequestDto },
    output: { kind: 'json', schema: 'TransitChart' },
    tool: { name: 'transit', title: 'Transit' },
  },
  penta: {
    method: 'POST',
    path: '/v1/chart/penta',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.penta,
    summary: 'Group (Penta) analysis of 3–5 people: the 12 Penta gates and 6 channels present, the gaps, who supplies each gate, overlaps',
    description:
      'members: 3 to 5 people, each with birth data as for /v1/chart. A Penta gate is present when any member activates it (personality or design); a Penta channel ' +
      'when both its gates are present in the group, brought whole by one member (single-member) or only across members. ' +
      'gaps lists the missing gates and channels, overlaps the gates two or more members supply. Two people: use the composite operation. Rules: docs/penta.md.',
    input: { in: 'body', dto: PentaRequestDto },
    output: { kind: 'json', schema: 'PentaAnalysis' },
    tool: { name: 'penta', title: 'Penta (group of 3–5)' },
  },
  day: {
    method: 'POST',
    path: '/v1/chart/day',
    group: 'charts',
    queued: true,
    cost: JOB_COSTS.day,
    summary: 'Unknown birth time: every distinct chart the birth day can give, its exact time windows, and what is certain',
    description:
      'Birth data without birthtime (or birthtime with approximate, e.g. "±30m"; or from and to, local HH:MM). The local day (00:00 to 24:00 in the place\'s zone; 23 or 25 hours on DST days) ' +
      'is cut into windows of one chart each at gate.line level, every boundary solved to the second (changed names the activations that change there). certain holds what every window shares; ' +
      'varying gives, for each field that changes, its values with the hours each covers. detail: "full" adds each window\'s whole chart.',
    input: { in: 'body', dto: DayRequestDto },
    output: { kind: 'json', schema: 'DayCharts' },
    tool: { name: 'day', title: 'Unknown birth time' },
  },
  bodygraph: {
    method: 'POST',
    path: '/v1/chart/bodygraph',
    group: 'drawings',
    queued: true,
    cost: JOB_COSTS.bodygraph,
    summary: 'The bodygraph drawing: a standalone SVG document, or a PNG; with `variables`, the four arrows',
    description: `${BIRTH} Drawing options: size (pixels, default 800), theme light or dark, format svg or png, background theme or transparent, variables true to draw the arrows.`,
    input: { in: 'body', dto: BodygraphRequestDto },
    output: { kind: 'drawing' },
    tool: { name: 'bodygraph', title: 'Bodygraph drawing' },
  },
  compositeBodygraph: {
    method: 'POST',
    path: '/v1/chart/composite/bodygraph',
    group: 'drawings',
    queued: true,
    cost: JOB_COSTS.compositeBodygraph,
    summary: "Two people in one bodygraph: each one's gates in their color, a gate of both half and half, the composite channel kinds in a legend",
    description: 'person1 and person2 as for the composite, optional names [two labels], and the drawing options (size, theme, format, background).',
    input: { in: 'body', dto: CompositeBodygraphRequestDto },
    output: { kind: 'drawing' },
    tool: { name: 'composite_bodygraph', title: 'Composite drawing' },
  },
  transitBodygraph: {
    method: 'POST',
    path: '/v1/chart/transit/bodygraph',
    group: 'drawings',
    queued: true,
    cost: JOB_COSTS.transitBodygraph,
    summary: "A natal bodygraph with a transit (default now) overlaid in a third color, and the transit planets' column",
    description: `${BIRTH} Optional at (ISO 8601 instant, default now) and the drawing options (size, theme, format, background).`,
    input: { in: 'body', dto: TransitBodygraphRequestDto },
    output: { kind: 'drawing' },
    tool: { name: 'transit_bodygraph', title: 'Transit drawing' },
  },
  report: {
    method: 'POST',
    path: '/v1/chart/report',
    group: 'meaning',
    queued: true,
    cost: JOB_COSTS.report,
    summary: 'A reading: the chart explained in one language, as a self-contained HTML page or a PDF, with the bodygraph',
    description:
      `${BIRTH} meaning: the language (en, de, es, pt-BR, fr; default en); format html (default) or pdf; theme light or dark for the HTML (default: the reader's preference). ` +
      'Sections: type (strategy, signature, not-self theme, aura), authority, profile and its two lines, definition, the nine centers (defined or open), channels, ' +
      "every activation's gate and line by side, the incarnation cross (geometry, quarter), the four variables; the birth data and the texts' licence (CC BY 4.0) at the end. " +
      'The HTML has no scripts and fetches nothing (CSS and the SVG drawing inline) and prints light; the PDF is A4 with the drawing as vectors.',
    input: { in: 'body', dto: ReportRequestDto },
    output: { kind: 'document' },
    // No MCP tool: the reading is for people. An agent gets the same texts as structured JSON from chart or
    // advanced_chart with `meaning`; a 100 KB page (two inline drawings) or a PDF in its context would only cost tokens.
  },
  ingresses: {
    method: 'POST',
    path: '/v1/transits/ingresses',
    group: 'time',
    queued: true,
    cost: JOB_COSTS.ingresses,
    summary: 'Every gate (or line) ingress of the transiting bodies in [from, to), to the second',
    description:
      'from and to: dates (YYYY-MM-DD, 00:00 UTC) or ISO instants; optional bodies (default all 13) and level gate or line. Each event: the body, the UTC instant (to the second), the gate and line entered, ' +
      `the previous ones, and whether the body was retrograde. Earth and South Node mirror the Sun and North Node. Ranges: at most ${RANGE_LIMIT_DAYS.ingressesLine} days at line level, ${RANGE_LIMIT_DAYS.ingressesGate} at gate level.`,
    input: { in: 'body', dto: IngressesRequestDto },
    output: { kind: 'json', schema: 'Ingresses' },
    tool: { name: 'ingresses', title: 'Ingresses' },
  },
  stations: {
    method: 'POST',
    path: '/v1/transits/stations',
    group: 'time',
    queued: true,
    cost: JOB_COSTS.stations,
    summary: 'Every retrograde and direct station of Mercury to Pluto in [from, to), with the gate and line there',
    description: `from and to: dates or ISO instants; optional bodies (Mercury to Pluto). At most ${RANGE_LIMIT_DAYS.stations} days (20 years) per call.`,
    input: { in: 'body', dto: StationsRequestDto },
    output: { kind: 'json', schema: 'Stations' },
    tool: { name: 'stations', title: 'Stations' },
  },
  returns: {
    method: 'POST',
    path: '/v1/chart/returns',
    group: 'time',
    queued: true,
    cost: JOB_COSTS.returns,
    summary: 'Solar, lunar, Saturn and Chiron returns and the Uranus opposition of a natal chart, every exact pass',
    description:
      `${BIRTH} kinds (default all), and from/to (at most ${RANGE_LIMIT_DAYS.returns} days, 120 years) or count. Each event: kind, UTC instant, pass (1, 2, 3: a slow planet that stations near the point passes it three times; 2 is retrograde), ` +
      'of (which return since birth) and, with chart: true, the transit overlay at that instant.',
    input: { in: 'body', dto: ReturnsRequestDto },
    output: { kind: 'json', schema: 'Returns' },
    tool: { name: 'returns', title: 'Returns' },
  },
  transitCalendar: {
    method: 'POST',
    path: '/v1/chart/transit-calendar',
    group: 'time',
    queued: true,
    cost: JOB_COSTS.transitCalendar,
    summary: 'A personal transit calendar: when transits complete a natal channel, form their own, or define an open center',
    description:
      `${BIRTH} from and to (at most ${RANGE_LIMIT_DAYS.transitCalendar} days). Intervals [start, end) of three kinds: completes-channel (a transit in the partner of a natal hanging gate), transit-channel (both gates by transits) ` +
      'and defines-center (an open natal center defined for a while), each with the bodies responsible.',
    input: { in: 'body', dto: TransitCalendarRequestDto },
    output: { kind: 'json', schema: 'TransitCalendar' },
    tool: { name: 'transit_calendar', title: 'Transit calendar' },
  },
  batch: {
    method: 'POST',
    path: '/v1/charts/batch',
    group: 'batches',
    queued: true,
    cost: BATCH_COST,
    summary: `Up to ${BATCH_MAX_ITEMS} charts (or advanced charts) in one call, each answered or refused on its own`,
    description:
      `items: up to ${BATCH_MAX_ITEMS} entries {id?, operation: "chart" | "advanced", …birth data}. The answer keeps the request's order: {id, status: 200, result} with the result exactly as the single call gives it, ` +
      "or {id, status, error} with the single call's error. The whole batch answers within JOB_TIMEOUT_MS; an item not finished by then gets 504 COMPUTE_TIMEOUT. The body may be up to 256 KB.",
    input: { in: 'body', dto: BatchRequestDto },
    output: { kind: 'json', schema: 'BatchResult' },
    tool: { name: 'batch_charts', title: 'Batch of charts' },
  },
  createJob: {
    method: 'POST',
    path: '/v1/jobs',
    group: 'bulk',
    queued: true,
    summary: `A bulk job: up to ${BULK_MAX_ITEMS.toLocaleString('en')} charts, advanced charts or SVG bodygraphs computed in the background, as JSON, NDJSON or CSV`,
    description:
      'A JSON body {operation: "chart" | "advanced" | "bodygraph", items: [...], meaning?}, or the items as NDJSON (application/x-ndjson, one item per line) or CSV (text/csv: a header row ' +
      'birthdate,birthtime,location and optionally id, latitude, longitude, timezone, placeId, nodeType) with operation and meaning in the query string. Up to 20 MB. ' +
      "Each item is validated as its single call would be; a bad item becomes that item's error, never the job's. Answers 202 with the job's id and its URLs; " +
      'at most JOBS_MAX_ACTIVE_PER_KEY jobs of a key queued or running at once (429 TOO_MANY_JOBS). Computed at a lower priority than single calls. ' +
      'callbackUrl: a signed POST (`HD-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t." + body>`) when the job completes, fails or is cancelled, retried for a day until a 2xx; ' +
      'with progressEvery (1–99, in percent) also a job.progress event at each step (10: at 10 %, 20 %, … 90 %).',
    input: { in: 'body', dto: BulkJobRequestDto },
    output: { kind: 'json', schema: 'BulkJob', status: 202 },
    tool: {
      name: 'start_bulk_job',
      title: 'Start a bulk job',
      description:
        'Starts computing many charts (chart), advanced charts or SVG bodygraphs in the background: items, each the birth data of one single call and an optional id; ' +
        "operation and meaning apply to all. Answers the queued job's id at once; read its progress with bulk_job, and its results over HTTP " +
        "(GET /v1/jobs/{id}/results, NDJSON, JSON or CSV). Each bad item becomes that item's error, not the job's. Up to 256 KB of arguments here (HTTP takes 100,000 items).",
    },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/v1/jobs/webhook-secret',
    group: 'bulk',
    queued: false,
    summary: "Replaces the key's webhook secret (bulk jobs' callbackUrl events are signed with it) by a new one, shown only in this answer",
    description:
      'The old secret stops signing at once, retries of earlier events included. The first job with a callbackUrl creates the secret; this replaces it.',
    output: { kind: 'json', schema: 'WebhookSecret' },
  },
  getJob: {
    method: 'GET',
    path: '/v1/jobs/{id}',
    group: 'bulk',
    queued: false,
    summary: "A bulk job's state (queued, running, completed, cancelled, failed), its counters and an ETA",
    description:
      'total items, done (answered, with or without an error), failed (answered with an error), the times it was created, started and finished, and etaSeconds while it runs. Only the key that created the job sees it; to any other it is 404 JOB_NOT_FOUND.',
    output: { kind: 'json', schema: 'BulkJob' },
    tool: {
      name: 'bulk_job',
      title: 'Bulk job state',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The job id start_bulk_job (or POST /v1/jobs) answered.' } },
        required: ['id'],
        additionalProperties: false,
      },
      input: BulkJobIdDto,
    },
  },
  cancelJob: {
    method: 'DELETE',
    path: '/v1/jobs/{id}',
    group: 'bulk',
    queued: false,
    summary: 'Cancels a bulk job: no further item is computed (within a second); the answers computed before stay readable',
    description: 'Answers the job as GET does: state cancelled, or the final state it had already reached (then nothing changes).',
    output: { kind: 'json', schema: 'BulkJob' },
  },
  jobResults: {
    method: 'GET',
    path: '/v1/jobs/{id}/results',
    group: 'bulk',
    queued: false,
    summary: "A finished bulk job's answers in input order, streamed as NDJSON (default), JSON or CSV",
    description:
      "format=ndjson: one line per item, {id, status: 200, result} (result byte for byte the single call's answer) or {id, status, error} (the single call's error). " +
      'format=json: {id, state, count, succeeded, failed, items: [the same]}. format=csv: one row per item with the columns a spreadsheet wants (id, status, errorCode, errorMessage, type, strategy, ' +
      'authority, profile, definition, signature, notSelfTheme, incarnationCross, definedCenters, openCenters, channels, gates, place, timezone, utc, designUtc; advanced adds variables; bodygraph: svg). ' +
      'Kept JOBS_RETENTION (24 h) after the job finished. 409 JOB_NOT_FINISHED while it is queued or running.',
    output: { kind: 'json', schema: 'BulkJobResults' },
  },
  jobEvents: {
    method: 'GET',
    path: '/v1/jobs/{id}/events',
    group: 'bulk',
    queued: false,
    summary: "A bulk job's progress as Server-Sent Events, for a progress bar",
    description:
      'A `progress` event (data: the job as GET answers it) at once and whenever its counters change, a heartbeat comment every 15 s while nothing changes, then one event named for its final state (completed, cancelled, failed) and the end of the stream.',
    output: { kind: 'stream' },
  },
  places: {
    method: 'GET',
    path: '/v1/places',
    group: 'batches',
    queued: false,
    summary: 'Place suggestions for a birth-place field: ranked, accent- and case-blind, a prefix of any word, in any script',
    description:
      "q: a partial place name in any script (at least 2 characters); limit 1–20. Each suggestion has the place's name, region, country, coordinates, time zone, population and `location`: the exact " +
      'string the chart operations resolve back to that same place. Served from memory by the API (place data © GeoNames, CC BY 4.0).',
    input: { in: 'query', dto: PlacesQueryDto },
    output: { kind: 'json', schema: 'PlaceSearch' },
    tool: { name: 'search_places', title: 'Place search' },
  },
  advice: {
    method: 'GET',
    path: '/api/advice',
    group: 'free',
    queued: false,
    summary: 'One piece of advice chosen at random',
    description: `Every item (ids 1–${ADVICE_COUNT}) is equally likely. No API key needed. Never cached (Cache-Control: no-store).`,
    output: { kind: 'json', schema: 'Advice' },
    tool: {
      name: 'advice',
      title: 'Advice',
      description: `One piece of advice: by its id (1–${ADVICE_COUNT}), or without one, chosen at random (every item equally likely). No API key needed over HTTP.`,
      inputSchema: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
            maximum: ADVICE_COUNT,
            description: `One item by its id (1–${ADVICE_COUNT}), as GET /api/advice/{id}; without it, one at random.`,
          },
        },
        additionalProperties: false,
      },
    },
  },
  reference: {
    method: 'GET',
    path: '/v1/reference',
    group: 'meaning',
    queued: false,
    summary:
      'The meaning library: every gate, line, channel, circuit, center, type, authority, profile, definition, quarter, cross and variable, in five languages',
    description: `${REFERENCE_WORDS} The index lists each kind's items with their id (the label chart answers use), slug and name.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceIndex' },
  },
  referenceItem: {
    method: 'GET',
    path: '/v1/reference/{kind}/{id}',
    group: 'meaning',
    queued: false,
    summary: "What one part of a chart means: its texts and the chart tables' facts about it",
    description: `${REFERENCE_WORDS} kind: gates, channels, circuits, centers, types, authorities, profiles, definitions, quarters, crosses or variables; id: the label chart answers use or its slug (51, 10-20, Solar Plexus or solar-plexus, 5/1 or 5-1, a cross's name or slug).`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
    tool: {
      name: 'explain',
      title: 'Explain',
      description:
        'What one part of a Human Design chart means, in our own words (CC BY 4.0), in en, de, es, pt-BR or fr: a gate (or one of its lines), channel, circuit, center, type, authority, profile, definition, quarter, incarnation cross or variable, with the facts the chart tables hold about it.',
      inputSchema: {
        type: 'object',
        properties: {
          kind: {
            type: 'string',
            enum: ['gates', 'lines', 'channels', 'circuits', 'centers', 'types', 'authorities', 'profiles', 'definitions', 'quarters', 'crosses', 'variables'],
            description: 'What to explain.',
          },
          id: {
            type: 'string',
            minLength: 1,
            maxLength: 120,
            description:
              'The item as a chart answer labels it, or its slug: "51", "51.5" (gate 51, line 5: kind lines), "10-20", "Solar Plexus", "Manifesting Generator", "Splenic", "5/1", "Left Angle Cross of the Clarion 1", "determination".',
          },
          lang: { type: 'string', enum: [...MEANING_LANGUAGES], description: 'Language of the texts (default en).' },
        },
        required: ['kind', 'id'],
        additionalProperties: false,
      },
      input: ExplainDto,
    },
  },
  referenceLine: {
    method: 'GET',
    path: '/v1/reference/gates/{gate}/lines/{line}',
    group: 'meaning',
    queued: false,
    summary: 'What one line of a gate means',
    description: `${REFERENCE_WORDS} gate 1–64, line 1–6.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
  },
  referenceProfile: {
    method: 'GET',
    path: '/v1/reference/profiles/{personality}/{design}',
    group: 'meaning',
    queued: false,
    summary: 'What a profile means, written as it reads ("5/1")',
    description: `${REFERENCE_WORDS} The same item as /v1/reference/profiles/5-1.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
  },
  adviceAll: {
    method: 'GET',
    path: '/api/advice/all',
    group: 'free',
    queued: false,
    summary: `All ${ADVICE_COUNT} pieces of advice`,
    description: 'A bare JSON array in id order. Send the ETag back in If-None-Match to get 304 Not Modified while it is unchanged.',
    output: { kind: 'json', schema: 'AdviceList' },
  },
  adviceById: {
    method: 'GET',
    path: '/api/advice/{id}',
    group: 'free',
    queued: false,
    summary: 'One piece of advice by its id',
    description: `\`id\` is a plain base-10 integer from 1 to ${ADVICE_COUNT}.`,
    output: { kind: 'json', schema: 'Advice' },
  },
  rotateKey: {
    method: 'POST',
    path: '/v1/keys/rotate',
    group: 'key',
    queued: false,
    summary: 'Replaces the key you call with by a new one, shown only in this answer; the old key stops working at once',
    description: 'Keys never expire, so a leaked key is replaced here. A bought key stays tied to its purchase. Keys from HD_API_KEYS cannot be rotated.',
    output: { kind: 'json', schema: 'KeyRotation' },
  },
  usage: {
    method: 'GET',
    path: '/v1/usage',
    group: 'key',
    queued: false,
    summary: 'How much the calling key was used: calls per operation today, on each of the last 30 days (UTC) and in all',
    description:
      'Counts the calls made with this key that were answered 2xx, by operation id (a batch counts once, as batch); errors are not counted, and this call itself is not. ' +
      'Usage never limits anything. The API writes its counts to Redis about every second; this answer includes every call this server process answered before it.',
    output: { kind: 'json', schema: 'Usage' },
  },
  checkout: {
    method: 'POST',
    path: '/v1/purchase/checkout',
    group: 'purchase',
    queued: false,
    summary: 'Starts a purchase: creates a Stripe Checkout Session and redirects (303) to it',
    description: 'The buy page\'s form posts here (no fields). API clients get the same 303 with `{"url"}` in the body.',
    output: { kind: 'json', schema: 'CheckoutSession', status: 303 },
  },
  webhook: {
    method: 'POST',
    path: '/v1/purchase/webhook',
    group: 'purchase',
    queued: false,
    summary: "Stripe's webhook (called by Stripe, not by you)",
    description:
      'Stripe posts signed events here. Handled: checkout.session.completed (paid), checkout.session.async_payment_succeeded ' +
      '(issue exactly one key per Checkout Session), charge.refunded (full refund) and charge.dispute.created (revoke that ' +
      "purchase's key). Other events are acknowledged and ignored. Answered 2xx only once the record is durable.",
    output: { kind: 'json', schema: 'WebhookReceipt' },
  },
} satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/** Summary and description for @ApiOperation, with a stable operationId (the client's method names come from it). */
export function apiDoc(id: OperationId): { operationId: string; summary: string; description: string } {
  const op: Operation = OPERATIONS[id];
  return { operationId: id, summary: op.summary, description: op.description };
}

/** The paths whose work goes through the queue (the key-admission wrapper names them in its metrics). */
export const QUEUED_PATHS: ReadonlySet<string> = new Set(
  Object.values(OPERATIONS as Record<string, Operation>)
    .filter((op) => op.queued)
    .map((op) => op.path),
);

/**
 * How many operations a key opens: the /v1 routes that are MCP tools or computed through the queue (not the
 * purchase's own routes, not key rotation).
 */
export const KEYED_OPERATION_COUNT = Object.values(OPERATIONS as Record<string, Operation>).filter(
  (op) => op.path.startsWith('/v1/') && (op.tool || op.queued),
).length;

/** The operations a key is needed for (every group but `free` and `purchase`), in registry order. */
export function keyedOperations(): Array<Operation & { id: OperationId; group: keyof typeof OPERATION_GROUPS }> {
  return (Object.entries(OPERATIONS) as [OperationId, Operation][])
    .filter((entry): entry is [OperationId, Operation & { group: keyof typeof OPERATION_GROUPS }] => entry[1].group in OPERATION_GROUPS)
    .map(([id, op]) => ({ ...op, id }));
}
