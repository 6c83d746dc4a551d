/**
 * The reference operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { MEANING_LANGUAGES, MeaningLanguage } from '../../engine/meaning';
import { json, service } from '../operations/tool-call';
import { ExplainDto, ReferenceQueryDto } from './reference.dto';
import { ReferenceService } from './reference.service';

const REFERENCE_WORDS =
  'Our own texts, CC BY 4.0 (every answer says so), in en, de, es, pt-BR and fr: ?lang=, else Accept-Language, else en. Served from memory.';

const REFERENCE_OPERATIONS = {
  reference: {
    method: 'GET',
    path: '/v1/reference',
    group: 'meaning',
    queued: false,
    summary:
      'The meaning library: every gate, line, channel, circuit, center, type, authority, profile, definition, quarter, cross and variable, in five languages',
    description: `${REFERENCE_WORDS} The index lists each kind's items with their id (the label chart answers use), slug and name.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceIndex' },
  },
  referenceItem: {
    method: 'GET',
    path: '/v1/reference/{kind}/{id}',
    group: 'meaning',
    queued: false,
    summary: "What one part of a chart means: its texts and the chart tables' facts about it",
    description: `${REFERENCE_WORDS} kind: gates, channels, circuits, centers, types, authorities, profiles, definitions, quarters, crosses or variables; id: the label chart answers use or its slug (51, 10-20, Solar Plexus or solar-plexus, 5/1 or 5-1, a cross's name or slug).`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
    tool: {
      name: 'explain',
      title: 'Explain',
      description:
        'What one part of a Human Design chart means, in our own words (CC BY 4.0), in en, de, es, pt-BR or fr: a gate (or one of its lines), channel, circuit, center, type, authority, profile, definition, quarter, incarnation cross or variable, with the facts the chart tables hold about it.',
      inputSchema: {
        type: 'object',
        properties: {
          kind: {
            type: 'string',
            enum: ['gates', 'lines', 'channels', 'circuits', 'centers', 'types', 'authorities', 'profiles', 'definitions', 'quarters', 'crosses', 'variables'],
            description: 'What to explain.',
          },
          id: {
            type: 'string',
            minLength: 1,
            maxLength: 120,
            description:
              'The item as a chart answer labels it, or its slug: "51", "51.5" (gate 51, line 5: kind lines), "10-20", "Solar Plexus", "Manifesting Generator", "Splenic", "5/1", "Left Angle Cross of the Clarion 1", "determination".',
          },
          lang: { type: 'string', enum: [...MEANING_LANGUAGES], description: 'Language of the texts (default en).' },
        },
        required: ['kind', 'id'],
        additionalProperties: false,
      },
      input: ExplainDto,
      // GET /v1/reference/{kind}/{id} (a line: /v1/reference/gates/{gate}/lines/{line}), from the API's memory.
      run: (c, input: { kind: string; id: string; lang?: MeaningLanguage }) => {
        const reference = service(c, ReferenceService);
        const lang = input.lang ?? 'en';
        if (input.kind !== 'lines') return json(reference.item(input.kind, input.id, lang));
        const [gate, line] = input.id.split(/[.-]/);
        return json(reference.line(gate ?? '', line ?? '', lang));
      },
    },
  },
  referenceLine: {
    method: 'GET',
    path: '/v1/reference/gates/{gate}/lines/{line}',
    group: 'meaning',
    queued: false,
    summary: 'What one line of a gate means',
    description: `${REFERENCE_WORDS} gate 1–64, line 1–6.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
  },
  referenceProfile: {
    method: 'GET',
    path: '/v1/reference/profiles/{personality}/{design}',
    group: 'meaning',
    queued: false,
    summary: 'What a profile means, written as it reads ("5/1")',
    description: `${REFERENCE_WORDS} The same item as /v1/reference/profiles/5-1.`,
    input: { in: 'query', dto: ReferenceQueryDto },
    output: { kind: 'json', schema: 'ReferenceItem' },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts); its answers' schemas are the shared meaning vocabulary's. */
export const REFERENCE_FAMILY = { operations: REFERENCE_OPERATIONS } satisfies OperationFamily;
