/**
 * The gazetteer's data file, data/places.tsv.gz (built by scripts/build-places.js from GeoNames cities500, data ©
 * GeoNames, CC BY 4.0, and ICU's country names), read into typed column arrays and string tables: the places, their
 * countries and regions, and the name entries (each a list of word ids) that place-index.ts and place-search.ts
 * index. Nothing here ranks or resolves; gazetteer.ts does.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { StringTable } from './string-table';

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'data');

export interface Country {
  code: string;
  iso3: string;
  name: string;
  capital: string;
}

/** The data file's lines: header lines and columns, as byte ranges of the (gunzipped) file. */
export class Columns {
  readonly header: [string, string][] = [];
  private readonly ranges = new Map<string, [number, number]>();
  constructor(private readonly buf: Buffer) {
    let pos = 0;
    while (pos < buf.length) {
      let end = buf.indexOf(0x0a, pos);
      if (end < 0) end = buf.length;
      const tab = buf.indexOf(0x09, pos);
      const tag = buf.toString('latin1', pos, tab);
      if (tag === '#zones' || tag === '#country' || tag === '#admin1' || tag === '#source') {
        this.header.push([tag, buf.toString('utf8', tab + 1, end)]);
      } else this.ranges.set(tag, [tab + 1, end]);
      pos = end + 1;
    }
  }
  has(tag: string): boolean {
    return this.ranges.has(tag);
  }
  private range(tag: string): [number, number] {
    const r = this.ranges.get(tag);
    if (!r) throw new Error(`gazetteer: column ${tag} missing`);
    return r;
  }
  /** A string column, decoded on its own (so that its strings do not keep the whole file alive). */
  strings(tag: string): string[] {
    const [s, e] = this.range(tag);
    return s === e ? [] : this.buf.toString('utf8', s, e).split('\t');
  }
  bytes(tag: string): Buffer {
    const [s, e] = this.range(tag);
    return Buffer.from(this.buf.toString('latin1', s, e), 'base64');
  }
  ints(tag: string): Int32Array {
    return this.littleEndian(tag, Int32Array, (b, i) => b.readInt32LE(i));
  }
  u8(tag: string): Uint8Array {
    return new Uint8Array(this.bytes(tag));
  }
  u16(tag: string): Uint16Array {
    return this.littleEndian(tag, Uint16Array, (b, i) => b.readUInt16LE(i));
  }
  /** A little-endian column as a typed array: a copy of the bytes on LE machines, read value by value otherwise. */
  private littleEndian<T extends Int32Array | Uint16Array>(
    tag: string,
    Type: { new (b: ArrayBuffer): T; new (n: number): T; BYTES_PER_ELEMENT: number },
    read: (b: Buffer, offset: number) => number,
  ): T {
    const b = this.bytes(tag);
    if (os.endianness() === 'LE') return new Type(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer);
    const out = new Type(b.length / Type.BYTES_PER_ELEMENT);
    for (let i = 0; i < out.length; i++) out[i] = read(b, i * Type.BYTES_PER_ELEMENT);
    return out;
  }
  /** A string table: the column holds the strings concatenated, column `tag + 'len'` their lengths. */
  table(tag: string): StringTable {
    const [s, e] = this.range(tag);
    return new StringTable(outsideTheHeap(this.buf.toString('utf8', s, e)), this.u16(`${tag}len`));
  }
}

/** Node keeps a string decoded from a Buffer outside V8's heap from this many bytes on (its EXTERN_APEX). */
const EXTERNAL_FROM = 0xfbee9;

/**
 * The same text as a string whose characters live outside V8's heap (an external string: Node makes one when it decodes
 * a long latin1 or UTF-16 Buffer), for a table's text of megabytes. The long texts were 15 MB of the API's 88 MB live
 * heap (now 73), and an old generation may grow past what a full collection kept by a factor (API_HEAP_GROWTH_PERCENT,
 * 100 %: twice the live heap): held outside, they no longer count twice. Reading them (charCodeAt, slice, startsWith)
 * is as before (search latency the same, bench places interleaved); a UTF-8 decode makes a string on the heap, so it is
 * encoded again as latin1 or UTF-16 and decoded, about 20 ms more at load.
 */
export function outsideTheHeap(text: string): string {
  const encoding = /[\u0100-\uffff]/.test(text) ? 'utf16le' : 'latin1';
  if (text.length * (encoding === 'latin1' ? 1 : 2) < EXTERNAL_FROM) return text;
  return Buffer.from(text, encoding).toString(encoding);
}

/**
 * The keys the country and region indexes are built from (place-index.ts): read with the data, not kept after the
 * indexes are made.
 */
export interface QualifierSource {
  regionByCode: Map<string, number>;
  /** Per region, its name normalised by the build (#rkey). */
  regionKeys: string[];
  /** Country names in other languages (ICU, normalised by the build) and their countries (#ckey, #ccc). */
  localKeys: string[];
  localCountry: Int32Array;
  /** Region names in other languages and scripts (Unicode CLDR, normalised by the build) and their regions (#ralt, #ralr). */
  altKeys: string[];
  altRegion: Int32Array;
}

