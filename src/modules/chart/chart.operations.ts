/**
 * The chart operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily, RequestExamples } from '../operations/operations';
import { RA, BEN, BY_COORDINATES } from '../birth/birth-examples';
import { CHART_FAMILY_SCHEMAS } from './chart.schemas';
import { FIRST_BIRTHDATE, LAST_BIRTHDATE } from '../../engine/natal/chart';
import { BIRTH } from '../birth/birth-words';
import { CHART_JOBS } from './chart.jobs';
import { drawing, json, service } from '../operations/tool-call';
import { ChartService } from './chart.service';
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
} from './dto/chart-requests.dto';

const CHART_FIELDS = [
  'Fields: type, strategy, authority, profile (e.g. "5/1"), definition, signature, notSelfTheme, incarnationCross {name, geometry, quarter, gates [personality Sun, personality Earth, design Sun, design Earth]},',
  'definedCenters / openCenters (Head, Ajna, Throat, G, Heart, Sacral, Solar Plexus, Spleen, Root), activeChannels {gate1, gate2, name, circuit},',
  'activatedGates (keyed by gate number: which planets activate it on each side), personality and design (13 bodies each with gate and line), birth (the place found, its time zone, the UTC birth and design instants).',
].join(' ');

/** A drawing's request examples: a PNG and an SVG of the same body. */
const drawingExamples = (body: object): RequestExamples => ({
  png: { summary: 'PNG (shown as a picture here)', value: { ...body, format: 'png', size: 400 } },
  svg: { summary: 'SVG (shown as a picture here too)', value: { ...body, size: 600 } },
});

