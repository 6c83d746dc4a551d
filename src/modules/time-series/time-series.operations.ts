/**
 * The time-series operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { RA } from '../birth/birth-examples';
import { TIME_SERIES_SCHEMAS } from './time-series.schemas';
import { BIRTH } from '../birth/birth-words';
import { TIME_SERIES_JOBS } from './time-series.jobs';
import { json, service } from '../operations/tool-call';
import { IngressesRequestDto, ReturnsRequestDto, StationsRequestDto, TransitCalendarRequestDto } from './dto/time-series.dto';
import { RANGE_LIMIT_DAYS, TimeSeriesService } from './time-series.service';

const TIME_SERIES_OPERATIONS = {
  ingresses: {
    method: 'POST',
    path: '/v1/transits/ingresses',
    group: 'time',
    queued: true,
    cost: TIME_SERIES_JOBS.ingresses.cost,
    summary: 'Every gate (or line) ingress of the transiting bodies in [from, to), to the second',
    description:
      'from and to: dates (YYYY-MM-DD, 00:00 UTC) or ISO instants; optional bodies (default all 13) and level gate or line. Each event: the body, the UTC instant (to the second), the gate and line entered, ' +
      `the previous ones, and whether the body was retrograde. Earth and South Node mirror the Sun and North Node. Ranges: at most ${RANGE_LIMIT_DAYS.ingressesLine} days at line level, ${RANGE_LIMIT_DAYS.ingressesGate} at gate level.`,
    input: {
      in: 'body',
      dto: IngressesRequestDto,
      examples: { week: { summary: 'A week of gate ingresses', value: { from: '2026-01-01', to: '2026-01-08', bodies: ['sun', 'earth', 'moon'] } } },
    },
    output: { kind: 'json', schema: 'Ingresses' },
    tool: {
      name: 'ingresses',
      title: 'Ingresses',
      run: (c, dto: IngressesRequestDto) => json(service(c, TimeSeriesService).ingresses(dto, c.trace)),
    },
  },
  stations: {
    method: 'POST',
    path: '/v1/transits/stations',
    group: 'time',
    queued: true,
    cost: TIME_SERIES_JOBS.stations.cost,
    summary: 'Every retrograde and direct station of Mercury to Pluto in [from, to), with the gate and line there',
    description: `from and to: dates or ISO instants; optional bodies (Mercury to Pluto). At most ${RANGE_LIMIT_DAYS.stations} days (20 years) per call.`,
    input: { in: 'body', dto: StationsRequestDto, examples: { year: { summary: 'A year of stations', value: { from: '2026-01-01', to: '2027-01-01' } } } },
    output: { kind: 'json', schema: 'Stations' },
    tool: {
      name: 'stations',
      title: 'Stations',
      run: (c, dto: StationsRequestDto) => json(service(c, TimeSeriesService).stations(dto, c.trace)),
    },
  },
  returns: {
    method: 'POST',
    path: '/v1/chart/returns',
    group: 'time',
    queued: true,
    cost: TIME_SERIES_JOBS.returns.cost,
    summary: 'Solar, lunar, Saturn and Chiron returns and the Uranus opposition of a natal chart, every exact pass',
    description:
      `${BIRTH} kinds (default all), and from/to (at most ${RANGE_LIMIT_DAYS.returns} days, 120 years) or count. Each event: kind, UTC instant, pass (1, 2, 3: a slow planet that stations near the point passes it three times; 2 is retrograde), ` +
      'of (which return since birth) and, with chart: true, the transit overlay at that instant.',
    input: {
      in: 'body',
      dto: ReturnsRequestDto,
      examples: { saturn: { summary: 'Saturn returns over 60 years', value: { ...RA, kinds: ['saturn'], from: '1948-04-09', to: '2008-04-09' } } },
    },
    output: { kind: 'json', schema: 'Returns' },
    tool: {
      name: 'returns',
      title: 'Returns',
      run: (c, dto: ReturnsRequestDto) => json(service(c, TimeSeriesService).returns(dto, c.trace)),
    },
  },
  transitCalendar: {
    method: 'POST',
    path: '/v1/chart/transit-calendar',
    group: 'time',
    queued: true,
    cost: TIME_SERIES_JOBS.transitCalendar.cost,
    summary: 'A personal transit calendar: when transits complete a natal channel, form their own, or define an open center',
    description:
      `${BIRTH} from and to (at most ${RANGE_LIMIT_DAYS.transitCalendar} days). Intervals [start, end) of three kinds: completes-channel (a transit in the partner of a natal hanging gate), transit-channel (both gates by transits) ` +
      'and defines-center (an open natal center defined for a while), each with the bodies responsible.',
    input: {
      in: 'body',
      dto: TransitCalendarRequestDto,
      examples: { fortnight: { summary: 'Two weeks', value: { ...RA, from: '2026-01-01', to: '2026-01-15' } } },
    },
    output: { kind: 'json', schema: 'TransitCalendar' },
    tool: {
      name: 'transit_calendar',
      title: 'Transit calendar',
      run: (c, dto: TransitCalendarRequestDto) => json(service(c, TimeSeriesService).transitCalendar(dto, c.trace)),
    },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const TIME_SERIES_FAMILY = { operations: TIME_SERIES_OPERATIONS, schemas: TIME_SERIES_SCHEMAS } satisfies OperationFamily;
