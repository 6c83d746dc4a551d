/**
 * A bulk job's items from an NDJSON or CSV body: each line or row becomes the body its single call would get (plus
 * an optional id), or a RowProblem when the line or row itself is broken (not JSON, a CSV row with more or fewer
 * fields than the header, bad quoting). Broken rows stay in their place, so answers keep the input's order; only a
 * body no row can be read from (no usable header) or too many items refuse the whole request. No Nest here.
 */
import { parse } from 'csv-parse';
import { ApiError } from '../../common/api-error';
import { findHostileJson, hostileJsonError } from '../../common/hostile-json';

/** A line or row that is not an item: answered as that item's error (400, `code`). */
export class RowProblem {
  constructor(
    readonly code: string,
    readonly field: string,
    readonly problem: string,
    /** The row's id cell when it could still be read (answered in place of the item's position). */
    readonly id?: string,
  ) {}
}

export type RawItem = unknown;

/** The CSV columns, by their canonical name (the chart DTO's field), and the spellings a header may use. */
const CSV_COLUMNS: Record<string, string> = {
  id: 'id',
  birthdate: 'birthdate',
  date: 'birthdate',
  birthtime: 'birthtime',
  time: 'birthtime',
  location: 'location',
  place: 'location',
  latitude: 'latitude',
  lat: 'latitude',
  longitude: 'longitude',
  lon: 'longitude',
  lng: 'longitude',
  timezone: 'timezone',
  tz: 'timezone',
  placeid: 'placeId',
  nodetype: 'nodeType',
};
const NUMERIC_COLUMNS = new Set(['latitude', 'longitude', 'placeId']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Text is handed to the parser in pieces this large: the event loop turns between them. */
const PIECE_CHARS = 16 * 1024;

export function tooManyItems(max: number): ApiError {
  return new ApiError(413, 'TOO_MANY_ITEMS', `A bulk job holds at most ${max} items; split the input into several jobs.`, { max });
}

const badHeader = (problem: string) => new ApiError(400, 'VALIDATION_FAILED', `CSV header: ${problem}`, [{ field: 'header', problems: [problem] }]);

/** NDJSON lines read per turn of the event loop (a line takes a few µs to parse). */
const NDJSON_LINES_PER_TURN = 512;

/**
 * One item per non-blank line: a JSON object (a line that is not JSON is that item's INVALID_JSON), in batches as
 * they are read, the event loop given a turn between them.
 */
export async function* ndjsonItemBatches(text: string, maxItems: number): AsyncGenerator<RawItem[]> {
  let items: RawItem[] = [];
  let count = 0;
  let line = 0;
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const source = text.slice(start, end).trim();
    start = end + 1;
    line++;
    if (!source) continue;
    if (count++ >= maxItems) throw tooManyItems(maxItems);
    items.push(ndjsonItem(source, line));
    if (items.length >= NDJSON_LINES_PER_TURN) {
      yield items;
      items = [];
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (items.length > 0) yield items;
}

function ndjsonItem(source: string, line: number): RawItem {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return new RowProblem('INVALID_JSON', 'line', `line ${line} is not valid JSON`);
  }
  const hostile = findHostileJson(value);
  if (!hostile) return value;
  const err = hostileJsonError(hostile);
  return new RowProblem(err.code, 'line', `line ${line}: ${err.message}`);
}

/** Every item of a body's batches, at once. */
export async function collect(batches: AsyncIterable<RawItem[]>): Promise<RawItem[]> {
  const items: RawItem[] = [];
  for await (const batch of batches) for (const item of batch) items.push(item);
  return items;
}

/**
 * At most how many rows or lines `text` can hold (its record delimiters, LF, CRLF or a lone CR, plus one): a body
 * that cannot exceed the item limit is queued as it is read; another is read whole first, so its 413 comes before
 * any of it is queued.
 */
export function mostRecords(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) count++;
  return count;
}

