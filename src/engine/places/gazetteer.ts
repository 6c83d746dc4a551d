/**
 * Offline gazetteer: loads data/places.tsv.gz (built by scripts/build-places.js from GeoNames cities500,
 * data © GeoNames, CC BY 4.0) into typed column arrays plus a sorted key index (binary search) from
 * normalised name to places, and resolves "City", "City, Country", "City, Region, Country" queries.
 *
 * Ranking of the places that carry the queried name (first difference wins):
 *   1. region match — the place lies in a region named in the query (or implied by the country alias,
 *      e.g. "England" -> GB.ENG);
 *   2. the query is the place's own name (or its ASCII form) rather than one of its alternate names;
 *   3. capitals and seats over plain places: national capital > seat of a first-order division (state,
 *      province) > seat of a second-order division (county) > everything else. Lower-order seats
 *      (GeoNames PPLA3/PPLA4: municipalities, communes) count as plain places, because in many countries
 *      nearly every village is one and the distinction carries no signal. This step is skipped when
 *      the match is on an alternate name (those go to the most populous holder: "New York, USA" is
 *      New York City, a plain place in GeoNames, not the county seat York, Nebraska, which lists it too);
 *   4. population.
 * The best is answered; `alternatives` says how many other places with that name were passed over.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { EngineInputError } from '../types';
import { COUNTRY_ALIASES, REGION_ALIASES } from './aliases';
import { normalizeKey } from './normalize';

export interface ResolvedPlace {
  name: string;
  region: string; // first-order division name ('' when unknown)
  country: string;
  countryCode: string; // ISO 3166-1 alpha-2
  latitude: number;
  longitude: number;
  timezone: string; // IANA zone (from geo-tz/all at the place's coordinates)
  population: number;
  /** Number of other places that carry the same name within the matched country/region set. */
  alternatives?: number;
}

interface Country { code: string; iso3: string; name: string; capital: string }
interface CountryMatch { country: number; region?: number }

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'data');
const KIND_LABEL = ['capital', 'first-order seat', 'second-order seat', 'place'];

export class Gazetteer {
  readonly size: number;
  private readonly names: string[];
  private readonly primaryKey: string[];
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly pop: Float64Array;
  private readonly country: Uint16Array;
  private readonly region: Int32Array; // index into regions, -1 when the admin1 code is unknown
  private readonly zoneOf: Uint16Array;
  private readonly kind: Uint8Array;
  private readonly zones: string[] = [];
  private readonly countries: Country[] = [];
  private readonly regionNames: string[] = [];
  private readonly regionCodes: string[] = [];
  private readonly regionCountry: number[] = [];
  /** Sorted search keys; the postings of keys[k] are post[start[k] .. start[k+1]). */
  private readonly keys: string[];
  private readonly start: Int32Array;
  /** Postings: (place << 1) | 1 for an alternate-name match, place << 1 for the place's own name. */
  private readonly post: Int32Array;
  private readonly countryIndex = new Map<string, CountryMatch>();
  private readonly regionIndex = new Map<string, number[]>();

