/**
 * The gazetteer's key indexes: name entries by search key (their words joined; binary search, by the keys' heads
 * first), and country and region names (English names, codes, aliases.ts, names in other languages and scripts) to
 * countries and regions, with their sorted keys for qualifiers being typed ("Paris, Fr").
 */
import { COUNTRY_ALIASES, REGION_ALIASES } from './aliases';
import type { Country, PlaceData, QualifierSource } from './gazetteer-data';
import { normalizeKey } from './normalize';
import { headOf, Heads, type StringTable } from './string-table';

/** A country name's reading; `local`: a name in another language (ICU), which does not make a lone city part a country. */
export interface CountryMatch {
  country: number;
  region?: number;
  local?: boolean;
}

/** Country and region keys in sorted order: English names, codes and aliases; names in other languages; regions. */
export interface QualifierKeys {
  countries: [string, number][];
  localCountries: [string, number][];
  regions: [string, number[]][];
}

/** Name entries by search key; country and region names to countries and regions. */
export class PlaceIndex {
  private readonly countries: Country[];
  private readonly regionNames: string[];
  private readonly regionCodes: string[];
  private readonly words: StringTable;
  private readonly eStart: Int32Array;
  private readonly eWords: Int32Array;
  private readonly ePost: Int32Array;
  private readonly keyOrder: Int32Array;
  /** keyHead[k]: the head (headOf) of entry keyOrder[k]'s search key, so that a lookup narrows by heads first. */
  private readonly keyHead: Heads;
  readonly countryIndex = new Map<string, CountryMatch>();
  readonly regionIndex = new Map<string, number[]>();
  /** Number of countryIndex keys from English names, codes and aliases (the rest: other languages). */
  private primaryCountryKeys = 0;
  private qualifierKeys: QualifierKeys | null = null;

  constructor(places: PlaceData, qualifiers: QualifierSource) {
    this.countries = places.countries;
    this.regionNames = places.regionNames;
    this.regionCodes = places.regionCodes;
    this.words = places.words;
    this.eStart = places.eStart;
    this.eWords = places.eWords;
    this.ePost = places.ePost;
    this.keyOrder = places.keyOrder;
    this.keyHead = new Heads(this.keyHeads());
    this.buildCountryIndex(qualifiers.localKeys, qualifiers.localCountry);
    this.buildRegionIndex(qualifiers.regionByCode, qualifiers.regionKeys, qualifiers.altKeys, qualifiers.altRegion);
  }

  /** Bytes held in typed arrays beside the data file's columns. */
  get bytes(): number {
    return this.keyHead.bytes;
  }

  private buildCountryIndex(localKeys: string[], localCountry: Int32Array): void {
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
    this.primaryCountryKeys = this.countryIndex.size;
    // the names in every other language ICU knows (normalised by the build with this normaliser)
    for (let i = 0; i < localKeys.length; i++) {
      if (!this.countryIndex.has(localKeys[i])) this.countryIndex.set(localKeys[i], { country: localCountry[i], local: true });
    }
  }

  private regionCode(i: number): string {
    return this.regionCodes[i];
  }

  private buildRegionIndex(regionByCode: Map<string, number>, regionKeys: string[], altKeys: string[], altRegion: Int32Array): void {
    const add = (alias: string, r: number, normalized = false) => {
      const k = normalized ? alias : normalizeKey(alias);
      if (!k) return;
      const cur = this.regionIndex.get(k);
      if (!cur) this.regionIndex.set(k, [r]);
      else if (!cur.includes(r)) cur.push(r);
    };
    for (const [code, r] of regionByCode) {
      add(regionKeys[r], r, true); // the region's name, normalised by the build
      if (code.startsWith('US.')) add(code.slice(3), r); // US admin1 codes are the postal codes
    }
    for (const [code, aliases] of Object.entries(REGION_ALIASES)) {
      const r = regionByCode.get(code);
      if (r !== undefined) for (const a of aliases) add(a, r);
    }
    // England, Scotland … are GeoNames regions of GB; let the country aliases' region hints work as regions too
    for (const [k, m] of this.countryIndex) if (m.region !== undefined) add(k, m.region);
    // the regions' names in other languages and scripts (Unicode CLDR, joined and normalised by the build)
    if (altKeys.length !== altRegion.length) throw new Error('gazetteer: inconsistent data file');
    for (let i = 0; i < altKeys.length; i++) add(altKeys[i], altRegion[i], true);
  }

