/**
 * The place search's answer (GET /v1/places).
 */
import { array, integer, JsonSchema, number, object, ref, string } from '../openapi/schemas/json-schema';

/** Most suggestions one place search answers (limit 1–20). */
export const PLACES_MAX_LIMIT = 20;

export const PLACES_SCHEMAS: Record<string, JsonSchema> = {
  PlaceSuggestion: object(
    'A place that matches the search.',
    {
      placeId: integer(
        'The GeoNames id of the place (https://www.geonames.org/ and the id; negative for the few places this service adds): send it as placeId to the chart operations to name exactly this place.',
      ),
      name: string('Place name as the gazetteer has it.', { minLength: 1 }),
      region: string('First-level region (state, province…); "" when the gazetteer has none.'),
      country: string('Country name in English.', { minLength: 1 }),
      countryCode: string('ISO 3166-1 alpha-2 country code.', { pattern: '^[A-Z]{2}$' }),
      latitude: number('Latitude, decimal degrees north.', { minimum: -90, maximum: 90 }),
      longitude: number('Longitude, decimal degrees east.', { minimum: -180, maximum: 180 }),
      timezone: string('IANA time zone of the place.', { minLength: 1 }),
      population: integer('Population (0 when unknown); places rank by it (README "Ranking"), those of population 0 last.', 0),
      location: string(
        '"Name, Country" or "Name, Region, Country": send it as `location` to the chart operations to get exactly this place. Left out for the ~3 % of places that a bigger namesake in the same region shadows (no string names them): send placeId.',
        { minLength: 1 },
      ),
      matched: string(
        'The name the query matched: `name` itself when the place\'s own name matched, else the alternate name that did, in its search form (lower case, Latin accents off), e.g. "san francisco de quito" for Quito.',
        { minLength: 1 },
      ),
    },
    ['location'],
  ),
  PlaceSearch: object('GET /v1/places: place suggestions for a birth-place field, best first.', {
    query: string('The query as received (trimmed).', { minLength: 1, maxLength: 200 }),
    count: integer('Number of suggestions.', 0, PLACES_MAX_LIMIT),
    places: array('The suggestions, best first; at most `limit`.', ref('PlaceSuggestion'), { maxItems: PLACES_MAX_LIMIT }),
  }),
};
