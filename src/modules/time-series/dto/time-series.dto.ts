import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { STATION_BODIES } from '../../../engine/search/ingresses';
import { RETURN_KINDS } from '../../../engine/search/returns';
import { PLANETS } from '../../../engine/types';
import { BirthDataDto } from '../../birth/birth-data.dto';

/** A date (00:00 UTC) or an ISO 8601 instant with an offset or Z. */
export const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const INSTANT = { context: { code: 'INVALID_INSTANT' } };
const instantMessage = (name: string) => `${name} must be a date (YYYY-MM-DD, 00:00 UTC) or an ISO 8601 instant with an offset or Z`;

function RangeEnd(name: 'from' | 'to', required: boolean, example: string, description: string): PropertyDecorator {
  return (target, key) => {
    (required ? ApiProperty : ApiPropertyOptional)({ example, description })(target, key);
    if (!required) IsOptional()(target, key);
    IsString({ ...INSTANT, message: instantMessage(name) })(target, key);
    Matches(DATE_OR_INSTANT, { ...INSTANT, message: instantMessage(name) })(target, key);
  };
}

export class IngressesRequestDto {
  @RangeEnd('from', true, '2026-01-01', 'Start of the range (included).')
  from: string;

  @RangeEnd('to', true, '2026-02-01', 'End of the range (excluded). At most 366 days after from at line level, 3,653 (10 years) at gate level.')
  to: string;

  @ApiPropertyOptional({ enum: ['gate', 'line'], default: 'gate', description: 'Report gate changes, or every line change.' })
  @IsOptional()
  @IsIn(['gate', 'line'], { message: 'level must be "gate" or "line"' })
  level?: 'gate' | 'line';

  @ApiPropertyOptional({ isArray: true, enum: PLANETS, description: 'Default: all 13 bodies.' })
  @IsOptional()
  @IsArray({ message: 'bodies must be an array of body names' })
  @ArrayMinSize(1, { message: 'bodies must name at least one body' })
  @ArrayMaxSize(PLANETS.length)
  @ArrayUnique({ message: 'bodies must not repeat a body' })
  @IsIn(PLANETS, { each: true, message: `each body must be one of ${PLANETS.join(', ')}` })
  bodies?: (typeof PLANETS)[number][];

  @ApiPropertyOptional({ enum: ['true', 'mean'], default: 'true', description: 'Lunar node: true (osculating) or mean.' })
  @IsOptional()
  @IsIn(['true', 'mean'], { message: 'nodeType must be "true" or "mean"' })
  nodeType?: 'true' | 'mean';
}

export class StationsRequestDto {
  @RangeEnd('from', true, '2026-01-01', 'Start of the range (included).')
  from: string;

  @RangeEnd('to', true, '2027-01-01', 'End of the range (excluded); at most 20 years after from.')
  to: string;

  @ApiPropertyOptional({ isArray: true, enum: STATION_BODIES, description: 'Default: Mercury to Pluto (the Sun, Moon and Earth never station).' })
  @IsOptional()
  @IsArray({ message: 'bodies must be an array of body names' })
  @ArrayMinSize(1, { message: 'bodies must name at least one body' })
  @ArrayUnique({ message: 'bodies must not repeat a body' })
  @IsIn(STATION_BODIES, { each: true, message: `each body must be one of ${STATION_BODIES.join(', ')}` })
  bodies?: (typeof STATION_BODIES)[number][];
}

export class ReturnsRequestDto extends BirthDataDto {
  @ApiPropertyOptional({
    isArray: true,
    enum: RETURN_KINDS,
    default: ['solar'],
    description: 'Which returns: solar, lunar, saturn, uranus-opposition, chiron.',
  })
  @IsOptional()
  @IsArray({ message: 'kinds must be an array' })
  @ArrayMinSize(1, { message: 'kinds must name at least one kind' })
  @ArrayUnique({ message: 'kinds must not repeat a kind' })
  @IsIn(RETURN_KINDS, { each: true, message: `each kind must be one of ${RETURN_KINDS.join(', ')}` })
  kinds?: (typeof RETURN_KINDS)[number][];

  @RangeEnd('from', false, '2026-01-01', 'Start of the search (included); default: the birth.')
  from?: string;

  @RangeEnd('to', false, '2076-01-01', 'End of the search (excluded); at most 120 years after from. Without to: the first `count` returns.')
  to?: string;

  @ApiPropertyOptional({
    example: 3,
    minimum: 1,
    maximum: 200,
    description: 'The first `count` returns of each kind from `from` on, every pass of each (default 1 when `to` is not given).',
  })
  @IsOptional()
  @IsInt({ message: 'count must be a whole number' })
  @Min(1)
  @Max(200)
  count?: number;

  @ApiPropertyOptional({ default: false, description: 'Add the transit overlay of the natal chart at each return.' })
  @IsOptional()
  @IsBoolean({ message: 'chart must be true or false' })
  chart?: boolean;
}

export class TransitCalendarRequestDto extends BirthDataDto {
  @RangeEnd('from', true, '2026-01-01', 'Start of the calendar (included).')
  from: string;

  @RangeEnd('to', true, '2026-04-01', 'End of the calendar (excluded); at most 366 days after from.')
  to: string;
}
