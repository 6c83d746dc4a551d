/**
 * A bulk job's answers as CSV, one row per item in input order: the columns a spreadsheet user wants from a chart
 * (lists joined with "; "), an error's code and message in its own columns. A drawing's row holds the SVG text.
 * Written by the worker beside each chunk's NDJSON (processors/bulk-chunk.ts), so reading a job as CSV is only
 * decompressing it. No Nest here.
 *
 * The lines are written by csvLine below, not by a library: csv-stringify took 4.2-5.9 µs a row of these cells and
 * this 1.3-1.4 µs (bench, same rows), a few percent of a bulk chart's whole cost on the worker. RFC 4180 asks little
 * (quote a cell holding a comma, a double quote or a line break; double its quotes), and bulk-csv.spec reads every
 * line back with csv-parse.
 */

type Json = Record<string, unknown>;

const CHART_COLUMNS = [
  'id',
  'status',
  'errorCode',
  'errorMessage',
  'type',
  'strategy',
  'authority',
  'profile',
  'definition',
  'signature',
  'notSelfTheme',
  'incarnationCross',
  'definedCenters',
  'openCenters',
  'channels',
  'gates',
  'place',
  'timezone',
  'utc',
  'designUtc',
];
/** Advanced charts add the four variables in their short notation ("PLR DLL"). */
const ADVANCED_COLUMNS = [...CHART_COLUMNS, 'variables'];
const DRAWING_COLUMNS = ['id', 'status', 'errorCode', 'errorMessage', 'svg'];

export function csvColumns(operation: string): string[] {
  if (operation === 'advanced') return ADVANCED_COLUMNS;
  if (operation === 'bodygraph') return DRAWING_COLUMNS;
  return CHART_COLUMNS;
}

/** The header line. */
export function csvHeaderLine(operation: string): string {
  return csvLine(csvColumns(operation));
}

/** A cell that must be quoted: it holds a comma, a double quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One row as a CSV line, with its line break (RFC 4180: such cells quoted, their quotes doubled). */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (i > 0) line += ',';
    line += NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return line + '\n';
}

const list = (value: unknown): string => (Array.isArray(value) ? value.map(String).join('; ') : '');
/** A scalar cell (answers hold strings and numbers where these cells read them). */
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

/** One item's cells from its answer object (`{id, status, result}` or `{id, status, error}`). */
export function csvCells(operation: string, answer: Json): string[] {
  const error = answer.error as Json | undefined;
  const head = [text(answer.id), text(answer.status), text(error?.code), text(error?.message)];
  const columns = csvColumns(operation);
  if (error) return [...head, ...columns.slice(head.length).map(() => '')];
  if (operation === 'bodygraph') return [...head, text(answer.result)];
  const chart = answer.result as Json;
  const birth = (chart.birth ?? {}) as Json;
  const place = (birth.location ?? {}) as Json;
  const channels = ((chart.activeChannels ?? []) as Json[]).map((c) => `${text(c.gate1)}-${text(c.gate2)} ${text(c.name)}`);
  const gates = Object.keys((chart.activatedGates ?? {}) as Json)
    .map(Number)
    .sort((a, b) => a - b);
  const cells = [
    ...head,
    text(chart.type),
    text(chart.strategy),
    text(chart.authority),
    text(chart.profile),
    text(chart.definition),
    text(chart.signature),
    text(chart.notSelfTheme),
    text((chart.incarnationCross as Json | undefined)?.name),
    list(chart.definedCenters),
    list(chart.openCenters),
    channels.join('; '),
    gates.join('; '),
    [place.name, place.region, place.country].filter((p) => typeof p === 'string' && p !== '').join(', '),
    text(place.timezone),
    text(birth.utc),
    text(birth.designUtc),
  ];
  if (operation === 'advanced') cells.push(text((chart.variables as Json | undefined)?.notation));
  return cells;
}
