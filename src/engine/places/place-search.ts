/**
 * Place search ranking (searchPlaces, see search.ts): the scores, the search order the data file stores its name
 * entries in, and the visit of the word-prefix index (word-index.ts) that stops once no later name can enter the list.
 */
import type { Country, PlaceData } from './gazetteer-data';
import { TOKENS } from './normalize';
import type { PlaceIndex } from './place-index';
import type { StringTable } from './string-table';
import { slotOf, type Source, wordAt, WordPrefixIndex, wordsAfter } from './word-index';

export const SEARCH_MAX_LIMIT = 20;

/** Search scope: a place passes when its country is in countries or its region in regions (both null: all). */
export interface Scope {
  countries: Set<number> | null;
  regions: Set<number> | null;
  boost: Set<number> | null;
}

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

/** Search structures and scratch space, built at load when the data file has its #loc column. */
export class PlaceSearch {
  private readonly size: number;
  private readonly names: StringTable;
  private readonly pop: Float64Array;
  private readonly country: Uint16Array;
  private readonly region: Int32Array;
  private readonly kind: Uint8Array;
  private readonly countries: Country[];
  private readonly regionNames: string[];
  private readonly regionCountry: number[];
  private readonly words: StringTable;
  private readonly eStart: Int32Array;
  private readonly eWords: Int32Array;
  private readonly ePost: Int32Array;
  private readonly data: SearchData;
  /** Search scratch space, reused (searches run one at a time on this thread). */
  private found: FoundPlaces | null = null;
  private readonly top = new TopScores();

  // the columns are kept as fields of their own, as they were on the Gazetteer: the visit reads them in its inner loop
  constructor(
    places: PlaceData,
    private readonly keys: PlaceIndex,
  ) {
    this.size = places.size;
    this.names = places.names;
    this.pop = places.pop;
    this.country = places.country;
    this.region = places.region;
    this.kind = places.kind;
    this.countries = places.countries;
    this.regionNames = places.regionNames;
    this.regionCountry = places.regionCountry;
    this.words = places.words;
    this.eStart = places.eStart;
    this.eWords = places.eWords;
    this.ePost = places.ePost;
    this.data = this.buildSearch();
  }

  /** Bytes held in typed arrays (see Gazetteer.typedArrayBytes). */
  get bytes(): number {
    let b = 0;
    const s = this.data;
    for (const a of [s.byPlace, s.byCountry, s.byRegion]) b += a.start.byteLength + a.items.byteLength;
    for (const a of [s.countryEntries, s.regionEntries, s.slotEntry, s.slotPost, s.slotWeight, s.slotCountry, s.slotRegion]) b += a.byteLength;
    return b + s.index.bytes;
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
  searchIn(words: string[], scope: Scope, limit: number): Array<{ id: number; e: number }> {
    const s = this.data;
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
