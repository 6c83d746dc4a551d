/**
 * The word-prefix index behind searchPlaces (see search.ts).
 *
 * Every word position of every name entry (a place's name, ASCII name or alternate name, normalised into
 * words) is one int: its slot (its index in the entries' words, eWords) << SLOT_SHIFT | its word number in the
 * entry << POS_BITS | the number of the entry's words after it (see slotOf, wordAt, wordsAfter). A search reads
 * the entry's words around it straight from eWords (slot - word number .. slot + words after), without a look-up
 * of the entry's start, and knows before reading them whether its other words can fit. The entries come in search
 * order (the data file stores them so: best place first, an alternate name counting as a smaller place), entry
 * after entry in eWords, so a position's score is simply its slot. `positions` holds them bucketed by
 * word, the words in sorted order — so all words starting with a prefix are one id range found by binary
 * search, and their positions one contiguous range of `positions` — and within a bucket in score order.
 *
 * A search wants a prefix's positions best score first and stops after a few dozen. A long prefix
 * ("lond") covers few words, i.e. few sorted runs: their heads go on a heap. A short one ("sa") covers
 * thousands of words; for 2- and 3-character prefixes their positions are therefore merged into one
 * score-sorted list (a sort of that range, made on the prefix's first search and kept: at most two copies
 * of `positions` in all), read straight down. Other long ranges (a 1-letter word of a multi-word query) go
 * through a min-tree over blocks of 32 positions, opened best block first.
 */

import type { StringTable } from './string-table';

/** Positions are slot << SLOT_SHIFT | word number << POS_BITS | words after it (names have at most 31 words). */
const POS_BITS = 5;
const SLOT_SHIFT = 2 * POS_BITS;
const POS_MASK = (1 << POS_BITS) - 1;
/** Word slots a position can name (positions are positive int32). */
const MAX_SLOTS = 2 ** (31 - SLOT_SHIFT);

/** A position's slot: the index of its word in eWords. */
export function slotOf(position: number): number {
  return position >> SLOT_SHIFT;
}
/** A position's word number within its entry (0: the first word). */
export function wordAt(position: number): number {
  return (position >> POS_BITS) & POS_MASK;
}
/** The number of words of its entry after a position's word. */
export function wordsAfter(position: number): number {
  return position & POS_MASK;
}

const BLOCK_BITS = 5;
const BLOCK = 1 << BLOCK_BITS;
export const NO_SCORE = 0x7fffffff;
/** Prefix lengths (UTF-16 code units) whose positions are merged into a sorted list. */
const MERGED_MIN = 2;
const MERGED_MAX = 3;
/** Above this many words in a range, the range is read through the block tree rather than run by run. */
const MAX_RUNS = 64;

/**
 * Heap items: index << 3 | tag. Tags: BLOCK_CURSOR = position index in `positions`, followed to the end of its
 * run or block (the tree has the next block); NODE = block-tree node; RUN_CURSOR = position index followed to
 * the end of its run; STREAM + s = index into source s's array, followed to the source's end.
 */
const BLOCK_CURSOR = 0;
const NODE = 1;
const RUN_CURSOR = 2;
const STREAM = 3;

/**
 * Where a prefix's positions are: [from, to) of a merged list (array), or of `positions` (array null), being
 * the buckets of the words with ids [lo, hi). `merge`: the prefix whose merged list to make and use when the
 * source is read (it is not made for a word that only gets checked).
 */
export interface Source {
  array: Int32Array | null;
  from: number;
  to: number;
  lo: number;
  hi: number;
  merge?: string;
}

export class WordPrefixIndex {
  /** Positions (slot << SLOT_SHIFT | …), bucketed by word id (bucket w is wStart[w] .. wStart[w+1]), by score within. */
  private readonly positions: Int32Array;
  private readonly wStart: Int32Array;
  /** Bit k set: position k is the first of its word's bucket. */
  private readonly runStart: Uint32Array;
  /** Min-tree over blocks of BLOCK positions: tree[size + b] = best score in block b. */
  private readonly tree: Int32Array;
  private readonly size: number;
  /** Merged lists of short prefixes, made on first use. */
  private readonly merged = new Map<string, Int32Array>();
  private mergedBytes = 0;
  private heapPrio = new Int32Array(256);
  private heapItem = new Int32Array(256);
  private heapSize = 0;
  private sources: Source[] = [];

