/**
 * POST /v1/chart/day (src/modules/chart/jobs/day-job.ts, src/engine/search/day.ts): for a birth day without a known time, the windows
 * of one chart each, what holds all day, and how the rest is shared out over the hours. `detail: "full"` adds
 * each window's whole chart.
 */
import { CHART_CORE_PROPERTIES } from './chart';
import { array, integer, JsonSchema, number, object, partialObject, ref, string } from '../../openapi/schemas/json-schema';
import { CENTERS, PLANETS } from '../../openapi/schemas/labels';

const hours = (description: string): JsonSchema => number(description, { minimum: 0 });
const centerList = (description: string): JsonSchema => array(description, ref('CenterName'), { uniqueItems: true, maxItems: CENTERS.length });

/** A list of the values a field takes during the span, each with its hours, longest first. */
function shares(description: string, value: JsonSchema): JsonSchema {
  return array(
    description,
    object('A value and how long it holds.', {
      value,
      hours: hours('Hours of the span during which it holds (4 decimals).'),
    }),
    { minItems: 1 },
  );
}

const GATE_LINE_VALUE: JsonSchema = string('The activation as "gate.line", e.g. "51.5".', { pattern: '^([1-9]|[1-5][0-9]|6[0-4])\\.[1-6]$' });

function planetMap(description: string, value: (planet: string) => JsonSchema): JsonSchema {
  return partialObject(description, Object.fromEntries(PLANETS.map((p) => [p, value(p)])));
}

