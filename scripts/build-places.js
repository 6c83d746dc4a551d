#!/usr/bin/env node
/**
 * Builds data/places.tsv.gz — the offline gazetteer behind resolvePlace() and searchPlaces() — from a GeoNames
 * dump and ICU's country names.
 *
 * Usage: node scripts/build-places.js [geonamesDir]   (or GEONAMES_DIR=…; default ../shared/data/geonames)
 * Reads cities500.txt, admin1CodesASCII.txt and countryInfo.txt (layout: see SOURCE.md in that folder).
 *
 * Output (gzip'd UTF-8 text). Column-oriented so that loading is a handful of String.split calls and memcpy's
 * rather than 200,000 small parses (the first layout, one line per place plus a Map index, took 1.3 s to load):
 *   #source  <attribution>
 *   #zones   <zone 0> <zone 1> …                    (IANA names, referenced by index)
 *   #country <ISO2> <ISO3> <name> <capital>         (one line per country, referenced by order)
 *   #admin1  <CC.code> <name>                       (one line per region, referenced by order)
 * then one line per column: numbers as base64 of a little-endian Int32Array, or of a Uint8Array / Uint16Array
 * where noted (u8, u16); string lists separated by TAB, or, where noted (table), concatenated, with their
 * lengths in UTF-16 code units in column <tag>len (u16) — one string and a prefix sum to load, no split.
 *
 * Places (one value per place, GeoNames order):
 *   #rkey   (TAB-separated) the search key of each #admin1 region's name, in #admin1 order
 *   #gid    the GeoNames id (the API's placeId; negative for the few places this build adds)
 *   #name   (table) the GeoNames name        #lat #lon (both in 1e-5 degrees)   #cc (country index)
 *   #region (admin1 index, -1 unknown)   #pop   #zone (index)
 *   #kind   0 = capital of a country (PPLC), 1 = seat of a first-order division (PPLA, PPLG),
 *           2 = seat of a second-order division (PPLA2), 3 = anything else
 *   #pkey   (table) the search key of the place's own name (used for spelling suggestions)
 *   #loc    (u8) the shortest "location" that resolvePlace() answers with this very place: 0 = "Name, Country",
 *           1 = "Name, Region, Country", 2 = neither (another place with that name ranks first in its region);
 *           found by running the runtime's resolver over the freshly built file.
 * Names (one "name entry" per distinct normalised word sequence of a place: its name, ASCII name and every
 * alternate name in any script), in search order (searchOrder in place-search.ts: by population times a capital/seat
 * factor, an alternate name counting as a 20 times smaller place — so that an entry's number is its rank):
 *   #words  (table) every distinct normalised word, sorted (UTF-16 code-unit order); word ids are positions here
 *   #ecount (u8) number of words of each entry      #ewords the word ids of all entries, entry after entry
 *   #epost  placeIndex * 2 + (1 if the entry comes from an alternate name)
 *   #korder the entry numbers sorted by search key (their words joined; code-unit order, the order the runtime
 *           binary-searches in)
 * Country names in other languages (ICU, via Intl.DisplayNames for every locale this Node knows):
 *   #ckey   normalised names (not the English ones, which come from #country)   #ccc  their country indices
 * Region names in other languages and scripts (Unicode CLDR subdivision names, scripts/data/cldr-subdivisions.tsv.gz,
 * made by extract-cldr-subdivisions.js; joined to the #admin1 regions by regionNames() below):
 *   #ralt   (TAB-separated) normalised names that differ from the region's #rkey   #ralr  their #admin1 indices
 * Keys and words are made by normalizeWords/normalizeKey from src/engine/places/normalize.ts (the runtime's
 * own). Alternate names are kept in every script; dropped are airport/station codes (CGN, SPI …), postal
 * codes, links, and names over 60 characters; Persian/Urdu names written "town، province" keep the town.
 *
 * The time zone of each place is taken from geo-tz's full dataset (geo-tz/all) at the place's coordinates,
 * which keeps zones that only differ before 1970 apart; GeoNames' own zone column is the fallback when
 * geo-tz has no land zone there (it answers Etc/GMT±n at sea).
 *
 * Data © GeoNames (geonames.org), CC BY 4.0; country names from the Unicode CLDR via ICU, region names from the
 * Unicode CLDR 48 (© Unicode, Inc., Unicode-3.0; data/LICENSE-Unicode.txt).
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
const { normalizeWords } = require('../src/engine/places/normalize');

/** Most words a name may have (the search index addresses word positions with 5 bits). */
const MAX_WORDS = 31;

