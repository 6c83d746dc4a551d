import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { HEADER_MAX_LENGTH } from '../../../engine/bodygraph';
import { BirthDataDto } from '../../birth/birth-data.dto';
import { MeaningOptionDto } from '../../birth/meaning-option.dto';

/** A chart of one person (/v1/chart, /v1/chart/advanced, and each batch item): birth data and `meaning`. */
export class ChartRequestDto extends IntersectionType(BirthDataDto, MeaningOptionDto) {}

/** ISO 8601 instant with a seconds-optional time and an explicit offset or Z. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Two people's birth data. */
export class CompositePeopleDto {
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

export class CompositeRequestDto extends IntersectionType(CompositePeopleDto, MeaningOptionDto) {}

/** 3–5 people; 2 are a composite (POST /v1/chart/composite). */
export class PentaRequestDto extends MeaningOptionDto {
  @ApiProperty({ type: [BirthDataDto], minItems: 3, maxItems: 5, description: "The group: 3 to 5 people's birth data." })
  @IsArray({ message: "members must be an array of 3 to 5 people's birth data" })
  @ArrayMinSize(3, { message: 'members must hold 3 to 5 people; for two people use POST /v1/chart/composite' })
  @ArrayMaxSize(5, { message: 'members must hold at most 5 people (the Penta is a group of 3 to 5)' })
  @IsObject({ each: true, message: 'each member must be an object of birth data' })
  @ValidateNested({ each: true })
  @Type(() => BirthDataDto)
  members: BirthDataDto[];
}

/** Birth data and the transit instant. */
export class TransitAtDto extends BirthDataDto {
  @ApiPropertyOptional({
    example: '2026-11-22T12:00:00Z',
    description: 'The transit instant, ISO 8601 with an offset or Z; default: now (to the second).',
  })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_INSTANT' }, message: 'at must be an ISO 8601 instant such as 2026-11-22T12:00:00Z' })
  @Matches(INSTANT, { context: { code: 'INVALID_INSTANT' }, message: 'at must be an ISO 8601 instant with an offset or Z, such as 2026-11-22T12:00:00Z' })
  at?: string;
}

export class TransitRequestDto extends IntersectionType(TransitAtDto, MeaningOptionDto) {}

/** How a drawing is asked for: its width, theme, format and background (every bodygraph operation). */
export class DrawingOptionsDto {
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

  @ApiPropertyOptional({ enum: ['svg', 'png'], default: 'svg', description: 'svg: a standalone SVG 1.1 document; png: an image `size` px wide.' })
  @IsOptional()
  @IsIn(['svg', 'png'], { message: 'format must be "svg" or "png"' })
  format?: 'svg' | 'png';

  @ApiPropertyOptional({ enum: ['theme', 'transparent'], default: 'theme', description: 'transparent leaves the background out.' })
  @IsOptional()
  @IsIn(['theme', 'transparent'], { message: 'background must be "theme" or "transparent"' })
  background?: 'theme' | 'transparent';

  @ApiPropertyOptional({
    example: 'Ada Lovelace',
    maxLength: HEADER_MAX_LENGTH,
    description: 'A header drawn above the bodygraph (e.g. a name); the drawing grows upwards to hold it.',
  })
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @MaxLength(HEADER_MAX_LENGTH, { message: `title must be at most ${HEADER_MAX_LENGTH} characters` })
  title?: string;

