import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';
import { MeaningOptionDto } from '../birth/meaning-option.dto';

/** Most items in one bulk job. */
export const BULK_MAX_ITEMS = 100_000;
export const BULK_OPERATIONS = ['chart', 'advanced', 'bodygraph'] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];
export const RESULT_FORMATS = ['ndjson', 'json', 'csv'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** What a bulk job does with its items: in the JSON body beside `items`, or in the query string of an NDJSON or CSV body. */
export class BulkJobOptionsDto extends MeaningOptionDto {
  @ApiPropertyOptional({
    enum: BULK_OPERATIONS,
    default: 'chart',
    description: 'The single call each item is: /v1/chart, /v1/chart/advanced or /v1/chart/bodygraph (SVG).',
  })
  @IsOptional()
  @IsIn(BULK_OPERATIONS, { message: `operation must be one of ${BULK_OPERATIONS.join(', ')}` })
  operation?: BulkOperation;

  @ApiPropertyOptional({
    example: 'https://example.com/hooks/hd',
    maxLength: 2048,
    description:
      "An http(s) URL that gets a signed POST (HD-Signature) when the job completes, fails or is cancelled (and as it progresses, with progressEvery), retried for a day until a 2xx. Not to loopback, private, link-local or metadata addresses. The 202 of a key's first job with a callbackUrl carries the key's webhookSecret, once.",
  })
  @IsOptional()
  @MaxLength(2048, { message: 'callbackUrl must be at most 2048 characters' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'callbackUrl must be an http or https URL' })
  callbackUrl?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 99,
    example: 10,
    description:
      'With a callbackUrl: also POST a job.progress event each time another this many percent of the items are done (10: at 10 %, 20 %, … 90 %; the end is job.completed).',
  })
  @IsOptional()
  // A query string's digits as a number (with an NDJSON or CSV body); anything else is judged as it was sent.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'progressEvery must be a whole number of percent, 1 to 99' })
  @Min(1, { message: 'progressEvery must be a whole number of percent, 1 to 99' })
  @Max(99, { message: 'progressEvery must be a whole number of percent, 1 to 99' })
  progressEvery?: number;
}

/**
 * The JSON body. The HTTP route reads it itself (so that over 100,000 items is 413 TOO_MANY_ITEMS); the MCP tool
 * validates its arguments with it. Either way the items are checked one by one, each as its single call's body.
 */
export class BulkJobRequestDto extends BulkJobOptionsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: BULK_MAX_ITEMS,
    description:
      "Up to 100,000 items, each the single call's body (birth data; drawing options for bodygraph) and an optional id (a string of up to 100 characters, or a number) to echo; without one, the item's position.",
  })
  @IsArray({ message: 'items must be an array of items' })
  @ArrayMinSize(1, { message: 'items must hold at least one item' })
  @ArrayMaxSize(BULK_MAX_ITEMS, { message: `items must hold at most ${BULK_MAX_ITEMS} items` })
  items: unknown[];
}

/** The MCP tool that reads a job: its id. */
export class BulkJobIdDto {
  @IsString({ message: 'id must be a job id' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'id must be a job id as start_bulk_job answered it' })
  id: string;
}

export class BulkResultsQueryDto {
  @ApiPropertyOptional({ enum: RESULT_FORMATS, default: 'ndjson', description: 'One JSON line per item, one JSON document, or CSV (one row per item).' })
  @IsOptional()
  @IsIn(RESULT_FORMATS, { message: `format must be one of ${RESULT_FORMATS.join(', ')}` })
  format?: ResultFormat;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    description:
      'true: also while the job is queued or running, each chunk of answers sent as soon as it is stored (in input order), the response ending with the job. A client downloads while the job computes instead of after. With format json the document is sent once the job has finished.',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'follow must be true or false' })
  follow?: 'true' | 'false';
}