  constructor(text: string) {
    const regionByCode = new Map<string, number>();
    const countryByCode = new Map<string, number>();
    const columns = new Map<string, string>();
    let pos = 0;
    while (pos < text.length) {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      const tab = text.indexOf('\t', pos);
      const tag = text.slice(pos, tab);
      const body = text.slice(tab + 1, end);
      pos = end + 1;
      if (tag === '#zones') this.zones = body.split('\t');
      else if (tag === '#country') {
        const f = body.split('\t');
        countryByCode.set(f[0], this.countries.length);
        this.countries.push({ code: f[0], iso3: f[1], name: f[2], capital: f[3] });
      } else if (tag === '#admin1') {
        const f = body.split('\t');
        regionByCode.set(f[0], this.regionNames.length);
        this.regionCodes.push(f[0]);
        this.regionNames.push(f[1]);
        this.regionCountry.push(countryByCode.get(f[0].slice(0, 2)) ?? -1);
      } else columns.set(tag, body);
    }
    const col = (tag: string) => {
      const c = columns.get(tag);
      if (c === undefined) throw new Error(`gazetteer: column ${tag} missing`);
      return c;
    };
    const ints = (tag: string): Int32Array => {
      const b = Buffer.from(col(tag), 'base64');
      const out = new Int32Array(b.length >> 2);
      for (let i = 0; i < out.length; i++) out[i] = b.readInt32LE(i << 2);
      return out;
    };
    this.names = col('#name').split('\t');
    this.size = this.names.length;
    this.primaryKey = col('#pkey').split('\t');
    this.lat = Float64Array.from(ints('#lat'), (v) => v / 1e5);
    this.lon = Float64Array.from(ints('#lon'), (v) => v / 1e5);
    this.pop = Float64Array.from(ints('#pop'));
    this.country = Uint16Array.from(ints('#cc'));
    this.region = ints('#region');
    this.zoneOf = Uint16Array.from(ints('#zone'));
    this.kind = Uint8Array.from(ints('#kind'));
    this.keys = col('#keys').split('\t');
    this.start = ints('#start');
    this.post = ints('#post');
    if (this.start.length !== this.keys.length + 1 || this.post.length !== this.start[this.keys.length] || this.lat.length !== this.size) {
      throw new Error('gazetteer: inconsistent data file');
    }
    this.buildCountryIndex();
    this.buildRegionIndex(regionByCode);
  }

  private buildCountryIndex(): void {
    const set = (alias: string, m: CountryMatch) => {
      const k = normalizeKey(alias);
      if (k && !this.countryIndex.has(k)) this.countryIndex.set(k, m);
    };
    const byCode = new Map(this.countries.map((c, i) => [c.code, i]));
    // hand aliases first so that e.g. "England" carries its region hint
    for (const [alias, target] of Object.entries(COUNTRY_ALIASES)) {
      const [code, admin1] = typeof target === 'string' ? [target, undefined] : target;
      const c = byCode.get(code);
      if (c === undefined) continue;
      const r = admin1 ? this.regionNames.findIndex((_, i) => this.regionCode(i) === `${code}.${admin1}`) : -1;
      set(alias, r >= 0 ? { country: c, region: r } : { country: c });
    }
    this.countries.forEach((c, i) => {
      set(c.name, { country: i });
      set(c.name.replace(/^The /, ''), { country: i });
      set(c.code, { country: i });
      set(c.iso3, { country: i });
    });
  }

  private regionCode(i: number): string { return this.regionCodes[i]; }

  private buildRegionIndex(regionByCode: Map<string, number>): void {
    const add = (alias: string, r: number) => {
      const k = normalizeKey(alias);
      if (!k) return;
      const cur = this.regionIndex.get(k);
      if (!cur) this.regionIndex.set(k, [r]);
      else if (!cur.includes(r)) cur.push(r);
    };
    for (const [code, r] of regionByCode) {
      add(this.regionNames[r], r);
      if (code.startsWith('US.')) add(code.slice(3), r); // US admin1 codes are the postal codes
    }
    for (const [code, aliases] of Object.entries(REGION_ALIASES)) {
      const r = regionByCode.get(code);
      if (r !== undefined) for (const a of aliases) add(a, r);
    }
    // England, Scotland … are GeoNames regions of GB; let the country aliases' region hints work as regions too
    for (const [k, m] of this.countryIndex) if (m.region !== undefined) add(k, m.region);
  }

  /** Number of index keys (for diagnostics). */
  get keyCount(): number { return this.keys.length; }

  place(id: number, alternatives?: number): ResolvedPlace {
    const c = this.countries[this.country[id]];
    const r = this.region[id];
    const out: ResolvedPlace = {
      name: this.names[id],
      region: r >= 0 ? this.regionNames[r] : '',
      country: c.name,
      countryCode: c.code,
      latitude: this.lat[id],
      longitude: this.lon[id],
      timezone: this.zones[this.zoneOf[id]],
      population: this.pop[id],
    };
    if (alternatives) out.alternatives = alternatives;
    return out;
  }

