import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { BirthDataDto } from './dto/birth-data.dto';
import { BodygraphRequestDto, CompositeRequestDto, TransitRequestDto } from './dto/chart-requests.dto';
import { ChartService } from './chart.service';
import { CHART_FIELDS, ERROR_RESPONSES, EXAMPLES } from './chart.openapi';

@ApiTags('charts')
@ApiSecurity('HD-Api-Key')
@ERROR_RESPONSES()
@Controller('v1/chart')
export class ChartController {
  constructor(private readonly charts: ChartService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'A Human Design chart: type, strategy, authority, profile, definition, cross, centers, channels, gates',
    description: CHART_FIELDS,
  })
  @ApiBody({ type: BirthDataDto })
  @ApiResponse({ status: 200, description: 'The chart', schema: { example: EXAMPLES.chart } })
  chart(@Body() body: BirthDataDto) {
    return this.charts.chart(body);
  }

  @Post('advanced')
  @HttpCode(200)
  @ApiOperation({ summary: 'The chart plus variables, all 26 activations to the base, hanging gates, split kind, design instant' })
  @ApiBody({ type: BirthDataDto })
  @ApiResponse({ status: 200, description: 'The advanced chart', schema: { example: EXAMPLES.advanced } })
  advanced(@Body() body: BirthDataDto) {
    return this.charts.advanced(body);
  }

  @Post('composite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Composite (connection) chart of two people' })
  @ApiBody({ type: CompositeRequestDto })
  @ApiResponse({ status: 200, description: 'The composite', schema: { example: EXAMPLES.composite } })
  composite(@Body() body: CompositeRequestDto) {
    return this.charts.composite(body);
  }

  @Post('transit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Transit activations at an instant (default now) over a natal chart' })
  @ApiBody({ type: TransitRequestDto })
  @ApiResponse({ status: 200, description: 'The transit overlay', schema: { example: EXAMPLES.transit } })
  transit(@Body() body: TransitRequestDto) {
    return this.charts.transit(body);
  }

  @Post('bodygraph')
  @HttpCode(200)
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @ApiOperation({ summary: 'The bodygraph drawing as a standalone SVG document' })
  @ApiBody({ type: BodygraphRequestDto })
  @ApiProduces('image/svg+xml')
  @ApiResponse({ status: 200, description: 'SVG 1.1 document', content: { 'image/svg+xml': { schema: { type: 'string' } } } })
  bodygraph(@Body() body: BodygraphRequestDto): Promise<string> {
    return this.charts.bodygraph(body);
  }
}
