/**
 * POST /v1/chart/composite and /v1/chart/transit (src/modules/chart/jobs/present.ts: presentComposite, presentTransit;
 * RULES 11). The transit's properties are shared with the returns' `transit` (which leaves out `natal`).
 */
import { array, JsonSchema, object, partialObject, ref } from '../../openapi/schemas/json-schema';
import { CENTERS } from '../../openapi/schemas/labels';

const centerList = (description: string): JsonSchema => array(description, ref('CenterName'), { uniqueItems: true, maxItems: CENTERS.length });
const channelList = (description: string): JsonSchema => array(description, ref('Channel'), { uniqueItems: true, maxItems: 36 });

/** The transit overlay's properties (POST /v1/chart/transit without `natal`). */
export const TRANSIT_CORE_PROPERTIES: Record<string, JsonSchema> = {
  at: ref('UtcInstant', 'The transit instant, UTC to the second.'),
  activations: ref('ActivationsDetailed', 'The 13 transiting bodies at that instant, down to the base.'),
  transitGates: array('Gates the transiting bodies activate, sorted, each once.', ref('GateNumber'), { uniqueItems: true, minItems: 1, maxItems: 13 }),
  completedChannels: channelList('Channels the transit completes: one gate natal, the other supplied by the transit.'),
  transitChannels: channelList('Channels formed by the transit alone: neither gate natal.'),
  natalChannels: channelList('Channels defined in the natal chart itself.'),
  temporarilyDefinedCenters: centerList('Centers defined in the overlay but not in the natal chart, in center order.'),
  reinforcedGates: array('Natal gates that the transit activates as well, sorted.', ref('GateNumber'), { uniqueItems: true, maxItems: 13 }),
  definedCenters: centerList('Centers defined in the overlay (natal + transit), in center order.'),
  openCenters: centerList('Centers not defined in the overlay, in center order.'),
  type: ref('ChartType', 'Type of the overlay (natal + transit).'),
  definition: ref('Definition', 'Definition of the overlay (natal + transit).'),
};

const compositeChannel = (description: string): JsonSchema =>
  object(description, {
    gate1: ref('GateNumber', 'The lower gate number of the channel.'),
    gate2: ref('GateNumber', 'The higher gate number of the channel.'),
    name: ref('ChannelName', 'Name of the channel.'),
  });

export const COMPOSITE_TRANSIT_SCHEMAS: Record<string, JsonSchema> = {
  Person: { type: 'string', description: 'One of the two people of a composite, in the order given.', enum: ['person1', 'person2'] },
  CenterDefinedBy: {
    type: 'string',
    description: 'Who defines a composite center: one person on their own, both on their own, or only the combination of the two.',
    enum: ['person1', 'person2', 'both', 'combined'],
  },
  CompositeChannel: compositeChannel('A channel of the composite.'),
  CompositeDominantChannel: object('A channel one person has whole (dominance, or compromise when the other has one of its gates).', {
    gate1: ref('GateNumber', 'The lower gate number of the channel.'),
    gate2: ref('GateNumber', 'The higher gate number of the channel.'),
    name: ref('ChannelName', 'Name of the channel.'),
    dominant: ref('Person', 'The person who has the whole channel.'),
  }),
  CompositeChannels: object('Every channel defined in the composite, by kind of connection (RULES 11.2); each list sorted by gate1, gate2.', {
    electromagnetic: array('Each person brings one gate of the channel (different gates).', ref('CompositeChannel'), { uniqueItems: true, maxItems: 36 }),
    companionship: array('Both people have the whole channel.', ref('CompositeChannel'), { uniqueItems: true, maxItems: 36 }),
    dominance: array('One person has the whole channel, the other neither gate.', ref('CompositeDominantChannel'), { uniqueItems: true, maxItems: 36 }),
    compromise: array('One person has the whole channel, the other only one of its gates.', ref('CompositeDominantChannel'), {
      uniqueItems: true,
      maxItems: 36,
    }),
  }),
  CompositeChart: object('POST /v1/chart/composite: the connection chart of two people (the union of their gates).', {
    person1: ref('ChartSummary', 'Headline facts of the first person.'),
    person2: ref('ChartSummary', 'Headline facts of the second person.'),
    channels: ref('CompositeChannels', "The composite's channels by kind of connection."),
    definedCenters: centerList('Centers defined in the composite, in center order.'),
    openCenters: centerList('Centers not defined in the composite, in center order.'),
    centerDefinedBy: partialObject(
      'For each defined composite center (only those), who defines it.',
      Object.fromEntries(CENTERS.map((c) => [c, ref('CenterDefinedBy', `Who defines the ${c} center.`)])),
    ),
    definition: ref('Definition', 'Definition of the composite.'),
    type: ref('ChartType', 'Type of the composite.'),
  }),
  TransitChart: object('POST /v1/chart/transit: the transits of one instant laid over a natal chart (RULES 11.1).', {
    ...TRANSIT_CORE_PROPERTIES,
    natal: ref('ChartSummary', 'Headline facts of the natal chart.'),
  }),
};
