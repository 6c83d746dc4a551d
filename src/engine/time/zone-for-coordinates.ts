import type * as GeoTz from 'geo-tz/dist/find-all'; // = geo-tz/all (the TypeScript-compatible path, geo-tz README)
import { EngineInputError } from '../types';

let geoTz: typeof GeoTz | undefined;
/**
 * geo-tz, loaded at its first use (a worker's warm-up resolves a birth by coordinates): the API process resolves no
 * birth and so never holds its index (3 MB of heap, 9 MB of RSS).
 */
function findZones(lat: number, lon: number): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, see above
  geoTz ??= require('geo-tz/dist/find-all') as typeof GeoTz;
  return geoTz.find(lat, lon);
}

/**
 * IANA zone at a point, from geo-tz's comprehensive dataset (geo-tz/all), which keeps zones apart that
 * only differ before 1970 (the default dataset would merge e.g. Europe/Amsterdam into Europe/Brussels).
 * Land zones are preferred over the Etc/GMT±n sea zones; the first is taken where boundaries overlap.
 */
export function zoneForCoordinates(lat: number, lon: number): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180) {
    throw new EngineInputError('INVALID_COORDINATES', `Coordinates (${lat}, ${lon}) are out of range: latitude -90…90, longitude -180…180.`);
  }
  const zones = findZones(lat, lon);
  return zones.find((z) => !z.startsWith('Etc/')) ?? zones[0] ?? 'Etc/UTC';
}
