/**
 * Place search (autocomplete): searchPlaces("san fr", 10) -> ranked suggestions, each with a `location`
 * string that resolvePlace() answers with that very place.
 *
 * The ranking and scoping live in Gazetteer.search (gazetteer.ts), the word-prefix index in word-index.ts.
 */
import { loadGazetteer, type PlaceFields } from './gazetteer';

export interface PlaceSuggestion extends PlaceFields {
  /** "Name, Country" or "Name, Region, Country": resolvePlace(location) gives back this place. */
  location: string;
}

/**
 * Suggestions for a partial or complete place name (at most `limit`, 1–20), one per place, best first:
 *   1. places whose whole name is the query — resolvePlace(query)'s answer first, then the places whose own
 *      name it is (and holders of it as an alternate name larger than all of those: "Roma" -> Rome), by
 *      population;
 *   2. places with a name each of whose words in turn starts with the query's words ("york" -> New York
 *      City, "san fr" -> San Francisco, "rio jan" -> Rio de Janeiro; case, accents and punctuation ignored;
 *      "St" also as "Saint"), by population, a match on an alternate name counting as a place 20 times
 *      smaller (alternate names: every script GeoNames has — "Моск" -> Moscow).
 * ", Country" or ", Region, Country" narrows as in resolvePlace ("Paris, US", "Москва, Россия"); a last part
 * that is no known country or region but the start of some ("Paris, Fr") narrows to all of those.
 * Each suggestion's `location` is "Name, Country" where that resolves back to the place, else
 * "Name, Region, Country" (checked for every place when the data file is built); the ~3 % of places that
 * neither reaches — a larger or higher-ranked namesake in the same region — are never suggested.
 * Throws EngineInputError QUERY_TOO_SHORT (fewer than 2 letters or digits in the name part) or INVALID_LIMIT.
 */
export function searchPlaces(query: string, limit: number): PlaceSuggestion[] {
  return loadGazetteer().search(query, limit);
}
