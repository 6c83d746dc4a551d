#!/usr/bin/env node
/**
 * Builds data/places.tsv.gz — the offline gazetteer behind resolvePlace() — from a GeoNames dump.
 *
 * Usage: node scripts/build-places.js [geonamesDir]   (or GEONAMES_DIR=…; default ../shared/data/geonames)
 * Reads cities500.txt, admin1CodesASCII.txt and countryInfo.txt (layout: see SOURCE.md in that folder).
 *
 * Output (gzip'd UTF-8 text). Column-oriented so that loading is a handful of String.split calls rather
 * than 200,000 small ones (the first layout, one line per place plus a Map index, took 1.3 s to load):
 *   #source  <attribution>
 *   #zones   <zone 0> <zone 1> …                    (IANA names, referenced by index)
 *   #country <ISO2> <ISO3> <name> <capital>         (one line per country, referenced by order)
 *   #admin1  <CC.code> <name>                       (one line per region, referenced by order)
 * then one line per column: strings separated by TAB (#name, #pkey, #keys); numbers as base64 of a
 * little-endian Int32Array (all other columns):
 *   #name #lat #lon (both in 1e-5 degrees) #cc (country index) #region (index, -1 unknown) #pop #zone (index)
 *   #kind   0 = capital of a country (PPLC), 1 = seat of a first-order division (PPLA, PPLG),
 *           2 = seat of a second-order division (PPLA2), 3 = anything else
 *   #pkey   the search key of each place's own name (used for spelling suggestions)
 *   #keys   all distinct search keys, sorted by UTF-16 code units (JS default sort; binary-searched)
 *   #start  offset of each key's postings in #post (one more entry than keys)
 *   #post   the postings, key by key: placeIndex * 2 + (1 if the key comes from an alternate name)
 * Search keys are made by normalizeKey from src/engine/places/normalize.ts (the runtime's own), from the name, the ASCII name and the Latin-script alternate names
 * (other scripts, airport codes and links are dropped to keep the file small).
 *
 * The time zone of each place is taken from geo-tz's full dataset (geo-tz/all) at the place's coordinates,
 * which keeps zones that only differ before 1970 apart; GeoNames' own zone column is the fallback when
 * geo-tz has no land zone there (it answers Etc/GMT±n at sea).
 *
 * Data © GeoNames (geonames.org), CC BY 4.0.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.resolve(ROOT, process.argv[2] || process.env.GEONAMES_DIR || '../shared/data/geonames');
const OUT = path.join(ROOT, 'data', 'places.tsv.gz');

// The search keys must be made exactly as the runtime makes them: use its normaliser (ts-node is a dev dependency).
require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
const { normalizeKey } = require('../src/engine/places/normalize');

const LATIN = /^[\p{Script=Latin}\s'’.,()\-]+$/u;
function keepAlternate(a) {
  if (!a || a.length > 60 || !LATIN.test(a)) return false;
  if (/^[A-Z]{2,4}$/.test(a)) return false; // airport / station codes (CGN, SPI …)
  return true;
}

/** Places the product needs that cities500 lacks (population < 500 and no admin seat). */
const SUPPLEMENT = [
  // Vida, Lane County, Oregon (unincorporated; coordinates as published for the community, 44°08′57″N 122°34′08″W)
  { name: 'Vida', lat: 44.14917, lon: -122.56889, cc: 'US', admin1: 'OR', population: 0, zone: 'America/Los_Angeles', kind: 3, alts: [] },
];

function readLines(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
}

