import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AdviceDataError, AdviceItem, validateAdvice, ADVICE_COUNT } from './advice-data';
import { AdviceService } from './advice.service';

/** A valid data set of `n` items, in id order. */
function items(n = ADVICE_COUNT): AdviceItem[] {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, advice: `Advice number ${i + 1}.`, source: 'https://www.gutenberg.org/ebooks/1' }));
}

function problemsOf(raw: unknown): string {
  try {
    validateAdvice(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(AdviceDataError);
    return (err as Error).message;
  }
  throw new Error('expected the data to be rejected');
}

describe('validateAdvice', () => {
  it('accepts 371 good items and returns them in id order, without extra references', () => {
    const data = items().reverse();
    const out = validateAdvice(data);
    expect(out.map((i) => i.id)).toEqual(Array.from({ length: ADVICE_COUNT }, (_, i) => i + 1));
    expect(out[0]).not.toBe(data[data.length - 1]);
  });

  it('accepts the shipped data/advice.json', () => {
    const file = path.resolve(__dirname, '..', '..', '..', 'data', 'advice.json');
    expect(validateAdvice(JSON.parse(readFileSync(file, 'utf8')))).toHaveLength(ADVICE_COUNT);
  });

  it('rejects a duplicate id, naming the item and the missing id', () => {
    const data = items();
    data[41] = { ...data[41], id: 7 };
    const message = problemsOf(data);
    expect(message).toContain('item #42 (id 7): duplicate id 7 (also item #7)');
    expect(message).toContain('missing id(s): 42');
  });

  it('rejects a missing id (370 items)', () => {
    const data = items().filter((i) => i.id !== 371);
    const message = problemsOf(data);
    expect(message).toContain('missing id(s): 371');
    expect(message).toContain('expected 371 items, found 370');
  });

  it('rejects an id out of range or not an integer', () => {
    const data = items();
    data[0] = { ...data[0], id: 0 };
    data[1] = { ...data[1], id: 2.5 };
    (data[2] as unknown as Record<string, unknown>).id = '3';
    const message = problemsOf(data);
    expect(message).toContain('item #1 (id 0): id must be an integer from 1 to 371');
    expect(message).toContain('item #2 (id 2.5): id must be an integer');
    expect(message).toContain('item #3 (id "3"): id must be an integer');
  });

  it('rejects empty, blank, padded or missing text', () => {
    const data = items();
    data[4] = { ...data[4], advice: '' };
    data[5] = { ...data[5], advice: '   ' };
    data[6] = { ...data[6], advice: ' padded ' };
    delete (data[7] as Partial<AdviceItem>).advice;
    const message = problemsOf(data);
    expect(message).toContain('item #5 (id 5): advice must be a non-empty string');
    expect(message).toContain('item #6 (id 6): advice must be a non-empty string');
    expect(message).toContain('item #7 (id 7): advice has leading or trailing whitespace');
    expect(message).toContain('item #8 (id 8): advice must be a non-empty string');
  });

  it('rejects an http (or otherwise non-https) source', () => {
    for (const source of ['http://www.gutenberg.org/ebooks/1', 'ftp://example.org/x', 'not a url', '', 42]) {
      const data = items();
      (data[9] as unknown as Record<string, unknown>).source = source;
      expect(problemsOf(data)).toContain(`item #10 (id 10): source must be an https URL, got ${JSON.stringify(source)}`);
    }
  });

  it('rejects unexpected fields, non-objects and a non-array', () => {
    const data: unknown[] = items();
    data[10] = { ...(data[10] as AdviceItem), author: 'x' };
    data[11] = null;
    const message = problemsOf(data);
    expect(message).toContain('item #11 (id 11): unexpected field(s) author');
    expect(message).toContain('item #12: not an object');
    expect(problemsOf({ items: items() })).toContain('expected a JSON array of 371 items');
  });

  it('lists at most 10 problems and counts the rest', () => {
    const data = items().map((i) => ({ ...i, source: 'http://x.org' }));
    expect(problemsOf(data)).toMatch(/\(and 361 more problems\)$/);
  });
});

describe('AdviceService.load', () => {
  it('stops with a message naming the file and the bad item', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'advice-'));
    const file = path.join(dir, 'advice.json');
    const data = items();
    data[99] = { ...data[99], source: 'http://www.gutenberg.org/ebooks/1' };
    writeFileSync(file, JSON.stringify(data));
    expect(() => new AdviceService().load(file)).toThrow(`${file} is not valid: item #100 (id 100): source must be an https URL`);
    writeFileSync(file, '[{');
    expect(() => new AdviceService().load(file)).toThrow(/cannot be read: .*JSON/);
  });

  it('loads the real file at module init', () => {
    const service = new AdviceService();
    service.onModuleInit();
    expect(service.count).toBe(ADVICE_COUNT);
    expect(service.find(1)?.id).toBe(1);
    expect(service.find(371)?.id).toBe(371);
    expect(service.find(0)).toBeUndefined();
    expect(service.find(372)).toBeUndefined();
  });
});
