/**
 * POST /v1/chart/penta: the group (Penta) analysis of 3–5 people (src/engine/relations/penta.ts, docs/penta.md) plus each
 * member's chart summary (src/modules/chart/jobs/chart-jobs.ts: pentaJob).
 */
import { array, boolean, integer, JsonSchema, object, ref } from '../../openapi/schemas/json-schema';

/** The 12 Penta gates in drawing order, and its 6 channels (src/engine/relations/penta.ts). */
export const PENTA_GATES = [31, 8, 33, 7, 1, 13, 15, 2, 46, 5, 14, 29] as const;
export const PENTA_CHANNEL_KEYS = ['7-31', '1-8', '13-33', '5-15', '2-14', '29-46'] as const;

const members = (description: string, minItems = 0): JsonSchema =>
  array(description, ref('PentaMemberIndex'), minItems ? { uniqueItems: true, minItems, maxItems: 5 } : { uniqueItems: true, maxItems: 5 });
const pentaGates = (description: string): JsonSchema => array(description, ref('PentaGateNumber'), { uniqueItems: true, maxItems: 12 });
const pentaChannels = (description: string): JsonSchema => array(description, ref('PentaChannelKey'), { uniqueItems: true, maxItems: 6 });

export const GROUP_SCHEMAS: Record<string, JsonSchema> = {
  PentaPart: {
    type: 'string',
    description: 'Upper Penta (the three Throat–G channels) or lower Penta (the three G–Sacral channels).',
    enum: ['upper', 'lower'],
  },
  PentaSide: { type: 'string', description: "Side of a member's chart that activates a gate.", enum: ['personality', 'design'] },
  PentaChannelFormation: {
    type: ['string', 'null'],
    description: '"single-member": at least one member has both gates alone; "across-members": only the combination has both; null when the channel is a gap.',
    enum: ['single-member', 'across-members', null],
  },
  PentaGateNumber: { type: 'integer', description: 'One of the 12 Penta gates (Throat 31 8 33, G 7 1 13 15 2 46, Sacral 5 14 29).', enum: PENTA_GATES },
  PentaChannelKey: { type: 'string', description: 'One of the 6 Penta channels, "lowerGate-higherGate".', enum: PENTA_CHANNEL_KEYS },
  PentaMemberIndex: integer("0-based position of a member in the request's members list.", 0, 4),
  PentaSupplier: object("One member's share in a Penta gate.", {
    member: ref('PentaMemberIndex', 'The member.'),
    sides: array('Sides of that member activating the gate, personality first.', ref('PentaSide'), { uniqueItems: true, minItems: 1, maxItems: 2 }),
  }),
  PentaGate: object('One of the 12 Penta gates in the group.', {
    gate: ref('PentaGateNumber', 'The gate.'),
    center: { type: 'string', description: 'Center of the gate.', enum: ['Throat', 'G', 'Sacral'] },
    part: ref('PentaPart', 'Upper or lower Penta.'),
    channel: ref('PentaChannelKey', 'The Penta channel this gate belongs to.'),
    present: boolean('True when at least one member activates the gate.'),
    members: members('Members activating the gate, ascending (empty when absent).'),
    suppliers: array('The same members with the sides that activate the gate.', ref('PentaSupplier'), { maxItems: 5 }),
  }),
  PentaChannel: object('One of the 6 Penta channels in the group.', {
    gate1: ref('PentaGateNumber', 'The lower gate number.'),
    gate2: ref('PentaGateNumber', 'The higher gate number.'),
    key: ref('PentaChannelKey', 'The channel as "gate1-gate2".'),
    name: ref('ChannelName', 'Name of the channel.'),
    part: ref('PentaPart', 'Upper or lower Penta.'),
    present: boolean('True when both gates are present in the group.'),
    formedBy: ref('PentaChannelFormation', 'How the channel is formed; null when it is a gap.'),
    members: members('Members activating either gate, ascending.'),
    wholeBy: members('Members who have both gates on their own (the channel is whole in their chart), ascending.'),
  }),
  PentaMemberSummary: object('What one member brings to the Penta.', {
    index: ref('PentaMemberIndex', 'The member.'),
    pentaGates: pentaGates('Penta gates this member activates, in drawing order.'),
    pentaChannels: pentaChannels("Penta channels whole in this member's own chart, in drawing order."),
    soleGates: pentaGates('Penta gates no other member supplies (the group loses them without this member), in drawing order.'),
  }),
  PentaAnalysis: object('POST /v1/chart/penta: the Penta of 3–5 people; lists of gates and channels are in drawing order, lists of members ascending.', {
    memberCount: integer('Number of members.', 3, 5),
    gates: array('The 12 Penta gates, in drawing order (Throat 31 8 33, G 7 1 13, G 15 2 46, Sacral 5 14 29).', ref('PentaGate'), {
      minItems: 12,
      maxItems: 12,
    }),
    channels: array('The 6 Penta channels, in drawing order (7-31, 1-8, 13-33, 5-15, 2-14, 29-46).', ref('PentaChannel'), { minItems: 6, maxItems: 6 }),
    gaps: object('What the group lacks.', {
      gates: pentaGates('Penta gates no member activates.'),
      channels: pentaChannels('Penta channels not present in the group.'),
    }),
    overlaps: array(
      'Present gates supplied by two or more members.',
      object('A gate several members supply.', {
        gate: ref('PentaGateNumber', 'The gate.'),
        members: members('The members supplying it, ascending.', 2),
      }),
      { maxItems: 12 },
    ),
    members: array('One summary per member, in request order.', ref('PentaMemberSummary'), { minItems: 3, maxItems: 5 }),
    counts: object('Totals.', {
      presentGates: integer('Number of present Penta gates.', 0, 12),
      presentChannels: integer('Number of present Penta channels.', 0, 6),
    }),
    people: array("Each member's chart summary, in request order.", ref('ChartSummary'), { minItems: 3, maxItems: 5 }),
  }),
};