function keepAlternate(a) {
  if (!a || a.length > 60) return false;
  if (/^[A-Z]{2,4}$/.test(a)) return false; // airport / station codes (CGN, SPI …)
  if (/^[\d\s-]+$/.test(a)) return false; // numbers, postal codes
  if (/\d/.test(a) && /^[A-Z\d]{2,5}[ -]?[A-Z\d]{2,4}$/.test(a)) return false; // postal codes (A1V 0A9, SW1A 1AA)
  if (/:\/\/|^www\.|\.(com|org|net|html?)\b|wikipedia/i.test(a)) return false; // links
  return true;
}

/** Alternate names as kept: "هولیوک، ماساچوست" ("Holyoke, Massachusetts" in Urdu) -> its town part. */
function alternates(field) {
  if (!field) return [];
  return field
    .split(',')
    .filter(keepAlternate)
    .map((a) => (a.includes('،') ? a.split('،')[0].trim() : a))
    .filter(Boolean);
}

/** Places the product needs that cities500 lacks (population < 500 and no admin seat). */
const SUPPLEMENT = [
  // Vida, Lane County, Oregon (unincorporated; coordinates as published for the community, 44°08′57″N 122°34′08″W)
  // (not in cities500, so no GeoNames id here: places this build adds get negative placeIds)
  { gid: -1, name: 'Vida', lat: 44.14917, lon: -122.56889, cc: 'US', admin1: 'OR', population: 0, zone: 'America/Los_Angeles', kind: 3, alts: [] },
];

/** Locales with region names in this Node's ICU: every 2- and 3-letter language code it supports, and script variants. */
function displayLocales() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const codes = [];
  for (const a of letters)
    for (const b of letters) {
      codes.push(a + b);
      for (const c of letters) codes.push(a + b + c);
    }
  const base = Intl.DisplayNames.supportedLocalesOf(codes);
  const variants = [
    'zh-Hant',
    'zh-Hans',
    'zh-HK',
    'sr-Latn',
    'sr-Cyrl',
    'bs-Cyrl',
    'uz-Cyrl',
    'uz-Arab',
    'az-Cyrl',
    'pa-Arab',
    'ks-Deva',
    'sd-Deva',
    'mni-Mtei',
    'sat-Deva',
    'ff-Adlm',
    'vai-Latn',
    'yue-Hans',
    'kk-Arab',
    'ms-Arab',
    'ha-Arab',
    'pt-PT',
    'es-419',
    'es-MX',
    'fr-CA',
    'de-CH',
    'en-GB',
    'nl-BE',
    'ro-MD',
    'sw-CD',
    'ar-MA',
  ];
  return [...new Set([...base, ...Intl.DisplayNames.supportedLocalesOf(variants)])];
}

/**
 * Country names in every language ICU knows, as normalised keys -> country index. Names that two countries
 * share (Kongo: CG and CD) are left out, and so are the English names, codes and hand aliases the runtime
 * adds itself (those win anyway).
 */
function countryNames(countries, usedCountries, skipKeys) {
  const { normalizeKey } = require('../src/engine/places/normalize');
  const t0 = Date.now();
  const locales = displayLocales();
  const byKey = new Map(); // key -> Set of country indices
  for (const locale of locales) {
    for (const style of ['long', 'short']) {
      const dn = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'none' });
      countries.forEach((c, i) => {
        if (!usedCountries.has(i)) return; // no places (Serbia and Montenegro, Netherlands Antilles)
        let name;
        try {
          name = dn.of(c.iso2);
        } catch {
          return;
        }
        const k = name && normalizeKey(name);
        if (!k) return;
        const s = byKey.get(k);
        if (s) s.add(i);
        else byKey.set(k, new Set([i]));
      });
    }
  }
  const out = [];
  let ambiguous = 0;
  for (const [k, s] of byKey) {
    if (skipKeys.has(k)) continue;
    if (s.size > 1) {
      ambiguous++;
      continue;
    }
    out.push([k, [...s][0]]);
  }
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  console.log(`country names: ${locales.length} locales, ${out.length} names (${ambiguous} shared by two countries left out), ${Date.now() - t0} ms`);
  return out;
}

/** Generic words that GeoNames and CLDR add to region names differently ("Cordoba" / "Provincia de Córdoba"). */
const REGION_WORDS = new Set(
  (
    'province provincia provincie provinz provinsi region regione regiao region state estado etat of de del des du la le ' +
    'the di do da das dos oblast oblys voblasts governorate department departamento departement county district ' +
    'municipality prefecture autonomous community comunidad autonoma territory capital federal city republic ' +
    'voivodeship wojewodztwo kraj canton parish emirate island islands atoll special administrative area division'
  ).split(' '),
);
const looseKey = (normalizeWords, name) =>
  normalizeWords(name)
    .filter((w) => !REGION_WORDS.has(w))
    .join('');

