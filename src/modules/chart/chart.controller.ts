import { apiDoc } from '../operations/operations';
import type { JsonAnswer } from '../../common/json-answer';
import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  BodygraphRequestDto,
  ChartRequestDto,
  CompositeBodygraphRequestDto,
  CompositeRequestDto,
  DayRequestDto,
  PentaRequestDto,
  ReportRequestDto,
  TransitBodygraphRequestDto,
  TransitRequestDto,
} from './dto/chart-requests.dto';
import { ChartService } from './chart.service';
import { ERROR_RESPONSES, EXAMPLES } from '../../common/openapi-responses';

/** The workers answer JSON text, relayed as it is. */
const JSON_TYPE = 'application/json; charset=utf-8';

const DRAWING_RESPONSE = (description: string) =>
  ApiResponse({
    status: 200,
    description,
    content: { 'image/svg+xml': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } },
  });

/** A drawing as the worker answered it: SVG text, or a PNG in base64 (job results travel as JSON). */
function sendDrawing(res: Response, format: string | undefined, body: string): void {
  res.status(200);
  if (format === 'png') res.type('image/png').send(Buffer.from(body, 'base64'));
  else res.type('image/svg+xml; charset=utf-8').send(body);
}

/** A reading as the worker answered it: the HTML page, or a PDF in base64. */
function sendReport(res: Response, format: string | undefined, body: string): void {
  res.status(200);
  if (format === 'pdf') res.type('application/pdf').send(Buffer.from(body, 'base64'));
  else res.type('text/html; charset=utf-8').send(body);
}

@ApiTags('charts')
@ApiSecurity('HD-Api-Key')
@ERROR_RESPONSES()
@Controller('v1/chart')
export class ChartController {
  constructor(private readonly charts: ChartService) {}

  @Post()
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('chart'))
  @ApiBody({ type: ChartRequestDto })
  @ApiResponse({ status: 200, description: 'The chart', schema: { example: EXAMPLES.chart } })
  chart(@Body() body: ChartRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.chart(body, res.locals);
  }

  @Post('advanced')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('advanced'))
  @ApiBody({ type: ChartRequestDto })
  @ApiResponse({ status: 200, description: 'The advanced chart', schema: { example: EXAMPLES.advanced } })
  advanced(@Body() body: ChartRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.advanced(body, res.locals);
  }

  @Post('composite')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('composite'))
  @ApiBody({ type: CompositeRequestDto })
  @ApiResponse({ status: 200, description: 'The composite', schema: { example: EXAMPLES.composite } })
  composite(@Body() body: CompositeRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.composite(body, res.locals);
  }

  @Post('penta')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('penta'))
  @ApiBody({ type: PentaRequestDto })
  @ApiResponse({ status: 200, description: 'The group analysis', schema: { example: EXAMPLES.penta } })
  penta(@Body() body: PentaRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.penta(body, res.locals);
  }

  @Post('transit')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('transit'))
  @ApiBody({ type: TransitRequestDto })
  @ApiResponse({ status: 200, description: 'The transit overlay', schema: { example: EXAMPLES.transit } })
  transit(@Body() body: TransitRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.transit(body, res.locals);
  }

  @Post('bodygraph')
  @HttpCode(200)
  @ApiOperation(apiDoc('bodygraph'))
  @ApiBody({ type: BodygraphRequestDto })
  @DRAWING_RESPONSE('SVG 1.1 document (format svg) or PNG image (format png)')
  async bodygraph(@Body() body: BodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.bodygraph(body, res.locals));
  }

  @Post('composite/bodygraph')
  @HttpCode(200)
  @ApiOperation(apiDoc('compositeBodygraph'))
  @ApiBody({ type: CompositeBodygraphRequestDto })
  @DRAWING_RESPONSE('The composite drawing, SVG or PNG')
  async compositeBodygraph(@Body() body: CompositeBodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.compositeBodygraph(body, res.locals));
  }

  @Post('transit/bodygraph')
  @HttpCode(200)
  @ApiOperation(apiDoc('transitBodygraph'))
  @ApiBody({ type: TransitBodygraphRequestDto })
  @DRAWING_RESPONSE('The transit drawing, SVG or PNG')
  async transitBodygraph(@Body() body: TransitBodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.transitBodygraph(body, res.locals));
  }

  @Post('report')
  @HttpCode(200)
  @ApiOperation(apiDoc('report'))
  @ApiBody({ type: ReportRequestDto })
  @ApiResponse({
    status: 200,
    description: 'The reading: one self-contained HTML page (format html), or a PDF (format pdf)',
    content: { 'text/html': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async report(@Body() body: ReportRequestDto, @Res() res: Response): Promise<void> {
    sendReport(res, body.format, await this.charts.report(body, res.locals));
  }

  @Post('day')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('day'))
  @ApiBody({ type: DayRequestDto })
  @ApiResponse({ status: 200, description: 'The windows and what is certain', schema: { example: EXAMPLES.day } })
  day(@Body() body: DayRequestDto, @Res({ passthrough: true }) res: Response): Promise<JsonAnswer> {
    return this.charts.day(body, res.locals);
  }
}
