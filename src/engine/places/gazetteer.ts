/**
 * Offline gazetteer: loads data/places.tsv.gz (built by scripts/build-places.js from GeoNames cities500,
 * data © GeoNames, CC BY 4.0, and ICU's country names; read by gazetteer-data.ts) into typed column arrays plus a sorted index of name
 * entries (binary search) from normalised name to places, resolves "City", "City, Country", "City, Region,
 * Country" queries in any script ("Москва, Россия", "東京, 日本", "Wien, Österreich"), and answers place searches
 * (searchPlaces, see search.ts) from a word-prefix index (word-index.ts). Regions are matched by their GeoNames
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
import { type Country, DEFAULT_DATA_DIR, readDataFile, readPlaceData } from './gazetteer-data';
import { type CountryMatch, PlaceIndex, startingWith } from './place-index';
import { clean, normalizeKey, TOKENS } from './normalize';
import type { PlaceSuggestion } from './search';
import type { StringTable } from './string-table';
import { slotOf, Source, wordAt, WordPrefixIndex, wordsAfter } from './word-index';

export { DEFAULT_DATA_DIR } from './gazetteer-data';

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

export const SEARCH_MAX_LIMIT = 20;
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
/** Search scope: a place passes when its country is in countries or its region in regions (both null: all). */
interface Scope {
  countries: Set<number> | null;
  regions: Set<number> | null;
  boost: Set<number> | null;
}

/** Parts of a location: split at commas, also full-width (，), Arabic (،) and ideographic (、) ones. */
const PART_SEPARATOR = /[,\uff0c\u060c\u3001]/;
/** #loc values: how a place's round-tripping location is written. */
const LOC_COUNTRY = 0;
const LOC_REGION = 1;
const LOC_NONE = 2;
/**
 * In search, a match on an alternate name counts as a place this many times smaller: "san fr" is San
 * Francisco (864,816) before Quito (2.8 million, alternate name "San Francisco de Quito"), but "münch" is
 * still Munich (1.26 million, alternate name "München") before Ottobrunn bei München (19,204).
 */
const ALT_DISCOUNT = 20;
/*
 * Search scores (searchPlaces): log10(population + 1) plus these, in the same powers of ten. The whole name typed is
 * worth a place 30 times larger ("Mos": Moscow, 10 million, still before Mos, Spain, 14,650); an alternate name counts
 * ALT_DISCOUNT times smaller (the order the data file stores), or only 2 times when it is in the query's own
 * non-Latin script and the place's own name is not ("Моск" means Moscow as much as "Mosc" does); the query starting
 * at a later word of the name ("york" in "New York City") 5 times smaller; an alternate name matched in part while
 * the query is the whole own name of some place 100 times smaller ("São Paulo": not Luanda, once "São Paulo de
 * Loanda"); national capitals and seats of first- and second-order divisions a little larger (KIND_FACTOR); places
 * of population 0 after every populated one.
 */
const EXACT_BONUS = 1.5;
const ALT_PENALTY = Math.log10(ALT_DISCOUNT);
const SCRIPT_ALT_PENALTY = 0.3;
const LATER_WORD_PENALTY = 0.7;
const SHADOWED_PENALTY = 2;
/** Capitals and seats count as larger places: national capital 3.2 times, first-order seat 2, second-order 1.25. */
const KIND_FACTOR = [3.2, 2, 1.25, 1];
const UNPOPULATED = -100;
/**
 * Once a search's list is full, it reads at most this many more names for a better match before it stops (else
 * it stops when no later name can beat the list). Bounds the latency of queries whose matches all rank low; of the
 * bench's 482 queries, 481 get the same list as with no limit ("be, Texas" does not: its fifth place differs).
 */
const EXTRA_VISITS = 300;
/**
 * A search scores at most this many names that fit its words and scope, whether or not its list is full (a bound on
 * the worst case; no list of the bench's queries changes with it).
 */
const MAX_VISITS = 600;

const KIND_LABEL = ['capital', 'first-order seat', 'second-order seat', 'place'];

