/**
 * The advice data set: data/advice.json, built by scripts/build-advice.js from ../shared/data/advice.json.
 * Validated once when the module starts; a bad file stops the start (see AdviceService.onModuleInit).
 */
export const ADVICE_COUNT = 371;

export interface AdviceItem {
  id: number;
  advice: string;
  source: string;
}

const KEYS = ['advice', 'id', 'source'];
/** Problems listed in one error message at most; the rest are counted. */
const MAX_LISTED = 10;

export class AdviceDataError extends Error {
  constructor(
    message: string,
    public readonly problems: string[],
  ) {
    super(message);
    this.name = 'AdviceDataError';
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Checks the parsed file: an array of exactly `count` objects `{ id, advice, source }` with ids 1…count each
 * once, advice a non-empty trimmed string, source an https URL. Returns the items in id order, or throws an
 * AdviceDataError whose message names every bad item (by position and id).
 */
export function validateAdvice(raw: unknown, count = ADVICE_COUNT, label = 'data/advice.json'): AdviceItem[] {
  if (!Array.isArray(raw)) throw new AdviceDataError(`${label}: expected a JSON array of ${count} items`, ['not an array']);
  const problems: string[] = [];
  const byId = new Map<number, number>(); // id → index of its first occurrence
  raw.forEach((item: unknown, index: number) => {
    const where = `item #${index + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(`${where}: not an object`);
      return;
    }
    const { id, advice, source } = item as Record<string, unknown>;
    const name = typeof id === 'number' || typeof id === 'string' ? `${where} (id ${JSON.stringify(id)})` : where;
    const extra = Object.keys(item).filter((k) => !KEYS.includes(k));
    if (extra.length) problems.push(`${name}: unexpected field(s) ${extra.join(', ')}`);
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > count) {
      problems.push(`${name}: id must be an integer from 1 to ${count}`);
    } else if (byId.has(id)) {
      problems.push(`${name}: duplicate id ${id} (also item #${byId.get(id)! + 1})`);
    } else {
      byId.set(id, index);
    }
    if (typeof advice !== 'string' || advice.trim() === '') {
      problems.push(`${name}: advice must be a non-empty string`);
    } else if (advice !== advice.trim()) {
      problems.push(`${name}: advice has leading or trailing whitespace`);
    }
    if (typeof source !== 'string' || !isHttpsUrl(source)) {
      problems.push(`${name}: source must be an https URL, got ${JSON.stringify(source)}`);
    }
  });
  const missing: number[] = [];
  for (let id = 1; id <= count; id++) if (!byId.has(id)) missing.push(id);
  if (missing.length) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ` … (${missing.length} in all)` : '');
    problems.push(`missing id(s): ${shown}`);
  }
  if (raw.length !== count) problems.push(`expected ${count} items, found ${raw.length}`);
  if (problems.length) {
    const listed = problems.slice(0, MAX_LISTED).join('; ');
    const more = problems.length > MAX_LISTED ? ` (and ${problems.length - MAX_LISTED} more problems)` : '';
    throw new AdviceDataError(`${label} is not valid: ${listed}${more}`, problems);
  }
  return (raw as AdviceItem[]).map(({ id, advice, source }) => ({ id, advice, source })).sort((a, b) => a.id - b.id);
}
