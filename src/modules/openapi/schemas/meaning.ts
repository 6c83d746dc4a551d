/**
 * What a chart answer carries when asked for `meaning` (src/engine/meaning/annotate.ts), and the reference
 * library's answers (GET /v1/reference…). `withMeaning` adds the optional `meaning` property to the chart answers'
 * object schemas by the same rules of shape the annotation follows, so the schemas say exactly where texts appear.
 */
import { LABEL_FIELDS } from '../../../engine/meaning/annotate';
import { MEANING_LANGUAGES, VARIABLES } from '../../../engine/meaning/library';
import { array, integer, JsonSchema, object, partialObject, ref, string, stringEnum } from './json-schema';

const text = (description: string) => string(description, { minLength: 1 });

/** A reference item: the envelope every one has, then its own fields. */
function item(description: string, fields: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return object(
    `GET /v1/reference: ${description}`,
    {
      language: ref('MeaningLanguage', 'The language of the texts.'),
      licence: text('CC BY 4.0.'),
      attribution: text('How to credit the texts.'),
      kind: text('The kind asked for (gates, lines, channels, …).'),
      id: text('The item id: the label chart answers use.'),
      slug: text('The item id in URL form.'),
      ...fields,
    },
    optional,
  );
}
const named = (description: string) => object(description, { name: text('Name in the language.'), description: text('What it means.') });