  /** "Name, Region, Country" (region left out when unknown or equal to the name). */
  label(id: number): string {
    const r = this.region[id];
    const parts = [this.names[id]];
    if (r >= 0 && this.regionNames[r] && this.regionNames[r] !== this.names[id]) parts.push(this.regionNames[r]);
    parts.push(this.countries[this.country[id]].name);
    return parts.join(', ');
  }

  /** Postings of a key (binary search over the sorted keys; the same code-unit order the build sorted by). */
  private entries(key: string): number[] {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid];
      if (k < key) lo = mid + 1;
      else if (k > key) hi = mid - 1;
      else return Array.from(this.post.subarray(this.start[mid], this.start[mid + 1]));
    }
    return [];
  }

  /** Compare two index entries by the ranking rules (negative: a is better). */
  private compare(a: number, b: number, regions: Set<number> | null): number {
    const ia = a >> 1;
    const ib = b >> 1;
    if (regions) {
      const ra = regions.has(this.region[ia]) ? 0 : 1;
      const rb = regions.has(this.region[ib]) ? 0 : 1;
      if (ra !== rb) return ra - rb;
    }
    if ((a & 1) !== (b & 1)) return (a & 1) - (b & 1);
    // seats before plain places — but only among own-name matches: an alternate name ("New York" for
    // New York City, a plain PPL in GeoNames) belongs first of all to the largest place carrying it,
    // not to some county seat that also lists it (York, Nebraska).
    if ((a & 1) === 0 && this.kind[ia] !== this.kind[ib]) return this.kind[ia] - this.kind[ib];
    if (this.pop[ia] !== this.pop[ib]) return this.pop[ib] - this.pop[ia];
    return ia - ib;
  }

  /** Best place among entries (linear pass; entries per name are few). */
  private best(entries: number[], regions: Set<number> | null): { id: number; count: number } {
    let best = -1;
    const seen = new Set<number>();
    for (const e of entries) {
      seen.add(e >> 1);
      if (best < 0 || this.compare(e, best, regions) < 0) best = e;
    }
    return { id: best >> 1, count: seen.size };
  }

  private filter(entries: number[], countries: Set<number> | null): number[] {
    if (!countries) return entries;
    return entries.filter((e) => countries.has(this.country[e >> 1]));
  }

  resolve(query: string): ResolvedPlace {
    const parts = String(query ?? '').split(',').map((p) => p.trim()).filter((p) => normalizeKey(p));
    if (!parts.length) {
      throw new EngineInputError('LOCATION_REQUIRED', 'The location has no letters or digits; give a place as "City, Country" or "City, Region, Country".');
    }
    const cityText = parts[0];
    const cityKey = normalizeKey(cityText);
    const all = this.entries(cityKey);
    const cityAsCountry = this.countryIndex.get(cityKey);

    // interpretations of the qualifiers, tried in order: last part as country, then as region
    const tries: { countries: Set<number> | null; regions: Set<number> | null; strict?: boolean }[] = [];
    if (parts.length === 1) {
      if (cityAsCountry) tries.push({ countries: new Set([cityAsCountry.country]), regions: null }); // "Singapore"
      else tries.push({ countries: null, regions: null });
    } else {
      const lastKey = normalizeKey(parts[parts.length - 1]);
      const middle = parts.slice(1, -1).map(normalizeKey);
      const asCountry = this.countryIndex.get(lastKey);
      if (asCountry) {
        const regions = new Set<number>();
        for (const m of middle) for (const r of this.regionIndex.get(m) ?? []) if (this.regionCountry[r] === asCountry.country) regions.add(r);
        if (!middle.length && asCountry.region !== undefined) regions.add(asCountry.region);
        tries.push({ countries: new Set([asCountry.country]), regions: regions.size ? regions : null });
      }
      const asRegion = this.regionIndex.get(lastKey);
      if (asRegion) {
        const regions = new Set(asRegion);
        for (const m of middle) for (const r of this.regionIndex.get(m) ?? []) regions.add(r);
        tries.push({ countries: new Set(asRegion.map((r) => this.regionCountry[r])), regions, strict: true });
      }
      if (!tries.length) {
        if (cityAsCountry) throw this.countryError(cityText, cityAsCountry);
        throw new EngineInputError('LOCATION_NOT_FOUND',
          `Unknown country or region "${parts[parts.length - 1]}" in "${query}". Write the place as "City, Country" or "City, Region, Country".`,
          { suggestions: this.suggest(cityKey, null) });
      }
    }
    for (const t of tries) {
      let entries = this.filter(all, t.countries);
      // the last part read as a region must actually hit it ("Paris, TX" must not pick a Paris elsewhere)
      if (t.strict) entries = entries.filter((e) => t.regions!.has(this.region[e >> 1]));
      if (entries.length) {
        const { id, count } = this.best(entries, t.regions);
        return this.place(id, count - 1);
      }
    }
    if (cityAsCountry) throw this.countryError(cityText, cityAsCountry);
    const scope = parts.length > 1 ? new Set(tries.flatMap((t) => [...(t.countries ?? [])])) : null;
    throw new EngineInputError('LOCATION_NOT_FOUND', `No place called "${cityText}" was found${scope ? ` in ${[...scope].map((c) => this.countries[c].name).join(' / ')}` : ''}.`,
      { suggestions: this.suggest(cityKey, scope) });
  }

  private countryError(text: string, m: CountryMatch): EngineInputError {
    const c = this.countries[m.country];
    const example = c.capital ? `"${c.capital}, ${c.name}"` : `"City, ${c.name}"`;
    return new EngineInputError('LOCATION_IS_COUNTRY',
      `"${text}" is a country (${c.name}, ${c.code}), not a city: the birth place must be a city or town, e.g. ${example}.`,
      { country: c.name, countryCode: c.code });
  }

  /**
   * Up to 5 suggestions "Name, Region, Country": places carrying exactly that name elsewhere first, then
   * near spellings (edit distance, or the query as a prefix) within the scope, best-ranked first.
   */
  suggest(key: string, countries: Set<number> | null, limit = 5): string[] {
    const out: number[] = [];
    const exact = [...new Set(this.entries(key).map((e) => e >> 1))];
    exact.sort((a, b) => this.compare(a << 1, b << 1, null));
    for (const id of exact) if (out.length < limit && !out.includes(id)) out.push(id);
    if (out.length < limit && key.length >= 2) {
      const maxDist = key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
      const scored: { id: number; score: number }[] = [];
      for (let id = 0; id < this.size; id++) {
        if (countries ? !countries.has(this.country[id]) : this.pop[id] < 1000 && this.kind[id] > 1) continue;
        const pk = this.primaryKey[id];
        if (Math.abs(pk.length - key.length) > maxDist && !(key.length >= 4 && pk.startsWith(key))) continue;
        const d = key.length >= 4 && pk.startsWith(key) ? 0.5 : boundedLevenshtein(key, pk, maxDist);
        if (d <= maxDist) scored.push({ id, score: d });
      }
      scored.sort((a, b) => a.score - b.score || this.compare(a.id << 1, b.id << 1, null));
      for (const s of scored) {
        if (out.length >= limit) break;
        if (!out.includes(s.id)) out.push(s.id);
      }
    }
    // one suggestion per label
    return [...new Set(out.map((id) => this.label(id)))];
  }

  /** For diagnostics / tests: how a place was ranked. */
  kindOf(id: number): string { return KIND_LABEL[this.kind[id]]; }
}

/** Levenshtein distance, giving up (returning max + 1) once it must exceed max. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

let singleton: Gazetteer | null = null;
let singletonDir: string | null = null;

/** Loads (once) the gazetteer from `dataDir` (default: the project's data/ folder). */
export function loadGazetteer(dataDir: string = DEFAULT_DATA_DIR): Gazetteer {
  if (singleton && singletonDir === dataDir) return singleton;
  const text = zlib.gunzipSync(fs.readFileSync(path.join(dataDir, 'places.tsv.gz'))).toString('utf8');
  singleton = new Gazetteer(text);
  singletonDir = dataDir;
  return singleton;
}

/** Resolves "City", "City, Country" or "City, Region, Country" to one place (see the ranking above). */
export function resolvePlace(query: string): ResolvedPlace {
  return loadGazetteer().resolve(query);
}
