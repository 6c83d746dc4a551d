/**
 * POST /v1/chart and /v1/chart/advanced (src/modules/chart/jobs/present.ts: presentChart, presentAdvanced), the birth echo
 * every chart carries (src/engine/natal/birth.ts) and the one-line chart summary used inside composites, transits,
 * the Penta and the time series (presentSummary).
 */
import { array, JsonSchema, keyedObject, number, object, ref, string } from '../../openapi/schemas/json-schema';
import { CENTERS, GATE_KEY_PATTERN, PLANETS } from '../../openapi/schemas/labels';

const centerList = (description: string): JsonSchema => array(description, ref('CenterName'), { uniqueItems: true, maxItems: CENTERS.length });
const gateList = (description: string, maxItems?: number): JsonSchema =>
  array(description, ref('GateNumber'), maxItems === undefined ? { uniqueItems: true } : { uniqueItems: true, maxItems });

/** Properties of POST /v1/chart, shared with the day's full windows (which leave out `birth`). */
export const CHART_CORE_PROPERTIES: Record<string, JsonSchema> = {
  type: ref('ChartType', 'Human Design type.'),
  strategy: ref('Strategy', 'Strategy of the type.'),
  authority: ref('Authority', 'Inner authority.'),
  profile: ref('Profile', 'Profile, personality Sun line / design Sun line.'),
  definition: ref('Definition', 'How many separate areas of definition the chart has.'),
  signature: ref('Signature', 'Signature of the type.'),
  notSelfTheme: ref('NotSelfTheme', 'Not-self theme of the type.'),
  incarnationCross: ref('IncarnationCross', 'Incarnation cross: name, geometry, quarter and its four gates.'),
  definedCenters: centerList('Defined centers, in the order Head, Ajna, Throat, G, Heart, Sacral, Solar Plexus, Spleen, Root.'),
  openCenters: centerList('Centers that are not defined (same order); definedCenters and openCenters together are the nine centers.'),
  activeChannels: array('Defined channels (both gates activated), sorted by gate1 then gate2.', ref('Channel'), { uniqueItems: true, maxItems: 36 }),
  activatedGates: ref('ActivatedGates', 'Every activated gate, keyed by gate number, with the bodies activating it on each side.'),
  personality: ref('Activations', 'Gate and line of the 13 personality (conscious, birth-moment) activations.'),
  design: ref('Activations', 'Gate and line of the 13 design (unconscious, about 88° of Sun before birth) activations.'),
};