/** The canonical column of each header cell; the whole request is refused for a header no row could be read by. */
export function csvHeader(cells: string[]): string[] {
  const columns = cells.map((cell) => {
    const column =
      CSV_COLUMNS[
        cell
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, '')
      ];
    if (!column)
      throw badHeader(`unknown column "${cell.slice(0, 40)}"; columns: id, birthdate, birthtime, location, latitude, longitude, timezone, placeId, nodeType`);
    return column;
  });
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw badHeader(`column ${twice} appears twice`);
  for (const needed of ['birthdate', 'birthtime']) if (!columns.includes(needed)) throw badHeader(`a ${needed} column is required`);
  const placed = columns.includes('location') || columns.includes('placeId') || (columns.includes('latitude') && columns.includes('longitude'));
  if (!placed) throw badHeader('a location column (or placeId, or latitude and longitude) is required');
  return columns;
}

/** A row as its single call's body: empty cells left out, coordinates and place ids as numbers when they are numbers. */
export function csvRowItem(columns: string[], cells: string[], line: number): RawItem {
  if (cells.length !== columns.length) {
    const id = cells[columns.indexOf('id')] || undefined;
    return new RowProblem('VALIDATION_FAILED', 'row', `line ${line} has ${cells.length} fields, the header ${columns.length}`, id);
  }
  const item: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const cell = cells[i];
    if (cell === '') return;
    item[column] = NUMERIC_COLUMNS.has(column) && NUMBER.test(cell) ? Number(cell) : cell;
  });
  return item;
}

/** The delimiter of the header line: a comma, or a semicolon as spreadsheets in many locales write. */
function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

/**
 * The rows of a CSV body after its header, by csv-parse's streaming parser (RFC 4180 quoting, a BOM, CRLF or LF,
 * blank lines skipped), in batches as they are read: the rows of each 16 KB piece, the event loop given a turn
 * between pieces. Rows arrive in order through its synchronous hooks (on_record, on_skip), a row it cannot read as a
 * RowProblem in its place. A header no row can be read by, too many rows or a body the parser gives up on throws
 * (the first two before any row is yielded past them).
 */
export async function* csvItemBatches(text: string, maxItems: number): AsyncGenerator<RawItem[]> {
  let items: RawItem[] = [];
  let count = 0;
  let columns: string[] | undefined;
  let failure: ApiError | undefined;
  const add = (item: RawItem) => {
    if (count++ >= maxItems) failure = tooManyItems(maxItems);
    else items.push(item);
  };
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_records_with_error: true,
    delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
    on_record: (record: string[], context: { lines: number }) => {
      if (failure) return null;
      try {
        if (!columns) columns = csvHeader(record);
        else add(csvRowItem(columns, record, context.lines));
      } catch (err) {
        failure = err instanceof ApiError ? err : badHeader(String(err));
      }
      return null; // nothing is buffered in the stream: the items are collected here, in order
    },
    on_skip: (err: (Error & { lines?: number }) | undefined) => {
      if (failure || !err) return;
      if (!columns) failure = badHeader(`the header line cannot be read (${err.message})`);
      else add(new RowProblem('VALIDATION_FAILED', 'row', `line ${err.lines ?? '?'} is not valid CSV: ${err.message}`));
    },
  });
  let broken: ApiError | undefined;
  // The parser's end (or its giving up) comes through its events: the last rows are taken after it.
  const finished = new Promise<void>((resolve) => {
    parser.on('error', (err: Error) => {
      broken = new ApiError(400, 'VALIDATION_FAILED', `The CSV body cannot be read: ${err.message}`, [{ field: 'body', problems: [err.message] }]);
      resolve();
    });
    parser.on('end', resolve);
  });
  parser.resume();
  // One piece per turn of the event loop: the parser works through a piece synchronously, so a larger one (or
  // several piped at once) would hold every other request of this process for as long.
  for (let i = 0; i < text.length; i += PIECE_CHARS) {
    parser.write(text.slice(i, i + PIECE_CHARS));
    const stop = failure ?? broken;
    if (stop) throw stop;
    if (items.length > 0) {
      yield items;
      items = [];
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  parser.end();
  await finished;
  const stop = failure ?? broken;
  if (stop) throw stop;
  if (!columns) throw badHeader('the body is empty: send a header line (birthdate,birthtime,location) and one row per birth');
  if (items.length > 0) yield items;
}
