import { apiDoc } from '../operations/operations';
import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { correlationIdOf } from '../../common/correlation';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { RequestTrace } from '../../common/request-log';
import { errorExample, ERROR_RESPONSES, EXAMPLES } from '../../common/openapi-responses';
import { BatchRequestDto } from './batch.dto';
import { BatchService } from './batch.service';

export const BATCH_PATH = '/v1/charts/batch';
/** A batch's body may be this large (single calls: 16 KB); 100 items of birth data take about 15 KB. */
export const BATCH_BODY_LIMIT = '256kb';

@ApiTags('batch')
@ApiSecurity('HD-Api-Key')
@ERROR_RESPONSES()
@Controller('v1/charts')
export class BatchController {
  constructor(private readonly batch: BatchService) {}

  @Post('batch')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation(apiDoc('batch'))
  @ApiBody({ type: BatchRequestDto })
  @ApiResponse({
    status: 200,
    description: 'One entry per item, in order',
    schema: {
      example: {
        count: 2,
        succeeded: 1,
        failed: 1,
        items: [
          { id: 'ada', status: 200, result: EXAMPLES.chart },
          {
            id: 'ben',
            status: 400,
            error: {
              code: 'INVALID_DATE',
              message: 'birthdate: birthdate must be a real calendar date, YYYY-MM-DD',
              details: [{ field: 'birthdate', problems: ['birthdate must be a real calendar date, YYYY-MM-DD'], code: 'INVALID_DATE' }],
            },
          },
        ],
      },
    },
  })
  @ApiResponse({
    status: 413,
    description: `PAYLOAD_TOO_LARGE: a batch body over ${BATCH_BODY_LIMIT.replace('kb', ' KB')}`,
    ...errorExample('PAYLOAD_TOO_LARGE', 'The request body is larger than 262144 bytes.'),
  })
  async run(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Buffer> {
    // Typed `unknown`, so the global pipe leaves the body alone: the envelope is checked without copying the items.
    return this.batch.run(await this.batch.envelope(body), res.locals as RequestTrace, correlationIdOf(req));
  }
}
