import { linesAsElements } from './bulk-results';

describe('linesAsElements', () => {
  // Answer lines as a worker writes them: one JSON text each, then a line break; some with escaped line breaks and
  // characters of two, three and four UTF-8 bytes inside their strings.
  const answers = [
    { id: 'r1', status: 200, result: { type: 'Generator', note: 'two\nlines' } },
    { id: 'é', status: 422, error: { code: 'INVALID_DATE', message: 'Café — 日付 😀' } },
    { id: 3, status: 200, result: { text: 'ends with a break\n' } },
  ];
  const lines = answers.map((a) => JSON.stringify(a) + '\n').join('');

  it('reads back as the array of the same answers', () => {
    const out = linesAsElements(Buffer.from(lines, 'utf8'));
    expect(JSON.parse(`[${out.toString('utf8')}]`)).toEqual(answers);
  });

  it('leaves no separator after the last element, and takes one line or none', () => {
    expect(linesAsElements(Buffer.from('{"a":1}\n')).toString()).toBe('{"a":1}');
    expect(linesAsElements(Buffer.from('{"a":1}\n{"b":2}\n')).toString()).toBe('{"a":1},{"b":2}');
    expect(linesAsElements(Buffer.alloc(0)).length).toBe(0);
  });
});
