export { loadGazetteer, resolvePlace, resolvePlaceById, Gazetteer, DEFAULT_DATA_DIR, SEARCH_MAX_LIMIT } from './gazetteer';
export type { ResolvedPlace } from './gazetteer';
export { searchPlaces } from './search';
export type { PlaceSuggestion } from './search';
export { normalizeKey, normalizeWords } from './normalize';
