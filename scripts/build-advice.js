#!/usr/bin/env node
/**
 * Builds data/advice.json — the 371 pieces of advice served by the advice API (src/modules/advice).
 *
 * Copies the shared, hand-checked file (provenance: ../shared/data/ADVICE-SOURCES.md) after checking it the
 * same way the API does at start-up (src/modules/advice/advice-data.ts): an array of exactly 371 objects
 * { id, advice, source } with ids 1–371 each once, advice a non-empty trimmed string, source an https URL.
 * The output is written in id order, one item per line, only after every check passed (atomic rename).
 *
 * Usage: node scripts/build-advice.js [source]   (default ../shared/data/advice.json, relative to the project)
 */
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const COUNT = 371;
const SOURCE = path.resolve(ROOT, process.argv[2] || path.join('..', 'shared', 'data', 'advice.json'));
const OUT = path.join(ROOT, 'data', 'advice.json');

function isHttpsUrl(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function validate(raw) {
  if (!Array.isArray(raw)) return ['not a JSON array'];
  const problems = [];
  const seen = new Map();
  raw.forEach((item, index) => {
    const where = `item #${index + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return problems.push(`${where}: not an object`);
    const name = `${where} (id ${JSON.stringify(item.id)})`;
    const extra = Object.keys(item).filter((k) => !['id', 'advice', 'source'].includes(k));
    if (extra.length) problems.push(`${name}: unexpected field(s) ${extra.join(', ')}`);
    if (!Number.isInteger(item.id) || item.id < 1 || item.id > COUNT) problems.push(`${name}: id must be an integer from 1 to ${COUNT}`);
    else if (seen.has(item.id)) problems.push(`${name}: duplicate id ${item.id} (also item #${seen.get(item.id) + 1})`);
    else seen.set(item.id, index);
    if (typeof item.advice !== 'string' || item.advice.trim() === '') problems.push(`${name}: advice must be a non-empty string`);
    else if (item.advice !== item.advice.trim()) problems.push(`${name}: advice has leading or trailing whitespace`);
    if (typeof item.source !== 'string' || !isHttpsUrl(item.source)) problems.push(`${name}: source must be an https URL, got ${JSON.stringify(item.source)}`);
  });
  const missing = [];
  for (let id = 1; id <= COUNT; id++) if (!seen.has(id)) missing.push(id);
  if (missing.length) problems.push(`missing id(s): ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` … (${missing.length} in all)` : ''}`);
  if (raw.length !== COUNT) problems.push(`expected ${COUNT} items, found ${raw.length}`);
  return problems;
}

function main() {
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${SOURCE}: ${err.message}`);
    process.exit(1);
  }
  const problems = validate(raw);
  if (problems.length) {
    console.error(`${SOURCE} is not valid:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  const items = raw.map(({ id, advice, source }) => ({ id, advice, source })).sort((a, b) => a.id - b.id);
  const text = `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  const tmp = `${OUT}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, OUT);
  const sources = new Set(items.map((item) => item.source));
  console.log(`wrote ${path.relative(ROOT, OUT)}: ${items.length} items from ${sources.size} source addresses (${Buffer.byteLength(text)} bytes)`);
}

main();