/**
 * Region names in every language (Unicode CLDR, extracted to scripts/data/cldr-subdivisions.tsv.gz by
 * extract-cldr-subdivisions.js), joined to the GeoNames admin1 regions: by name (the GeoNames name's key equals
 * the key of one of a first-level subdivision's names in that country, or failing that, with generic words such
 * as "Province" left out), else by code where the country's GeoNames admin1 codes are its ISO 3166-2 codes
 * (US.ME = US-ME: at least 3 of its name-joined regions, and 80 %, agree by code). Each CLDR subdivision joins one region at most.
 * Returns [key, region index] for every name whose key differs from the region's own; a key that two regions of
 * one country would share, or that is another region's own key there, is left out.
 */
/**
 * Countries whose CLDR 48 subdivision names are mid-renumbering: some locales name another region under the same
 * code (Morocco's pre-2015 MA-01..16 carry the new regions' names in some locales; Iran's renumbered provinces give
 * Alborz the names of Razavi Khorasan). A wrong name would send a birth to another province, so these countries'
 * regions keep their GeoNames names only.
 */
const CLDR_NAMES_UNRELIABLE = new Set(['MA', 'IR']);

function regionNames(admin1, ownKeys) {
  const { normalizeKey } = require('../src/engine/places/normalize');
  const file = path.join(__dirname, 'data', 'cldr-subdivisions.tsv.gz');
  const byCountry = new Map(); // CC -> [{ code: 'ME', names }]
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [iso, ...names] = line.split('\t');
    const cc = iso.slice(0, 2);
    if (!byCountry.has(cc)) byCountry.set(cc, []);
    byCountry.get(cc).push({ code: iso.slice(3), names });
  }
  const regionsOf = new Map(); // CC -> region indices
  admin1.forEach((a, r) => {
    const cc = a.code.slice(0, 2);
    if (!regionsOf.has(cc)) regionsOf.set(cc, []);
    regionsOf.get(cc).push(r);
  });
  const joined = new Map(); // region index -> CLDR entry
  const perCountry = [];
  for (const [cc, rs] of regionsOf) {
    const subs = CLDR_NAMES_UNRELIABLE.has(cc) ? [] : byCountry.get(cc) || [];
    const used = new Set();
    const join = (r, s) => {
      joined.set(r, s);
      used.add(s);
    };
    // by name: exact keys, then loose keys; a key that two subdivisions carry decides nothing
    for (const keyOf of [normalizeKey, (n) => looseKey(normalizeWords, n)]) {
      const index = new Map();
      for (const s of subs) {
        if (used.has(s)) continue;
        for (const k of new Set(s.names.map(keyOf))) if (k) index.set(k, index.has(k) && index.get(k) !== s ? null : s);
      }
      for (const r of rs) {
        if (joined.has(r)) continue;
        const s = index.get(keyOf(admin1[r].name));
        if (s && !used.has(s)) join(r, s);
      }
    }
    // by code, where the names joined so far say the country's admin1 codes are ISO 3166-2 codes
    const agree = [...joined].filter(([r, s]) => admin1[r].code.startsWith(`${cc}.`) && admin1[r].code.slice(3) === s.code).length;
    const byName = rs.filter((r) => joined.has(r)).length;
    if (byName >= 3 && agree >= byName * 0.8) {
      const byCode = new Map(subs.filter((s) => !used.has(s)).map((s) => [s.code, s]));
      for (const r of rs) {
        const s = !joined.has(r) && byCode.get(admin1[r].code.slice(3));
        if (s) join(r, s);
      }
    }
    perCountry.push({ cc, regions: rs.length, joined: rs.filter((r) => joined.has(r)).length, cldr: subs.length });
  }
  // the names' keys, per region, less its own; shared keys within a country dropped
  const keyRegions = new Map(); // "CC key" -> Set of regions
  for (const [r, s] of joined) {
    for (const n of s.names) {
      const k = normalizeKey(n);
      if (!k || k === ownKeys[r]) continue;
      const ck = `${admin1[r].code.slice(0, 2)} ${k}`;
      if (!keyRegions.has(ck)) keyRegions.set(ck, new Set());
      keyRegions.get(ck).add(r);
    }
  }
  const ownByCountry = new Set(admin1.map((a, r) => `${a.code.slice(0, 2)} ${ownKeys[r]}`));
  const out = [];
  let shared = 0;
  for (const [ck, set] of keyRegions) {
    if (set.size > 1 || ownByCountry.has(ck)) {
      shared++;
      continue;
    }
    out.push([ck.slice(3), [...set][0]]);
  }
  out.sort((a, b) => a[1] - b[1] || byCodeUnits(a[0], b[0]));
  const total = perCountry.reduce((t, c) => t + c.joined, 0);
  console.log(
    `region names (CLDR): ${total} of ${admin1.length} regions joined, ${out.length} names (${shared} shared by two ` +
      `regions of a country, or another region's own, left out)`,
  );
  const top = perCountry.filter((c) => c.joined < c.regions).sort((a, b) => b.regions - b.joined - (a.regions - a.joined));
  console.log(
    `  not joined (regions unjoined/GeoNames regions/CLDR first-level subdivisions): ` +
      top.map((c) => `${c.cc} ${c.regions - c.joined}/${c.regions}/${c.cldr}`).join(', '),
  );
  return { names: out, perCountry };
}

