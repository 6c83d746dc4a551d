import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { BirthDataDto } from './dto/birth-data.dto';
import { BodygraphRequestDto, CompositeBodygraphRequestDto, CompositeRequestDto, DayRequestDto, PentaRequestDto, TransitBodygraphRequestDto, TransitRequestDto } from './dto/chart-requests.dto';
import { ChartService } from './chart.service';
import { CHART_FIELDS, ERROR_RESPONSES, EXAMPLES } from './chart.openapi';

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

@ApiTags('charts')
@ApiSecurity('HD-Api-Key')
@ERROR_RESPONSES()
@Controller('v1/chart')
export class ChartController {
  constructor(private readonly charts: ChartService) {}

  @Post()
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'A Human Design chart: type, strategy, authority, profile, definition, cross, centers, channels, gates',
    description: CHART_FIELDS,
  })
  @ApiBody({ type: BirthDataDto })
  @ApiResponse({ status: 200, description: 'The chart', schema: { example: EXAMPLES.chart } })
  chart(@Body() body: BirthDataDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.chart(body, res.locals);
  }

  @Post('advanced')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ summary: 'The chart plus variables, all 26 activations to the base, hanging gates, split kind, design instant' })
  @ApiBody({ type: BirthDataDto })
  @ApiResponse({ status: 200, description: 'The advanced chart', schema: { example: EXAMPLES.advanced } })
  advanced(@Body() body: BirthDataDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.advanced(body, res.locals);
  }

  @Post('composite')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ summary: 'Composite (connection) chart of two people' })
  @ApiBody({ type: CompositeRequestDto })
  @ApiResponse({ status: 200, description: 'The composite', schema: { example: EXAMPLES.composite } })
  composite(@Body() body: CompositeRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.composite(body, res.locals);
  }

  @Post('penta')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'Group (Penta) analysis of 3–5 people: the 12 Penta gates and 6 channels present, the gaps, who supplies each gate, overlaps',
    description:
      'Rules and sources in docs/penta.md: a Penta gate is present when any member activates it (personality or design); a Penta channel ' +
      'when both its gates are present in the group, brought whole by one member (single-member) or only across members. ' +
      'gaps lists the missing gates and channels, overlaps the gates two or more members supply. Two people: use /v1/chart/composite.',
  })
  @ApiBody({ type: PentaRequestDto })
  @ApiResponse({ status: 200, description: 'The group analysis', schema: { example: EXAMPLES.penta } })
  penta(@Body() body: PentaRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.penta(body, res.locals);
  }

  @Post('transit')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ summary: 'Transit activations at an instant (default now) over a natal chart' })
  @ApiBody({ type: TransitRequestDto })
  @ApiResponse({ status: 200, description: 'The transit overlay', schema: { example: EXAMPLES.transit } })
  transit(@Body() body: TransitRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.transit(body, res.locals);
  }

  @Post('bodygraph')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bodygraph drawing: a standalone SVG document, or a PNG; with `variables`, the four arrows' })
  @ApiBody({ type: BodygraphRequestDto })
  @DRAWING_RESPONSE('SVG 1.1 document (format svg) or PNG image (format png)')
  async bodygraph(@Body() body: BodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.bodygraph(body, res.locals));
  }

  @Post('composite/bodygraph')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Two people in one bodygraph: each one\'s gates in their color, a gate of both half and half, the composite channel kinds in a legend',
  })
  @ApiBody({ type: CompositeBodygraphRequestDto })
  @DRAWING_RESPONSE('The composite drawing, SVG or PNG')
  async compositeBodygraph(@Body() body: CompositeBodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.compositeBodygraph(body, res.locals));
  }

  @Post('transit/bodygraph')
  @HttpCode(200)
  @ApiOperation({ summary: 'A natal bodygraph with a transit (default now) overlaid in a third color, and the transit planets\' column' })
  @ApiBody({ type: TransitBodygraphRequestDto })
  @DRAWING_RESPONSE('The transit drawing, SVG or PNG')
  async transitBodygraph(@Body() body: TransitBodygraphRequestDto, @Res() res: Response): Promise<void> {
    sendDrawing(res, body.format, await this.charts.transitBodygraph(body, res.locals));
  }

  @Post('day')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'Unknown birth time: every distinct chart the birth day can give, its exact time windows, and what is certain',
    description:
      'The local day (00:00 to 24:00 in the place\'s zone; 23 or 25 hours on DST days) cut into windows of one chart each at gate.line level, ' +
      'every boundary solved to the second (changed names the activations that change there). certain holds what every window shares; ' +
      'varying gives, for each field that changes, its values with the hours each covers. With birthtime and approximate ("±30m"), or from and to, only that part of the day.',
  })
  @ApiBody({ type: DayRequestDto })
  @ApiResponse({ status: 200, description: 'The windows and what is certain', schema: { example: EXAMPLES.day } })
  day(@Body() body: DayRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.charts.day(body, res.locals);
  }
}
