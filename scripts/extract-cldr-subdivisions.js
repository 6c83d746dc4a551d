#!/usr/bin/env node
/**
 * Extracts the names of every country's first-level subdivisions (states, provinces, regions …) in every locale
 * of the Unicode CLDR into scripts/data/cldr-subdivisions.tsv.gz, the input build-places.js joins to GeoNames'
 * admin1 regions (so that "Портленд, Мэн, США" finds Portland, Maine).
 *
 * Usage: node scripts/extract-cldr-subdivisions.js <CLDR common/ folder>
 * The CLDR source used: release 48, as bundled verbatim in the npm package cldr@8.0.0 (folder 3rdparty/cldr/common):
 *   npm pack cldr@8.0.0 && tar xzf cldr-8.0.0.tgz package/3rdparty/cldr/common/subdivisions \
 *     package/3rdparty/cldr/common/supplemental/subdivisions.xml && \
 *   node scripts/extract-cldr-subdivisions.js package/3rdparty/cldr/common
 * (The JSON package cldr-subdivisions-full carries only the English names and England/Scotland/Wales in the
 * other locales: CLDR's JSON export leaves out the names marked draft="provisional", which most are.)
 *
 * Reads common/supplemental/subdivisions.xml (containment: a country's first-level subdivisions are those its
 * upper-case subgroup contains) and common/subdivisions/<locale>.xml (names keyed by the code, e.g. "usme").
 * Output lines: <ISO 3166-2 code, e.g. US-ME> TAB <English name> TAB <every other distinct name, any locale,
 * any draft status, TAB-separated, in locale order>. Header lines start with '#'.
 *
 * Data: Copyright © 1991-2025 Unicode, Inc.; Unicode License v3 (SPDX Unicode-3.0), see data/LICENSES.md.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const OUT = path.resolve(__dirname, 'data', 'cldr-subdivisions.tsv.gz');

const unescapeXml = (s) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (m, e) => {
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });

function main() {
  const common = process.argv[2];
  if (!common) throw new Error('usage: node scripts/extract-cldr-subdivisions.js <CLDR common/ folder>');
  const version = /cldrVersion CDATA #FIXED "(\d+)"/.exec(fs.readFileSync(path.join(common, 'dtd', 'ldml.dtd'), 'utf8'));
  const containment = fs.readFileSync(path.join(common, 'supplemental', 'subdivisions.xml'), 'utf8');
  const firstLevel = new Map(); // "usme" -> "US-ME"
  for (const m of containment.matchAll(/<subgroup type="([A-Z]{2})" contains="([^"]+)"/g)) {
    const cc = m[1];
    for (const code of m[2].split(/\s+/)) {
      if (code.slice(0, 2).toUpperCase() === cc) firstLevel.set(code, `${cc}-${code.slice(2).toUpperCase()}`);
    }
  }
  const dir = path.join(common, 'subdivisions');
  const locales = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const names = new Map(); // "usme" -> [English name, other names…] (distinct strings)
  let read = 0;
  for (const locale of locales) {
    const xml = fs.readFileSync(path.join(dir, `${locale}.xml`), 'utf8');
    for (const m of xml.matchAll(/<subdivision type="([a-z0-9]+)"[^>]*>([^<]*)<\/subdivision>/g)) {
      if (!firstLevel.has(m[1])) continue;
      // a query is split at commas, so "Provincia de Córdoba, Arxentina" can only ever match as its first part;
      // "Maine (Tarayyar Amurka)" loses its explanation; footnote marks go ("Île-de-France²")
      const name = unescapeXml(m[2])
        .split(/[,،]/)[0]
        .replace(/\s*[(（][^)）]*[)）]\s*$/, '')
        .replace(/[\u00b2\u00b3\u00b9\u2070-\u2079]/g, '')
        .trim();
      if (!name) continue;
      read++;
      let list = names.get(m[1]);
      if (!list) {
        if (locale !== 'en') continue; // no English name: nothing to join it by
        names.set(m[1], (list = []));
      }
      if (!list.includes(name)) list.push(name);
    }
  }
  const lines = [
    `#source\tUnicode CLDR ${version ? version[1] : '?'} common/subdivisions/*.xml and common/supplemental/subdivisions.xml ` +
      '(as bundled in npm cldr@8.0.0, 3rdparty/cldr); first-level subdivisions only; Copyright © 1991-2025 Unicode, Inc., Unicode-3.0',
    `#locales\t${locales.join('\t')}`,
  ];
  let count = 0;
  for (const [code, list] of [...names].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    lines.push(`${firstLevel.get(code)}\t${list.map((n) => n.replace(/[\t\n]/g, ' ')).join('\t')}`);
    count += list.length;
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, zlib.gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 }));
  console.log(
    `wrote ${OUT}: ${names.size} of ${firstLevel.size} first-level subdivisions, ${count} distinct names ` +
      `(${read} read from ${locales.length} locales), ${fs.statSync(OUT).size} bytes gzip`,
  );
}

if (require.main === module) main();