  @ApiPropertyOptional({
    example: '1815-12-10 13:00, London',
    maxLength: HEADER_MAX_LENGTH,
    description: 'A smaller line under the title (e.g. the birth data), or alone.',
  })
  @IsOptional()
  @IsString({ message: 'subtitle must be a string' })
  @MaxLength(HEADER_MAX_LENGTH, { message: `subtitle must be at most ${HEADER_MAX_LENGTH} characters` })
  subtitle?: string;
}

export class BodygraphRequestDto extends IntersectionType(BirthDataDto, DrawingOptionsDto) {
  @ApiPropertyOptional({ default: false, description: 'Draw the four variables arrows beside the Head and Ajna (left or right by their tone).' })
  @IsOptional()
  @IsBoolean({ message: 'variables must be true or false' })
  variables?: boolean;
}

export class CompositeBodygraphRequestDto extends IntersectionType(CompositePeopleDto, DrawingOptionsDto) {
  @ApiPropertyOptional({
    example: ['Ada', 'Ben'],
    description: 'How the legend names the two people (default "Person 1", "Person 2"); up to 40 characters each.',
  })
  @IsOptional()
  @IsArray({ message: 'names must be an array of two names' })
  @ArrayMinSize(2, { message: 'names must be an array of two names' })
  @ArrayMaxSize(2, { message: 'names must be an array of two names' })
  @IsString({ each: true, message: 'each name must be a string' })
  @MaxLength(40, { each: true, message: 'each name must be at most 40 characters' })
  names?: [string, string];
}

export class TransitBodygraphRequestDto extends IntersectionType(TransitAtDto, DrawingOptionsDto) {}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Birth data without a time: every chart the day can give (POST /v1/chart/day). */
export class DayRequestDto extends IntersectionType(OmitType(BirthDataDto, ['birthtime'] as const), MeaningOptionDto) {
  @ApiPropertyOptional({ example: '15:00', description: 'A time known roughly: with `approximate`, only the charts within that margin of it.' })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_TIME' }, message: 'birthtime must be a string HH:MM' })
  @Matches(HHMM, { context: { code: 'INVALID_TIME' }, message: 'birthtime must be HH:MM on a 24-hour clock (00:00 to 23:59)' })
  birthtime?: string;

  @ApiPropertyOptional({ example: '±30m', description: 'The margin either side of birthtime: "±30m", "±2h" (up to 12 h).' })
  @IsOptional()
  @IsString({ message: 'approximate must be a margin such as "±30m" or "±2h"' })
  @Matches(/^±?\d{1,3}(m|h)$/, { message: 'approximate must be a margin such as "±30m" or "±2h"' })
  approximate?: string;

  @ApiPropertyOptional({ example: '14:00', description: 'Start of a window of the day (local HH:MM); with `to`.' })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_TIME' }, message: 'from must be HH:MM' })
  @Matches(HHMM, { context: { code: 'INVALID_TIME' }, message: 'from must be HH:MM on a 24-hour clock' })
  from?: string;

  @ApiPropertyOptional({ example: '16:00', description: 'End of the window (local HH:MM, 24:00 for the end of the day).' })
  @IsOptional()
  @IsString({ context: { code: 'INVALID_TIME' }, message: 'to must be HH:MM' })
  @Matches(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { context: { code: 'INVALID_TIME' }, message: 'to must be HH:MM on a 24-hour clock, or 24:00' })
  to?: string;

  @ApiPropertyOptional({ enum: ['summary', 'full'], default: 'summary', description: 'full: each window also carries its whole chart as /v1/chart gives it.' })
  @IsOptional()
  @IsIn(['summary', 'full'], { message: 'detail must be "summary" or "full"' })
  detail?: 'summary' | 'full';
}

/** A reading (POST /v1/chart/report): birth data, the language (default en), HTML or PDF, and the HTML's theme. */
export class ReportRequestDto extends IntersectionType(BirthDataDto, MeaningOptionDto) {
  @ApiPropertyOptional({
    enum: ['html', 'pdf'],
    default: 'html',
    description: 'html: one self-contained page (text/html); pdf: an A4 document (application/pdf).',
  })
  @IsOptional()
  @IsIn(['html', 'pdf'], { message: 'format must be "html" or "pdf"' })
  format?: 'html' | 'pdf';

  @ApiPropertyOptional({
    enum: ['light', 'dark'],
    description:
      "The page's colors; without it the page follows the reader's preference (prefers-color-scheme), light by default. Printing and the PDF are always light.",
  })
  @IsOptional()
  @IsIn(['light', 'dark'], { message: 'theme must be "light" or "dark"' })
  theme?: 'light' | 'dark';
}