const CHART_OPERATIONS = {
  chart: {
    method: 'POST',
    path: '/v1/chart',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.chart.cost,
    summary: 'A Human Design chart: type, strategy, authority, profile, definition, cross, centers, channels, gates',
    description: `${BIRTH} ${CHART_FIELDS} Dates from ${FIRST_BIRTHDATE} to ${LAST_BIRTHDATE}.`,
    input: {
      in: 'body',
      dto: ChartRequestDto,
      examples: { place: { summary: 'By place name', value: RA }, coordinates: { summary: 'By coordinates (and time zone)', value: BY_COORDINATES } },
    },
    output: { kind: 'json', schema: 'Chart' },
    tool: {
      name: 'chart',
      title: 'Chart',
      run: (c, dto: ChartRequestDto) => json(service(c, ChartService).chart(dto, c.trace)),
    },
  },
  advanced: {
    method: 'POST',
    path: '/v1/chart/advanced',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.advanced.cost,
    summary: 'The chart plus variables, all 26 activations to the base, hanging gates, split kind, design instant',
    description: `${BIRTH} Everything /v1/chart gives, and for each of the 26 activations its longitude, gate, line, color, tone and base; the four variables (arrows); hanging gates.`,
    input: { in: 'body', dto: ChartRequestDto, examples: { place: { summary: 'By place name', value: RA } } },
    output: { kind: 'json', schema: 'AdvancedChart' },
    tool: {
      name: 'advanced_chart',
      title: 'Advanced chart',
      run: (c, dto: ChartRequestDto) => json(service(c, ChartService).advanced(dto, c.trace)),
    },
  },
  composite: {
    method: 'POST',
    path: '/v1/chart/composite',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.composite.cost,
    summary: 'Composite (connection) chart of two people',
    description:
      "person1 and person2, each with birth data as for /v1/chart. The answer: both charts' gates together, the composite type and definition, and every channel by kind (electromagnetic, companionship, dominance, compromise).",
    input: { in: 'body', dto: CompositeRequestDto, examples: { two: { summary: 'Two people', value: { person1: RA, person2: BEN } } } },
    output: { kind: 'json', schema: 'CompositeChart' },
    tool: {
      name: 'composite_chart',
      title: 'Composite chart',
      run: (c, dto: CompositeRequestDto) => json(service(c, ChartService).composite(dto, c.trace)),
    },
  },
  transit: {
    method: 'POST',
    path: '/v1/chart/transit',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.transit.cost,
    summary: 'Transit activations at an instant (default now) over a natal chart',
    description: `${BIRTH} Optional at: an ISO 8601 instant with offset or Z (default now). The answer: the transiting planets' gates and lines, the channels and centers the transit defines with the natal chart.`,
    input: { in: 'body', dto: TransitRequestDto, examples: { at: { summary: 'At an instant', value: { ...RA, at: '2024-01-01T00:00:00Z' } } } },
    output: { kind: 'json', schema: 'TransitChart' },
    tool: {
      name: 'transit',
      title: 'Transit',
      run: (c, dto: TransitRequestDto) => json(service(c, ChartService).transit(dto, c.trace)),
    },
  },
  penta: {
    method: 'POST',
    path: '/v1/chart/penta',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.penta.cost,
    summary: 'Group (Penta) analysis of 3–5 people: the 12 Penta gates and 6 channels present, the gaps, who supplies each gate, overlaps',
    description:
      'members: 3 to 5 people, each with birth data as for /v1/chart. A Penta gate is present when any member activates it (personality or design); a Penta channel ' +
      'when both its gates are present in the group, brought whole by one member (single-member) or only across members. ' +
      'gaps lists the missing gates and channels, overlaps the gates two or more members supply. Two people: use the composite operation. Rules: docs/penta.md.',
    input: { in: 'body', dto: PentaRequestDto, examples: { three: { summary: 'A group of three', value: { members: [RA, BEN, BY_COORDINATES] } } } },
    output: { kind: 'json', schema: 'PentaAnalysis' },
    tool: {
      name: 'penta',
      title: 'Penta (group of 3–5)',
      run: (c, dto: PentaRequestDto) => json(service(c, ChartService).penta(dto, c.trace)),
    },
  },
  day: {
    method: 'POST',
    path: '/v1/chart/day',
    group: 'charts',
    queued: true,
    cost: CHART_JOBS.day.cost,
    summary: 'Unknown birth time: every distinct chart the birth day can give, its exact time windows, and what is certain',
    description:
      'Birth data without birthtime (or birthtime with approximate, e.g. "±30m"; or from and to, local HH:MM). The local day (00:00 to 24:00 in the place\'s zone; 23 or 25 hours on DST days) ' +
      'is cut into windows of one chart each at gate.line level, every boundary solved to the second (changed names the activations that change there). certain holds what every window shares; ' +
      'varying gives, for each field that changes, its values with the hours each covers. detail: "full" adds each window\'s whole chart.',
    input: {
      in: 'body',
      dto: DayRequestDto,
      examples: { day: { summary: 'A whole day, birth time unknown', value: { birthdate: RA.birthdate, location: RA.location } } },
    },
    output: { kind: 'json', schema: 'DayCharts' },
    tool: {
      name: 'day',
      title: 'Unknown birth time',
      run: (c, dto: DayRequestDto) => json(service(c, ChartService).day(dto, c.trace)),
    },
  },
  bodygraph: {
    method: 'POST',
    path: '/v1/chart/bodygraph',
    group: 'drawings',
    queued: true,
    cost: CHART_JOBS.bodygraph.cost,
    summary: 'The bodygraph drawing: a standalone SVG document, or a PNG; with `variables`, the four arrows',
    description: `${BIRTH} Drawing options: size (pixels, default 800), theme light or dark, format svg or png, background theme or transparent, variables true to draw the arrows.`,
    input: { in: 'body', dto: BodygraphRequestDto, examples: drawingExamples(RA) },
    output: { kind: 'drawing' },
    tool: {
      name: 'bodygraph',
      title: 'Bodygraph drawing',
      run: (c, dto: BodygraphRequestDto) => drawing(service(c, ChartService).bodygraph(dto, c.trace), dto.format),
    },
  },
  compositeBodygraph: {
    method: 'POST',
    path: '/v1/chart/composite/bodygraph',
    group: 'drawings',
    queued: true,
    cost: CHART_JOBS.compositeBodygraph.cost,
    summary: "Two people in one bodygraph: each one's gates in their color, a gate of both half and half, the composite channel kinds in a legend",
    description: 'person1 and person2 as for the composite, optional names [two labels], and the drawing options (size, theme, format, background).',
    input: { in: 'body', dto: CompositeBodygraphRequestDto, examples: drawingExamples({ person1: RA, person2: BEN, names: ['Ra Uru Hu', 'Attleboro 1992'] }) },
    output: { kind: 'drawing' },
    tool: {
      name: 'composite_bodygraph',
      title: 'Composite drawing',
      run: (c, dto: CompositeBodygraphRequestDto) => drawing(service(c, ChartService).compositeBodygraph(dto, c.trace), dto.format),
    },
  },
  transitBodygraph: {
    method: 'POST',
    path: '/v1/chart/transit/bodygraph',
    group: 'drawings',
    queued: true,
    cost: CHART_JOBS.transitBodygraph.cost,
    summary: "A natal bodygraph with a transit (default now) overlaid in a third color, and the transit planets' column",
    description: `${BIRTH} Optional at (ISO 8601 instant, default now) and the drawing options (size, theme, format, background).`,
    input: { in: 'body', dto: TransitBodygraphRequestDto, examples: drawingExamples({ ...RA, at: '2026-11-23T12:00:00Z' }) },
    output: { kind: 'drawing' },
    tool: {
      name: 'transit_bodygraph',
      title: 'Transit drawing',
      run: (c, dto: TransitBodygraphRequestDto) => drawing(service(c, ChartService).transitBodygraph(dto, c.trace), dto.format),
    },
  },
  report: {
    method: 'POST',
    path: '/v1/chart/report',
    group: 'meaning',
    queued: true,
    cost: CHART_JOBS.report.cost,
    summary: 'A reading: the chart explained in one language, as a self-contained HTML page or a PDF, with the bodygraph',
    description:
      `${BIRTH} meaning: the language (en, de, es, pt-BR, fr; default en); format html (default) or pdf; theme light or dark for the HTML (default: the reader's preference). ` +
      'Sections: type (strategy, signature, not-self theme, aura), authority, profile and its two lines, definition, the nine centers (defined or open), channels, ' +
      "every activation's gate and line by side, the incarnation cross (geometry, quarter), the four variables; the birth data and the texts' licence (CC BY 4.0) at the end. " +
      'The HTML has no scripts and fetches nothing (CSS and the SVG drawing inline) and prints light; the PDF is A4 with the drawing as vectors.',
    input: {
      in: 'body',
      dto: ReportRequestDto,
      examples: {
        html: { summary: 'A web page in English', value: RA },
        pdf: { summary: 'A PDF in German', value: { ...RA, meaning: 'de', format: 'pdf' } },
      },
    },
    output: { kind: 'document' },
    // No MCP tool: the reading is for people. An agent gets the same texts as structured JSON from chart or
    // advanced_chart with `meaning`; a 100 KB page (two inline drawings) or a PDF in its context would only cost tokens.
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const CHART_FAMILY = { operations: CHART_OPERATIONS, schemas: CHART_FAMILY_SCHEMAS } satisfies OperationFamily;
