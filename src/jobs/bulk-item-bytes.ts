/**
 * A bulk item's stored form: its answer line (NDJSON) and its CSV row. Made on a chunk's writer
 * thread (processors/chunk-writer.ts), so this file and what it imports stay free of the engine and of Nest: the
 * Swiss Ephemeris addon loads in one context per process, and a thread that imported it would fail.
 */
import { csvCells, csvLine } from './bulk-csv';
import type { ItemErrorBody } from './bulk-types';

/** One answer line: `{"id":…,"status":200,"result":…}` or `{"id":…,"status":…,"error":{code,message,details?}}`. */
export function answerLine(id: unknown, outcome: { result: string } | { error: ItemErrorBody }): string {
  const echo = JSON.stringify(id);
  if ('result' in outcome) return `{"id":${echo},"status":200,"result":${outcome.result}}`;
  const { status, ...error } = outcome.error;
  return `{"id":${echo},"status":${status},"error":${JSON.stringify(error)}}`;
}

/**
 * What an item came to: an answer's JSON text (`result`, when the caller still holds the object, spares parsing
 * it back for the CSV row), a drawing's text, or the error its single call would have answered.
 */
export type ItemOutcome = { json: string; result?: unknown } | { text: string } | { error: ItemErrorBody };

/** The item's answer line (with its line break) and CSV row. */
export function itemTexts(operation: string, id: unknown, outcome: ItemOutcome): { line: string; row: string } {
  if ('error' in outcome) {
    const { error } = outcome;
    return { line: answerLine(id, { error }) + '\n', row: csvLine(csvCells(operation, { id, status: error.status, error })) };
  }
  if ('text' in outcome) {
    return {
      line: answerLine(id, { result: JSON.stringify(outcome.text) }) + '\n',
      row: csvLine(csvCells(operation, { id, status: 200, result: outcome.text })),
    };
  }
  const result: unknown = 'result' in outcome ? outcome.result : JSON.parse(outcome.json);
  return { line: answerLine(id, { result: outcome.json }) + '\n', row: csvLine(csvCells(operation, { id, status: 200, result })) };
}