export const CHART_SCHEMAS: Record<string, JsonSchema> = {
  Activation: object('Where a body stands on the mandala, at gate.line level.', {
    gate: ref('GateNumber', 'Gate the body is in.'),
    line: ref('LineNumber', 'Line of that gate.'),
  }),
  ActivationDetailed: object('Where a body stands on the mandala, down to the base (RULES 1.3).', {
    longitude: ref('Longitude', 'Ecliptic longitude of the body, degrees [0, 360), 6 decimals.'),
    gate: ref('GateNumber', 'Gate the body is in.'),
    line: ref('LineNumber', 'Line of that gate.'),
    color: ref('ColorNumber', 'Color of that line.'),
    tone: ref('ToneNumber', 'Tone of that color.'),
    base: ref('BaseNumber', 'Base of that tone.'),
  }),
  Activations: keyedObject('The 13 bodies of one side (personality, design or a transit) at gate.line level, keyed by body.', PLANETS, (p) =>
    ref('Activation', `Gate and line of ${p}.`),
  ),
  ActivationsDetailed: keyedObject('The 13 bodies of one side (personality, design or a transit) down to the base, keyed by body.', PLANETS, (p) =>
    ref('ActivationDetailed', `Longitude, gate, line, color, tone and base of ${p}.`),
  ),
  GateActivation: object('Which bodies activate one gate, per side (either list may be empty, not both).', {
    personality: array('Personality bodies in the gate, in the body order of Planet.', ref('Planet'), { uniqueItems: true, maxItems: 13 }),
    design: array('Design bodies in the gate, in the body order of Planet.', ref('Planet'), { uniqueItems: true, maxItems: 13 }),
  }),
  ActivatedGates: {
    type: 'object',
    description: 'Map from gate number ("1"–"64", as JSON object keys) to the bodies activating that gate; only activated gates appear (2 to 26 of them).',
    propertyNames: { type: 'string', pattern: GATE_KEY_PATTERN },
    additionalProperties: ref('GateActivation'),
    minProperties: 1,
    maxProperties: 26,
  },
  Channel: object('A channel: two gates joined, named (RULES 4).', {
    gate1: ref('GateNumber', 'The lower gate number of the channel.'),
    gate2: ref('GateNumber', 'The higher gate number of the channel.'),
    name: ref('ChannelName', 'Name of the channel.'),
    circuit: ref('Circuit', 'Circuit the channel belongs to.'),
  }),
  ChannelDetailed: object('A channel with its circuit group and the centers it joins.', {
    gate1: ref('GateNumber', 'The lower gate number of the channel.'),
    gate2: ref('GateNumber', 'The higher gate number of the channel.'),
    name: ref('ChannelName', 'Name of the channel.'),
    circuit: ref('Circuit', 'Circuit the channel belongs to.'),
    circuitGroup: ref('CircuitGroup', 'Circuit group of that circuit.'),
    centers: {
      type: 'array',
      description: 'Centers of gate1 and of gate2, in that order.',
      prefixItems: [ref('CenterName', 'Center of gate1.'), ref('CenterName', 'Center of gate2.')],
      minItems: 2,
      maxItems: 2,
      items: false,
    },
  }),
  IncarnationCross: object('The incarnation cross (RULES 9).', {
    name: ref('IncarnationCrossName', 'Full name, e.g. "Left Angle Cross of the Clarion 1".'),
    geometry: ref('CrossGeometry', 'Angle of the cross, from the profile.'),
    quarter: ref('Quarter', 'Quarter of the personality Sun gate.'),
    gates: {
      type: 'array',
      description: 'The four gates: personality Sun, personality Earth, design Sun, design Earth.',
      prefixItems: [
        ref('GateNumber', 'Personality Sun gate.'),
        ref('GateNumber', 'Personality Earth gate.'),
        ref('GateNumber', 'Design Sun gate.'),
        ref('GateNumber', 'Design Earth gate.'),
      ],
      minItems: 4,
      maxItems: 4,
      items: false,
    },
  }),
  BirthLocation: object(
    'The birth place as resolved: from the gazetteer for a location, or the given coordinates (then name, region, country and countryCode are empty strings).',
    {
      name: string('Place name as the gazetteer has it (e.g. "Montréal"); "" when only coordinates were given.'),
      region: string('First-level region (state, province…); "" when unknown or only coordinates were given.'),
      country: string('Country name in English; "" when only coordinates were given.'),
      countryCode: string('ISO 3166-1 alpha-2 country code; "" when only coordinates were given.', { pattern: '^([A-Z]{2})?$' }),
      latitude: number('Latitude used, decimal degrees north (the given one when coordinates were sent).', { minimum: -90, maximum: 90 }),
      longitude: number('Longitude used, decimal degrees east (it also sets local mean time before standard time).', { minimum: -180, maximum: 180 }),
      timezone: string("IANA time zone used for the local time (the given timezone, or the place's / the coordinates').", { minLength: 1 }),
      placeId: {
        type: 'integer',
        description:
          'The GeoNames id of the place (https://www.geonames.org/ and the id), when it came from the gazetteer (by location or placeId); send it as placeId to name exactly this place.',
      },
      alternatives: {
        type: 'integer',
        minimum: 1,
        description: 'Only when the name was ambiguous: how many other places of that name were passed over (add region or country to choose another).',
      },
      asWritten: string('Only when the caller wrote the place another way than its usual name (e.g. "Москва" for Moscow): the name as written.'),
    },
    ['placeId', 'alternatives', 'asWritten'],
  ),
  BirthEcho: object(
    'The birth data as understood: local date and time, the place, and the instants computed from them.',
    {
      date: ref('CalendarDate', 'Local birth date as given.'),
      time: string('Local birth time as given, HH:MM on a 24-hour clock.', { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
      location: ref('BirthLocation', 'The birth place used.'),
      utcOffset: ref('UtcOffset', 'Offset of the local time from UTC at the birth (local mean time before the zone had standard time).'),
      utc: ref('UtcInstant', 'The birth instant in UTC.'),
      note: string(
        'Only when the local time needed interpreting: a clock change (time skipped or repeated) or local mean time before standard time, and what was done.',
      ),
      designUtc: ref('UtcInstant', 'The design instant in UTC: when the Sun stood 88° before its birth position.'),
    },
    ['note'],
  ),
  DeterminationVariable: object("Determination (top-left arrow): the design Sun's color, tone and base.", {
    color: ref('ColorNumber', 'Color of the design Sun; names the determination.'),
    tone: ref('ToneNumber', 'Tone of the design Sun; sets the arrow.'),
    base: ref('BaseNumber', 'Base of the design Sun.'),
    arrow: ref('VariableArrow', 'Arrow direction, left for tones 1–3.'),
    name: ref('DeterminationName', 'Name of the determination color.'),
    variant: ref('DeterminationVariant', 'The left or right variant of that determination.'),
  }),
  EnvironmentVariable: object("Environment (bottom-left arrow): the design North Node's color, tone and base.", {
    color: ref('ColorNumber', 'Color of the design North Node; names the environment.'),
    tone: ref('ToneNumber', 'Tone of the design North Node; sets the arrow.'),
    base: ref('BaseNumber', 'Base of the design North Node.'),
    arrow: ref('VariableArrow', 'Arrow direction, left for tones 1–3.'),
    name: ref('EnvironmentName', 'Name of the environment color.'),
    variant: ref('EnvironmentVariant', 'The left or right variant of that environment.'),
  }),
  MotivationVariable: object("Motivation (top-right arrow): the personality Sun's color, tone and base.", {
    color: ref('ColorNumber', 'Color of the personality Sun; names the motivation.'),
    tone: ref('ToneNumber', 'Tone of the personality Sun; sets the arrow.'),
    base: ref('BaseNumber', 'Base of the personality Sun.'),
    arrow: ref('VariableArrow', 'Arrow direction, left for tones 1–3.'),
    name: ref('MotivationName', 'Name of the motivation color.'),
    shadow: ref('MotivationName', 'The transference: the motivation three colors away.'),
  }),
  PerspectiveVariable: object("Perspective (bottom-right arrow): the personality North Node's color, tone and base.", {
    color: ref('ColorNumber', 'Color of the personality North Node; names the perspective.'),
    tone: ref('ToneNumber', 'Tone of the personality North Node; sets the arrow.'),
    base: ref('BaseNumber', 'Base of the personality North Node.'),
    arrow: ref('VariableArrow', 'Arrow direction, left for tones 1–3.'),
    name: ref('PerspectiveName', 'Name of the perspective color.'),
    shadow: ref('PerspectiveName', 'The distraction: the perspective three colors away.'),
  }),
  Variables: object('The four variables (arrows), RULES 10.', {
    determination: ref('DeterminationVariable', 'Top-left arrow, from the design Sun.'),
    environment: ref('EnvironmentVariable', 'Bottom-left arrow, from the design North Node.'),
    motivation: ref('MotivationVariable', 'Top-right arrow, from the personality Sun.'),
    perspective: ref('PerspectiveVariable', 'Bottom-right arrow, from the personality North Node.'),
    notation: string('Short form `P<motivation><perspective> D<determination><environment>` with L/R for each arrow, e.g. `PLR DLL`.', {
      pattern: '^P[LR]{2} D[LR]{2}$',
    }),
  }),
  Chart: object('POST /v1/chart: the Human Design chart of one birth.', {
    ...CHART_CORE_PROPERTIES,
    birth: ref('BirthEcho', 'The birth data as understood, with the birth and design instants.'),
  }),
  AdvancedChart: object('POST /v1/chart/advanced: the chart with every detail the engine computes.', {
    ...CHART_CORE_PROPERTIES,
    activeChannels: array('Defined channels, sorted by gate1 then gate2, with circuit group and centers.', ref('ChannelDetailed'), {
      uniqueItems: true,
      maxItems: 36,
    }),
    personality: ref('ActivationsDetailed', 'The 13 personality activations down to the base, with longitudes.'),
    design: ref('ActivationsDetailed', 'The 13 design activations down to the base, with longitudes.'),
    birth: ref('BirthEcho', 'The birth data as understood, with the birth and design instants.'),
    profileNames: ref('ProfileNames', "The profile's two line names."),
    aura: ref('Aura', 'Aura of the type.'),
    splitKind: ref('SplitKind', 'simple/wide for a Split Definition, else null.'),
    bridgingGates: gateList('Gates that would each join the two areas of a split (sorted); empty unless the split is simple.'),
    definitionAreas: array(
      'The areas of definition, each as its centers in center order, ordered by their first center; empty for No Definition.',
      centerList('The centers of one area of definition.'),
      { maxItems: 4 },
    ),
    hangingGates: gateList('Activated gates that are not part of a defined channel (sorted).', 26),
    variables: ref('Variables', 'The four variables (arrows).'),
    nodeType: ref('NodeType', 'Lunar node used.'),
    birthJdUt: number('Julian day (UT) of the birth instant.'),
    designJdUt: number('Julian day (UT) of the design instant.'),
  }),
  ChartSummary: object("A person's headline chart facts (inside composite, transit, Penta and time-series answers).", {
    type: ref('ChartType', 'Human Design type.'),
    authority: ref('Authority', 'Inner authority.'),
    profile: ref('Profile', 'Profile.'),
    definition: ref('Definition', 'Definition.'),
    incarnationCross: ref('IncarnationCrossName', 'Name of the incarnation cross (a string here; the full chart gives an object).'),
    definedCenters: centerList('Defined centers, in center order.'),
    activeChannels: array('Defined channels as "gate1-gate2", sorted.', ref('ChannelKey'), { uniqueItems: true, maxItems: 36 }),
    birth: ref('BirthEcho', 'The birth data as understood.'),
  }),
};
