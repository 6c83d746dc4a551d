/**
 * Offline gazetteer: loads data/places.tsv.gz (built by scripts/build-places.js from GeoNames cities500,
 * data © GeoNames, CC BY 4.0, and ICU's country names) into typed column arrays (gazetteer-data.ts) plus a sorted
 * index of name entries (binary search) from normalised name to places (place-index.ts), resolves "City", "City, Country", "City, Region,
 * Country" queries in any script ("Москва, Россия", "東京, 日本", "Wien, Österreich"), and answers place searches
 * (searchPlaces, see search.ts; ranked by place-search.ts) from a word-prefix index (word-index.ts). Regions are matched by their GeoNames
 * name, US state code, aliases.ts and their names in other languages and scripts (Unicode CLDR, #ralt).
 *
 * Ranking of the places that carry the queried name (first difference wins):
 *   1. region match — the place lies in a region named in the query (or implied by the country alias,
 *      e.g. "England" -> GB.ENG);
 *   2. the query is the place's own name (or its ASCII form) rather than one of its alternate names;
 *   3. a populated place over one of population 0 (GeoNames' bare administrative points);
 *   4. capitals and seats over plain places: national capital > seat of a first-order division (state,
 *      province) > seat of a second-order division (county) > everything else. Lower-order seats
 *      (GeoNames PPLA3/PPLA4: municipalities, communes) count as plain places, because in many countries
 *      nearly every village is one and the distinction carries no signal. This step is skipped when
 *      the match is on an alternate name (those go to the most populous holder: "New York, USA" is
 *      New York City, a plain place in GeoNames, not the county seat York, Nebraska, which lists it too);
 *   5. population.
 * The best is answered; `alternatives` says how many other places with that name were passed over.
 */
import { EngineInputError } from '../types';
import { type Country, DEFAULT_DATA_DIR, type PlaceData, readDataFile, readPlaceData } from './gazetteer-data';
import { type CountryMatch, PlaceIndex, startingWith } from './place-index';
import { clean, normalizeKey } from './normalize';
import { PlaceSearch, type Scope, SEARCH_MAX_LIMIT } from './place-search';
import type { PlaceSuggestion } from './search';
import type { StringTable } from './string-table';
import { letterSignature, signatureGap } from './edit-distance';

export { DEFAULT_DATA_DIR } from './gazetteer-data';
export { SEARCH_MAX_LIMIT, searchOrder, searchWeight } from './place-search';

/** What the gazetteer knows of one place: the part a resolved birth place and a search suggestion share. */
export interface PlaceFields {
  /** The GeoNames id (geonames.org/<id>): names this very place in every operation that takes `location`. */
  placeId: number;
  name: string; // the GeoNames name (its usual English/ASCII form: "Moscow", "Munich", "Köln"), whatever the query's script
  region: string; // first-order division name ('' when unknown)
  country: string;
  countryCode: string; // ISO 3166-1 alpha-2
  latitude: number;
  longitude: number;
  timezone: string; // IANA zone (from geo-tz/all at the place's coordinates)
  population: number;
}

export interface ResolvedPlace extends PlaceFields {
  /** The city part of the query as the caller wrote it (trimmed), e.g. "東京" for "東京, 日本". */
  asWritten: string;
  /** Number of other places that carry the same name within the matched country/region set. */
  alternatives?: number;
}

/**
 * A character that is a word, or most of one, alone: Han (Chinese, Japanese kanji), kana, Hangul syllables. One of
 * them is a whole query ("東", "京"); one Latin or Cyrillic letter is not.
 */
const IDEOGRAPHIC = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** One reading of a query's qualifiers: the places it admits and the regions it prefers. */
interface Try {
  countries: Set<number> | null;
  regions: Set<number> | null;
  strict?: boolean;
  /** The region part(s) as written when none of them names a region of the country: resolve() refuses the reading. */
  unmatched?: string;
  /** Region and country as written, when the place must lie in that region (for the error when none does). */
  written?: string;
}

/** Parts of a location: split at commas, also full-width (，), Arabic (،) and ideographic (、) ones. */
const PART_SEPARATOR = /[,\uff0c\u060c\u3001]/;
/** #loc values: how a place's round-tripping location is written. */
const LOC_COUNTRY = 0;
const LOC_REGION = 1;
const LOC_NONE = 2;

