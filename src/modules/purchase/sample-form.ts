import { PickType } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { flattenValidationErrors } from '../../common/validation';
import { BirthDataDto } from '../birth/birth-data.dto';

/** The sample form's birth fields: named, and validated, exactly as POST /v1/chart takes them (BirthDataDto's rules). */
export class SampleFormDto extends PickType(BirthDataDto, ['birthdate', 'birthtime', 'location'] as const) {}

export const SAMPLE_FIELDS = ['birthdate', 'birthtime', 'location'] as const;
export type SampleField = (typeof SAMPLE_FIELDS)[number];

/** What the visitor typed, as shown back in the form (text only, at most 200 characters each). */
export type SampleValues = Record<SampleField, string>;

export type SampleFormCheck =
  | { ok: true; values: SampleValues; dto: SampleFormDto }
  | { ok: false; values: SampleValues; errors: Partial<Record<SampleField, string[]>>; general: string[] };

const EMPTY: Record<SampleField, string> = {
  birthdate: 'Enter the birth date, YYYY-MM-DD.',
  birthtime: 'Enter the birth time, HH:MM on a 24-hour clock.',
  location: 'Enter the birth place, "City, Country".',
};

/**
 * Checks a posted form's birth fields (urlencoded: every value a string, or an array when a name is repeated; the
 * caller takes the token out first) with the API's own rules and options: unknown fields refused, every problem of a
 * field reported. A missing or empty field gets a
 * plain "Enter the …" instead of the format rules the API would list.
 */
export function checkSampleForm(fields: Record<string, unknown>): SampleFormCheck {
  // Only the form's own names reach class-transformer (a posted "__proto__" or "constructor" stays a name here).
  const own = (f: string) => (Object.hasOwn(fields, f) ? fields[f] : undefined);
  const values = Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, shown(own(f))])) as SampleValues;
  const plain = Object.fromEntries(SAMPLE_FIELDS.filter((f) => own(f) !== undefined).map((f) => [f, own(f)]));
  const instance = plainToInstance(SampleFormDto, plain);
  const general = Object.keys(fields)
    .filter((name) => !(SAMPLE_FIELDS as readonly string[]).includes(name))
    .map((name) => `This form has no field "${name.slice(0, 40)}".`);
  const errors: Partial<Record<SampleField, string[]>> = {};
  for (const p of flattenValidationErrors(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }))) {
    const field = SAMPLE_FIELDS.find((f) => f === p.field);
    if (field) errors[field] = own(field) === undefined || own(field) === '' ? [EMPTY[field]] : p.problems;
  }
  if (general.length === 0 && Object.keys(errors).length === 0) return { ok: true, values, dto: instance };
  return { ok: false, values, errors, general };
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
  return text.slice(0, 200);
}
