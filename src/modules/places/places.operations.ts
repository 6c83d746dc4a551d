/**
 * The places operations as the operation registry describes them (src/modules/operations/operations.ts gathers
 * every family's): route, words, input, answer, cost and MCP tool, with the tool's runner beside it.
 */
import type { Operation, OperationFamily } from '../operations/operations';
import { PLACES_SCHEMAS } from './places.schemas';
import { json, service } from '../operations/tool-call';
import { PlacesQueryDto } from './places.dto';
import { PlacesService } from './places.service';

const PLACES_OPERATIONS = {
  places: {
    method: 'GET',
    path: '/v1/places',
    group: 'batches',
    queued: false,
    summary: 'Place suggestions for a birth-place field: ranked, accent- and case-blind, a prefix of any word, in any script',
    description:
      "q: a partial place name in any script (at least 2 characters); limit 1–20. Each suggestion has the place's name, region, country, coordinates, time zone, population and `location`: the exact " +
      'string the chart operations resolve back to that same place. Served from memory by the API (place data © GeoNames, CC BY 4.0).',
    input: { in: 'query', dto: PlacesQueryDto },
    output: { kind: 'json', schema: 'PlaceSearch' },
    tool: {
      name: 'search_places',
      title: 'Place search',
      run: (c, dto: PlacesQueryDto) => json(service(c, PlacesService).search(dto.q, dto.limit)),
    },
  },
} satisfies Record<string, Operation>;

/** The family as the registry gathers it (operations.ts): its operations and the answer schemas it defines. */
export const PLACES_FAMILY = { operations: PLACES_OPERATIONS, schemas: PLACES_SCHEMAS } satisfies OperationFamily;