  /**
   * @param words sorted distinct words; eStart/eWords: the word ids of entry e are eWords[eStart[e] .. eStart[e+1]).
   */
  constructor(
    private readonly words: StringTable,
    eStart: Int32Array,
    eWords: Int32Array,
  ) {
    words.indexHeads(); // wordRange's two binary searches per query word
    const nWords = words.length;
    const entries = eStart.length - 1;
    if (eWords.length > MAX_SLOTS) throw new Error(`gazetteer: ${eWords.length} words in name entries, the word index holds at most ${MAX_SLOTS}`);
    const wStart = new Int32Array(nWords + 1);
    for (let i = 0; i < eWords.length; i++) wStart[eWords[i] + 1]++;
    for (let w = 0; w < nWords; w++) wStart[w + 1] += wStart[w];
    const fill = wStart.slice(0, nWords);
    const positions = new Int32Array(eWords.length);
    for (let e = 0; e < entries; e++) {
      const count = eStart[e + 1] - eStart[e];
      if (count > POS_MASK + 1) throw new Error(`gazetteer: name entry ${e} has ${count} words, the word index holds at most ${POS_MASK + 1}`);
      for (let i = eStart[e], p = 0; i < eStart[e + 1]; i++, p++) positions[fill[eWords[i]]++] = (i << SLOT_SHIFT) | (p << POS_BITS) | (count - 1 - p);
    }
    const runStart = new Uint32Array((positions.length >> 5) + 1);
    for (let w = 0; w < nWords; w++) runStart[wStart[w] >> 5] |= 1 << (wStart[w] & 31);
    this.positions = positions;
    this.wStart = wStart;
    this.runStart = runStart;

    const blocks = (positions.length + BLOCK - 1) >> BLOCK_BITS;
    let size = 1;
    while (size < blocks) size <<= 1;
    this.size = size;
    const tree = new Int32Array(2 * size).fill(NO_SCORE);
    for (let k = 0; k < positions.length; k++) {
      const s = this.scoreOf(positions[k]);
      const b = size + (k >> BLOCK_BITS);
      if (s < tree[b]) tree[b] = s;
    }
    for (let n = size - 1; n >= 1; n--) tree[n] = Math.min(tree[2 * n], tree[2 * n + 1]);
    this.tree = tree;
  }

