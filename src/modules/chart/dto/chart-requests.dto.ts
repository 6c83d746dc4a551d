import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { BirthDataDto } from './birth-data.dto';

/** ISO 8601 instant with a seconds-optional time and an explicit offset or Z. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export class CompositeRequestDto {
  @ApiProperty({ type: BirthDataDto })
  @IsDefined({ message: 'person1 is required' })
  @IsObject({ message: 'person1 must be an object of birth data' })
  @ValidateNested()
  @Type(() => BirthDataDto)
  person1: BirthDataDto;

  @ApiProperty({ type: BirthDataDto })
  @IsDefined({ message: 'person2 is required' })
  @IsObject({ message: 'person2 must be an object of birth data' })
  @ValidateNested()
  @Type(() => BirthDataDto)
  person2: BirthDataDto;
}

export class TransitRequestDto extends BirthDataDto {
  @ApiPropertyOptional({
    example: '2026-11-22T12:00:00Z',
    description: 'The transit instant, ISO 8601 with an offset or Z; default: now (to the second).',
  })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_INSTANT' }, message: 'at must be an ISO 8601 instant such as 2026-11-22T12:00:00Z' })
  @Matches(INSTANT, { context: { code: 'INVALID_INSTANT' }, message: 'at must be an ISO 8601 instant with an offset or Z, such as 2026-11-22T12:00:00Z' })
  at?: string;
}

export class BodygraphRequestDto extends BirthDataDto {
  @ApiPropertyOptional({ example: 800, default: 800, minimum: 200, maximum: 4000, description: 'Width in px; the height follows the aspect ratio.' })
  @IsOptional()
  @IsInt({ message: 'size must be a whole number of pixels' })
  @Min(200)
  @Max(4000)
  size?: number;

  @ApiPropertyOptional({ enum: ['light', 'dark'], default: 'light' })
  @IsOptional()
  @IsIn(['light', 'dark'], { message: 'theme must be "light" or "dark"' })
  theme?: 'light' | 'dark';
}
