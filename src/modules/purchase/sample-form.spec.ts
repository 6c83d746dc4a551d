import { parse } from 'node:querystring';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { flattenValidationErrors } from '../../common/validation';
import { BirthDataDto } from '../birth/birth-data.dto';
import { checkSampleForm } from './sample-form';

const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };

/** What POST /v1/chart's validation says about a field (the API's own messages). */
function apiProblems(body: Record<string, unknown>, field: string): string[] | undefined {
  const errors = flattenValidationErrors(validateSync(plainToInstance(BirthDataDto, body), { whitelist: true, forbidNonWhitelisted: true }));
  return errors.find((e) => e.field === field)?.problems;
}

describe('the sample form check', () => {
  it('accepts a valid birth and gives the values typed', () => {
    const check = checkSampleForm({ ...RA });
    expect(check.ok).toBe(true);
    expect(check.values).toEqual(RA);
    if (check.ok) expect({ ...check.dto }).toEqual(RA);
  });

  it('refuses exactly what the API refuses, with the API’s messages', () => {
    for (const [field, value] of [
      ['birthdate', '1948-02-30'],
      ['birthdate', '09/04/1948'],
      ['birthtime', '24:10'],
      ['birthtime', '0:14'],
      ['location', 'M'],
      ['location', 'x'.repeat(201)],
    ] as const) {
      const body = { ...RA, [field]: value };
      const check = checkSampleForm(body);
      expect([field, value, check.ok]).toEqual([field, value, false]);
      if (!check.ok) expect(check.errors[field]).toEqual(apiProblems(body, field));
    }
    // and accepts what it accepts (no extra rules)
    for (const body of [
      { ...RA, birthdate: '0800-01-01' },
      { ...RA, birthtime: '23:59' },
      { ...RA, location: 'Xy' },
    ]) {
      expect(checkSampleForm(body).ok).toBe(true);
      expect(apiProblems(body, 'birthdate') ?? apiProblems(body, 'birthtime') ?? apiProblems(body, 'location')).toBeUndefined();
    }
  });

  it('asks plainly for missing or empty fields', () => {
    const check = checkSampleForm({ birthdate: '', birthtime: '' });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.errors.birthdate).toEqual(['Enter the birth date, YYYY-MM-DD.']);
      expect(check.errors.birthtime).toEqual(['Enter the birth time, HH:MM on a 24-hour clock.']);
      expect(check.errors.location).toEqual(['Enter the birth place, "City, Country".']);
    }
  });

  it('refuses fields the form does not have, repeated fields and prototype names, without throwing', () => {
    // As the urlencoded parser (extended: false) reads a posted form.
    const fields = parse(`${new URLSearchParams(RA).toString()}&placeId=6077243&__proto__=x&constructor=y`) as Record<string, unknown>;
    const check = checkSampleForm(fields);
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.general).toEqual(['This form has no field "placeId".', 'This form has no field "__proto__".', 'This form has no field "constructor".']);
    const repeated = checkSampleForm({ ...RA, birthdate: ['1948-04-09', '1948-04-10'] });
    expect(repeated.ok).toBe(false);
    if (!repeated.ok) expect(repeated.errors.birthdate).toBeDefined();
    expect(repeated.values.birthdate).toBe('1948-04-09');
  });
});
