export { loadGazetteer, resolvePlace, Gazetteer, DEFAULT_DATA_DIR } from './gazetteer';
export type { ResolvedPlace } from './gazetteer';
export { normalizeKey } from './normalize';