function main() {
  const { find } = require('geo-tz/dist/find-all');
  const t0 = Date.now();
  const countries = readLines(path.join(SRC, 'countryInfo.txt')).map((l) => {
    const f = l.split('\t');
    return { iso2: f[0], iso3: f[1], name: f[4], capital: f[5] };
  });
  const admin1 = readLines(path.join(SRC, 'admin1CodesASCII.txt')).map((l) => {
    const f = l.split('\t');
    return { code: f[0], name: f[1] };
  });

  const countryIndex = new Map(countries.map((c, i) => [c.iso2, i]));
  const regionIndex = new Map(admin1.map((a, i) => [a.code, i]));
  const zones = new Map();
  const zoneIndex = (z) => {
    if (!zones.has(z)) zones.set(z, zones.size);
    return zones.get(z);
  };
  const col = { name: [], lat: [], lon: [], country: [], region: [], pop: [], zone: [], kind: [], pkey: [] };
  const postings = new Map(); // key -> entries
  let differ = 0;
  const emit = (p) => {
    const id = col.name.length;
    const primary = new Set([p.name, p.ascii].map((n) => n && normalizeKey(n)).filter(Boolean));
    const alts = new Set(p.alts.map(normalizeKey).filter((k) => k && !primary.has(k)));
    const c = countryIndex.get(p.cc);
    if (c === undefined) throw new Error(`unknown country ${p.cc}`);
    col.name.push(p.name);
    col.lat.push(+p.lat.toFixed(5));
    col.lon.push(+p.lon.toFixed(5));
    col.country.push(c);
    col.region.push(regionIndex.get(`${p.cc}.${p.admin1}`) ?? -1);
    col.pop.push(p.population);
    col.zone.push(zoneIndex(p.zone));
    col.kind.push(p.kind);
    col.pkey.push([...primary][0] || '');
    const post = (k, e) => { const l = postings.get(k); if (l) l.push(e); else postings.set(k, [e]); };
    for (const k of primary) post(k, id * 2);
    for (const k of alts) post(k, id * 2 + 1);
  };

  const kindOf = (code) => (code === 'PPLC' ? 0 : code === 'PPLA' || code === 'PPLG' ? 1 : code === 'PPLA2' ? 2 : 3);
  for (const line of readLines(path.join(SRC, 'cities500.txt'))) {
    const f = line.split('\t');
    const lat = Number(f[4]);
    const lon = Number(f[5]);
    let zone = f[17];
    const found = find(lat, lon).filter((z) => !z.startsWith('Etc/'));
    if (found.length && !found.includes(zone)) {
      differ++;
      zone = found[0];
    }
    emit({
      name: f[1], ascii: f[2], alts: f[3] ? f[3].split(',').filter(keepAlternate) : [],
      lat, lon, cc: f[8], admin1: f[10], population: Number(f[14]) || 0, zone, kind: kindOf(f[7]),
    });
  }
  for (const p of SUPPLEMENT) emit({ ...p, ascii: p.name });

  const keys = [...postings.keys()].sort();
  const header = [
    '#source\tData © GeoNames (geonames.org), CC BY 4.0; cities500 + admin1CodesASCII + countryInfo; zones from geo-tz/all',
    `#zones\t${[...zones.keys()].join('\t')}`,
    ...countries.map((c) => `#country\t${c.iso2}\t${c.iso3}\t${c.name}\t${c.capital}`),
    ...admin1.map((a) => `#admin1\t${a.code}\t${a.name}`),
  ];
  // numeric columns: little-endian Int32 arrays in base64 (lat/lon in 1e-5 degrees) — decoding them is a
  // memcpy, where parsing ~3 million decimal numbers took most of the load time
  const b64 = (values) => Buffer.from(Int32Array.from(values).buffer).toString('base64');
  const starts = [0];
  for (const k of keys) starts.push(starts[starts.length - 1] + postings.get(k).length);
  const columns = [
    `#name\t${col.name.join('\t')}`,
    `#lat\t${b64(col.lat.map((v) => Math.round(v * 1e5)))}`,
    `#lon\t${b64(col.lon.map((v) => Math.round(v * 1e5)))}`,
    ...['country', 'region', 'pop', 'zone', 'kind'].map((k) => `#${k === 'country' ? 'cc' : k}\t${b64(col[k])}`),
    `#pkey\t${col.pkey.join('\t')}`,
    `#keys\t${keys.join('\t')}`,
    `#start\t${b64(starts)}`,
    `#post\t${b64(keys.flatMap((k) => postings.get(k)))}`,
  ];
  const rows = col.name;
  const text = header.concat(columns).join('\n') + '\n';
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, zlib.gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
  console.log(`wrote ${OUT}: ${rows.length} places, ${zones.size} zones, ${countries.length} countries, ` +
    `${admin1.length} regions; ${differ} zones taken from geo-tz/all instead of GeoNames; ` +
    `${text.length} chars, ${fs.statSync(OUT).size} bytes gzip, ${Date.now() - t0} ms`);
}

if (require.main === module) main();
module.exports = { keepAlternate };
