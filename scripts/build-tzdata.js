#!/usr/bin/env node
/**
 * Builds data/tz.json — the time zone history the engine uses to turn a local birth time into UTC.
 *
 * Why this exists: Node's ICU (and therefore luxon's IANAZone) is built from the tz database *without*
 * backzone, so zones that agree since 1970 are merged and their pre-1970 history is lost
 * (Europe/Amsterdam in 1935 comes out with Brussels' offset instead of +00:19:32). Debian's tzdata
 * (/usr/share/zoneinfo, package `tzdata` 2025b on bookworm) is compiled with backzone — its tzdata.zi
 * says "# ddeps backzone" and `zdump -v Europe/Amsterdam` shows AMT +00:19:32 in 1935 — so we read the
 * compiled TZif files from there.
 *
 * Why a hand-written TZif reader: no TZif parser is among the project's dependencies and we may not add
 * one; the format (RFC 8536) is small — a header of six counts, then arrays of transition times,
 * type indices, type records and abbreviations — so ~60 lines here read it. The POSIX TZ footer of each
 * file (e.g. "EST5EDT,M3.2.0,M11.1.0") is expanded into explicit transitions up to END_YEAR so that the
 * runtime only ever does a binary search over a sorted array.
 *
 * Which zones: every zone named by the gazetteer (data/places.tsv.gz, so run `npm run data:places`
 * first), every zone geo-tz's full dataset can answer (its index json), every Etc/* fixed zone, and every
 * link (tzdata.zi "L" lines) whose target is one of those, so that an override `timezone` given under an
 * old name (Asia/Calcutta, US/Eastern …) works. Zones with identical data are stored once.
 *
 * Usage: node scripts/build-tzdata.js [zoneinfoDir]   (or ZONEINFO_DIR=…; default /usr/share/zoneinfo)
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const ROOT = path.resolve(__dirname, '..');
const ZONEINFO = path.resolve(process.argv[2] || process.env.ZONEINFO_DIR || '/usr/share/zoneinfo');
const OUT = path.join(ROOT, 'data', 'tz.json');
const END_YEAR = 2100;

// ---------------------------------------------------------------- TZif (RFC 8536)
function readTzif(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 0, 4) !== 'TZif') throw new Error(`${file}: not a TZif file`);
  const version = buf[4];
  const counts = (off) => ({
    isutcnt: buf.readUInt32BE(off + 20),
    isstdcnt: buf.readUInt32BE(off + 24),
    leapcnt: buf.readUInt32BE(off + 28),
    timecnt: buf.readUInt32BE(off + 32),
    typecnt: buf.readUInt32BE(off + 36),
    charcnt: buf.readUInt32BE(off + 40),
  });
  let off = 0;
  let c = counts(0);
  let timeSize = 4;
  if (version >= 0x32) {
    // skip the v1 (32-bit) block, use the v2+ (64-bit) block
    off = 44 + c.timecnt * 4 + c.timecnt + c.typecnt * 6 + c.charcnt + c.leapcnt * 8 + c.isstdcnt + c.isutcnt;
    c = counts(off);
    timeSize = 8;
  }
  let p = off + 44;
  const times = [];
  for (let i = 0; i < c.timecnt; i++, p += timeSize) {
    times.push(timeSize === 8 ? Number(buf.readBigInt64BE(p)) : buf.readInt32BE(p));
  }
  const idx = [];
  for (let i = 0; i < c.timecnt; i++) idx.push(buf[p++]);
  const rawTypes = [];
  for (let i = 0; i < c.typecnt; i++, p += 6) {
    rawTypes.push({ utoff: buf.readInt32BE(p), isdst: buf[p + 4], abbrInd: buf[p + 5] });
  }
  const chars = buf.toString('latin1', p, p + c.charcnt);
  p += c.charcnt + c.leapcnt * (timeSize + 4) + c.isstdcnt + c.isutcnt;
  if (c.leapcnt) throw new Error(`${file}: leap-second ("right/") data is not wanted`);
  const types = rawTypes.map((t) => ({ utoff: t.utoff, isdst: t.isdst, abbr: chars.slice(t.abbrInd, chars.indexOf('\0', t.abbrInd)) }));
  let footer = '';
  if (version >= 0x32) {
    const rest = buf.toString('latin1', p);
    const m = /^\n([^\n]*)\n/.exec(rest);
    if (m) footer = m[1];
  }
  return { times, idx, types, footer };
}

// ---------------------------------------------------------------- POSIX TZ footer
function parsePosixTz(s) {
  let i = 0;
  const name = () => {
    if (s[i] === '<') {
      const j = s.indexOf('>', i);
      const n = s.slice(i + 1, j);
      i = j + 1;
      return n;
    }
    const m = /^[A-Za-z]+/.exec(s.slice(i));
    i += m[0].length;
    return m[0];
  };
  const hms = () => {
    const m = /^([+-]?)(\d+)(?::(\d+))?(?::(\d+))?/.exec(s.slice(i));
    if (!m) return null;
    i += m[0].length;
    const v = Number(m[2]) * 3600 + Number(m[3] || 0) * 60 + Number(m[4] || 0);
    return m[1] === '-' ? -v : v;
  };
  const stdName = name();
  const stdOff = -hms(); // POSIX offsets are west-positive
  if (i >= s.length) return { stdName, stdOff };
  const dstName = name();
  let dstOff = stdOff + 3600;
  if (s[i] !== ',') dstOff = -hms();
  const rule = () => {
    i++; // ','
    let r;
    let m;
    if ((m = /^M(\d+)\.(\d)\.(\d)/.exec(s.slice(i)))) r = { kind: 'M', m: +m[1], w: +m[2], d: +m[3] };
    else if ((m = /^J(\d+)/.exec(s.slice(i)))) r = { kind: 'J', n: +m[1] };
    else if ((m = /^(\d+)/.exec(s.slice(i)))) r = { kind: 'N', n: +m[1] };
    else throw new Error(`bad TZ rule in ${s}`);
    i += m[0].length;
    r.time = 7200;
    if (s[i] === '/') {
      i++;
      r.time = hms();
    }
    return r;
  };
  const start = rule();
  const end = rule();
  return { stdName, stdOff, dstName, dstOff, start, end };
}

const DAY = 86400;
function daysFromCivil(y, m, d) {
  return Math.floor(Date.UTC(y, m - 1, d) / 1000 / DAY);
}
function ruleLocalSeconds(r, year) {
  let day;
  if (r.kind === 'M') {
    const first = daysFromCivil(year, r.m, 1);
    const dowFirst = (first + 4) % 7; // 1970-01-01 was a Thursday
    let d = 1 + ((r.d - dowFirst + 7) % 7) + (r.w - 1) * 7;
    const monthLen = new Date(Date.UTC(year, r.m, 0)).getUTCDate();
    while (d > monthLen) d -= 7;
    day = daysFromCivil(year, r.m, d);
  } else if (r.kind === 'J') {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    day = daysFromCivil(year, 1, 1) + r.n - 1 + (leap && r.n >= 60 ? 1 : 0);
  } else {
    day = daysFromCivil(year, 1, 1) + r.n;
  }
  return day * DAY + r.time;
}

function extend(z, name) {
  if (!z.footer) return;
  const tz = parsePosixTz(z.footer);
  const typeIndex = (utoff, isdst, abbr) => {
    let k = z.types.findIndex((t) => t.utoff === utoff && t.isdst === isdst && t.abbr === abbr);
    if (k < 0) {
      z.types.push({ utoff, isdst, abbr });
      k = z.types.length - 1;
    }
    return k;
  };
  const last = z.times.length ? z.times[z.times.length - 1] : -Infinity;
  if (!tz.start) {
    // fixed offset from here on; make sure the last type is that offset
    if (!z.times.length) return;
    const lt = z.types[z.idx[z.idx.length - 1]];
    if (lt.utoff !== tz.stdOff) throw new Error(`${name}: footer ${z.footer} disagrees with last type`);
    return;
  }
  const std = typeIndex(tz.stdOff, 0, tz.stdName);
  const dst = typeIndex(tz.dstOff, 1, tz.dstName);
  const startYear = new Date(Math.max(last, 0) * 1000).getUTCFullYear();
  const extra = [];
  for (let y = startYear; y <= END_YEAR; y++) {
    extra.push([ruleLocalSeconds(tz.start, y) - tz.stdOff, dst]); // start is given in standard time
    extra.push([ruleLocalSeconds(tz.end, y) - tz.dstOff, std]); // end is given in daylight time
  }
  extra.sort((a, b) => a[0] - b[0]);
  for (const [t, k] of extra) {
    if (t <= last) continue;
    z.times.push(t);
    z.idx.push(k);
  }
}

// ---------------------------------------------------------------- which zones
function neededNames() {
  const zi = fs.readFileSync(path.join(ZONEINFO, 'tzdata.zi'), 'utf8');
  const version = (/^# version (\S+)/m.exec(zi) || [])[1] || 'unknown';
  const zones = new Set();
  const links = new Map(); // name -> target
  for (const line of zi.split('\n')) {
    let m;
    if ((m = /^Z (\S+)/.exec(line))) zones.add(m[1]);
    else if ((m = /^L (\S+) (\S+)/.exec(line))) links.set(m[2], m[1]);
  }
  const wanted = new Set(['UTC', 'Etc/UTC', 'Etc/GMT']);
  for (const z of zones) if (z.startsWith('Etc/')) wanted.add(z);
  const placesFile = path.join(ROOT, 'data', 'places.tsv.gz');
  if (fs.existsSync(placesFile)) {
    const text = zlib.gunzipSync(fs.readFileSync(placesFile)).toString('utf8');
    const m = /^#zones\t(.*)$/m.exec(text);
    if (!m) throw new Error('places file has no #zones line');
    for (const z of m[1].split('\t')) wanted.add(z);
  } else {
    console.warn('warning: data/places.tsv.gz missing; run `npm run data:places` first for its zones');
  }
  const geoTzIndex = path.join(ROOT, 'node_modules', 'geo-tz', 'data', 'timezones.geojson.index.json');
  for (const z of JSON.parse(fs.readFileSync(geoTzIndex, 'utf8')).timezones) wanted.add(z);
  // resolve names that are themselves links, then add every link pointing at a wanted zone
  for (const n of [...wanted]) if (links.has(n)) wanted.add(links.get(n));
  for (const [name, target] of links) if (wanted.has(target)) wanted.add(name);
  for (const n of wanted) if (!zones.has(n) && !links.has(n)) console.warn(`warning: ${n} is not in tzdata.zi`);
  return { version, names: [...wanted].sort(), links };
}

// ---------------------------------------------------------------- main
function main() {
  const { version, names, links } = neededNames();
  const byKey = new Map(); // serialised data -> id
  const data = [];
  const nameToId = {};
  let transitions = 0;
  for (const name of names) {
    const file = path.join(ZONEINFO, name);
    if (!fs.existsSync(file)) {
      console.warn(`warning: no file for ${name}`);
      continue;
    }
    const z = readTzif(file);
    extend(z, name);
    // compact form: types "utoff,isdst,abbr" ; transitions as deltas (seconds) ; type index per transition.
    // Before the first transition type 0 applies (RFC 8536 3.2).
    const deltas = z.times.map((t, k) => (k === 0 ? t : t - z.times[k - 1]));
    const entry = {
      types: z.types.map((t) => [t.utoff, t.isdst, t.abbr]),
      t: deltas,
      i: z.idx.map((k) => k.toString(36)).join(''),
    };
    if (z.types.length > 36) throw new Error(`${name}: too many types for the compact index`);
    const key = JSON.stringify(entry);
    let id = byKey.get(key);
    if (id === undefined) {
      id = data.length;
      data.push(entry);
      byKey.set(key, id);
      transitions += z.times.length;
    }
    nameToId[name] = id;
  }
  const out = {
    source: `IANA tz ${version} with backzone, compiled TZif from ${ZONEINFO} (Debian tzdata); transitions extended to ${END_YEAR} from the POSIX TZ footers`,
    version,
    endYear: END_YEAR,
    names: nameToId,
    links: Object.fromEntries(names.filter((n) => links.has(n)).map((n) => [n, links.get(n)])),
    zones: data,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(out));
  console.log(`wrote ${OUT}: ${Object.keys(nameToId).length} names, ${data.length} distinct zones, ${transitions} transitions, ${fs.statSync(OUT).size} bytes`);
}

if (require.main === module) main();
module.exports = { readTzif, parsePosixTz, ruleLocalSeconds };
