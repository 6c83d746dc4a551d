/**
 * Enumerations and scalar building blocks shared by every answer: bodies, centers, the chart's labels, the
 * mandala's numbers, instants. The values come from the engine's own tables (src/engine/types.ts,
 * src/engine/tables/*), so the document cannot name a label the engine does not give or miss one it does; the few
 * labels the engine holds only as TypeScript unions are listed in src/engine/tables/labels.ts and checked against
 * those unions at compile time. schemas.spec.ts checks all of them against RULES.md (the independent source).
 */
import { STATION_BODIES } from '../../../engine/search/ingresses';
import { CHANNELS as ENGINE_CHANNELS } from '../../../engine/tables/channels';
import { AUTHORITIES, CIRCUIT_GROUPS, CIRCUITS, CROSS_GEOMETRIES, CROSS_NAMES, DEFINITIONS, PROFILES } from '../../../engine/tables/labels';
import { LINE_NAMES as ENGINE_LINE_NAMES } from '../../../engine/tables/profiles';
import { QUARTERS } from '../../../engine/tables/quarters';
import { TYPE_DETAILS } from '../../../engine/tables/type-details';
import {
  DETERMINATION_COLORS as ENGINE_DETERMINATION,
  ENVIRONMENT_COLORS as ENGINE_ENVIRONMENT,
  MOTIVATION_COLORS as ENGINE_MOTIVATION,
  PERSPECTIVE_COLORS as ENGINE_PERSPECTIVE,
} from '../../../engine/tables/variable-names';
import { CENTERS, type HdType, PLANETS } from '../../../engine/types';
import { integer, JsonSchema, number, string, stringEnum } from './json-schema';

export { AUTHORITIES, CENTERS, CIRCUIT_GROUPS, CIRCUITS, CROSS_GEOMETRIES, DEFINITIONS, PLANETS, PROFILES, QUARTERS, STATION_BODIES };

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

export const CHART_TYPES = Object.keys(TYPE_DETAILS) as HdType[];
export const STRATEGIES = unique(Object.values(TYPE_DETAILS).map((t) => t.strategy));
export const SIGNATURES = unique(Object.values(TYPE_DETAILS).map((t) => t.signature));
export const NOT_SELF_THEMES = unique(Object.values(TYPE_DETAILS).map((t) => t.notSelfTheme));
export const AURAS = unique(Object.values(TYPE_DETAILS).map((t) => t.aura));

/** The 12 profiles (personality Sun line / design Sun line) and their line names (RULES 8). */
export const LINE_NAMES = ENGINE_LINE_NAMES.slice(1);
export const PROFILE_NAMES = PROFILES.map((p) => {
  const [a, b] = p.split('/').map(Number);
  return `${LINE_NAMES[a - 1]} / ${LINE_NAMES[b - 1]}`;
});

/** The 192 cross names (RULES 9.3): three per personality Sun gate. */
export const INCARNATION_CROSS_NAMES = CROSS_NAMES;

/** The 36 channels as [gate1, gate2, name], gate1 the lower gate (RULES 4). */
export const CHANNELS = ENGINE_CHANNELS.map((c) => [c.gate1, c.gate2, c.name] as const);
export const CHANNEL_KEYS = CHANNELS.map(([a, b]) => `${a}-${b}`);
export const CHANNEL_NAMES = CHANNELS.map(([, , name]) => name);

/** Names of the six colors of each variable (RULES 10.2), index = color - 1; Determination and Environment have left/right variants. */
export const DETERMINATION_COLORS = ENGINE_DETERMINATION.map((c) => [c.name, c.left!, c.right!] as const);
export const ENVIRONMENT_COLORS = ENGINE_ENVIRONMENT.map((c) => [c.name, c.left!, c.right!] as const);
export const MOTIVATION_COLORS = ENGINE_MOTIVATION.map((c) => c.name);
export const PERSPECTIVE_COLORS = ENGINE_PERSPECTIVE.map((c) => c.name);

/** "personality.sun" … "design.pluto": the 26 activations, as the day operation names what changes. */
export const ACTIVATION_NAMES = (['personality', 'design'] as const).flatMap((side) => PLANETS.map((p) => `${side}.${p}`));

/** Gate numbers 1–64 written as JSON object keys. */
export const GATE_KEY_PATTERN = '^([1-9]|[1-5][0-9]|6[0-4])$';
/** "+01:00", "-05:00", "+05:45", "+00:19:32" (local mean time has seconds). */
export const UTC_OFFSET_PATTERN = '^[+-][0-9]{2}:[0-5][0-9](:[0-5][0-9])?$';
/** ISO 8601 UTC to the second, the form of every instant in the answers ("1948-04-09T05:14:00Z"). */
export const UTC_SECOND_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$';