/** Items grouped by a key: the items of key k are items[start[k] .. start[k + 1]). */
interface Groups {
  start: Int32Array;
  items: Int32Array;
}

/** Groups the items 0 .. count-1 by keyOf (a counting sort; items keep their order within a group). */
function group(count: number, keys: number, keyOf: (i: number) => number): Groups {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < count; i++) start[keyOf(i) + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const fill = start.slice(0, keys);
  const items = new Int32Array(count);
  for (let i = 0; i < count; i++) items[fill[keyOf(i)]++] = i;
  return { start, items };
}

/** Search structures, built at load when the data file has its #loc column. */
interface SearchData {
  index: WordPrefixIndex;
  /** Name entries by place, places by country, places by region (group r + 1; group 0: region unknown). */
  byPlace: Groups;
  byCountry: Groups;
  byRegion: Groups;
  /** Number of name entries per country, per region. */
  countryEntries: Int32Array;
  regionEntries: Int32Array;
  /**
   * Per slot of eWords (a word of a name entry, see word-index.ts): its entry, the entry's posting and stored
   * weight (weightOf), so that a search reading a word position needs no look-up through the entry or its place.
   */
  slotEntry: Int32Array;
  slotPost: Int32Array;
  slotWeight: Float64Array;
  /** Per slot, its place's country and region + 1 (0: unknown): a scoped search passes over other places' names. */
  slotCountry: Uint16Array;
  slotRegion: Uint16Array;
  /** Scratch: 1 for the countries, regions + 1 of the scope being visited (cleared after). */
  countryMask: Uint8Array;
  regionMask: Uint8Array;
}

/**
 * A name entry's stored weight: population times its capital/seat factor, an own name's times ALT_DISCOUNT. The
 * entries are stored by it (searchOrder), so that a search reading them in order knows the best score any later
 * entry can still have (see searchIn).
 */
export function searchWeight(pop: number, kind: number, alt: boolean): number {
  return pop * KIND_FACTOR[kind] * (alt ? 1 : ALT_DISCOUNT);
}

/**
 * The search order of postings (place << 1 | alternate), best first: by searchWeight; ties: capitals/seats first,
 * then place order. The build stores the name entries in this order (a name entry's number is then its rank);
 * exported for it.
 */