function readLines(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
}

const b64 = (values) => Buffer.from(Int32Array.from(values).buffer).toString('base64');
const b64u8 = (values) => Buffer.from(Uint8Array.from(values)).toString('base64');
const b64u16 = (values) => {
  if (values.some((v) => v > 0xffff)) throw new Error('value over 65535 in a u16 column');
  return Buffer.from(Uint16Array.from(values).buffer).toString('base64');
};
/** A string table column and its lengths column. */
const table = (tag, strings) => [`${tag}\t${strings.join('')}`, `${tag}len\t${b64u16(strings.map((x) => x.length))}`];
const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function main() {
  const { find } = require('geo-tz/dist/find-all');
  const { normalizeKey } = require('../src/engine/places/normalize');
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
  const col = { gid: [], name: [], lat: [], lon: [], country: [], region: [], pop: [], zone: [], kind: [], pkey: [] };
  const entries = []; // { key, words: string[], post }
  const stats = { own: 0, alt: 0, altChars: 0, long: 0 };
  let differ = 0;
  const emit = (p) => {
    const id = col.name.length;
    const c = countryIndex.get(p.cc);
    if (c === undefined) throw new Error(`unknown country ${p.cc}`);
    const seen = new Set();
    const add = (name, alt) => {
      const words = normalizeWords(name);
      if (!words.length) return;
      if (words.length > MAX_WORDS) {
        stats.long++;
        return;
      }
      const id2 = words.join(' ');
      if (seen.has(id2)) return;
      seen.add(id2);
      entries.push({ key: words.join(''), words, post: id * 2 + (alt ? 1 : 0) });
      if (alt) {
        stats.alt++;
        stats.altChars += name.length;
      } else stats.own++;
    };
    add(p.name, false);
    if (p.ascii) add(p.ascii, false);
    for (const a of p.alts) add(a, true);
    col.gid.push(p.gid);
    col.name.push(p.name);
    col.lat.push(+p.lat.toFixed(5));
    col.lon.push(+p.lon.toFixed(5));
    col.country.push(c);
    col.region.push(regionIndex.get(`${p.cc}.${p.admin1}`) ?? -1);
    col.pop.push(p.population);
    col.zone.push(zoneIndex(p.zone));
    col.kind.push(p.kind);
    col.pkey.push(normalizeKey(p.name) || normalizeKey(p.ascii || ''));
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
      gid: Number(f[0]),
      name: f[1],
      ascii: f[2],
      alts: alternates(f[3]),
      lat,
      lon,
      cc: f[8],
      admin1: f[10],
      population: Number(f[14]) || 0,
      zone,
      kind: kindOf(f[7]),
    });
  }
  for (const p of SUPPLEMENT) emit({ ...p, ascii: p.name });
  const tPlaces = Date.now();

  // words in code-unit order; name entries first in key order (their search order needs #loc, found below)
  entries.sort((a, b) => byCodeUnits(a.key, b.key) || a.post - b.post);
  const wordSet = new Set();
  for (const e of entries) for (const w of e.words) wordSet.add(w);
  const words = [...wordSet].sort(byCodeUnits);
  const wordId = new Map(words.map((w, i) => [w, i]));

  // country names in other languages: not those the runtime makes itself from #country and aliases.ts
  const { COUNTRY_ALIASES } = require('../src/engine/places/aliases');
  const skipKeys = new Set();
  for (const c of countries) for (const n of [c.name, c.name.replace(/^The /, ''), c.iso2, c.iso3]) skipKeys.add(normalizeKey(n));
  for (const a of Object.keys(COUNTRY_ALIASES)) skipKeys.add(normalizeKey(a));
  const cnames = countryNames(countries, new Set(col.country), skipKeys);
  const rnames = regionNames(
    admin1,
    admin1.map((a) => normalizeKey(a.name)),
  ).names;

  const header = [
    '#source\tData © GeoNames (geonames.org), CC BY 4.0; cities500 + admin1CodesASCII + countryInfo; zones from geo-tz/all; ' +
      `country names in other languages from Unicode CLDR ${process.versions.cldr} (ICU ${process.versions.icu}, Node ${process.versions.node}); ` +
      'region names in other languages from Unicode CLDR 48 subdivisions (© Unicode, Inc., Unicode-3.0)',
    `#zones\t${[...zones.keys()].join('\t')}`,
    ...countries.map((c) => `#country\t${c.iso2}\t${c.iso3}\t${c.name}\t${c.capital}`),
    ...admin1.map((a) => `#admin1\t${a.code}\t${a.name}`),
  ];
  // numeric columns: little-endian Int32 arrays in base64 (lat/lon in 1e-5 degrees) — decoding them is a
  // memcpy, where parsing ~3 million decimal numbers took most of the load time
  const placeColumns = [
    `#rkey\t${admin1.map((a) => normalizeKey(a.name)).join('\t')}`,
    ...table('#name', col.name),
    `#lat\t${b64(col.lat.map((v) => Math.round(v * 1e5)))}`,
    `#lon\t${b64(col.lon.map((v) => Math.round(v * 1e5)))}`,
    ...['gid', 'country', 'region', 'pop', 'zone', 'kind'].map((k) => `#${k === 'country' ? 'cc' : k}\t${b64(col[k])}`),
    ...table('#pkey', col.pkey),
    ...table('#words', words),
    `#ckey\t${cnames.map((c) => c[0]).join('\t')}`,
    `#ccc\t${b64(cnames.map((c) => c[1]))}`,
    `#ralt\t${rnames.map((c) => c[0]).join('\t')}`,
    `#ralr\t${b64(rnames.map((c) => c[1]))}`,
  ];
  const makeText = (list, loc) => {
    const keyOrder = list.map((e, i) => i).sort((a, b) => byCodeUnits(list[a].key, list[b].key) || a - b);
    const ewords = [];
    for (const e of list) for (const w of e.words) ewords.push(wordId.get(w));
    const columns = [
      `#ecount\t${b64u8(list.map((e) => e.words.length))}`,
      `#ewords\t${b64(ewords)}`,
      `#epost\t${b64(list.map((e) => e.post))}`,
      `#korder\t${b64(keyOrder)}`,
    ];
    if (loc) columns.push(`#loc\t${b64u8(loc)}`);
    return header.concat(placeColumns, columns).join('\n') + '\n';
  };

  // the shortest round-tripping "location" of every place, found with the runtime's own resolver
  const { Gazetteer, searchOrder } = require('../src/engine/places/gazetteer');
  const tLoc = Date.now();
  const loc = new Gazetteer(makeText(entries, null)).locationForms();
  const forms = [0, 0, 0];
  for (const f of loc) forms[f]++;
  console.log(
    `locations: ${forms[0]} "Name, Country", ${forms[1]} "Name, Region, Country", ${forms[2]} unreachable by name ` +
      `(another place of that name ranks first in the region); ${Date.now() - tLoc} ms`,
  );
  // the entries in search order
  const rankOf = new Int32Array(2 * col.name.length);
  searchOrder(col.pop, col.kind).forEach((post, r) => {
    rankOf[post] = r;
  });
  const ordered = entries
    .map((e, i) => [rankOf[e.post], i])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, i]) => entries[i]);
  const text = makeText(ordered, loc);
  const again = new Gazetteer(text).locationForms();
  if (again.some((f, i) => f !== loc[i])) throw new Error('location forms changed with the entry order');

  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, zlib.gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
  console.log(
    `wrote ${OUT}: ${col.name.length} places, ${zones.size} zones, ${countries.length} countries, ` +
      `${admin1.length} regions; ${differ} zones taken from geo-tz/all instead of GeoNames; ` +
      `${entries.length} name entries (${stats.own} own, ${stats.alt} alternate, ${stats.long} over ${MAX_WORDS} words left out), ` +
      `${words.length} words; ${text.length} chars, ${Buffer.byteLength(text)} bytes UTF-8, ${fs.statSync(OUT).size} bytes gzip; ` +
      `places ${tPlaces - t0} ms, total ${Date.now() - t0} ms`,
  );
}

if (require.main === module) main();
module.exports = { keepAlternate, alternates, regionNames };
