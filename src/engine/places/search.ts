/**
 * Place search (autocomplete): searchPlaces("san fr", 10) -> ranked suggestions, each with a `location`
 * string that resolvePlace() answers with that very place.
 *
 * The scoping lives in Gazetteer.search (gazetteer.ts), the ranking in place-search.ts, the word-prefix index in
 * word-index.ts.
 */
import { loadGazetteer, type PlaceFields } from './gazetteer';

export interface PlaceSuggestion extends PlaceFields {
  /**
   * "Name, Country" or "Name, Region, Country": resolvePlace(location) gives back this place. Left out for the ~3 %
   * of places a bigger namesake in the same region shadows (no string names them): `placeId` does.
   */
  location?: string;
  /**
   * The name the query matched: `name` itself when the place's own name (or its ASCII form) matched, else the
   * alternate name that did, in its search form (lower case, Latin accents off): "san francisco de quito" for Quito.
   */
  matched: string;
}

/**
 * Suggestions for a partial or complete place name (at most `limit`, 1–20), one per place, best first. A place
 * matches when it carries the query as a whole name, or a name each of whose words in turn starts with the query's
 * words ("york" -> New York City, "san fr" -> San Francisco, "rio jan" -> Rio de Janeiro; case, accents and
 * punctuation ignored; "St" also as "Saint"); its own name at any word, an alternate name (every script GeoNames
 * has: "Моск" -> Moscow) from its first word. Matches rank by score (README "Ranking"; the weights are in
 * place-search.ts): log10 of population times a capital/seat factor, the whole name typed counting 30 times larger, an
 * alternate name 20 times smaller (2 times in the query's own non-Latin script), a later word 5 times smaller, part
 * of an alternate name while the query is the whole own name of some place 100 times smaller; places of population
 * 0 after every populated one. `matched` says which name matched.
 * ", Country" or ", Region, Country" narrows as in resolvePlace ("Paris, US", "Москва, Россия"), the named region's
 * places first; a last part that is no known country or region but the start of some ("Paris, Fr") narrows to all
 * of those.
 * Each suggestion's `location` is "Name, Country" where that resolves back to the place, else
 * "Name, Region, Country" (checked for every place when the data file is built); the ~3 % of places that
 * neither reaches — a larger or higher-ranked namesake in the same region — come without one, and their
 * `placeId` (the GeoNames id, which every suggestion has) names them in the chart operations.
 * Throws EngineInputError QUERY_TOO_SHORT (fewer than 2 letters or digits in the name part, unless one CJK
 * character) or INVALID_LIMIT.
 */
export function searchPlaces(query: string, limit: number): PlaceSuggestion[] {
  return loadGazetteer().search(query, limit);
}
