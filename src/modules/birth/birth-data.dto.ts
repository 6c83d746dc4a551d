import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidationArguments,
} from 'class-validator';
import { isCalendarDate } from '../../engine';
import { FIRST_BIRTHDATE, LAST_BIRTHDATE } from '../../engine/natal/chart';

/**
 * Local birth dates the ephemeris files can serve (defined by the engine, which refuses other real dates with
 * 422 DATE_OUT_OF_RANGE; this DTO only refuses what is not a date at all, 400 INVALID_DATE).
 */
export { FIRST_BIRTHDATE, LAST_BIRTHDATE };

const DATE = { context: { code: 'INVALID_DATE' } };
const TIME = { context: { code: 'INVALID_TIME' } };
const LOCATION = { context: { code: 'INVALID_LOCATION' } };

/** A birthdate as the DTO takes it: text YYYY-MM-DD naming a real calendar date. */
export function isBirthdate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  return isCalendarDate(y, m, d);
}

/** A birthtime as the DTO takes it: HH:MM on a 24-hour clock. */
export const BIRTHTIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The length of a location the DTO takes (class-validator's MinLength and MaxLength). */
export const LOCATION_LENGTH = { min: 2, max: 200 };
/** The lunar nodes a chart may use. */
export const NODE_TYPES = ['true', 'mean'];

/**
 * A real calendar date (no 2023-02-30), whatever the year: a real date outside the supported range is
 * well-formed input the engine cannot compute, refused there as 422 DATE_OUT_OF_RANGE, not here as 400.
 */
function IsCalendarDate(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { ...DATE, message: 'birthdate must be a real calendar date, YYYY-MM-DD' },
      validator: { validate: isBirthdate },
    });
}

/**
 * A rule between this field and another place field: `with` — the other must be given too (`latitude` and
 * `longitude` come together); `without` — the other must not be (`placeId` names the place alone, not beside
 * `location`). Checked only when this field is given.
 */
function PlaceFieldRule(rule: 'with' | 'without', other: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: rule === 'with' ? 'isPairedWith' : 'isNotWith',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [other],
      options: {
        ...LOCATION,
        message: rule === 'with' ? `${String(propertyName)} needs ${other} as well` : `give ${String(propertyName)} or ${other}, not both`,
      },
      validator: {
        validate: (_: unknown, args: ValidationArguments) => ((args.object as Record<string, unknown>)[other] !== undefined) === (rule === 'with'),
      },
    });
}

/** The birth data every chart operation takes: a local date and time and a place (by name or coordinates). */
export class BirthDataDto {
  @ApiProperty({
    example: '1948-04-09',
    description: `Local birth date, YYYY-MM-DD, from ${FIRST_BIRTHDATE} to ${LAST_BIRTHDATE}; a real date outside that range is refused with 422 DATE_OUT_OF_RANGE.`,
  })
  @IsString({ ...DATE, message: 'birthdate must be a string YYYY-MM-DD' })
  @IsCalendarDate()
  birthdate: string;

  @ApiProperty({ example: '00:14', description: 'Local birth time on a 24-hour clock, HH:MM.' })
  @IsString({ ...TIME, message: 'birthtime must be a string HH:MM' })
  @Matches(BIRTHTIME, { ...TIME, message: 'birthtime must be HH:MM on a 24-hour clock (00:00 to 23:59)' })
  birthtime: string;

  @ApiPropertyOptional({
    example: 'Montreal, Quebec, Canada',
    description:
      '"City, Country" or "City, Region, Country"; the service finds the place, its coordinates and its time zone. ' +
      'Required unless placeId, or latitude and longitude, are given.',
  })
  @ValidateIf((o: BirthDataDto) => o.location !== undefined || (o.placeId === undefined && (o.latitude === undefined || o.longitude === undefined)))
  @IsString({ ...LOCATION, message: 'location must be "City, Country" (or give latitude and longitude)' })
  @MinLength(LOCATION_LENGTH.min, { ...LOCATION, message: 'location must be "City, Country" (or give latitude and longitude)' })
  @MaxLength(LOCATION_LENGTH.max, { ...LOCATION, message: 'location must be at most 200 characters' })
  location?: string;

  @ApiPropertyOptional({
    example: 6077243,
    description:
      'Instead of location: the GeoNames id of the place, as every GET /v1/places suggestion gives it (placeId). It names one ' +
      'place exactly, also the ~3 % that a bigger namesake in the same region shadows. Not together with location.',
  })
  @IsOptional()
  @IsInt({ ...LOCATION, message: 'placeId must be a whole number (the GeoNames id GET /v1/places gives)' })
  @PlaceFieldRule('without', 'location')
  placeId?: number;

  @ApiPropertyOptional({ example: 45.50884, description: 'Decimal degrees north (-90 to 90); with longitude, replaces or refines location.' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { ...LOCATION, message: 'latitude must be a number' })
  @Min(-90, LOCATION)
  @Max(90, LOCATION)
  @PlaceFieldRule('with', 'longitude')
  latitude?: number;

  @ApiPropertyOptional({ example: -73.58781, description: 'Decimal degrees east (-180 to 180).' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { ...LOCATION, message: 'longitude must be a number' })
  @Min(-180, LOCATION)
  @Max(180, LOCATION)
  @PlaceFieldRule('with', 'latitude')
  longitude?: number;

  @ApiPropertyOptional({
    example: 'America/Toronto',
    description: 'IANA time zone; overrides the zone found for the place or coordinates.',
  })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_TIMEZONE' }, message: 'timezone must be an IANA zone name such as Europe/Paris' })
  @Matches(/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/, { context: { code: 'INVALID_TIMEZONE' }, message: 'timezone must be an IANA zone name such as Europe/Paris' })
  timezone?: string;

  @ApiPropertyOptional({ enum: ['true', 'mean'], default: 'true', description: 'Lunar node: true (osculating, the standard) or mean.' })
  @IsOptional()
  @IsIn(NODE_TYPES, { message: 'nodeType must be "true" or "mean"' })
  nodeType?: 'true' | 'mean';
}
