import { parse } from 'csv-parse/sync';
import { csvCells, csvColumns, csvHeaderLine, csvLine } from './bulk-csv';

const CHART = {
  type: 'Manifestor',
  strategy: 'To Inform',
  authority: 'Splenic',
  profile: '5/1',
  definition: 'Single Definition',
  signature: 'Peace',
  notSelfTheme: 'Anger',
  incarnationCross: { name: 'Left Angle Cross of the Clarion 1', gates: [51, 57, 61, 62] },
  definedCenters: ['Ajna', 'Throat'],
  openCenters: ['Head'],
  activeChannels: [{ gate1: 10, gate2: 20, name: 'Awakening', circuit: 'Integration' }],
  activatedGates: { '20': {}, '10': {}, '7': {} },
  birth: {
    location: { name: 'Montréal', region: 'Quebec', country: 'Canada', timezone: 'America/Toronto' },
    utc: '1948-04-09T05:14:00Z',
    designUtc: '1948-01-12T13:28:24Z',
  },
};

describe('results as CSV', () => {
  it("flattens a chart to a spreadsheet's columns, lists joined with '; '", () => {
    const cells = csvCells('chart', { id: 'ra', status: 200, result: CHART });
    expect(Object.fromEntries(csvColumns('chart').map((c, i) => [c, cells[i]]))).toEqual({
      id: 'ra',
      status: '200',
      errorCode: '',
      errorMessage: '',
      type: 'Manifestor',
      strategy: 'To Inform',
      authority: 'Splenic',
      profile: '5/1',
      definition: 'Single Definition',
      signature: 'Peace',
      notSelfTheme: 'Anger',
      incarnationCross: 'Left Angle Cross of the Clarion 1',
      definedCenters: 'Ajna; Throat',
      openCenters: 'Head',
      channels: '10-20 Awakening',
      gates: '7; 10; 20',
      place: 'Montréal, Quebec, Canada',
      timezone: 'America/Toronto',
      utc: '1948-04-09T05:14:00Z',
      designUtc: '1948-01-12T13:28:24Z',
    });
  });

  it('gives an error its code and message, the chart columns empty', () => {
    const cells = csvCells('advanced', { id: 3, status: 400, error: { code: 'INVALID_DATE', message: 'birthdate: no' } });
    expect(cells.slice(0, 4)).toEqual(['3', '400', 'INVALID_DATE', 'birthdate: no']);
    expect(cells).toHaveLength(csvColumns('advanced').length);
    expect(cells.slice(4).every((c) => c === '')).toBe(true);
  });

  it('adds the variables for advanced charts, the SVG for drawings', () => {
    expect(csvColumns('advanced').at(-1)).toBe('variables');
    expect(csvCells('advanced', { id: 1, status: 200, result: { ...CHART, variables: { notation: 'PLR DLL' } } }).at(-1)).toBe('PLR DLL');
    expect(csvCells('bodygraph', { id: 1, status: 200, result: '<svg/>' })).toEqual(['1', '200', '', '', '<svg/>']);
  });

  it('writes rows a CSV reader reads back, quotes and commas included', () => {
    const answers = [
      { id: 'a,"b"', status: 200, result: CHART },
      { id: 2, status: 422, error: { code: 'X', message: 'say "no", twice' } },
    ];
    const text = csvHeaderLine('chart') + answers.map((a) => csvLine(csvCells('chart', a))).join('');
    const rows = parse<Record<string, string>>(text, { columns: true });
    expect(rows.map((r) => [r.id, r.status, r.errorMessage, r.place])).toEqual([
      ['a,"b"', '200', '', 'Montréal, Quebec, Canada'],
      ['2', '422', 'say "no", twice', ''],
    ]);
  });

  it('quotes as RFC 4180 says: a cell with a comma, a double quote or a line break, its quotes doubled', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'cr\rx', '', ' spaced ', 'Zürich'])).toBe('"a,b","say ""hi""","two\nlines","cr\rx",, spaced ,Zürich\n');
  });

  it('writes lines csv-parse reads back to the same cells, whatever they hold', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed % n);
    const alphabet = ['a', 'Z', ' ', ',', '"', '\n', '\r\n', ';', 'é', '🜁', '=', '\t'];
    const cellOf = () => Array.from({ length: rnd(8) }, () => alphabet[rnd(alphabet.length)]).join('');
    const rows = Array.from({ length: 300 }, () => Array.from({ length: 1 + rnd(6) }, cellOf));
    for (const cells of rows) expect(parse(csvLine(cells), { relax_column_count: true })).toEqual([cells]);
  });
});
