export { localToUtc, localSecondsToUtc, parseLocal, formatOffset, offsetAt } from './local-to-utc';
export type { LocalToUtcResult } from './local-to-utc';
export { zoneForCoordinates } from './zone-for-coordinates';
export { HistoricZone } from './historic-zone';
export { getZoneRules, canonicalZoneName, tzVersion, zoneNames, ZoneRules } from './tzdata';
export type { ZoneType } from './tzdata';
export { isoRoundedToSecond, isoFlooredToSecond, isCalendarDate, parseRealInstant } from './instants';