  /** Compares the search key of name entry e (its words joined) with key, in UTF-16 code units. */
  private compareEntry(e: number, key: string): number {
    let p = 0;
    const words = this.words;
    for (let i = this.eStart[e], end = this.eStart[e + 1]; i < end; i++) {
      const w = this.eWords[i];
      for (let j = words.start(w), wend = words.end(w); j < wend; j++, p++) {
        if (p >= key.length) return 1;
        const d = words.charCodeAt(j) - key.charCodeAt(p);
        if (d) return d;
      }
    }
    return p < key.length ? -1 : 0;
  }

  /** Postings (place << 1 | alternate) of a key. */
  entries(key: string): number[] {
    return this.entryIds(key).map((e) => this.ePost[e]);
  }

  /** The heads (headOf) of the entries' search keys, in key order: made of the heads of their first words. */
  private keyHeads(): Float64Array {
    const words = this.words;
    words.indexHeads();
    const n = this.keyOrder.length;
    const entryHead = new Float64Array(n);
    const unit = [1, 2 ** 16, 2 ** 32, 2 ** 48]; // a head's code units: the first times unit[2], the second unit[1], the third 1
    for (let e = 0; e < n; e++) {
      if (this.eStart[e + 1] === this.eStart[e]) continue; // no words (none such in the data): head 0
      let h = words.head(this.eWords[this.eStart[e]]);
      // a first word of fewer than 3 code units (its head's last unit 0): the next words' first units follow it
      let units = h % unit[1] ? 3 : Math.floor(h / unit[1]) % unit[1] ? 2 : 1;
      for (let i = this.eStart[e] + 1, end = this.eStart[e + 1]; i < end && units < 3; i++) {
        const wh = words.head(this.eWords[i]);
        const size = wh % unit[1] ? 3 : Math.floor(wh / unit[1]) % unit[1] ? 2 : 1;
        const take = Math.min(size, 3 - units); // the word's first `take` code units follow the `units` so far
        h += Math.floor(wh / unit[3 - take]) * unit[3 - units - take];
        units += take;
      }
      entryHead[e] = h;
    }
    const heads = new Float64Array(n);
    for (let k = 0; k < n; k++) heads[k] = entryHead[this.keyOrder[k]];
    return heads;
  }

  /**
   * Entry numbers whose search key (words joined) is key: binary search over the name entries in key order, first
   * by the keys' heads, then by comparing keys among those that share key's head.
   */
  entryIds(key: string): number[] {
    const order = this.keyOrder;
    const h = headOf(key);
    let lo = this.keyHead.lower(h);
    const end = this.keyHead.upper(h, lo);
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareEntry(order[mid], key) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < end && this.compareEntry(order[k], key) === 0; k++) out.push(order[k]);
    return out;
  }

  /** Country and region keys in sorted order (for qualifier prefixes; made on first use). */
  qualifierIndex(): QualifierKeys {
    if (!this.qualifierKeys) {
      const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
      const countries: [string, number][] = [];
      const localCountries: [string, number][] = [];
      let i = 0;
      for (const [k, m] of this.countryIndex) (i++ < this.primaryCountryKeys ? countries : localCountries).push([k, m.country]);
      this.qualifierKeys = { countries: countries.sort(byKey), localCountries: localCountries.sort(byKey), regions: [...this.regionIndex].sort(byKey) };
    }
    return this.qualifierKeys;
  }

  /** A name entry's words, joined by spaces (its search form: "san francisco de quito"). */
  entryText(e: number): string {
    const out: string[] = [];
    for (let i = this.eStart[e]; i < this.eStart[e + 1]; i++) out.push(this.words.get(this.eWords[i]));
    return out.join(' ');
  }
}

/** The [key, value] pairs of a key-sorted list whose key starts with prefix. */
export function* startingWith<T>(sorted: [string, T][], prefix: string): Generator<[string, T]> {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid][0] < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i][0].startsWith(prefix); i++) yield sorted[i];
}
