/**
 * Local civil time of a birth -> UTC instant, with the full tz history (backzone included).
 *
 * Clock-change rule (deterministic, documented for the API):
 *  - A local time that does not exist because clocks were put forward (a "gap", e.g. 02:30 on a
 *    spring-forward night) is moved forward by the length of the gap: it is read with the offset in force
 *    before the change, so 02:30 in a one-hour gap becomes 03:30 local, in the new offset. A note says so.
 *  - A local time that happens twice because clocks were put back (an "overlap") takes the first, earlier
 *    occurrence (the offset in force before the change, usually summer time). A note says so.
 *  - Before the zone's first standard time (tz type "LMT"), the local mean time of the birth longitude is
 *    used (longitude / 15 hours, rounded to the second), not the zone's reference city's. The switch from
 *    it to standard time, at the instant tz gives, is a clock change of the birthplace like any other:
 *    east of the zone's meridian clocks were put back (overlap), west of it put forward (gap), by the
 *    difference between the two offsets. Without a longitude the zone's own LMT is used.
 *
 * luxon's own conversion (fixOffset) is not used for this: for an ambiguous local time its answer depends
 * on the offset "now", and it has no notion of a birth longitude. The zone itself is available to luxon
 * as HistoricZone (./historic-zone.ts) for formatting.
 */
import { EngineInputError } from '../types';
import { getZoneRules, ZoneRules, ZoneType } from './tzdata';
import { isCalendarDate } from './instants';

export interface LocalToUtcResult {
  utcMs: number;
  /** Offset from UTC in force at the birth, seconds east (may have seconds: 1172 = +00:19:32). */
  offsetSeconds: number;
  /** Set when the local time was in a gap, an overlap or in local mean time. */
  note?: string;
  /** Zone abbreviation in force ("CET", "BDST", "LMT" …). */
  abbreviation?: string;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Local wall-clock reading as if it were UTC (seconds since the epoch). Throws on malformed input. */
export function parseLocal(date: string, time: string): number {
  const d = DATE_RE.exec(String(date ?? '').trim());
  const t = TIME_RE.exec(String(time ?? '').trim());
  if (!d) throw new EngineInputError('INVALID_DATE', `Birth date "${date}" must be YYYY-MM-DD.`);
  if (!t) throw new EngineInputError('INVALID_TIME', `Birth time "${time}" must be HH:MM (24-hour clock).`);
  const [y, mo, da] = [+d[1], +d[2], +d[3]];
  const [h, mi, s] = [+t[1], +t[2], +(t[3] ?? 0)];
  if (!isCalendarDate(y, mo, da)) throw new EngineInputError('INVALID_DATE', `Birth date "${date}" does not exist.`);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999
  const local = new Date(Date.UTC(2000, 0, 1, h, mi, s));
  local.setUTCFullYear(y, mo - 1, da);
  const ms = local.getTime();
  if (h > 23 || mi > 59 || s > 59) throw new EngineInputError('INVALID_TIME', `Birth time "${time}" is out of range.`);
  return ms / 1000;
}

/** "+01:00", "-05:00", "+05:45", "+00:19:32" (seconds only when the offset has them). */
export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const a = Math.abs(offsetSeconds);
  const hh = String(Math.floor(a / 3600)).padStart(2, '0');
  const mm = String(Math.floor((a % 3600) / 60)).padStart(2, '0');
  const ss = a % 60;
  return `${sign}${hh}:${mm}${ss ? `:${String(ss).padStart(2, '0')}` : ''}`;
}

function clock(localSeconds: number): string {
  return new Date(localSeconds * 1000).toISOString().slice(11, 19).replace(/:00$/, '');
}

function resolveZone(timezone: string): ZoneRules {
  const rules = typeof timezone === 'string' ? getZoneRules(timezone.trim()) : null;
  if (!rules) {
    throw new EngineInputError('INVALID_TIMEZONE', `Unknown time zone "${timezone}"; give an IANA name such as "Europe/Amsterdam".`);
  }
  return rules;
}

const WINDOW = 3 * 86400; // transitions further apart than this never interact