/** The data file's columns: places, countries, regions and name entries. */
export class PlaceData {
  readonly size: number;
  readonly names: StringTable;
  readonly primaryKey: StringTable;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly pop: Float64Array;
  readonly country: Uint16Array;
  readonly region: Int32Array; // index into regions, -1 when the admin1 code is unknown
  readonly zoneOf: Uint16Array;
  readonly kind: Uint8Array;
  /** GeoNames ids (#gid). */
  readonly gid: Int32Array;
  /** Round-trip location form per place (LOC_* in gazetteer.ts); null when the data file has none (while it is being built). */
  readonly loc: Uint8Array | null;
  readonly zones: string[] = [];
  readonly countries: Country[] = [];
  readonly regionNames: string[] = [];
  readonly regionCodes: string[] = [];
  readonly regionCountry: number[] = [];
  /** Sorted distinct words of all names; word ids are positions here. */
  readonly words: StringTable;
  /**
   * Name entries, in search order (see searchOrder): the word ids of entry e are eWords[eStart[e] .. eStart[e + 1]);
   * ePost[e] = place << 1 | 1 for an alternate name, place << 1 for the place's own name. keyOrder: the
   * entries sorted by search key (their words joined), for exact lookups.
   */
  readonly eStart: Int32Array;
  readonly eWords: Int32Array;
  readonly ePost: Int32Array;
  readonly keyOrder: Int32Array;

  /** Bytes held in the typed arrays (see Gazetteer.typedArrayBytes). */
  get bytes(): number {
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
      this.loc,
      this.eStart,
      this.eWords,
      this.ePost,
      this.keyOrder,
    ]) {
      b += a?.byteLength ?? 0;
    }
    return b;
  }

  constructor(cols: Columns) {
    const countryByCode = new Map<string, number>();
    for (const [tag, body] of cols.header) {
      if (tag === '#zones') this.zones = body.split('\t');
      else if (tag === '#country') {
        const f = body.split('\t');
        countryByCode.set(f[0], this.countries.length);
        this.countries.push({ code: f[0], iso3: f[1], name: f[2], capital: f[3] });
      } else if (tag === '#admin1') {
        const f = body.split('\t');
        this.regionCodes.push(f[0]);
        this.regionNames.push(f[1]);
        this.regionCountry.push(countryByCode.get(f[0].slice(0, 2)) ?? -1);
      }
    }
    this.names = cols.table('#name');
    this.size = this.names.length;
    this.primaryKey = cols.table('#pkey');
    // typed-array constructors convert natively; TypedArray.from with a callback took 60 ms per column
    this.lat = new Float64Array(cols.ints('#lat'));
    this.lon = new Float64Array(cols.ints('#lon'));
    for (let i = 0; i < this.lat.length; i++) {
      this.lat[i] /= 1e5;
      this.lon[i] /= 1e5;
    }
    this.pop = new Float64Array(cols.ints('#pop'));
    this.country = new Uint16Array(cols.ints('#cc'));
    this.region = cols.ints('#region');
    this.zoneOf = new Uint16Array(cols.ints('#zone'));
    this.kind = new Uint8Array(cols.ints('#kind'));
    this.gid = cols.has('#gid') ? cols.ints('#gid') : new Int32Array(0);
    this.words = cols.table('#words');
    const counts = cols.u8('#ecount');
    this.eStart = new Int32Array(counts.length + 1);
    for (let e = 0; e < counts.length; e++) this.eStart[e + 1] = this.eStart[e] + counts[e];
    this.eWords = cols.ints('#ewords');
    this.ePost = cols.ints('#epost');
    this.keyOrder = cols.ints('#korder');
    this.loc = cols.has('#loc') ? cols.u8('#loc') : null;
    if (
      this.ePost.length !== counts.length ||
      this.keyOrder.length !== counts.length ||
      this.eWords.length !== this.eStart[counts.length] ||
      this.lat.length !== this.size ||
      (this.gid.length !== this.size && this.gid.length !== 0) ||
      this.primaryKey.length !== this.size ||
      (this.loc && this.loc.length !== this.size)
    ) {
      throw new Error('gazetteer: inconsistent data file');
    }
  }
}

/** Reads a (gunzipped) data file: its places, and the keys of its country and region indexes. */
export function readPlaceData(data: string | Buffer): { places: PlaceData; qualifiers: QualifierSource } {
  const cols = new Columns(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  const places = new PlaceData(cols);
  const regionKeys = cols.strings('#rkey');
  if (regionKeys.length !== places.regionNames.length) throw new Error('gazetteer: inconsistent data file');
  const qualifiers: QualifierSource = {
    regionByCode: new Map(places.regionCodes.map((code, r) => [code, r])),
    regionKeys,
    localKeys: cols.strings('#ckey'),
    localCountry: cols.ints('#ccc'),
    altKeys: cols.has('#ralt') ? cols.strings('#ralt') : [],
    altRegion: cols.has('#ralr') ? cols.ints('#ralr') : new Int32Array(0),
  };
  return { places, qualifiers };
}

/** Reads and gunzips `dataDir`/places.tsv.gz. */
export function readDataFile(dataDir: string): Buffer {
  const gz = fs.readFileSync(path.join(dataDir, 'places.tsv.gz'));
  // one output chunk of the right size (gzip's trailer has it): a third faster than collecting 16 kB chunks
  const size = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0;
  return zlib.gunzipSync(gz, { chunkSize: Math.max(64 * 1024, size + 1) });
}