export const DAY_SCHEMAS: Record<string, JsonSchema> = {
  LocalReading: object("An instant of the day, as the birthplace's clock read it.", {
    local: string('Local clock time HH:MM:SS; "24:00:00" for the end of the day.', { pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]|24:00:00)$' }),
    utc: ref('UtcInstant', 'The same instant in UTC.'),
    utcOffset: ref('UtcOffset', 'Offset of the local clock from UTC at that instant.'),
  }),
  LocalPeriod: object('A part of the birth day.', {
    from: ref('LocalReading', 'Start (included).'),
    to: ref('LocalReading', 'End (excluded).'),
    hours: hours("Length in hours (4 decimals): 24, or 23 / 25 on a clock-change day, for a whole day; the part's own length for a part."),
  }),
  DayBirth: object(
    'The birth day as understood.',
    {
      date: ref('CalendarDate', 'Local birth date as given.'),
      location: ref('BirthLocation', 'The birth place used.'),
      day: ref(
        'LocalPeriod',
        'The part of the day the answer covers (the windows, and the hours of `varying`): the whole local day, 00:00 to 24:00, or the part asked for (a time with a margin, or from/to).',
      ),
      wholeDay: ref('LocalPeriod', 'Only when a part of the day was asked for: the whole local day, 00:00 to 24:00.'),
    },
    ['wholeDay'],
  ),
  DayWindowChart: object("The window's whole chart, as POST /v1/chart gives it, without the birth echo.", CHART_CORE_PROPERTIES),
  DayWindow: object(
    'A stretch of birth instants that all give the same chart at gate.line level.',
    {
      from: ref('LocalReading', 'First birth instant of the window (included).'),
      to: ref('LocalReading', 'End of the window (excluded): the next window starts here.'),
      hours: hours('Length of the window in hours (4 decimals).'),
      changed: array("The activations that change at the window's start, sorted; empty for the first window.", ref('ActivationName'), {
        uniqueItems: true,
        maxItems: 26,
      }),
      type: ref('ChartType', 'Type during the window.'),
      authority: ref('Authority', 'Authority during the window.'),
      profile: ref('Profile', 'Profile during the window.'),
      definition: ref('Definition', 'Definition during the window.'),
      incarnationCross: ref('IncarnationCrossName', 'Name of the incarnation cross during the window.'),
      definedCenters: centerList('Defined centers during the window, in center order.'),
      activeChannels: array('Defined channels during the window, "gate1-gate2", sorted.', ref('ChannelKey'), { uniqueItems: true, maxItems: 36 }),
      chart: ref('DayWindowChart', 'Only with detail "full": the window\'s whole chart.'),
    },
    ['chart'],
  ),
  DayCertain: object(
    'What is the same in every window. A field whose value varies is left out here and listed under varying.',
    {
      type: ref('ChartType', 'Only when the same all span: the type.'),
      authority: ref('Authority', 'Only when the same all span: the authority.'),
      profile: ref('Profile', 'Only when the same all span: the profile.'),
      definition: ref('Definition', 'Only when the same all span: the definition.'),
      incarnationCross: ref('IncarnationCrossName', 'Only when the same all span: the incarnation cross.'),
      definedCenters: centerList('Centers defined all span, in center order.'),
      openCenters: centerList('Centers defined at no time of the span, in center order.'),
      activeChannels: array('Channels defined all span, "gate1-gate2", sorted.', ref('ChannelKey'), { uniqueItems: true, maxItems: 36 }),
      personality: planetMap('Personality bodies whose gate does not change (line too when it does not change either), keyed by body.', (p) =>
        object(
          `Personality ${p}: its gate, and its line when that is certain too.`,
          { gate: ref('GateNumber', 'The gate all span.'), line: ref('LineNumber', 'Only when certain too: the line all span.') },
          ['line'],
        ),
      ),
      design: planetMap('Design bodies whose gate does not change (line too when it does not change either), keyed by body.', (p) =>
        object(
          `Design ${p}: its gate, and its line when that is certain too.`,
          { gate: ref('GateNumber', 'The gate all span.'), line: ref('LineNumber', 'Only when certain too: the line all span.') },
          ['line'],
        ),
      ),
    },
    ['type', 'authority', 'profile', 'definition', 'incarnationCross'],
  ),
  DayVarying: object(
    'What changes during the span, with the hours each value holds (longest first; the hours of a field add up to the span).',
    {
      type: shares('Only when the type varies: each type and its hours.', ref('ChartType', 'A type.')),
      authority: shares('Only when the authority varies: each authority and its hours.', ref('Authority', 'An authority.')),
      profile: shares('Only when the profile varies: each profile and its hours.', ref('Profile', 'A profile.')),
      definition: shares('Only when the definition varies: each definition and its hours.', ref('Definition', 'A definition.')),
      incarnationCross: shares('Only when the cross varies: each cross name and its hours.', ref('IncarnationCrossName', 'A cross name.')),
      definedCenters: array(
        'Centers defined during part of the span, with the hours they are defined, longest first.',
        object('A center and how long it is defined.', { value: ref('CenterName', 'The center.'), hours: hours('Hours it is defined (4 decimals).') }),
        { maxItems: CENTERS.length },
      ),
      activeChannels: array(
        'Channels defined during part of the span, with the hours they are defined, longest first.',
        object('A channel and how long it is defined.', { value: ref('ChannelKey', 'The channel.'), hours: hours('Hours it is defined (4 decimals).') }),
        { maxItems: 36 },
      ),
      personality: planetMap('Personality bodies whose line changes: their "gate.line" values with hours, keyed by body.', (p) =>
        shares(`The gate.line values of personality ${p}, longest first.`, GATE_LINE_VALUE),
      ),
      design: planetMap('Design bodies whose line changes: their "gate.line" values with hours, keyed by body.', (p) =>
        shares(`The gate.line values of design ${p}, longest first.`, GATE_LINE_VALUE),
      ),
    },
    ['type', 'authority', 'profile', 'definition', 'incarnationCross'],
  ),
  DayCharts: object('POST /v1/chart/day: the charts of a birth day (or part of it) whose time is unknown.', {
    birth: ref('DayBirth', 'The day and place as understood.'),
    windowCount: integer('Number of windows.', 1),
    windows: array('The windows, in time order; together they cover the span.', ref('DayWindow'), { minItems: 1 }),
    certain: ref('DayCertain', 'What holds for every window.'),
    varying: ref('DayVarying', 'What changes, and for how long.'),
  }),
};