/**
 * The zone's history as lived at the birth longitude: local mean time of that longitude up to the zone's
 * first standard time, the zone's own types from then on. The switch then becomes an ordinary clock change
 * of the birthplace (its gap or overlap depends on how far the birthplace lies from the zone's meridian),
 * instead of a choice made by the reference city's clock. Same rule as HistoricZone with `lmtLongitude`.
 *
 * A zone whose local mean time changed by a whole day before its standard time moved across the date line: Manila
 * kept the American date until 1844-12-30 (the tz database's LMT −15:56:08, then +8:03:52 from 1845-01-01: 1844-12-31
 * was skipped), Alaska the Russian one until 1867-10-18 (Sitka's LMT +14:58:47, then −9:01:13). The birthplace's
 * mean time keeps that day: an LMT type a whole day away from the last one gives the birth longitude's offset moved by
 * the same day, so a date written before the change is read as people then wrote it (README "Birth time → UTC").
 */
export function atLongitude(zone: ZoneRules, longitude: number): ZoneRules {
  const base = Math.round(longitude * 240);
  let byBase = lmtViews.get(zone);
  if (!byBase) lmtViews.set(zone, (byBase = new Map<number, ZoneRules>()));
  let view = byBase.get(base);
  if (!view) {
    if (byBase.size >= LMT_VIEWS_PER_ZONE) byBase.clear();
    view = lmtView(zone, base);
    byBase.set(base, view);
  }
  return view;
}

/**
 * The views made so far, by zone and birth longitude in seconds of time (all a view depends on). Making one walks
 * the zone's whole history, about 15 µs, most of a birth's conversion; births repeat their places (a bulk job's
 * rows, a city's users), so each is made once. Views are read only. Bounded per zone (cleared when full).
 */
const lmtViews = new WeakMap<ZoneRules, Map<number, ZoneRules>>();
const LMT_VIEWS_PER_ZONE = 1024;

function lmtView(zone: ZoneRules, base: number): ZoneRules {
  const lastLmtAt = zone.transitionIndex(zone.lmtEnd - 1);
  const lastLmt = zone.types[lastLmtAt < 0 ? 0 : zone.idx[lastLmtAt]];
  const lmtTypes: ZoneType[] = [];
  const byDayShift = new Map<number, number>();
  const birthLmt = (type: ZoneType): number => {
    const shift = Math.round((type.utoff - lastLmt.utoff) / 86_400) * 86_400;
    let at = byDayShift.get(shift);
    if (at === undefined) {
      at = lmtTypes.push({ utoff: base + shift, isdst: false, abbr: 'LMT' }) - 1;
      byDayShift.set(shift, at);
    }
    return at;
  };
  birthLmt(zone.types[0]); // type 0 applies before the first transition: the birthplace's first, then
  const lmtIdx = Array.from(zone.idx, (i, k) => (zone.times[k] < zone.lmtEnd ? birthLmt(zone.types[i]) : -1));
  const idx = zone.idx.map((i, k) => (lmtIdx[k] >= 0 ? lmtIdx[k] : i + lmtTypes.length));
  // a view over the zone (name, times, lmtEnd, typeAt … inherited) with only types and idx replaced
  return Object.assign(Object.create(zone) as ZoneRules, { types: [...lmtTypes, ...zone.types], idx });
}

/** " from local mean time to EST" when the change is the zone leaving LMT, so the note says which change. */
function leavingLmt(before: ZoneType, after: ZoneType): string {
  return before.abbr === 'LMT' && after.abbr !== 'LMT' ? ` from local mean time to ${after.abbr}` : '';
}