const KIND_LABEL = ['capital', 'first-order seat', 'second-order seat', 'place'];

/**
 * Resolution (resolve, resolveById, suggestions, round-trip locations) and the gazetteer's one public face; the data
 * file is read by gazetteer-data.ts, names are looked up in place-index.ts, searches ranked by place-search.ts. The
 * columns resolution reads are kept as fields of their own, as before the split (no lookup through another object).
 */
export class Gazetteer {
  readonly size: number;
  private readonly names: StringTable;
  private readonly primaryKey: StringTable;
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly pop: Float64Array;
  private readonly country: Uint16Array;
  private readonly region: Int32Array; // index into regions, -1 when the admin1 code is unknown
  private readonly zoneOf: Uint16Array;
  private readonly kind: Uint8Array;
  /** GeoNames ids (#gid), and the places sorted by them (made on first lookup). */
  private readonly gid: Int32Array;
  private byGid: Int32Array | null = null;
  /** Round-trip location form per place (LOC_*); null when the data file has none (while it is being built). */
  private readonly loc: Uint8Array | null;
  private readonly zones: string[];
  private readonly countries: Country[];
  private readonly regionNames: string[];
  private readonly regionCountry: number[];
  /** Name entries' postings (place << 1 | alternate), see PlaceData. */
  private readonly ePost: Int32Array;
  private readonly places: PlaceData;
  private readonly keys: PlaceIndex;
  /**
   * The search's ranking index, made on the first search (or warmSearch): only the API searches, and a worker
   * process that only resolves names starts 0.36 s sooner without it (a third of the gazetteer's load).
   */
  private ranking: PlaceSearch | null = null;
  /** Inside suggest() (see there). */
  private suggesting = false;
  /**
   * The places suggest() compares a refused name with, in id order, made on first use: each country's (its places
   * are stored together) and, for a name with no country, the notable ones; a refusal no longer walks all 200,000
   * places to filter them.
   */
  private suggestionScopes: { byCountry: Map<number, Int32Array>; notable: Int32Array } | null = null;

  constructor(data: string | Buffer) {
    const { places, qualifiers } = readPlaceData(data);
    this.size = places.size;
    this.names = places.names;
    this.primaryKey = places.primaryKey;
    this.lat = places.lat;
    this.lon = places.lon;
    this.pop = places.pop;
    this.country = places.country;
    this.region = places.region;
    this.zoneOf = places.zoneOf;
    this.kind = places.kind;
    this.gid = places.gid;
    this.loc = places.loc;
    this.zones = places.zones;
    this.countries = places.countries;
    this.regionNames = places.regionNames;
    this.regionCountry = places.regionCountry;
    this.ePost = places.ePost;
    this.places = places;
    this.keys = new PlaceIndex(places, qualifiers);
  }

  /** Makes the search's index now rather than at the first search (the API, at its start). */
  warmSearch(): void {
    this.searchIndex();
  }

  private searchIndex(): PlaceSearch {
    if (!this.loc) throw new Error('gazetteer: the data file has no #loc column; rebuild it with scripts/build-places.js');
    return (this.ranking ??= new PlaceSearch(this.places, this.keys));
  }

  /** Number of name entries in the index (for diagnostics). */
  get keyCount(): number {
    return this.ePost.length;
  }

  /** Bytes held in typed arrays (outside the JS heap figure of process.memoryUsage().heapUsed). */
  get typedArrayBytes(): number {
    return this.places.bytes + (this.byGid?.byteLength ?? 0) + this.keys.bytes + (this.ranking ? this.ranking.bytes : 0);
  }

  place(id: number, asWritten: string, alternatives?: number): ResolvedPlace {
    const out: ResolvedPlace = { ...this.fields(id), asWritten };
    if (alternatives) out.alternatives = alternatives;
    return out;
  }