export const MEANING_SCHEMAS: Record<string, JsonSchema> = {
  MeaningLanguage: stringEnum('A language of the meaning library.', MEANING_LANGUAGES),
  MeaningSource: object('The language of the meaning texts in this answer and their licence (only when `meaning` was asked for).', {
    language: ref('MeaningLanguage', 'The language of the texts.'),
    licence: text('CC BY 4.0: the texts are ours; reuse them with attribution.'),
  }),
  NamedMeaning: named('A name and what it means.'),
  GateMeaning: object("A gate's texts.", {
    iching: text('Name of its I Ching hexagram.'),
    name: text('Its Human Design name ("Gate of …").'),
    keynote: text('A short phrase.'),
    description: text('Two to four sentences.'),
  }),
  LineMeaning: object("An activation's texts: its gate in brief and its line.", {
    gate: object('The gate in brief.', { name: text('Its Human Design name.'), keynote: text('A short phrase.') }),
    line: object("The line's texts.", { keynote: text('A short phrase.'), text: text('One or two sentences.') }),
  }),
  ChannelMeaning: object("A channel's texts.", {
    name: text('Name in the language.'),
    keynote: text('A short phrase.'),
    description: text('Two to four sentences.'),
  }),
  CrossMeaning: object(
    "An incarnation cross's texts, with its geometry's and (for the chart's own cross object) its quarter's.",
    {
      name: text('Full name in the language.'),
      description: text('One to three sentences.'),
      geometry: ref('NamedMeaning', 'Right Angle, Juxtaposition or Left Angle.'),
      quarter: object('The quarter of the personality Sun.', { name: text('Name.'), theme: text('Its theme.'), description: text('What it means.') }),
    },
    ['quarter'],
  ),
  CenterMeaning: object("A center's texts, and the one for its state in this chart.", {
    name: text('Name in the language.'),
    theme: text('A short phrase.'),
    description: text('What the center is.'),
    state: stringEnum('Its state in this chart.', ['defined', 'open']),
    text: text('What it is like in that state.'),
  }),
  TypeMeaning: object("A type's texts.", {
    name: text('Name in the language.'),
    strategy: text('Its strategy, in the language.'),
    signature: text('Its signature.'),
    notSelfTheme: text('Its not-self theme.'),
    aura: text('Its aura.'),
    description: text('Two to four sentences.'),
  }),
  ProfileMeaning: object("A profile's texts, with its two lines'.", {
    name: text('Name in the language, e.g. "Heretic / Investigator".'),
    description: text('Two to four sentences.'),
    personalityLine: ref('NamedMeaning', 'The conscious (personality Sun) line.'),
    designLine: ref('NamedMeaning', 'The unconscious (design Sun) line.'),
  }),
  VariableMeaning: object(
    "A variable's texts: the arrow, its side, and its color, tone and base.",
    {
      name: text('Name of the variable.'),
      description: text('What it is.'),
      arrow: text('What its arrow pointing this way means.'),
      color: object(
        'Its color.',
        { name: text('Name.'), description: text('What it means.'), variant: text('Left or right variant (Determination, Environment).') },
        ['variant'],
      ),
      tone: ref('NamedMeaning', 'Its tone (cognition on the design side, sense on the personality side).'),
      base: ref('NamedMeaning', 'Its base.'),
    },
    ['arrow', 'color', 'tone', 'base'],
  ),
  LabelMeanings: partialObject('The texts of the labels this object names in plain strings, under the same field names.', {
    type: ref('TypeMeaning', 'The type named in `type`.'),
    authority: ref('NamedMeaning', 'The authority named in `authority`.'),
    profile: ref('ProfileMeaning', 'The profile named in `profile`.'),
    definition: ref('NamedMeaning', 'The definition named in `definition`.'),
    splitKind: ref('NamedMeaning', 'The split kind named in `splitKind`.'),
    incarnationCross: ref('CrossMeaning', 'The cross named in `incarnationCross`.'),
    centers: { type: 'object', description: 'Each center named here, with its state.', additionalProperties: ref('CenterMeaning') },
    activeChannels: { type: 'object', description: 'Each channel named here by its key ("10-20").', additionalProperties: ref('ChannelMeaning') },
  }),
  ReferenceIndex: object('GET /v1/reference: every item of the library by kind, with its id, slug and name in the language.', {
    language: ref('MeaningLanguage', 'The language of the texts.'),
    licence: text('CC BY 4.0.'),
    attribution: text('How to credit the texts.'),
    kinds: {
      type: 'object',
      description: 'Kind → its items in their natural order.',
      additionalProperties: array(
        'The items.',
        object('An item.', { id: text('Its id: the label chart answers use.'), slug: text('Its id in URL form.'), name: text('Its name in the language.') }),
      ),
    },
  }),
  ReferenceItem: {
    description:
      "GET /v1/reference/{kind}/{id} and /v1/reference/gates/{gate}/lines/{line}: one item's texts in the language, and the facts the chart tables hold about it.",
    anyOf: [
      ref('ReferenceGate'),
      ref('ReferenceLine'),
      ref('ReferenceChannel'),
      ref('ReferenceCircuit'),
      ref('ReferenceCenter'),
      ref('ReferenceType'),
      ref('ReferenceNamed'),
      ref('ReferenceProfile'),
      ref('ReferenceQuarter'),
      ref('ReferenceCross'),
      ref('ReferenceVariable'),
    ],
  },
  ReferenceGate: item('A gate.', {
    gate: integer('Gate number.', 1, 64),
    center: ref('CenterName', 'Its center.'),
    quarter: ref('Quarter', 'Its quarter of the wheel.'),
    channels: array('The channels it is a gate of, by key.', string('Channel key, e.g. "1-8".')),
    iching: text('Name of its I Ching hexagram.'),
    name: text('Its Human Design name.'),
    keynote: text('A short phrase.'),
    description: text('Two to four sentences.'),
    lines: array(
      'Its six lines.',
      object('A line.', { line: integer('Line number.', 1, 6), keynote: text('A short phrase.'), text: text('One or two sentences.') }),
      { minItems: 6, maxItems: 6 },
    ),
  }),
  ReferenceLine: item('A line of a gate.', {
    gate: integer('Gate number.', 1, 64),
    line: integer('Line number.', 1, 6),
    gateName: text("The gate's Human Design name."),
    keynote: text('A short phrase.'),
    text: text('One or two sentences.'),
  }),
  ReferenceChannel: item('A channel.', {
    gates: array('Its two gates.', integer('Gate number.', 1, 64), { minItems: 2, maxItems: 2 }),
    centers: array('The centers of its gates, in order.', ref('CenterName', 'A center.'), { minItems: 2, maxItems: 2 }),
    label: ref('ChannelName', 'Its English name, as chart answers give it.'),
    circuitGroup: ref('CircuitGroup', 'Its circuit group.'),
    circuit: ref('Circuit', 'Its circuit.'),
    name: text('Name in the language.'),
    keynote: text('A short phrase.'),
    description: text('Two to four sentences.'),
    circuitText: object('Its circuit group and circuit explained.', { group: ref('NamedMeaning', 'The group.'), circuit: ref('NamedMeaning', 'The circuit.') }),
  }),
  ReferenceCircuit: item('A circuit group or a circuit.', {
    level: stringEnum('A group, or a circuit within one.', ['group', 'circuit']),
    channels: array('Its channels, by key.', string('Channel key.')),
    name: text('Name in the language.'),
    description: text('What it means.'),
  }),
  ReferenceCenter: item('A center.', {
    kinds: array('What kind of center it is (RULES 3).', stringEnum('A kind.', ['pressure', 'awareness', 'expression', 'identity', 'motor'])),
    motor: { type: 'boolean', description: 'One of the four motors.' },
    gates: array('Its gates.', integer('Gate number.', 1, 64)),
    name: text('Name in the language.'),
    theme: text('A short phrase.'),
    description: text('What the center is.'),
    defined: text('What it is like defined.'),
    open: text('What it is like undefined or open.'),
  }),
  ReferenceType: item('A type.', {
    facts: object('Strategy, signature, not-self theme and aura as the chart answers name them (English).', {
      strategy: text('Strategy.'),
      signature: text('Signature.'),
      notSelfTheme: text('Not-self theme.'),
      aura: text('Aura.'),
    }),
    name: text('Name in the language.'),
    strategy: text('Its strategy in the language.'),
    signature: text('Its signature.'),
    notSelfTheme: text('Its not-self theme.'),
    aura: text('Its aura.'),
    description: text('Two to four sentences.'),
  }),
  ReferenceNamed: item(
    'An authority or a definition.',
    {
      name: text('Name in the language.'),
      description: text('What it means.'),
      splitKinds: object('For Split Definition: its two kinds.', { simple: ref('NamedMeaning', 'Simple split.'), wide: ref('NamedMeaning', 'Wide split.') }),
    },
    ['splitKinds'],
  ),
  ReferenceProfile: item('A profile.', {
    lines: array('Its personality and design lines.', integer('Line.', 1, 6), { minItems: 2, maxItems: 2 }),
    geometry: ref('CrossGeometry', 'The cross geometry it gives.'),
    name: text('Name in the language.'),
    description: text('Two to four sentences.'),
    personalityLine: ref('NamedMeaning', 'Its conscious line.'),
    designLine: ref('NamedMeaning', 'Its unconscious line.'),
  }),
  ReferenceQuarter: item('A quarter of the wheel.', {
    gates: array('Its 16 gates in wheel order.', integer('Gate number.', 1, 64), { minItems: 16, maxItems: 16 }),
    name: text('Name in the language.'),
    theme: text('Its theme.'),
    description: text('What it means.'),
  }),
  ReferenceCross: item('An incarnation cross.', {
    gates: array('Its four gates: personality Sun, personality Earth, design Sun, design Earth.', integer('Gate number.', 1, 64), { minItems: 4, maxItems: 4 }),
    geometry: ref('CrossGeometry', 'Its geometry.'),
    quarter: ref('Quarter', 'The quarter of its personality Sun gate.'),
    name: text('Full name in the language.'),
    description: text('One to three sentences.'),
    geometryText: ref('NamedMeaning', 'Its geometry explained.'),
  }),
  ReferenceVariable: item('A variable (an arrow).', {
    side: stringEnum('The side its activation is on.', ['design', 'personality']),
    name: text('Name in the language.'),
    description: text('What it is.'),
    left: text('What a left arrow means.'),
    right: text('What a right arrow means.'),
    colors: array(
      'Its six colors.',
      object(
        'A color.',
        {
          color: integer('Color.', 1, 6),
          name: text('Name.'),
          left: text('Left variant.'),
          right: text('Right variant.'),
          description: text('What it means.'),
        },
        ['left', 'right'],
      ),
      { minItems: 6, maxItems: 6 },
    ),
    tones: array('Its six tones.', object('A tone.', { tone: integer('Tone.', 1, 6), name: text('Name.'), description: text('What it means.') }), {
      minItems: 6,
      maxItems: 6,
    }),
    bases: array('The five bases.', object('A base.', { base: integer('Base.', 1, 5), name: text('Name.'), description: text('What it means.') }), {
      minItems: 5,
      maxItems: 5,
    }),
  }),
};