/** Core conversion on local seconds (see the rule in the file comment). */
export function localSecondsToUtc(zone: ZoneRules, local: number, longitude?: number): LocalToUtcResult {
  const useLongitude = longitude !== undefined && Number.isFinite(longitude) && zone.lmtEnd > -Infinity;
  const rules = useLongitude ? atLongitude(zone, longitude) : zone;

  // candidate offsets: those in force around the local reading (± WINDOW)
  const from = rules.transitionIndex(local - WINDOW);
  const to = rules.transitionIndex(local + WINDOW);
  const candidates = new Set<number>();
  candidates.add(rules.types[from < 0 ? 0 : rules.idx[from]].utoff);
  for (let k = Math.max(from + 1, 0); k <= to; k++) candidates.add(rules.types[rules.idx[k]].utoff);

  const solutions: number[] = [];
  for (const off of candidates) {
    const utc = local - off;
    if (rules.typeAt(utc).utoff === off) solutions.push(utc);
  }
  solutions.sort((a, b) => a - b);

  let utc: number;
  let note: string | undefined;
  let readInLmt: boolean; // the reading was taken with the birthplace's local mean time
  let readWith: number; // the offset the reading was taken with
  if (solutions.length) {
    utc = solutions[0]; // overlap: the first (earlier) occurrence
    readInLmt = utc < rules.lmtEnd;
    readWith = rules.typeAt(utc).utoff;
    if (solutions.length > 1) {
      const first = rules.typeAt(utc);
      const second = rules.typeAt(solutions[1]);
      note =
        `Local time ${clock(local)} occurred twice in ${rules.name} (${clockChange(first.utoff - second.utoff, 'back')}${leavingLmt(first, second)}); ` +
        `the first occurrence (UTC${formatOffset(first.utoff)}) was used, not the second (UTC${formatOffset(second.utoff)}).`;
    }
  } else {
    // gap: find the transition the reading falls into and read it with the offset before it
    let k = Math.max(from + 1, 0);
    for (; k <= to; k++) {
      const before = k === 0 ? rules.types[0] : rules.types[rules.idx[k - 1]];
      const after = rules.types[rules.idx[k]];
      const t = rules.times[k];
      if (local >= t + before.utoff && local < t + after.utoff) break;
    }
    const before = k === 0 ? rules.types[0] : rules.types[rules.idx[Math.min(k, rules.idx.length) - 1]];
    utc = local - before.utoff;
    readInLmt = rules.times[k] <= rules.lmtEnd;
    readWith = before.utoff;
    const after = rules.typeAt(utc);
    note =
      `Local ${(after.utoff - before.utoff) % 86_400 === 0 ? `date ${new Date(local * 1000).toISOString().slice(0, 10)}` : `time ${clock(local)}`} did not exist in ${rules.name} (${clockChange(after.utoff - before.utoff, 'forward')}${leavingLmt(before, after)}); it was moved forward by the gap to ` +
      `${clock(utc + after.utoff)} (UTC${formatOffset(after.utoff)}).`;
  }

  const type = rules.typeAt(utc);
  if (useLongitude && readInLmt) {
    const lmt = readWith;
    const lmtNote = `Before standard time in ${rules.name}: local mean time of longitude ${longitude} (UTC${formatOffset(lmt)}) was used.`;
    note = note ? `${note} ${lmtNote}` : lmtNote;
  }
  const out: LocalToUtcResult = { utcMs: utc * 1000, offsetSeconds: type.utoff, abbreviation: type.abbr };
  if (note) out.note = note;
  return out;
}

/** "clocks were put forward by 1 h", or for a whole day "the date line moved: the calendar skipped a day". */
function clockChange(seconds: number, way: 'forward' | 'back'): string {
  if (seconds % 86_400 === 0)
    return `the date line moved: the calendar ${way === 'forward' ? 'skipped' : 'repeated'} ${seconds === 86_400 ? 'a day' : `${seconds / 86_400} days`}`;
  return `clocks were ${way === 'forward' ? 'put forward' : 'turned back'} by ${formatDuration(seconds)}`;
}

/** "1 h", "30 min", "1 h 30 min", "15 min 46 s" (local mean time offsets have seconds). */
function formatDuration(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ];
  return parts
    .filter(([n]) => n)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

/**
 * The offset from UTC in force at an instant, as lived at `longitude` (local mean time of that longitude before
 * the zone's first standard time, like localToUtc): for showing an instant as a local clock reading.
 */
export function offsetAt(timezone: string, utcMs: number, longitude?: number): number {
  const zone = resolveZone(timezone);
  const rules = longitude !== undefined && Number.isFinite(longitude) && zone.lmtEnd > -Infinity ? atLongitude(zone, longitude) : zone;
  return rules.typeAt(Math.floor(utcMs / 1000)).utoff;
}

/**
 * Local date 'YYYY-MM-DD' and time 'HH:MM' in IANA zone `timezone` -> UTC. `longitude` (degrees east) is
 * used only before the zone's first standard time (local mean time of the birth place).
 */
export function localToUtc(date: string, time: string, timezone: string, longitude?: number): LocalToUtcResult {
  const rules = resolveZone(timezone);
  return localSecondsToUtc(rules, parseLocal(date, time), longitude);
}