  /** "Name, Region, Country" (region left out when unknown or equal to the name). */
  label(id: number): string {
    const r = this.region[id];
    const parts = [this.names.get(id)];
    if (r >= 0 && this.regionNames[r] && this.regionNames[r] !== this.names.get(id)) parts.push(this.regionNames[r]);
    parts.push(this.countries[this.country[id]].name);
    return parts.join(', ');
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
    // a populated place before one of population 0, seat or not: GeoNames lists some seats twice, the second time
    // as a bare administrative point of population 0 (Yulin, Guangxi: the city of 1.06 million and a PPLA2 point 3 km
    // away), and that point must not take the city's name
    const za = this.pop[ia] > 0 ? 0 : 1;
    const zb = this.pop[ib] > 0 ? 0 : 1;
    if (za !== zb) return za - zb;
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

  /** The parts of a location, trimmed, without the empty (letterless) ones. */
  private parts(query: string): string[] {
    return String(query ?? '')
      .split(PART_SEPARATOR)
      .map((p) => p.trim())
      .filter((p) => normalizeKey(p));
  }

  /** Readings of the qualifiers parts[1..] (for two or more parts): last part as country, then as region. */
  private interpret(parts: string[]): Try[] {
    const tries: Try[] = [];
    const lastKey = normalizeKey(parts[parts.length - 1]);
    const middle = parts.slice(1, -1).map(normalizeKey);
    const asCountry = this.keys.countryIndex.get(lastKey);
    if (asCountry) {
      const regions = new Set<number>();
      for (const m of middle) for (const r of this.keys.regionIndex.get(m) ?? []) if (this.regionCountry[r] === asCountry.country) regions.add(r);
      if (!middle.length && asCountry.region !== undefined) regions.add(asCountry.region);
      const t: Try = { countries: new Set([asCountry.country]), regions: regions.size ? regions : null };
      if (middle.length && !regions.size) t.unmatched = parts.slice(1, -1).join(', ');
      // a region written out must hold the place: "Франкфурт, Бранденбург, Германия" had answered Frankfurt am Main
      // in Hesse (the only Frankfurt carrying that name); a region implied by an alias ("London, England") only prefers
      if (middle.length && regions.size) {
        t.strict = true;
        t.written = parts.slice(1).join(', ');
      }
      tries.push(t);
    }
    const asRegion = this.keys.regionIndex.get(lastKey);
    if (asRegion) {
      const regions = new Set(asRegion);
      for (const m of middle) for (const r of this.keys.regionIndex.get(m) ?? []) regions.add(r);
      tries.push({ countries: new Set(asRegion.map((r) => this.regionCountry[r])), regions, strict: true });
    }
    return tries;
  }

  /** The place with this GeoNames id (placeId); LOCATION_NOT_FOUND when the gazetteer has none. */
  resolveById(placeId: number): ResolvedPlace {
    if (!this.byGid) this.byGid = Int32Array.from({ length: this.gid.length }, (_, i) => i).sort((a, b) => this.gid[a] - this.gid[b]);
    const order = this.byGid;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.gid[order[mid]] < placeId) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= order.length || this.gid[order[lo]] !== placeId) {
      throw new EngineInputError('LOCATION_NOT_FOUND', `No place has placeId ${placeId}; placeId is the GeoNames id that GET /v1/places gives.`, { placeId });
    }
    const id = order[lo];
    return this.place(id, this.names.get(id));
  }

  resolve(query: string): ResolvedPlace {
    const { id, count, asWritten } = this.resolveId(query);
    return this.place(id, asWritten, count - 1);
  }

  private resolveId(query: string): { id: number; count: number; asWritten: string } {
    const parts = this.parts(query);
    if (!parts.length) {
      throw new EngineInputError('LOCATION_REQUIRED', 'The location has no letters or digits; give a place as "City, Country" or "City, Region, Country".');
    }
    const cityText = parts[0];
    const cityKey = normalizeKey(cityText);
    const all = this.keys.entries(cityKey);
    const cityAsCountry = this.keys.countryIndex.get(cityKey);

    // interpretations of the qualifiers, tried in order: last part as country, then as region
    let tries: Try[];
    if (parts.length === 1) {
      // "Singapore": a country's English name, code or alias alone means that country's place of that name; a
      // name in another language only when no place carries it ("Columbia" is a city before it is Colombia
      // in some language, "Helena" before Saint Helena)
      if (cityAsCountry && !cityAsCountry.local) tries = [{ countries: new Set([cityAsCountry.country]), regions: null }];
      else tries = [{ countries: null, regions: null }];
    } else {
      tries = this.interpret(parts);
      if (!tries.length) {
        if (cityAsCountry) throw this.countryError(cityText, cityAsCountry);
        throw new EngineInputError(
          'LOCATION_NOT_FOUND',
          `Unknown country or region "${parts[parts.length - 1]}" in "${query}". Write the place as "City, Country" or "City, Region, Country".`,
          { suggestions: this.suggest(cityKey, null) },
        );
      }
    }
    for (const t of tries) {
      // a region written but matching none of the country's ("Portland, Мэн, США"): never silently dropped, which
      // answered Portland, Oregon for Portland, Maine
      if (t.unmatched) continue;
      let entries = this.filter(all, t.countries);
      // the last part read as a region must actually hit it ("Paris, TX" must not pick a Paris elsewhere)
      if (t.strict) entries = entries.filter((e) => t.regions!.has(this.region[e >> 1]));
      if (entries.length) {
        const { id, count } = this.best(entries, t.regions);
        return { id, count, asWritten: cityText };
      }
    }
    if (cityAsCountry) throw this.countryError(cityText, cityAsCountry);
    const unmatched = tries.find((t) => t.unmatched);
    if (unmatched) {
      const country = this.countries[[...unmatched.countries!][0]].name;
      throw new EngineInputError(
        'LOCATION_NOT_FOUND',
        `"${unmatched.unmatched}" is no region of ${country} that this service knows (regions are matched by their GeoNames names, their names in other languages and scripts from the Unicode CLDR, and US state codes); write the place as "City, Region, ${country}" or "City, ${country}".`,
        { suggestions: this.suggest(cityKey, unmatched.countries) },
      );
    }
    const scope = parts.length > 1 ? new Set(tries.flatMap((t) => [...(t.countries ?? [])])) : null;
    const written = tries.find((t) => t.written)?.written;
    throw new EngineInputError(
      'LOCATION_NOT_FOUND',
      `No place called "${cityText}" was found${written ? ` in ${written}` : scope ? ` in ${[...scope].map((c) => this.countries[c].name).join(' / ')}` : ''}.`,
      { suggestions: this.suggest(cityKey, scope) },
    );
  }

  private countryError(text: string, m: CountryMatch): EngineInputError {
    const c = this.countries[m.country];
    const example = c.capital ? `"${c.capital}, ${c.name}"` : `"City, ${c.name}"`;
    return new EngineInputError(
      'LOCATION_IS_COUNTRY',
      `"${text}" is a country (${c.name}, ${c.code}), not a city: the birth place must be a city or town, e.g. ${example}.`,
      { country: c.name, countryCode: c.code },
    );
  }

  /**
   * Up to 5 suggestions "Name, Region, Country": places carrying exactly that name elsewhere first, then
   * near spellings (edit distance, or the query as a prefix) within the scope, best-ranked first.
   */
  suggest(key: string, countries: Set<number> | null, limit = 5): string[] {
    const out: number[] = [];
    const exact = [...new Set(this.keys.entries(key).map((e) => e >> 1))];
    exact.sort((a, b) => this.compare(a << 1, b << 1, null));
    for (const id of exact) if (out.length < limit && !out.includes(id)) out.push(id);
    if (out.length < limit && key.length >= 2) {
      const maxDist = key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
      const scored: { id: number; score: number }[] = [];
      const pk = this.primaryKey;
      const first = key.charCodeAt(0);
      const keySignature = letterSignature(key, 0, key.length);
      const candidates = this.suggestionCandidates(countries);
      for (let c = 0; c < candidates.length; c++) {
        const id = candidates[c];
        // The first letter before the whole prefix: most names fail it, with one read.
        const prefix = key.length >= 4 && pk.charCodeAt(pk.start(id)) === first && pk.startsWith(id, key);
        if (!prefix && (Math.abs(pk.size(id) - key.length) > maxDist || signatureGap(keySignature, pk.signature(id)) > maxDist)) continue;
        const d = prefix ? 0.5 : pk.distance(id, key, maxDist);
        if (d <= maxDist) scored.push({ id, score: d });
      }
      scored.sort((a, b) => a.score - b.score || this.compare(a.id << 1, b.id << 1, null));
      for (const s of scored) {
        if (out.length >= limit) break;
        if (!out.includes(s.id)) out.push(s.id);
      }
    }
    // one suggestion per place: "Name, Region, Country" where that resolves back to the place, else its shortest
    // location that does (only a place that no location reaches keeps its label). Checking a label resolves it, and a
    // failing resolve suggests again: the check is made at the first level only.
    if (this.suggesting) return [...new Set(out.map((id) => this.location(id) || this.label(id)))];
    this.suggesting = true;
    try {
      return [...new Set(out.map((id) => (this.resolvesTo(this.label(id), id) ? this.label(id) : this.location(id) || this.label(id))))];
    } finally {
      this.suggesting = false;
    }
  }

  /** The places of these countries, or the notable places (see suggestionScopes), in id order. */
  private suggestionCandidates(countries: Set<number> | null): Int32Array {
    if (!this.suggestionScopes) {
      const members = new Map<number, number[]>();
      const notable: number[] = [];
      for (let id = 0; id < this.size; id++) {
        let list = members.get(this.country[id]);
        if (!list) members.set(this.country[id], (list = []));
        list.push(id);
        if (!(this.pop[id] < 1000 && this.kind[id] > 1)) notable.push(id);
      }
      const byCountry = new Map([...members].map(([country, ids]) => [country, Int32Array.from(ids)]));
      this.suggestionScopes = { byCountry, notable: Int32Array.from(notable) };
    }
    if (!countries) return this.suggestionScopes.notable;
    const lists = [...countries].map((c) => this.suggestionScopes!.byCountry.get(c)).filter((l): l is Int32Array => l !== undefined);
    if (lists.length === 1) return lists[0];
    // In id order across the countries, as one walk over all places met them (ties in the ranking keep that order).
    const ids = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const list of lists) {
      ids.set(list, at);
      at += list.length;
    }
    return ids.sort();
  }

  /** For diagnostics / tests: how a place was ranked. */
  kindOf(id: number): string {
    return KIND_LABEL[this.kind[id]];
  }

  // ---------------------------------------------------------------------------------------------------------
  // round-trip locations and search

  /**
   * For every place, the shortest location resolve() answers with that very place (same name and
   * coordinates): LOC_COUNTRY "Name, Country", LOC_REGION "Name, Region, Country", or LOC_NONE when another
   * place of that name ranks first even within the region. Used by the build (stored as #loc).
   */
  locationForms(): Uint8Array {
    const out = new Uint8Array(this.size);
    for (let id = 0; id < this.size; id++) {
      const name = this.names.get(id);
      const country = this.countries[this.country[id]].name;
      const r = this.region[id];
      if (this.resolvesTo(`${name}, ${country}`, id)) out[id] = LOC_COUNTRY;
      else if (r >= 0 && this.resolvesTo(`${name}, ${this.regionNames[r]}, ${country}`, id)) out[id] = LOC_REGION;
      else out[id] = LOC_NONE;
    }
    return out;
  }

  private resolvesTo(location: string, id: number): boolean {
    try {
      const got = this.resolveId(location).id;
      return got === id || (this.names.get(got) === this.names.get(id) && this.lat[got] === this.lat[id] && this.lon[got] === this.lon[id]);
    } catch {
      return false;
    }
  }

  /** The location string of a place that resolve() answers with it ('' for a shadowed namesake: placeId names it). */
  location(id: number): string {
    const form = this.loc?.[id];
    const country = this.countries[this.country[id]].name;
    if (form === LOC_COUNTRY) return `${this.names.get(id)}, ${country}`;
    if (form === LOC_REGION) return `${this.names.get(id)}, ${this.regionNames[this.region[id]]}, ${country}`;
    return '';
  }

  private suggestion(id: number, matched: string): PlaceSuggestion {
    const f = this.fields(id);
    const location = this.location(id);
    return {
      placeId: f.placeId,
      name: f.name,
      region: f.region,
      country: f.country,
      countryCode: f.countryCode,
      latitude: f.latitude,
      longitude: f.longitude,
      timezone: f.timezone,
      population: f.population,
      // left out (undefined: JSON has no such key) for the ~3 % of places that a bigger namesake in the same region
      // shadows, placeId names them; always present as a key, so that every suggestion has one object shape
      location: location || undefined,
      matched,
    };
  }

  private fields(id: number): PlaceFields {
    const c = this.countries[this.country[id]];
    const r = this.region[id];
    return {
      placeId: this.gid.length ? this.gid[id] : 0,
      name: this.names.get(id),
      region: r >= 0 ? this.regionNames[r] : '',
      country: c.name,
      countryCode: c.code,
      latitude: this.lat[id],
      longitude: this.lon[id],
      timezone: this.zones[this.zoneOf[id]],
      population: this.pop[id],
    };
  }

  /** See searchPlaces (search.ts). */
  search(query: string, limit: number): PlaceSuggestion[] {
    // the name part may not be left out (", France"); empty qualifiers are
    const [first, ...rest] = String(query ?? '')
      .split(PART_SEPARATOR)
      .map((p) => p.trim());
    const parts = [first, ...rest.filter((p) => normalizeKey(p))];
    const text = clean(first);
    const chars = [...text.replace(/ /g, '')];
    if (chars.length < 2 && !(chars.length === 1 && IDEOGRAPHIC.test(chars[0]))) {
      throw new EngineInputError('QUERY_TOO_SHORT', 'The search needs at least 2 letters or digits of the place name, or one CJK character.', { query });
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_MAX_LIMIT) {
      throw new EngineInputError('INVALID_LIMIT', `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`, { limit });
    }
    const ranking = this.searchIndex();
    for (const scope of this.searchScopes(parts)) {
      const found = ranking.searchIn(text.split(' '), scope, limit);
      if (found.length) return found.map(({ id, e }) => this.suggestion(id, (this.ePost[e] & 1) === 1 ? this.keys.entryText(e) : this.names.get(id)));
    }
    return [];
  }

  /**
   * The scopes a search tries in turn: everything (no qualifier); the readings resolve() gives the
   * qualifiers; failing those, every country and region whose name starts with the last part ("Paris, Fr").
   */
  private searchScopes(parts: string[]): Scope[] {
    if (parts.length < 2) return [{ countries: null, regions: null, boost: null }];
    const tries = this.interpret(parts);
    if (tries.length) {
      return tries.map((t) => (t.strict ? { countries: null, regions: t.regions, boost: null } : { countries: t.countries, regions: null, boost: t.regions }));
    }
    // a qualifier being typed: the countries (English names, codes, aliases) and regions it starts; failing
    // those, the countries it starts in other languages ("Москва, Росс")
    const prefix = normalizeKey(parts[parts.length - 1]);
    const keys = this.keys.qualifierIndex();
    const countries = new Set<number>();
    const regions = new Set<number>();
    for (const [, c] of startingWith(keys.countries, prefix)) countries.add(c);
    for (const [, rs] of startingWith(keys.regions, prefix)) for (const r of rs) regions.add(r);
    if (!countries.size && !regions.size) for (const [, c] of startingWith(keys.localCountries, prefix)) countries.add(c);
    if (!countries.size && !regions.size) return [];
    return [{ countries, regions, boost: null }];
  }
}

let singleton: Gazetteer | null = null;
let singletonDir: string | null = null;

/** Loads (once) the gazetteer from `dataDir` (default: the project's data/ folder). */
export function loadGazetteer(dataDir: string = DEFAULT_DATA_DIR): Gazetteer {
  if (singleton && singletonDir === dataDir) return singleton;
  singleton = new Gazetteer(readDataFile(dataDir));
  singletonDir = dataDir;
  return singleton;
}

/** Resolves "City", "City, Country" or "City, Region, Country" to one place (see the ranking above). */
export function resolvePlace(query: string): ResolvedPlace {
  return loadGazetteer().resolve(query);
}

/** The place with this GeoNames id (a suggestion's placeId). */
export function resolvePlaceById(placeId: number): ResolvedPlace {
  return loadGazetteer().resolveById(placeId);
}
