import { buildValidationPipe } from '../../common/validation';
import { ITEM_OPERATIONS, type ItemOperation, plainChartInput, prepareItem } from './item-validation';

/**
 * The quick check of plain chart items must answer exactly as the DTO through class-validator does (the single
 * call's own path): the same job input for an item it takes, and it must take no item the pipe refuses.
 */
describe('plain chart items, checked without class-validator', () => {
  const pipe = buildValidationPipe();
  const throughPipe: ItemOperation = { ...ITEM_OPERATIONS.chart, quick: undefined };

  // Values the DTO takes, then values it refuses (or that are not a plain item's), per field.
  const values: Record<string, [unknown[], unknown[]]> = {
    birthdate: [
      ['1990-05-15', '2000-02-29', '0999-12-31', '9999-01-01'],
      ['1900-02-29', '2023-02-30', '1990-5-15', ' 1990-05-15', '1990-05-15T00:00', 19900515, null],
    ],
    birthtime: [
      ['00:00', '23:59', '07:05'],
      ['24:00', '7:30', '07:60', '12:30:00', 1230, '', null],
    ],
    location: [
      ['Paris, France', '  Montréal,   Canada ', 'ab', 'é'.repeat(200), 'Zürich\u0301, CH', '🜁🜁', 'a'.repeat(199) + '🜁'],
      ['x', '🜁', 'a'.repeat(201), '\uFE0Fa', 42, '', null],
    ],
    nodeType: [
      [undefined, 'true', 'mean'],
      ['TRUE', 1, null],
    ],
    meaning: [
      [undefined, 'en', 'de'],
      ['xx', null],
    ],
    extra: [[undefined], ['y']],
  };

  it('gives the same answer as the pipe for every combination of good and bad fields', async () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed % n);
    let quickTaken = 0;
    for (let i = 0; i < 3_000; i++) {
      const item: Record<string, unknown> = {};
      for (const [field, [good, bad]] of Object.entries(values)) {
        const options = rnd(5) === 0 ? bad : good;
        const value = options[rnd(options.length)];
        if (value !== undefined && rnd(20) > 0) item[field] = value;
      }
      if (plainChartInput(item)) quickTaken++;
      expect(await prepareItem(pipe, item, i, ITEM_OPERATIONS.chart)).toEqual(await prepareItem(pipe, item, i, throughPipe));
    }
    expect(quickTaken).toBeGreaterThan(300);
  });

  it('takes a plain row, normalising its place as the single call does', () => {
    expect(plainChartInput({ birthdate: '1990-05-15', birthtime: '12:30', location: '  Paris,   France ', meaning: 'fr' })).toEqual({
      birthdate: '1990-05-15',
      birthtime: '12:30',
      location: 'Paris, France',
      nodeType: 'true',
      meaning: 'fr',
    });
  });

  it('leaves every other item to the pipe: coordinates, place ids, time zones, unknown fields', () => {
    const base = { birthdate: '1990-05-15', birthtime: '12:30' };
    expect(plainChartInput({ ...base, latitude: 48.85, longitude: 2.35 })).toBeUndefined();
    expect(plainChartInput({ ...base, location: 'Paris, France', timezone: 'Europe/Paris' })).toBeUndefined();
    expect(plainChartInput({ ...base, placeId: 2988507 })).toBeUndefined();
    expect(plainChartInput({ ...base, location: 'Paris, France', colour: 'red' })).toBeUndefined();
    expect(
      plainChartInput(JSON.parse('{"birthdate":"1990-05-15","birthtime":"12:30","location":"Paris, France","__proto__":{}}') as Record<string, unknown>),
    ).toBeUndefined();
  });
});
