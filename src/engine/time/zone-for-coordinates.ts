import { find } from 'geo-tz/dist/find-all'; // = geo-tz/all (the TypeScript-compatible path, geo-tz README);
import { EngineInputError } from '../types';

/**
 * IANA zone at a point, from geo-tz's comprehensive dataset (geo-tz/all), which keeps zones apart that
 * only differ before 1970 (the default dataset would merge e.g. Europe/Amsterdam into Europe/Brussels).
 * Land zones are preferred over the Etc/GMT±n sea zones; the first is taken where boundaries overlap.
 */
export function zoneForCoordinates(lat: number, lon: number): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180) {
    throw new EngineInputError('INVALID_COORDINATES', `Coordinates (${lat}, ${lon}) are out of range: latitude -90…90, longitude -180…180.`);
  }
  const zones = find(lat, lon);
  return zones.find((z) => !z.startsWith('Etc/')) ?? zones[0] ?? 'Etc/UTC';
}