export function searchOrder(pop: ArrayLike<number>, kind: ArrayLike<number>): Int32Array {
  const n = pop.length;
  const weight = new Float64Array(2 * n);
  for (let p = 0; p < 2 * n; p++) weight[p] = searchWeight(pop[p >> 1], kind[p >> 1], (p & 1) === 1);
  return Int32Array.from({ length: 2 * n }, (_, p) => p).sort((a, b) => weight[b] - weight[a] || kind[a >> 1] - kind[b >> 1] || a - b);
}

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
  /** Sorted distinct words of all names; word ids are positions here. */
  private readonly words: StringTable;
  /**
   * Name entries, in search order (see searchOrder): the word ids of entry e are eWords[eStart[e] .. eStart[e + 1]);
   * ePost[e] = place << 1 | 1 for an alternate name, place << 1 for the place's own name. keyOrder: the
   * entries sorted by search key (their words joined), for exact lookups.
   */
  private readonly eStart: Int32Array;
  private readonly eWords: Int32Array;
  private readonly ePost: Int32Array;
  private readonly keyOrder: Int32Array;
  private readonly keys: PlaceIndex;
  private readonly search_: SearchData | null = null;
  /** Search scratch space, reused (searches run one at a time on this thread). */
  private found: FoundPlaces | null = null;
  private readonly top = new TopScores();
  /** Inside suggest() (see there). */
  private suggesting = false;

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
    this.words = places.words;
    this.eStart = places.eStart;
    this.eWords = places.eWords;
    this.ePost = places.ePost;
    this.keyOrder = places.keyOrder;
    this.keys = new PlaceIndex(places, qualifiers);
    if (this.loc) this.search_ = this.buildSearch();
  }

  private buildSearch(): SearchData {
    const n = this.size;
    const entries = this.ePost.length;
    // the entries are in search order (checked: a data file built with other weights would rank silently wrong).
    // Every place is searchable: those no location string reaches (a bigger namesake in the same region) by placeId.
    const slots = this.eWords.length;
    const slotEntry = new Int32Array(slots);
    const slotPost = new Int32Array(slots);
    const slotWeight = new Float64Array(slots);
    const slotCountry = new Uint16Array(slots);
    const slotRegion = new Uint16Array(slots);
    if (this.countries.length > 0xffff || this.regionNames.length >= 0xffff) throw new Error('gazetteer: too many countries or regions for the search index');
    let prevWeight = Infinity;
    for (let e = 0; e < entries; e++) {
      const post = this.ePost[e];
      const w = this.weightOf(post);
      const id = post >> 1;
      for (let i = this.eStart[e]; i < this.eStart[e + 1]; i++) {
        slotEntry[i] = e;
        slotPost[i] = post;
        slotWeight[i] = w;
        slotCountry[i] = this.country[id];
        slotRegion[i] = this.region[id] + 1;
      }
      if (w > prevWeight) {
        throw new Error('gazetteer: name entries are not in search order; rebuild data/places.tsv.gz with scripts/build-places.js');
      }
      prevWeight = w;
    }
    const index = new WordPrefixIndex(this.words, this.eStart, this.eWords);
    const nc = this.countries.length;
    const nr = this.regionNames.length;
    const byPlace = group(entries, n, (e) => this.ePost[e] >> 1);
    const byCountry = group(n, nc, (i) => this.country[i]);
    const byRegion = group(n, nr + 1, (i) => this.region[i] + 1); // group 0: region unknown
    const countryEntries = new Int32Array(nc);
    const regionEntries = new Int32Array(nr);
    for (let i = 0; i < n; i++) {
      const k = byPlace.start[i + 1] - byPlace.start[i];
      countryEntries[this.country[i]] += k;
      if (this.region[i] >= 0) regionEntries[this.region[i]] += k;
    }
    const countryMask = new Uint8Array(nc);
    const regionMask = new Uint8Array(nr + 1);
    return {
      index,
      byPlace,
      byCountry,
      byRegion,
      countryEntries,
      regionEntries,
      slotEntry,
      slotPost,
      slotWeight,
      slotCountry,
      slotRegion,
      countryMask,
      regionMask,
    };
  }

  /** Number of name entries in the index (for diagnostics). */
  get keyCount(): number {
    return this.ePost.length;
  }

  /** Bytes held in typed arrays (outside the JS heap figure of process.memoryUsage().heapUsed). */
  get typedArrayBytes(): number {
    let b = 0;
    for (const a of [
      this.lat,
      this.lon,
      this.pop,
      this.country,
      this.region,
      this.zoneOf,
      this.kind,
      this.gid,
      this.byGid,
      this.loc,
      this.eStart,
      this.eWords,
      this.ePost,
      this.keyOrder,
    ])
      b += a?.byteLength ?? 0;
    b += this.keys.bytes;
    const s = this.search_;
    if (s) {
      for (const a of [s.byPlace, s.byCountry, s.byRegion]) b += a.start.byteLength + a.items.byteLength;
      for (const a of [s.countryEntries, s.regionEntries, s.slotEntry, s.slotPost, s.slotWeight, s.slotCountry, s.slotRegion]) b += a.byteLength;
    }
    return b + (s ? s.index.bytes : 0);
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
      for (let id = 0; id < this.size; id++) {
        if (countries ? !countries.has(this.country[id]) : this.pop[id] < 1000 && this.kind[id] > 1) continue;
        const pk = this.primaryKey;
        const prefix = key.length >= 4 && pk.startsWith(id, key);
        if (Math.abs(pk.size(id) - key.length) > maxDist && !prefix) continue;
        const d = prefix ? 0.5 : boundedLevenshtein(key, pk.get(id), maxDist);
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
    if (!this.search_) throw new Error('gazetteer: the data file has no #loc column; rebuild it with scripts/build-places.js');
    for (const scope of this.searchScopes(parts)) {
      const found = this.searchIn(this.search_, text.split(' '), scope, limit);
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

  private passes(id: number, scope: Scope): boolean {
    if (!scope.countries && !scope.regions) return true;
    return !!(scope.countries?.has(this.country[id]) || scope.regions?.has(this.region[id]));
  }

  /** A posting's stored weight (searchWeight). */
  private weightOf(post: number): number {
    return searchWeight(this.pop[post >> 1], this.kind[post >> 1], (post & 1) === 1);
  }

  /** The script class of a place's own name (see scriptClass). */
  private ownScript(id: number): number {
    const names = this.names;
    return names.end(id) > names.start(id) ? scriptClass(names.charCodeAt(names.start(id))) : LATIN;
  }

  /**
   * A place's search score in powers of ten of population (see searchPlaces): importance plus match quality.
   * `alt`: matched on an alternate name; `scriptAlt`: that alternate name is in the query's own (non-Latin) script
   * and the place's own name is not; `later`: the query starts at a later word of the name; `shadowed`: an
   * alternate name matched in part while the query is the whole own name of some place.
   */
  private score(id: number, exact: boolean, alt: boolean, scriptAlt: boolean, later: boolean, shadowed: boolean): number {
    const pop = this.pop[id];
    let s = pop > 0 ? Math.log10(pop * KIND_FACTOR[this.kind[id]] + 1) : UNPOPULATED;
    if (exact) s += EXACT_BONUS;
    if (alt) s -= scriptAlt ? SCRIPT_ALT_PENALTY : ALT_PENALTY;
    if (later) s -= LATER_WORD_PENALTY;
    if (shadowed) s -= SHADOWED_PENALTY;
    return s;
  }

  /** Places for the query words within a scope, best first (see searchPlaces for the order), with the entry that matched. */
  private searchIn(s: SearchData, words: string[], scope: Scope, limit: number): Array<{ id: number; e: number }> {
    const n = words.length;
    const queryScript = scriptClass(words[0].charCodeAt(0));
    const outside = (id: number) => (scope.boost && !scope.boost.has(this.region[id]) ? 1 : 0);
    const found = this.found ?? (this.found = new FoundPlaces(this.size));
    found.reset();
    const offer = (id: number, e: number, score: number, top: TopScores | null) => {
      if (found.offer(id, e, score)) top?.offer(id, score);
    };

    // 1. the whole name: every place in scope carrying exactly this name, own or alternate
    let ownExact = false;
    for (const e of this.keys.entryIds(words.map((w) => TOKENS[w] || w).join(''))) {
      const post = this.ePost[e];
      const id = post >> 1;
      if (!this.passes(id, scope)) continue;
      const alt = (post & 1) === 1;
      if (!alt) ownExact = true;
      offer(id, e, this.score(id, true, alt, alt && queryScript !== LATIN && this.ownScript(id) !== queryScript, false, false), null);
    }

    // 2. names with words starting with the query's words, in order
    const index = s.index;
    const ranges: [number, number][][] = []; // per query word: the word-id ranges it hits
    const sources: Source[][] = [];
    for (const w of words) {
      const r: [number, number][] = [];
      const src: Source[] = [];
      for (const prefix of TOKENS[w] ? [w, TOKENS[w]] : [w]) {
        // "st" is "St…" or "Saint"
        const [lo, hi] = index.wordRange(prefix);
        if (lo < hi) {
          r.push([lo, hi]);
          src.push(index.source(prefix, lo, hi));
        }
      }
      if (!r.length) return this.ranked(found, outside, limit);
      ranges.push(r);
      sources.push(src);
    }
    // the anchor: the query word with the fewest positions; the others are checked on each of its names
    let anchor = 0;
    let anchorSize = Infinity;
    sources.forEach((src, j) => {
      const size = src.reduce((t, x) => t + x.to - x.from, 0);
      if (size < anchorSize) {
        anchor = j;
        anchorSize = size;
      }
    });
    // word-id ranges flat: query word j hits ids [lo[2j], hi[2j]) and [lo[2j+1], hi[2j+1]) (second one often empty)
    const wlo = new Int32Array(2 * n);
    const whi = new Int32Array(2 * n);
    ranges.forEach((r, j) =>
      r.forEach(([a, b], k) => {
        wlo[2 * j + k] = a;
        whi[2 * j + k] = b;
      }),
    );
    const hits = (word: number, j: number) => (word >= wlo[2 * j] && word < whi[2 * j]) || (word >= wlo[2 * j + 1] && word < whi[2 * j + 1]);
    const eStart = this.eStart;
    const eWords = this.eWords;
    /** Do the query words fit an entry's words eWords[from .. to) in order? (0: no, 1: from its first word, 2: from a later one) */
    const fit = (from: number, to: number): number => {
      let j = 0;
      for (let i = from; i < to && j < n; i++) if (hits(eWords[i], j)) j++;
      if (j < n) return 0;
      return hits(eWords[from], 0) ? 1 : 2;
    };
    /**
     * Do the query words other than the anchor fit the words around the anchor's, eWords[slot], in order? p: its word
     * number in its entry, after: the entry's words after it.
     */
    const fitsAround = (slot: number, p: number, after: number): boolean => {
      // too few words before or after the anchor's to hold the others: known from the position alone
      if (p < anchor || after < n - 1 - anchor) return false;
      let j = 0;
      for (let i = slot - p; i < slot && j < anchor; i++) if (hits(eWords[i], j)) j++;
      if (j < anchor) return false;
      j = anchor + 1;
      for (let i = slot + 1, to = slot + 1 + after; i < to && j < n; i++) if (hits(eWords[i], j)) j++;
      return j === n;
    };
    /**
     * The score of a match on the entry of posting `post` and words eWords[from .. to), or NaN when it does not count
     * (alternate names match from their first word).
     */
    const scoreAt = (post: number, from: number, to: number): number => {
      const id = post >> 1;
      const alt = (post & 1) === 1;
      const f = fit(from, to);
      if (f === 0 || (alt && f === 2)) return NaN;
      const scriptAlt = alt && queryScript !== LATIN && this.ownScript(id) !== queryScript;
      return this.score(id, false, alt, scriptAlt, f === 2, alt && ownExact);
    };
    // An upper bound of the score of any entry at or after stored weight w (the entries are stored by searchWeight:
    // population times the capital/seat factor, an own name's times ALT_DISCOUNT): what lets the visit stop early.
    const minAltPenalty = queryScript !== LATIN ? SCRIPT_ALT_PENALTY : ALT_PENALTY;
    const bound = (w: number) => (w <= 0 ? UNPOPULATED : Math.max(Math.log10(w / ALT_DISCOUNT + 1), Math.log10(w + 1) - minAltPenalty));

    const passes: Scope[] = scope.boost
      ? [{ countries: null, regions: scope.boost, boost: null }, scope] // the preferred regions' places first
      : [scope];
    /** Does a place compete for this pass's places? (In the second pass, only those outside the preferred regions.) */
    const countsIn = (id: number, sc: Scope) => sc !== scope || !scope.boost || outside(id) === 1;
    for (const sc of passes) {
      // places that rank ahead of this pass's (the preferred regions' in the first pass) fill part of the list
      const ahead = sc === scope && scope.boost ? found.ids.filter((id) => !outside(id)).length : 0;
      const top = this.top.reset(Math.max(0, limit - ahead));
      if (top.capacity === 0) break;
      for (const id of found.ids) if (this.passes(id, sc) && countsIn(id, sc)) top.offer(id, found.score[id]);
      // small scopes (a small country, a few regions): look at their places directly; otherwise visit the anchor
      // word's positions in stored order until no later one can enter the list
      let scopeEntries = Infinity;
      if (sc.countries || sc.regions) {
        scopeEntries = 0;
        for (const c of sc.countries ?? []) scopeEntries += s.countryEntries[c];
        for (const r of sc.regions ?? []) if (r >= 0 && !sc.countries?.has(this.regionCountry[r])) scopeEntries += s.regionEntries[r];
      }
      const expectedVisits = Math.min(anchorSize, (limit * this.ePost.length) / Math.max(1, scopeEntries));
      if (scopeEntries < expectedVisits) {
        const seen = new Set<number>(); // a place in both a country and a region of the scope is looked at once
        const look = (places: Int32Array) => {
          for (const id of places) {
            if (seen.has(id)) continue;
            seen.add(id);
            let best = -Infinity;
            // a place's entries come best weight first: once one scores at least what the next could, stop
            for (let q = s.byPlace.start[id]; q < s.byPlace.start[id + 1]; q++) {
              const e = s.byPlace.items[q];
              if (best > -Infinity && best >= bound(this.weightOf(this.ePost[e]))) break;
              const score = scoreAt(this.ePost[e], eStart[e], eStart[e + 1]);
              if (score === score && score > best) {
                best = score;
                offer(id, e, score, countsIn(id, sc) ? top : null);
              }
            }
          }
        };
        for (const c of sc.countries ?? []) look(s.byCountry.items.subarray(s.byCountry.start[c], s.byCountry.start[c + 1]));
        for (const r of sc.regions ?? []) if (r >= 0) look(s.byRegion.items.subarray(s.byRegion.start[r + 1], s.byRegion.start[r + 2]));
      } else {
        let extra = 0; // visits since the list filled up
        let visits = 0;
        // bound(w) <= kth exactly when w <= stopWeight (worked out once per change of kth, not per visit); w is read
        // by the position's slot, not through its entry and place
        let kthSeen = NaN;
        let stopWeight = -1;
        const { slotEntry, slotPost, slotWeight, slotCountry, slotRegion, countryMask, regionMask } = s;
        // the scope as masks over countries and regions (what passes() asks of a place, asked of the slot)
        const scoped = !!(sc.countries || sc.regions);
        for (const c of sc.countries ?? []) countryMask[c] = 1;
        for (const r of sc.regions ?? []) regionMask[r + 1] = 1;
        try {
          index.visitByScore(sources[anchor], (v) => {
            const slot = slotOf(v);
            if (top.full) {
              const kth = top.kth;
              if (kth !== kthSeen) {
                kthSeen = kth;
                stopWeight = Math.min(ALT_DISCOUNT * (10 ** kth - 1), 10 ** (kth + minAltPenalty) - 1) * (1 - 1e-12);
              }
              const w = slotWeight[slot];
              if ((w > 0 ? w <= stopWeight : kth >= UNPOPULATED) || ++extra > EXTRA_VISITS) return true;
            }
            const p = wordAt(v);
            const after = wordsAfter(v);
            // the other query words around the anchor's position, in order (a quick no for most names read)
            if (n > 1 && !fitsAround(slot, p, after)) return false;
            if (scoped && countryMask[slotCountry[slot]] === 0 && regionMask[slotRegion[slot]] === 0) return false;
            const post = slotPost[slot];
            const id = post >> 1;
            if (++visits > MAX_VISITS) return true;
            const score = scoreAt(post, slot - p, slot + 1 + after);
            if (score === score && found.improves(id, score)) offer(id, slotEntry[slot], score, countsIn(id, sc) ? top : null);
            return false;
          });
        } finally {
          for (const c of sc.countries ?? []) countryMask[c] = 0;
          for (const r of sc.regions ?? []) regionMask[r + 1] = 0;
        }
      }
    }
    return this.ranked(found, outside, limit);
  }

  /**
   * The best `limit` places found: the preferred regions' first, then by score (then seats first, then place order).
   * Picked in one pass into a list kept in order (a common name's exact matches are a hundred places or more, where a
   * sort of them all took 20 µs of comparator calls); the order is total, so the list is the sorted list's head.
   */
  private ranked(found: FoundPlaces, outside: (id: number) => number, limit: number): Array<{ id: number; e: number }> {
    const score = found.score;
    const kind = this.kind;
    const before = (a: number, b: number) => outside(a) - outside(b) || score[b] - score[a] || kind[a] - kind[b] || a - b;
    const best: number[] = [];
    for (const id of found.ids) {
      if (best.length < limit) best.push(id);
      else if (before(id, best[limit - 1]) < 0) best[limit - 1] = id;
      else continue;
      for (let i = best.length - 1; i > 0 && before(best[i], best[i - 1]) < 0; i--) {
        const t = best[i];
        best[i] = best[i - 1];
        best[i - 1] = t;
      }
    }
    return best.map((id) => ({ id, e: found.entry[id] }));
  }
}

/**
 * The places one search has found, with the best score and entry of each: arrays over all places, kept from search
 * to search and reset through the list of those touched, so that a visit allocates nothing.
 */
class FoundPlaces {
  readonly score: Float64Array;
  readonly entry: Int32Array;
  readonly ids: number[] = [];
  constructor(size: number) {
    this.score = new Float64Array(size).fill(NaN);
    this.entry = new Int32Array(size);
  }
  reset(): void {
    for (const id of this.ids) this.score[id] = NaN;
    this.ids.length = 0;
  }
  /** Would a match of this score be the place's best so far? */
  improves(id: number, score: number): boolean {
    const cur = this.score[id];
    return cur !== cur || cur < score;
  }
  /** Records a match; false when the place already has one as good. */
  offer(id: number, e: number, score: number): boolean {
    const cur = this.score[id];
    if (cur >= score) return false;
    if (cur !== cur) this.ids.push(id); // NaN: first match of this place
    this.score[id] = score;
    this.entry[id] = e;
    return true;
  }
}

/** The best `capacity` (at most SEARCH_MAX_LIMIT) scores of distinct places: its lowest (kth) is what a newcomer must beat. */
class TopScores {
  private readonly ids = new Int32Array(SEARCH_MAX_LIMIT);
  private readonly scores = new Float64Array(SEARCH_MAX_LIMIT);
  private size = 0;
  capacity = 0;
  reset(capacity: number): this {
    this.capacity = Math.min(capacity, SEARCH_MAX_LIMIT);
    this.size = 0;
    return this;
  }
  get full(): boolean {
    return this.size >= this.capacity;
  }
  get kth(): number {
    return this.full ? (this.capacity ? this.scores[this.capacity - 1] : Infinity) : -Infinity;
  }
  offer(id: number, score: number): void {
    let i = -1;
    for (let k = 0; k < this.size; k++) if (this.ids[k] === id) i = k;
    if (i >= 0) {
      if (score <= this.scores[i]) return;
    } else if (this.size < this.capacity) {
      i = this.size++;
      this.ids[i] = id;
    } else if (this.capacity && score > this.scores[this.capacity - 1]) {
      i = this.capacity - 1;
      this.ids[i] = id;
    } else return;
    this.scores[i] = score;
    // move up to keep descending order (scores only rise here)
    while (i > 0 && this.scores[i - 1] < this.scores[i]) {
      const s = this.scores[i - 1];
      this.scores[i - 1] = this.scores[i];
      this.scores[i] = s;
      const id2 = this.ids[i - 1];
      this.ids[i - 1] = this.ids[i];
      this.ids[i] = id2;
      i--;
    }
  }
}

/** Script classes of a name's first character: LATIN, CJK (Han and kana), or its 128-character Unicode block. */
const LATIN = 0;
const CJK = 1;
function scriptClass(c: number): number {
  if (c < 0x250 || (c >= 0x1e00 && c < 0x1f00)) return LATIN;
  if ((c >= 0x3040 && c < 0x3100) || (c >= 0x3400 && c < 0xa000) || (c >= 0xf900 && c < 0xfb00)) return CJK;
  if (c >= 0x400 && c < 0x530) return 0x400 >> 7; // Cyrillic and its supplement as one
  if (c >= 0x600 && c < 0x900) return 0x600 >> 7; // Arabic and its supplements as one
  return c >> 7;
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
