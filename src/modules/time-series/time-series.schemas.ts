/**
 * The time series (src/modules/time-series/jobs/time-series-jobs.ts): POST /v1/transits/ingresses, /v1/transits/stations,
 * /v1/chart/returns and /v1/chart/transit-calendar. Every instant is UTC to the second; ranges are [from, to).
 */
import { array, boolean, integer, JsonSchema, object, ref } from '../openapi/schemas/json-schema';
import { TRANSIT_CORE_PROPERTIES } from '../chart/schemas/composite-transit';

export const RETURN_KINDS = ['solar', 'lunar', 'saturn', 'uranus-opposition', 'chiron'] as const;

const range = {
  from: ref('UtcInstant', 'Start of the range (included), UTC to the second. An event belongs to the range when its reported second does.'),
  to: ref('UtcInstant', 'End of the range (excluded), UTC to the second. An event belongs to the range when its reported second does.'),
};
const count = (what: string): JsonSchema => integer(`Number of ${what} found in the range.`, 0);

/** Shared by the three kinds of calendar interval. */
const intervalTail: Record<string, JsonSchema> = {
  start: ref('UtcInstant', "When it begins; the range's `from` when it already held then (startsBefore)."),
  end: ref('UtcInstant', "When it ends; the range's `to` when it still holds then (endsAfter)."),
  startsBefore: boolean('True when it already held at the start of the range (it may have begun earlier).'),
  endsAfter: boolean('True when it still holds at the end of the range (it may go on later).'),
  bodies: array('Every transiting body that took part at some moment of the interval, in body order.', ref('Planet'), { uniqueItems: true, maxItems: 13 }),
};

export const TIME_SERIES_SCHEMAS: Record<string, JsonSchema> = {
  IngressLevel: { type: 'string', description: 'Report gate changes only, or every line change.', enum: ['gate', 'line'] },
  IngressEvent: object('A body entering a gate (or, at line level, a line).', {
    body: ref('Planet', 'The body.'),
    at: ref('UtcInstant', 'When it crosses the boundary, rounded to the nearest second.'),
    gate: ref('GateNumber', 'Gate entered (the same gate as before for a line change within it).'),
    line: ref('LineNumber', 'Line entered.'),
    previous: object('Where the body was just before.', {
      gate: ref('GateNumber', 'Gate left.'),
      line: ref('LineNumber', 'Line left.'),
    }),
    retrograde: boolean('True when the body crosses moving backwards (retrograde).'),
  }),
  Ingresses: object('POST /v1/transits/ingresses: every gate (or line) ingress of the bodies asked for, in time order (ties in body order).', {
    ...range,
    level: ref('IngressLevel', 'Level reported.'),
    nodeType: ref('NodeType', 'Lunar node used for the North and South Node.'),
    bodies: array('The bodies searched, in body order.', ref('Planet'), { uniqueItems: true, minItems: 1, maxItems: 13 }),
    count: count('ingresses'),
    events: array('The ingresses, in time order.', ref('IngressEvent')),
  }),
  StationEvent: object('A body standing still in longitude: turning retrograde or direct.', {
    body: ref('StationBody', 'The body.'),
    at: ref('UtcInstant', 'When it stations, to the second.'),
    station: { type: 'string', description: '"retrograde": the body turns back here; "direct": it resumes forward motion.', enum: ['retrograde', 'direct'] },
    gate: ref('GateNumber', 'Gate the body stations in.'),
    line: ref('LineNumber', 'Line the body stations in.'),
  }),
  Stations: object('POST /v1/transits/stations: every station of the bodies asked for, in time order.', {
    ...range,
    bodies: array('The bodies searched, in body order.', ref('StationBody'), { uniqueItems: true, minItems: 1, maxItems: 8 }),
    count: count('stations'),
    events: array('The stations, in time order.', ref('StationEvent')),
  }),
  ReturnKind: {
    type: 'string',
    description:
      'A return: the Sun (solar, each birthday), the Moon (lunar), Saturn, Chiron back at their natal longitude; uranus-opposition: Uranus opposite its natal longitude.',
    enum: RETURN_KINDS,
  },
  ReturnTransit: object('The transit overlay of the natal chart at the return instant (as POST /v1/chart/transit, without natal).', TRANSIT_CORE_PROPERTIES),
  ReturnEvent: object(
    'One exact pass of a return.',
    {
      kind: ref('ReturnKind', 'Which return.'),
      at: ref('UtcInstant', 'When the body is exactly at the point, to the second.'),
      returnNumber: integer("Which return since birth: 1 for the first Saturn return (about age 29), 30 for the 30th birthday's solar return.", 1),
      pass: integer('Which exact pass of this return, 1 to `passes`; the even ones are retrograde.', 1),
      passes: integer(
        'How many exact passes this return has, those outside the range included: 1 for the Sun and the Moon; 1 or 3 for Saturn and the Uranus opposition; 1, 3 or 5 for Chiron (the most found over 1800–2400).',
        1,
      ),
      retrograde: boolean('True when the body passes the point moving backwards.'),
      transit: ref('ReturnTransit', 'Only when the request asked for chart: true — the transit overlay at this instant.'),
    },
    ['transit'],
  ),
  Returns: object(
    'POST /v1/chart/returns: the returns of the natal chart in the range, every pass, in time order.',
    {
      ...range,
      kinds: array('The kinds searched, sorted.', ref('ReturnKind'), { uniqueItems: true, minItems: 1, maxItems: RETURN_KINDS.length }),
      countPerKind: integer('Only when a count was asked for: the first this many returns of each kind from `from` on.', 1, 200),
      count: count('return passes'),
      events: array('The return passes, in time order.', ref('ReturnEvent')),
      natal: ref('ChartSummary', 'Headline facts of the natal chart.'),
    },
    ['countPerKind'],
  ),
  CalendarCompletesChannel: object('The transits complete a natal channel: they activate the partner of a natal gate.', {
    kind: { type: 'string', description: 'Kind of interval.', const: 'completes-channel' },
    channel: ref('Channel', 'The channel completed.'),
    natalGate: ref('GateNumber', 'The natal gate of the channel.'),
    transitGate: ref('GateNumber', 'The partner gate the transit activates.'),
    ...intervalTail,
  }),
  CalendarTransitChannel: object('The transits form a channel of their own (neither gate natal).', {
    kind: { type: 'string', description: 'Kind of interval.', const: 'transit-channel' },
    channel: ref('Channel', 'The channel the transits form.'),
    ...intervalTail,
  }),
  CalendarDefinesCenter: object('The transits define a center the natal chart leaves open.', {
    kind: { type: 'string', description: 'Kind of interval.', const: 'defines-center' },
    center: ref('CenterName', 'The center defined.'),
    ...intervalTail,
  }),
  CalendarInterval: {
    description: 'One interval of the transit calendar; `kind` tells which of the three shapes it has.',
    oneOf: [ref('CalendarCompletesChannel'), ref('CalendarTransitChannel'), ref('CalendarDefinesCenter')],
  },
  TransitCalendar: object(
    'POST /v1/chart/transit-calendar: when transits complete natal channels, form channels, or define open centers, sorted by start then end.',
    {
      ...range,
      count: count('intervals'),
      intervals: array('The intervals, sorted by start, then end.', ref('CalendarInterval')),
      natal: ref('ChartSummary', 'Headline facts of the natal chart.'),
    },
  ),
};
