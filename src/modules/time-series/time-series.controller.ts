import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { errorExample, ERROR_RESPONSES, EXAMPLES } from '../chart/chart.openapi';
import { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from './dto/time-series.dto';
import { RANGE_LIMIT_DAYS, TimeSeriesService } from './time-series.service';

const JSON_TYPE = 'application/json; charset=utf-8';

const RANGE_ERRORS = ApiResponse({
  status: 400,
  description: 'Besides the codes below: INVALID_INSTANT (from/to not a real date or instant), INVALID_RANGE (to not after from), RANGE_TOO_LARGE (longer than the operation allows; details.limitDays)',
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
  @ApiOperation({
    summary: 'Every gate (or line) ingress of the transiting bodies in [from, to), to the second',
    description:
      'Each event: the body, the UTC instant (to the second), the gate and line entered, the previous ones, and whether the body was retrograde. ' +
      `Earth and South Node mirror the Sun and North Node. Ranges: at most ${RANGE_LIMIT_DAYS.ingressesLine} days at line level, ${RANGE_LIMIT_DAYS.ingressesGate} at gate level.`,
  })
  @ApiBody({ type: IngressesRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The ingresses, sorted by time', schema: { example: EXAMPLES.ingresses } })
  ingresses(@Body() body: IngressesRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.ingresses(body, res.locals);
  }

  @Post('transits/stations')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'Every retrograde and direct station of Mercury to Pluto in [from, to), with the gate and line there',
    description: `At most ${RANGE_LIMIT_DAYS.stations} days (20 years) per call.`,
  })
  @ApiBody({ type: StationsRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The stations, sorted by time', schema: { example: EXAMPLES.stations } })
  stations(@Body() body: StationsRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.stations(body, res.locals);
  }

  @Post('chart/returns')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'Solar, lunar, Saturn and Chiron returns and the Uranus opposition of a natal chart, every exact pass',
    description:
      'Each event: kind, UTC instant, pass (1, 2, 3: a slow planet that stations near the point passes it three times; 2 is retrograde), ' +
      'of (which return since birth) and, with chart: true, the transit overlay at that instant. Chiron comes from the seas_18 ephemeris file shipped with swisseph (1800–2400). ' +
      `Give from/to (at most ${RANGE_LIMIT_DAYS.returns} days, 120 years) or count.`,
  })
  @ApiBody({ type: ReturnsRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The returns, sorted by time', schema: { example: EXAMPLES.returns } })
  returns(@Body() body: ReturnsRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.returns(body, res.locals);
  }

  @Post('chart/transit-calendar')
  @HttpCode(200)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary: 'A personal transit calendar: when transits complete a natal channel, form their own, or define an open center',
    description:
      'Intervals [start, end) of three kinds: completes-channel (a transit in the partner of a natal hanging gate), transit-channel (both gates by transits) ' +
      `and defines-center (an open natal center defined for a while), each with the bodies responsible. At most ${RANGE_LIMIT_DAYS.transitCalendar} days.`,
  })
  @ApiBody({ type: TransitCalendarRequestDto })
  @RANGE_ERRORS
  @ApiResponse({ status: 200, description: 'The intervals, sorted by start', schema: { example: EXAMPLES.transitCalendar } })
  transitCalendar(@Body() body: TransitCalendarRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.series.transitCalendar(body, res.locals);
  }
}
