/**
 * A luxon Zone backed by our tz data (backzone included), so that luxon shows historic offsets correctly:
 * DateTime.fromMillis(ms, { zone: new HistoricZone('Europe/Amsterdam') }) in 1935 has offset +00:19:32,
 * where luxon's default IANAZone (Node's ICU data) would give Brussels' +01:00.
 * With `lmtLongitude`, times before the zone's first standard time use that longitude's local mean time.
 */
import { Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';
import { EngineInputError } from '../types';
import { getZoneRules, ZoneRules } from './tzdata';
import { atLongitude, formatOffset } from './local-to-utc';

export class HistoricZone extends Zone<true> {
  private readonly rules: ZoneRules;

  constructor(
    name: string,
    private readonly lmtLongitude?: number,
  ) {
    super();
    const rules = getZoneRules(name);
    if (!rules) throw new EngineInputError('INVALID_TIMEZONE', `Unknown time zone "${name}".`);
    // Before the zone's first standard time: the birth longitude's mean time, on the date line's side of then.
    this.rules = lmtLongitude !== undefined && Number.isFinite(lmtLongitude) && rules.lmtEnd > -Infinity ? atLongitude(rules, lmtLongitude) : rules;
  }

  get type(): string {
    return 'historic';
  }
  get name(): string {
    return this.rules.name;
  }
  get ianaName(): string {
    return this.rules.name;
  }
  get isUniversal(): boolean {
    return false;
  }
  get isValid(): true {
    return true;
  }

  /** Offset in seconds east of UTC at epoch milliseconds `ts`. */
  offsetSeconds(ts: number): number {
    return this.rules.typeAt(Math.floor(ts / 1000)).utoff;
  }

  /** luxon works in minutes; fractional minutes are kept (1172 s = 19.5333… min). */
  offset(ts: number): number {
    return this.offsetSeconds(ts) / 60;
  }

  offsetName(ts: number, opts: ZoneOffsetOptions): string {
    if (opts?.format === 'long') return this.rules.name;
    return this.rules.typeAt(Math.floor(ts / 1000)).abbr;
  }

  formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const s = formatOffset(this.offsetSeconds(ts));
    if (format === 'techie') return s.replace(/:/g, '');
    if (format === 'narrow') return s.replace(/^([+-])0?(\d+):00$/, '$1$2');
    return s;
  }

  equals(other: Zone): boolean {
    return other instanceof HistoricZone && other.name === this.name && other.lmtLongitude === this.lmtLongitude;
  }
}
