/**
 * Place-search recall over test/fixtures/place-recall.tsv.gz (built by scripts/build-place-recall.js from GeoNames'
 * own alternate names of the 1,000 most populous places): per script, the share of names whose place is among the
 * first 3 suggestions. Shared by src/engine/places/recall.spec.ts and `npm run bench -- recall`.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { searchPlaces } from '../../src/engine/places';

export interface ScriptRecall {
  script: string;
  names: number;
  found: number;
  recall: number;
  /** Up to 10 names whose place was not in the top 3, with what came instead. */
  misses: string[];
}

const SET = path.join(__dirname, '..', 'fixtures', 'place-recall.tsv.gz');

export function measurePlaceRecall(top = 3): ScriptRecall[] {
  const lines = zlib.gunzipSync(fs.readFileSync(SET)).toString('utf8').split('\n').filter(Boolean);
  const by = new Map<string, ScriptRecall>();
  for (const line of lines) {
    const [script, , name, lat, lon, query] = line.split('\t');
    let r = by.get(script);
    if (!r) by.set(script, (r = { script, names: 0, found: 0, recall: 0, misses: [] }));
    r.names++;
    let got: { name: string; latitude: number; longitude: number }[] = [];
    try {
      got = searchPlaces(query, top);
    } catch {
      // a refused query counts as a miss
    }
    // the same place: the gazetteer keeps GeoNames' coordinates to 1e-5 degrees
    if (got.some((p) => p.name === name && Math.abs(p.latitude - Number(lat)) < 1e-4 && Math.abs(p.longitude - Number(lon)) < 1e-4)) r.found++;
    else if (r.misses.length < 10) r.misses.push(`${query} (${name}): ${got.map((p) => p.name).join(', ') || 'nothing'}`);
  }
  return [...by.values()].map((r) => ({ ...r, recall: r.found / r.names })).sort((a, b) => b.names - a.names);
}
