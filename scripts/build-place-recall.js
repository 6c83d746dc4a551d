#!/usr/bin/env node
/**
 * Builds test/fixtures/place-recall.tsv.gz: the place-search recall set (issue "Place search that ranks like people
 * expect"). For each of the 1,000 most populous places of GeoNames' cities500, every alternate name GeoNames lists
 * for it, kept as the gazetteer build keeps them (scripts/build-places.js `alternates`: no airport or station codes,
 * postal codes, links or names over 60 characters; a Persian/Urdu "town، province" label gives its town), each one
 * line: script, geonameid, the place's name, latitude, longitude, the alternate name.
 * The test (src/engine/places/recall.spec.ts) searches each name and counts the place in the top 3, per script.
 *
 * Usage: node scripts/build-place-recall.js [geonamesDir]   (or GEONAMES_DIR=…; default ../shared/data/geonames)
 * Data © GeoNames (geonames.org), CC BY 4.0.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { alternates } = require('./build-places');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.resolve(ROOT, process.argv[2] || process.env.GEONAMES_DIR || '../shared/data/geonames');
const OUT = path.join(ROOT, 'test', 'fixtures', 'place-recall.tsv.gz');
const PLACES = 1000;

/** The scripts the set is measured in (the first that a name's letters belong to); other names are left out. */
const SCRIPTS = [
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Kannada', /\p{Script=Kannada}/u],
  ['Malayalam', /\p{Script=Malayalam}/u],
  ['Gujarati', /\p{Script=Gujarati}/u],
  ['Gurmukhi', /\p{Script=Gurmukhi}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Latin', /\p{Script=Latin}/u],
];

function main() {
  const rows = fs
    .readFileSync(path.join(SRC, 'cities500.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
  // most populous first; equal populations in GeoNames id order, so the set is the same on every build
  rows.sort((a, b) => Number(b[14]) - Number(a[14]) || Number(a[0]) - Number(b[0]));
  const lines = [];
  for (const f of rows.slice(0, PLACES)) {
    const seen = new Set();
    for (const name of alternates(f[3])) {
      if (seen.has(name)) continue;
      seen.add(name);
      const script = SCRIPTS.find(([, re]) => re.test(name));
      if (script) lines.push([script[0], f[0], f[1], f[4], f[5], name].join('\t'));
    }
  }
  fs.writeFileSync(OUT, zlib.gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 9 }));
  console.log(`wrote ${OUT}: ${lines.length} names of the ${PLACES} most populous places`);
}

main();
