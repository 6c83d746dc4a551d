/**
 * Birth input -> UTC instant plus the echo every chart result carries.
 *
 * Where the place and zone come from:
 *  - location only                      -> gazetteer (place, coordinates and zone);
 *  - latitude + longitude (no location) -> zone from geo-tz/all at the point, unless `timezone` is given;
 *  - location + latitude + longitude    -> the gazetteer names the place, the given coordinates win
 *                                          (zone from geo-tz/all at them unless `timezone` is given);
 *  - location + timezone                -> gazetteer place and coordinates, the given zone;
 *  - neither location nor coordinates   -> LOCATION_REQUIRED.
 * Local time -> UTC follows the clock-change rule in time/local-to-utc.ts (gap: moved forward by the gap;
 * overlap: first occurrence; before standard time: local mean time of the birth longitude, and the switch
 * from it to standard time is a clock change of the birthplace with the same gap/overlap rule).
 */
import { assertBirthDate } from './chart';
import { normalizeKey, resolvePlace, resolvePlaceById, type ResolvedPlace } from '../places';
import { formatOffset, localToUtc, parseLocal, zoneForCoordinates, canonicalZoneName } from '../time';
import { EngineInputError } from '../types';

export interface BirthInputFields {
  birthdate: string; // YYYY-MM-DD, local civil date
  birthtime: string; // HH:MM, local civil time (24 h)
  location?: string; // "City, Country" / "City, Region, Country"
  placeId?: number; // a GeoNames id, instead of location (GET /v1/places gives it)
  latitude?: number;
  longitude?: number;
  timezone?: string; // IANA name
}

export interface BirthLocationEcho {
  name: string;
  region: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timezone: string;
  /** The place's GeoNames id, when the place came from the gazetteer (by location or placeId). */
  placeId?: number;
  /** Other places with the same name that the gazetteer passed over (only when the name was ambiguous). */
  alternatives?: number;
  /** The place's name as the caller wrote it, when that is not its usual name ("Москва" for Moscow). */
  asWritten?: string;
}

export interface BirthEcho {
  date: string;
  time: string;
  location: BirthLocationEcho;
  utcOffset: string; // "+01:00", "+00:19:32"
  utc: string; // "1990-05-15T11:30:00Z"
  note?: string;
}

function isNum(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** A place found in the gazetteer as a birth echoes it; `byName`: found by its name as written (not by id). */
function placeEcho(p: ResolvedPlace, byName: boolean): BirthLocationEcho {
  const echo: BirthLocationEcho = {
    name: p.name,
    region: p.region,
    country: p.country,
    countryCode: p.countryCode,
    latitude: p.latitude,
    longitude: p.longitude,
    timezone: p.timezone,
    placeId: p.placeId,
  };
  if (p.alternatives) echo.alternatives = p.alternatives;
  if (byName && p.asWritten && normalizeKey(p.asWritten) !== normalizeKey(p.name)) echo.asWritten = p.asWritten;
  return echo;
}

/**
 * Places found by name lately, by the name as given (at most PLACES_REMEMBERED, then forgotten all at once), and the
 * names no place answers to, with their error. Births come from few places compared with their number: a bulk job's
 * rows, an app's users. Finding a place by name took about 15 µs of a chart's 140-200 (CPU profile of a worker
 * during a bulk job); a name found nowhere 3-20 ms, the suggestions' search ("Parsi, Frnace" 21 ms), so a bulk job
 * whose rows repeat a misspelt place paid that on every row. A name seen before costs one lookup. Places are
 * frozen, as callers share them: each copies one before changing a field.
 */
const placesByName = new Map<string, Readonly<BirthLocationEcho> | EngineInputError>();
const PLACES_REMEMBERED = 20_000;

function placeByName(location: string): Readonly<BirthLocationEcho> {
  let known = placesByName.get(location);
  if (known === undefined) {
    try {
      known = Object.freeze(placeEcho(resolvePlace(location), true));
    } catch (err) {
      if (!(err instanceof EngineInputError)) throw err;
      known = err;
    }
    if (placesByName.size >= PLACES_REMEMBERED) placesByName.clear();
    placesByName.set(location, known);
  }
  if (known instanceof EngineInputError) throw known;
  return known;
}

/** The place of a birth (name, coordinates, zone) from location and/or coordinates and an optional zone. */
export function resolveBirthPlace(input: Omit<BirthInputFields, 'birthdate' | 'birthtime'>): BirthLocationEcho {
  const hasLat = input.latitude !== undefined && input.latitude !== null;
  const hasLon = input.longitude !== undefined && input.longitude !== null;
  if (hasLat !== hasLon) {
    throw new EngineInputError('LOCATION_REQUIRED', 'Give both latitude and longitude, or neither.');
  }
  if (hasLat && (!isNum(input.latitude) || !isNum(input.longitude))) {
    throw new EngineInputError('INVALID_COORDINATES', 'latitude and longitude must be numbers.');
  }
  const location = typeof input.location === 'string' ? input.location.trim() : '';
  const hasId = input.placeId !== undefined && input.placeId !== null;
  if (hasId && (location || !Number.isInteger(input.placeId))) {
    throw new EngineInputError('INVALID_LOCATION', location ? 'Give location or placeId, not both.' : 'placeId must be a whole number (a GeoNames id).');
  }
  if (!location && !hasLat && !hasId) {
    throw new EngineInputError('LOCATION_REQUIRED', 'Give the birth place as "location" ("City, Country"), as placeId, or as latitude and longitude.');
  }

  let timezone: string | undefined;
  if (input.timezone !== undefined && input.timezone !== null && String(input.timezone).trim() !== '') {
    const canonical = canonicalZoneName(String(input.timezone).trim());
    if (!canonical) {
      throw new EngineInputError('INVALID_TIMEZONE', `Unknown time zone "${input.timezone}"; give an IANA name such as "America/New_York".`, {
        timezone: input.timezone,
      });
    }
    timezone = canonical;
  }

  let loc: BirthLocationEcho;
  if (location || hasId) {
    loc = hasId ? placeEcho(resolvePlaceById(input.placeId as number), false) : { ...placeByName(location) };
    if (hasLat) {
      loc.latitude = input.latitude as number;
      loc.longitude = input.longitude as number;
      loc.timezone = zoneForCoordinates(loc.latitude, loc.longitude);
    }
  } else {
    const lat = input.latitude as number;
    const lon = input.longitude as number;
    loc = { name: '', region: '', country: '', countryCode: '', latitude: lat, longitude: lon, timezone: zoneForCoordinates(lat, lon) };
  }
  if (timezone) loc.timezone = timezone;
  return loc;
}

export function resolveBirth(input: BirthInputFields): { utcMs: number; birth: BirthEcho } {
  // malformed or impossible dates and times are INVALID_DATE / INVALID_TIME; a real date out of range is
  // well-formed input the engine cannot compute
  parseLocal(input.birthdate, input.birthtime);
  assertBirthDate(String(input.birthdate).trim());
  const loc = resolveBirthPlace(input);
  const r = localToUtc(input.birthdate, input.birthtime, loc.timezone, loc.longitude);
  const birth: BirthEcho = {
    date: String(input.birthdate).trim(),
    time: String(input.birthtime).trim(),
    location: loc,
    utcOffset: formatOffset(r.offsetSeconds),
    utc: new Date(r.utcMs).toISOString().replace(/\.000Z$/, 'Z'),
  };
  if (r.note) birth.note = r.note;
  return { utcMs: r.utcMs, birth };
}