type Role = 'gateEntry' | 'cross' | 'variable';

/**
 * The chart answers' schemas with the optional `meaning` of each object that can carry one (the rules of
 * engine/meaning/annotate.ts, read on the schema: a channel has gate1 and gate2; an activation a gate and a line; a
 * gate entry a gate, or is the value of activatedGates; the incarnationCross object; a variable; an object naming
 * labels in strings), and `meaningSource` on the top-level answers.
 */
export function withMeaning(schemas: Record<string, JsonSchema>, answers: readonly string[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    // Components met through a $ref: their role comes from their name (the key they sit under is not known here).
    const role =
      name === 'GateActivation'
        ? 'gateEntry'
        : name === 'IncarnationCross'
          ? 'cross'
          : /^(Determination|Environment|Motivation|Perspective)Variable$/.test(name)
            ? 'variable'
            : undefined;
    let s = visit(schema, role);
    if (answers.includes(name) && s.properties) s = { ...s, properties: { ...s.properties, meaningSource: ref('MeaningSource', 'Only with `meaning`.') } };
    out[name] = s;
  }
  return out;
}

function visit(schema: JsonSchema, role?: Role, key?: string): JsonSchema {
  let s: JsonSchema = { ...schema };
  if (s.properties) {
    const properties: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(s.properties)) properties[k] = visit(v, k === 'incarnationCross' ? 'cross' : undefined, k);
    s.properties = properties;
  }
  if (s.items && typeof s.items === 'object') s.items = visit(s.items, undefined, key);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    s.additionalProperties = visit(s.additionalProperties, key === 'activatedGates' ? 'gateEntry' : undefined);
  const meaning = meaningOf(s, role, key);
  if (meaning && s.properties && !('meaning' in s.properties))
    s = { ...s, properties: { ...s.properties, meaning: { ...meaning, description: 'Only with `meaning`: ' + (meaning.description ?? 'what this means.') } } };
  return s;
}

function meaningOf(s: JsonSchema, role: Role | undefined, key: string | undefined): JsonSchema | undefined {
  const p = s.properties;
  if (!p) return undefined;
  if ('gate1' in p && 'gate2' in p) return ref('ChannelMeaning', "the channel's texts.");
  if (role === 'gateEntry') return ref('GateMeaning', "the gate's texts.");
  if ('gate' in p) {
    if (!('line' in p)) return ref('GateMeaning', "the gate's texts.");
    const lineOptional = !(s.required ?? []).includes('line');
    return lineOptional
      ? { anyOf: [ref('LineMeaning'), ref('GateMeaning')], description: "the gate and line texts (the gate's alone when no line is given)." }
      : ref('LineMeaning', 'the gate and line texts.');
  }
  if (role === 'cross' && 'name' in p) return ref('CrossMeaning', "the cross's texts.");
  if ((role === 'variable' || (key && (VARIABLES as readonly string[]).includes(key))) && 'color' in p && 'tone' in p)
    return ref('VariableMeaning', "the variable's texts.");
  if (Object.keys(p).some((f) => LABEL_FIELDS.has(f))) return ref('LabelMeanings', 'the texts of the labels named here.');
  return undefined;
}