export const LABEL_SCHEMAS: Record<string, JsonSchema> = {
  Planet: stringEnum(
    'One of the 13 bodies of a chart: Sun, Earth (Sun + 180°), North Node, South Node (North Node + 180°), Moon and Mercury to Pluto.',
    PLANETS,
  ),
  StationBody: stringEnum('A body that can station (turn retrograde or direct): Mercury to Pluto.', STATION_BODIES),
  CenterName: stringEnum('One of the nine centers of the bodygraph.', CENTERS),
  NodeType: stringEnum('Lunar node used for the North and South Node: "true" (osculating, the standard) or "mean".', ['true', 'mean']),
  ChartType: stringEnum('Human Design type (RULES 5.1).', CHART_TYPES),
  Strategy: stringEnum('Strategy of the type (RULES 5.2).', STRATEGIES),
  Signature: stringEnum('Signature of the type: the feeling when living by the strategy (RULES 5.2).', SIGNATURES),
  NotSelfTheme: stringEnum('Not-self theme of the type: the feeling when not living by the strategy (RULES 5.2).', NOT_SELF_THEMES),
  Aura: stringEnum('Aura of the type (RULES 5.2).', AURAS),
  Authority: stringEnum('Inner authority, the first that applies in the precedence of RULES 6.1.', AUTHORITIES),
  Definition: stringEnum('Number of separate areas of definition (connected groups of defined centers), RULES 7.1.', DEFINITIONS),
  SplitKind: {
    type: ['string', 'null'],
    description: 'For a Split Definition: "simple" when one more gate would join the two areas, "wide" when it takes more; null for any other definition.',
    enum: ['simple', 'wide', null],
  },
  Profile: stringEnum('Profile "personality Sun line/design Sun line"; only these 12 exist (RULES 8).', PROFILES),
  ProfileNames: stringEnum('The profile\'s two line names, "personality line name / design line name" (e.g. "Heretic / Investigator").', PROFILE_NAMES),
  CrossGeometry: stringEnum(
    'Angle of the incarnation cross, set by the profile: Juxtaposition only for 4/1, Left Angle for 5/1, 5/2, 6/2, 6/3, else Right Angle.',
    CROSS_GEOMETRIES,
  ),
  Quarter: stringEnum('Quarter of the wheel that holds the personality Sun gate (RULES 9.4).', QUARTERS),
  IncarnationCrossName: stringEnum(
    'Name of the incarnation cross: geometry + theme, with the variant number for Right (1–4) and Left (1–2) Angle crosses (RULES 9.3).',
    INCARNATION_CROSS_NAMES,
  ),
  CircuitGroup: stringEnum('Circuit group of a channel (RULES 4).', CIRCUIT_GROUPS),
  Circuit: stringEnum('Circuit of a channel within its group (RULES 4).', CIRCUITS),
  ChannelName: stringEnum('Name of one of the 36 channels (RULES 4).', CHANNEL_NAMES),
  ChannelKey: stringEnum('A channel written "lowerGate-higherGate" (e.g. "10-20"); one of the 36 channels.', CHANNEL_KEYS),
  ActivationName: stringEnum('One of the 26 activations, `personality.<body>` or `design.<body>`.', ACTIVATION_NAMES),
  VariableArrow: stringEnum('Direction of a variable\'s arrow: "left" for tones 1–3, "right" for tones 4–6 (RULES 10.1).', ['left', 'right']),
  DeterminationName: stringEnum(
    'Name of the determination color (RULES 10.2), color 1–6 in order.',
    DETERMINATION_COLORS.map(([name]) => name),
  ),
  DeterminationVariant: stringEnum(
    'Left or right variant of a determination (RULES 10.2).',
    DETERMINATION_COLORS.flatMap(([, left, right]) => [left, right]),
  ),
  EnvironmentName: stringEnum(
    'Name of the environment color (RULES 10.2), color 1–6 in order.',
    ENVIRONMENT_COLORS.map(([name]) => name),
  ),
  EnvironmentVariant: stringEnum(
    'Left or right variant of an environment (RULES 10.2).',
    ENVIRONMENT_COLORS.flatMap(([, left, right]) => [left, right]),
  ),
  MotivationName: stringEnum('Name of a motivation color (RULES 10.2), color 1–6 in order.', MOTIVATION_COLORS),
  PerspectiveName: stringEnum('Name of a perspective color (RULES 10.2), color 1–6 in order.', PERSPECTIVE_COLORS),
  GateNumber: integer('A gate of the mandala, 1–64.', 1, 64),
  LineNumber: integer('A line of a gate, 1–6.', 1, 6),
  ColorNumber: integer('A color of a line, 1–6.', 1, 6),
  ToneNumber: integer('A tone of a color, 1–6.', 1, 6),
  BaseNumber: integer('A base of a tone, 1–5.', 1, 5),
  Longitude: number('Apparent geocentric tropical ecliptic longitude of date, degrees, rounded to 6 decimals, 0 ≤ x < 360.', {
    minimum: 0,
    exclusiveMaximum: 360,
  }),
  UtcInstant: string('An instant in UTC, ISO 8601 to the second with "Z" (e.g. "1948-04-09T05:14:00Z").', { format: 'date-time', pattern: UTC_SECOND_PATTERN }),
  UtcOffset: string('Offset of local time from UTC, "+HH:MM" or, for local mean time, "+HH:MM:SS".', { pattern: UTC_OFFSET_PATTERN }),
  CalendarDate: string('A calendar date, YYYY-MM-DD.', { format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
};
