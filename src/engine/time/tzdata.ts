/**
 * The tz database history the engine uses, read from data/tz.json (built by scripts/build-tzdata.js from
 * Debian's compiled zoneinfo, which includes backzone). See src/engine/time/README.md for why we do not
 * rely on Node's ICU / luxon's IANAZone.
 */
import * as fs from 'fs';
import * as path from 'path';

export interface ZoneType {
  utoff: number; // seconds east of UTC
  isdst: boolean;
  abbr: string; // "LMT" marks local mean time before the zone's first standard time
}

interface RawZone {
  types: [number, number, string][];
  t: number[];
  i: string;
}
interface RawData {
  version: string;
  names: Record<string, number>;
  zones: RawZone[];
}

export class ZoneRules {
  /** Transition instants (Unix seconds), ascending; types[idx[k]] applies from times[k] on. */
  readonly times: Float64Array;
  readonly idx: Uint8Array;
  readonly types: ZoneType[];
  /** End of local mean time: the first transition to a type that is not LMT (-Infinity if none is LMT). */
  readonly lmtEnd: number;

  constructor(
    readonly name: string,
    raw: RawZone,
  ) {
    this.types = raw.types.map(([utoff, isdst, abbr]) => ({ utoff, isdst: isdst === 1, abbr }));
    this.times = new Float64Array(raw.t.length);
    let acc = 0;
    for (let k = 0; k < raw.t.length; k++) this.times[k] = acc += raw.t[k];
    this.idx = new Uint8Array(raw.i.length);
    for (let k = 0; k < raw.i.length; k++) this.idx[k] = parseInt(raw.i[k], 36);
    // RFC 8536: before the first transition, type 0 applies
    let end = -Infinity;
    if (this.types[0]?.abbr === 'LMT') {
      end = Infinity;
      for (let k = 0; k < this.times.length; k++) {
        if (this.types[this.idx[k]].abbr !== 'LMT') {
          end = this.times[k];
          break;
        }
      }
    }
    this.lmtEnd = end;
  }

  /** Index of the last transition at or before `t` (Unix seconds), -1 if before all. */
  transitionIndex(t: number): number {
    const times = this.times;
    let lo = 0;
    let hi = times.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] <= t) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  }

  /** The type in effect at Unix second `t`. */
  typeAt(t: number): ZoneType {
    const k = this.transitionIndex(t);
    return this.types[k < 0 ? 0 : this.idx[k]];
  }
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'data');

let raw: RawData | null = null;
let lowerNames: Map<string, string> | null = null;
const cache = new Map<string, ZoneRules>();

function data(): RawData {
  if (!raw) raw = JSON.parse(fs.readFileSync(path.join(DEFAULT_DATA_DIR, 'tz.json'), 'utf8')) as RawData;
  return raw;
}

/** tz database release the data was built from (e.g. "2025b"). */
export function tzVersion(): string {
  return data().version;
}

/** Canonical spelling of a zone name we have data for (case-insensitive), or null. */
export function canonicalZoneName(name: string): string | null {
  const d = data();
  if (Object.prototype.hasOwnProperty.call(d.names, name)) return name;
  if (!lowerNames) lowerNames = new Map(Object.keys(d.names).map((n) => [n.toLowerCase(), n]));
  return lowerNames.get(String(name).trim().toLowerCase()) ?? null;
}

/** Rules for an IANA zone name (case-insensitive), or null when unknown. Cached per name. */
export function getZoneRules(name: string): ZoneRules | null {
  const hit = cache.get(name);
  if (hit) return hit;
  const canonical = canonicalZoneName(name);
  if (!canonical) return null;
  let rules = cache.get(canonical);
  if (!rules) {
    rules = new ZoneRules(canonical, data().zones[data().names[canonical]]);
    cache.set(canonical, rules);
  }
  cache.set(name, rules);
  return rules;
}

/** All zone names the data covers. */
export function zoneNames(): string[] {
  return Object.keys(data().names);
}