  /** Ids of the words starting with prefix: [lo, hi). */
  wordRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + '\uffff')];
  }

  /** Where the positions of the words starting with prefix (ids [lo, hi) = wordRange(prefix)) are. */
  source(prefix: string, lo: number, hi: number): Source {
    const from = this.wStart[lo];
    const to = this.wStart[hi];
    if (prefix.length >= MERGED_MIN && prefix.length <= MERGED_MAX && hi - lo > MAX_RUNS) {
      const list = this.merged.get(prefix);
      if (list) return { array: list, from: 0, to: list.length, lo, hi };
      return { array: null, from, to, lo, hi, merge: prefix };
    }
    return { array: null, from, to, lo, hi };
  }

  /** The merged list of a source's prefix: its positions sorted (score order = position order), kept. */
  private mergedList(src: Source): Source {
    const list = this.positions.slice(src.from, src.to).sort();
    this.merged.set(src.merge!, list);
    this.mergedBytes += list.byteLength;
    return { array: list, from: 0, to: list.length, lo: src.lo, hi: src.hi };
  }

  private lowerBound(s: string): number {
    return this.words.lowerBound(s);
  }

  /** A position's score: its slot (entries are in search order, their words in entry order). */
  private scoreOf(position: number): number {
    return position >> SLOT_SHIFT;
  }

  private isRunStart(k: number): boolean {
    return (this.runStart[k >> 5] & (1 << (k & 31))) !== 0;
  }

  private push(prio: number, item: number): void {
    if (prio === NO_SCORE) return;
    let i = this.heapSize++;
    if (i === this.heapPrio.length) {
      const p = new Int32Array(i * 2);
      p.set(this.heapPrio);
      this.heapPrio = p;
      const it = new Int32Array(i * 2);
      it.set(this.heapItem);
      this.heapItem = it;
    }
    const hp = this.heapPrio;
    const hi = this.heapItem;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (hp[parent] <= prio) break;
      hp[i] = hp[parent];
      hi[i] = hi[parent];
      i = parent;
    }
    hp[i] = prio;
    hi[i] = item;
  }

  /** Removes the best item and returns it. */
  private pop(): number {
    const hp = this.heapPrio;
    const hi = this.heapItem;
    const top = hi[0];
    const n = --this.heapSize;
    if (n > 0) {
      const lastP = hp[n];
      const lastI = hi[n];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && hp[c + 1] < hp[c]) c++;
        if (hp[c] >= lastP) break;
        hp[i] = hp[c];
        hi[i] = hi[c];
        i = c;
      }
      hp[i] = lastP;
      hi[i] = lastI;
    }
    return top;
  }

  /** Puts the head of each word's run among positions [from, to) on the heap. */
  private pushRuns(from: number, to: number, tag: number): void {
    const pos = this.positions;
    for (let k = from; k < to; k++) if (k === from || this.isRunStart(k)) this.push(this.scoreOf(pos[k]), (k << 3) | tag);
  }

  /**
   * Calls visit(position) for the positions of the sources, best score first, until
   * visit returns true. Positions shared by two sources come twice.
   */
  visitByScore(sources: Source[], visit: (position: number) => boolean): void {
    sources = sources.map((src) => (src.merge && !src.array ? this.mergedList(src) : src));
    if (sources.length === 1 && (sources[0].array || sources[0].hi - sources[0].lo === 1)) {
      // one sorted list (a merged one, or one word's bucket): read it straight down
      const { array, from, to } = sources[0];
      const list = array ?? this.positions;
      for (let k = from; k < to; k++) {
        const position = list[k];
        if (visit(position)) return;
      }
      return;
    }
    this.heapSize = 0;
    this.sources = [];
    const stream = (array: Int32Array, from: number, to: number) => {
      const s = this.sources.length;
      this.sources.push({ array, from, to, lo: 0, hi: 0 });
      if (from < to) this.push(this.scoreOf(array[from]), (from << 3) | (STREAM + s));
    };
    for (const src of sources) {
      if (src.array) stream(src.array, src.from, src.to);
      else if (src.hi - src.lo <= MAX_RUNS) {
        for (let w = src.lo; w < src.hi; w++) this.push(this.scoreOf(this.positions[this.wStart[w]]), (this.wStart[w] << 3) | RUN_CURSOR);
      } else {
        const bl = (src.from + BLOCK - 1) >> BLOCK_BITS;
        const bh = src.to >> BLOCK_BITS;
        if (bl >= bh) {
          this.pushRuns(src.from, src.to, RUN_CURSOR);
          continue;
        }
        // partial blocks at both ends directly (a source ends where a run ends), full blocks through the tree
        this.pushRuns(src.from, bl << BLOCK_BITS, BLOCK_CURSOR);
        this.pushRuns(bh << BLOCK_BITS, src.to, RUN_CURSOR);
        let l = bl + this.size;
        let h = bh + this.size;
        while (l < h) {
          if (l & 1) {
            this.push(this.tree[l], (l << 3) | NODE);
            l++;
          }
          if (h & 1) {
            h--;
            this.push(this.tree[h], (h << 3) | NODE);
          }
          l >>= 1;
          h >>= 1;
        }
      }
    }
    const pos = this.positions;
    while (this.heapSize > 0) {
      const item = this.pop();
      const tag = item & 7;
      const x = item >>> 3;
      if (tag === NODE) {
        if (x >= this.size) {
          const start = (x - this.size) << BLOCK_BITS;
          this.pushRuns(start, Math.min(start + BLOCK, pos.length), BLOCK_CURSOR);
        } else {
          this.push(this.tree[2 * x], ((2 * x) << 3) | NODE);
          this.push(this.tree[2 * x + 1], ((2 * x + 1) << 3) | NODE);
        }
      } else if (tag === BLOCK_CURSOR || tag === RUN_CURSOR) {
        if (visit(pos[x])) return;
        // the rest of the run: up to the next word's run (or, for a block cursor, the block's end)
        const next = x + 1;
        if (next < pos.length && !this.isRunStart(next) && (tag === RUN_CURSOR || (next & (BLOCK - 1)) !== 0)) {
          this.push(this.scoreOf(pos[next]), (next << 3) | tag);
        }
      } else {
        const s = this.sources[tag - STREAM];
        if (visit(s.array![x])) return;
        if (x + 1 < s.to) this.push(this.scoreOf(s.array![x + 1]), ((x + 1) << 3) | tag);
      }
    }
  }

  /** Bytes of the index's own typed arrays. */
  get bytes(): number {
    return this.positions.byteLength + this.wStart.byteLength + this.runStart.byteLength + this.tree.byteLength + this.mergedBytes;
  }
}
