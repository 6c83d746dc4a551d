import { Controller, Get, Headers, Options, Param, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExcludeEndpoint,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { ADVICE_COUNT } from './advice-data';
import { AdviceDto, AdviceErrorDto } from './advice.dto';
import { AdviceService, PreparedBody } from './advice.service';

/** Open to every origin for reading; sent on answers and errors alike. */
const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, X-Correlation-Id',
};
const JSON_TYPE = 'application/json; charset=utf-8';
/** The data only changes with a deploy; clients revalidate with the ETag after an hour. */
export const ADVICE_CACHE_CONTROL = 'public, max-age=3600';
export const RANDOM_CACHE_CONTROL = 'no-store';

const ITEM_EXAMPLE = { id: 2, advice: 'God helps them that help themselves.', source: 'https://www.gutenberg.org/ebooks/43855' };
const CACHE_HEADERS = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { schema: { type: 'string', example: ADVICE_CACHE_CONTROL } },
  'Access-Control-Allow-Origin': { schema: { type: 'string', example: '*' } },
};

/**
 * True when an If-None-Match header matches the ETag (weak comparison, as RFC 9110 §13.1.2 asks for
 * If-None-Match): `*`, or any listed tag equal to it with or without `W/`.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === wanted || tag === `W/${wanted}`) return true;
  }
  return false;
}

/**
 * Public, read-only advice routes, answered from memory with JSON serialised once at start-up (never through
 * the queue). `@Res()` is used so the prepared bytes go out as they are.
 */
@ApiTags('advice')
@Public()
@Controller('api/advice')
export class AdviceController {
  constructor(private readonly advice: AdviceService) {}

  @Get()
  @ApiOperation({
    summary: 'One piece of advice chosen at random',
    description: `Every item (ids 1–${ADVICE_COUNT}) is equally likely. No API key needed. Never cached (Cache-Control: no-store).`,
  })
  @ApiOkResponse({
    type: AdviceDto,
    description: 'A uniformly random item',
    headers: { 'Cache-Control': { schema: { type: 'string', example: RANDOM_CACHE_CONTROL } } },
    example: ITEM_EXAMPLE,
  })
  random(@Res() res: Response): void {
    send(res, 200, this.advice.randomPrepared().body, { ...CORS, 'Cache-Control': RANDOM_CACHE_CONTROL, 'Content-Type': JSON_TYPE });
  }

  @Get('all')
  @ApiOperation({
    summary: `All ${ADVICE_COUNT} pieces of advice`,
    description: 'A bare JSON array in id order. Send the ETag back in If-None-Match to get 304 Not Modified while it is unchanged.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a copy you already hold' })
  @ApiOkResponse({
    type: AdviceDto,
    isArray: true,
    description: `All items, ids 1–${ADVICE_COUNT} in order`,
    headers: CACHE_HEADERS,
    example: [ITEM_EXAMPLE, { id: 3, advice: 'Withhold not good from them to whom it is due, when it is in the power of thine hand to do it.', source: 'https://www.gutenberg.org/ebooks/8020' }],
  })
  @ApiResponse({ status: 304, description: 'Not Modified: If-None-Match matched the current ETag (no body)' })
  all(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): void {
    sendCacheable(res, this.advice.allPrepared(), ifNoneMatch);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One piece of advice by its id', description: `\`id\` is a plain base-10 integer from 1 to ${ADVICE_COUNT}.` })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, maximum: ADVICE_COUNT }, example: 2 })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a copy you already hold' })
  @ApiOkResponse({ type: AdviceDto, description: 'The item', headers: CACHE_HEADERS, example: ITEM_EXAMPLE })
  @ApiResponse({ status: 304, description: 'Not Modified: If-None-Match matched the current ETag (no body)' })
  @ApiBadRequestResponse({
    type: AdviceErrorDto,
    description: 'INVALID_ID: the id is not a plain base-10 integer ("abc", "1.5", "-3", "1e2", " 7")',
    example: { error: { code: 'INVALID_ID', message: 'The advice id must be a whole number written with the digits 0-9 only, got "abc".' } },
  })
  @ApiNotFoundResponse({
    type: AdviceErrorDto,
    description: `ADVICE_NOT_FOUND: the id is an integer outside 1–${ADVICE_COUNT}`,
    example: {
      error: { code: 'ADVICE_NOT_FOUND', message: `There is no advice with id 372; ids run from 1 to ${ADVICE_COUNT}.`, details: { min: 1, max: ADVICE_COUNT } },
    },
  })
  byId(@Param('id') id: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): void {
    // The param stays a string: the global ValidationPipe would turn a `number` param into +value (" 7" → 7).
    sendCacheable(res, this.advice.bodyForParam(id, CORS), ifNoneMatch);
  }

  /** CORS preflight for the three routes (only GET/HEAD are offered). */
  @Options(['', 'all', ':id'])
  @ApiExcludeEndpoint()
  preflight(@Res() res: Response): void {
    send(res, 204, undefined, {
      ...CORS,
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'If-None-Match, X-Correlation-Id',
      'Access-Control-Max-Age': '86400',
    });
  }
}

function sendCacheable(res: Response, prepared: PreparedBody, ifNoneMatch: string | undefined): void {
  const headers = { ...CORS, 'Cache-Control': ADVICE_CACHE_CONTROL, ETag: prepared.etag };
  if (etagMatches(ifNoneMatch, prepared.etag)) send(res, 304, undefined, headers);
  else send(res, 200, prepared.body, { ...headers, 'Content-Type': JSON_TYPE });
}

/** Writes a prepared answer; headers set earlier (x-correlation-id) are kept. */
function send(res: Response, status: number, body: Buffer | undefined, headers: Record<string, string>): void {
  if (body) headers['Content-Length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(body);
}
