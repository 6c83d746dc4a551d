import { apiDoc } from '../operations/operations';
import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { errorExample, ERROR_RESPONSES, EXAMPLES } from '../../common/openapi-responses';
import { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from './dto/time-series.dto';
import { TimeSeriesService } from './time-series.service';

const JSON_TYPE = 'application/json; charset=utf-8';

const RANGE_ERRORS = ApiResponse({
  status: 400,
  description:
    'Besides the codes below: INVALID_INSTANT (from/to not a real date or instant), INVALID_RANGE (to not after from), RANGE_TOO_LARGE (longer than the operation allows; details.limitDays)',
  ...errorExample('RANGE_TOO_LARGE', 'The range is too long for line-level ingresses: at most 366 days (split it into several calls).', { limitDays: 366 }),
});

/** Charts through time: ingresses, stations, returns and the personal transit calendar, computed by the workers. */
@ApiTags('time series')
@ApiSecurity('HD-Api-Key')
@ERROR_RESPONSES()
@Controller('v1')
export class TimeSeriesController {
  constructor(private readonly series: TimeSeriesService) {}

  @Post('transits/ingresses')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('ingresses'))
  @ApiBody({ type: IngressesRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The ingresses, sorted by time', schema: { example: EXAMPLES.ingresses } })
  ingresses(@Body() body: IngressesRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.ingresses(body, res.locals);
  }

  @Post('transits/stations')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('stations'))
  @ApiBody({ type: StationsRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The stations, sorted by time', schema: { example: EXAMPLES.stations } })
  stations(@Body() body: StationsRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.stations(body, res.locals);
  }

  @Post('chart/returns')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('returns'))
  @ApiBody({ type: ReturnsRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The returns, sorted by time', schema: { example: EXAMPLES.returns } })
  returns(@Body() body: ReturnsRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.returns(body, res.locals);
  }

  @Post('chart/transit-calendar')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation(apiDoc('transitCalendar'))
  @ApiBody({ type: TransitCalendarRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The intervals, sorted by start', schema: { example: EXAMPLES.transitCalendar } })
  transitCalendar(@Body() body: TransitCalendarRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.transitCalendar(body, res.locals);
  }
}
