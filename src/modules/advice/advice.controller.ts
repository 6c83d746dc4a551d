import { apiDoc } from '../operations/operations';
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
import type { MemoryAnswer } from '../../common/pre-router';
import { ADVICE_CACHE_CONTROL, cacheableAnswer, CORS, RANDOM_CACHE_CONTROL } from './advice-answers';
import { AdviceService } from './advice.service';

const ITEM_EXAMPLE = { id: 2, advice: 'God helps them that help themselves.', source: 'https://www.gutenberg.org/ebooks/43855' };
const CACHE_HEADERS = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { schema: { type: 'string', example: ADVICE_CACHE_CONTROL } },
  'Access-Control-Allow-Origin': { schema: { type: 'string', example: '*' } },
};

/**
 * Public, read-only advice routes, answered from memory with JSON serialised once at start-up (never through
 * the queue). `@Res()` is used so the prepared bytes go out as they are.
 *
 * In a running API the pre-router (common/pre-router.ts, installed by http-app.ts) sends the successful GET
 * answers before Express sees the request, built by the same functions (advice-answers.ts); this controller
 * documents the routes and answers everything else: errors, HEAD, the CORS preflight, unusual paths.
 */
@ApiTags('advice')
@Public()
@Controller('api/advice')
export class AdviceController {
  constructor(private readonly advice: AdviceService) {}

  @Get()
  @ApiOperation(apiDoc('advice'))
  @ApiOkResponse({
    type: AdviceDto,
    description: 'A uniformly random item',
    headers: { 'Cache-Control': { schema: { type: 'string', example: RANDOM_CACHE_CONTROL } } },
    example: ITEM_EXAMPLE,
  })
  random(@Res() res: Response): void {
    send(res, this.advice.randomAnswer());
  }

  @Get('all')
  @ApiOperation(apiDoc('adviceAll'))
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a copy you already hold' })
  @ApiOkResponse({
    type: AdviceDto,
    isArray: true,
    description: `All items, ids 1–${ADVICE_COUNT} in order`,
    headers: CACHE_HEADERS,
    example: [
      ITEM_EXAMPLE,
      {
        id: 3,
        advice: 'Withhold not good from them to whom it is due, when it is in the power of thine hand to do it.',
        source: 'https://www.gutenberg.org/ebooks/8020',
      },
    ],
  })
  @ApiResponse({ status: 304, description: 'Not Modified: If-None-Match matched the current ETag (no body)' })
  all(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): void {
    send(res, cacheableAnswer(this.advice.allAnswers(), ifNoneMatch));
  }

  @Get(':id')
  @ApiOperation(apiDoc('adviceById'))
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
      error: {
        code: 'ADVICE_NOT_FOUND',
        message: `There is no advice with id 372; ids run from 1 to ${ADVICE_COUNT}.`,
        details: { min: 1, max: ADVICE_COUNT },
      },
    },
  })
  byId(@Param('id') id: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): void {
    // The param stays a string: the global ValidationPipe would turn a `number` param into +value (" 7" → 7).
    send(res, cacheableAnswer(this.advice.answersForParamOrThrow(id, { ...CORS }), ifNoneMatch));
  }

  /** CORS preflight for the three routes (only GET/HEAD are offered). */
  @Options(['', 'all', ':id'])
  @ApiExcludeEndpoint()
  preflight(@Res() res: Response): void {
    send(res, {
      status: 204,
      headers: {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'If-None-Match, X-Correlation-Id',
        'Access-Control-Max-Age': '86400',
      },
    });
  }
}

/** Writes a prepared answer; headers set earlier (x-correlation-id) are kept. */
function send(res: Response, answer: Omit<MemoryAnswer, 'route'>): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}
