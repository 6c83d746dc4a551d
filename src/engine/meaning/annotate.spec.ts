/**
 * The two steps of inline meaning (engine/meaning/annotate.ts): the worker's markers, the API's texts. Checked on
 * a chart built from a reference chart (test/fixtures, no engine code), with texts read from data/meaning here.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { referenceToChart, loadReferenceCharts } from '../../../test/helpers/reference-chart';
import { presentChart } from '../../modules/chart/jobs/present';
import { annotateMeaning, expandMeaning, expandMeaningBytes, loadMeaningLibraries, MEANING_LANGUAGES, markMeaning } from '.';

const DATA = path.join(__dirname, '..', '..', '..', 'data');
const libraries = loadMeaningLibraries();
const ra = loadReferenceCharts().find((c) => c.id === 'ra-uru-hu')!;
/** The answer of a chart operation, made afresh for each use: markMeaning writes its markers into the one it is given. */
const answerOf = () =>
  presentChart(referenceToChart(ra), {
    date: '1948-04-09',
    time: '00:14',
    location: {
      name: 'Montréal',
      region: 'Quebec',
      country: 'Canada',
      countryCode: 'CA',
      latitude: 45.50884,
      longitude: -73.58781,
      timezone: 'America/Toronto',
    },
    utcOffset: '-05:00',
    utc: ra.utc,
    designUtc: ra.computed.design_utc,
  } as never);
const answer = answerOf();

describe('inline meaning in two steps', () => {
  it('the worker sends markers only, a few KB; the API puts in texts, and both together make the annotated answer', () => {
    const marked = markMeaning(answerOf(), libraries.fr);
    expect(marked.length).toBeLessThan(2 * JSON.stringify(answer).length);
    expect(marked).not.toContain(JSON.parse(readFileSync(path.join(DATA, 'meaning', 'fr', 'types.json'), 'utf8')).Manifestor.description);
    const expanded = JSON.parse(expandMeaning(marked, libraries));
    expect(expanded).toEqual(annotateMeaning(answerOf(), libraries.fr));
    const sun = ra.computed.personality.Sun;
    const gates = JSON.parse(readFileSync(path.join(DATA, 'meaning', 'fr', 'gates.json'), 'utf8'));
    expect(expanded.personality.sun.meaning.line).toEqual(gates[String(sun.gate)].lines[String(sun.line)]);
    expect(expanded.meaning.type.description).toBe(JSON.parse(readFileSync(path.join(DATA, 'meaning', 'fr', 'types.json'), 'utf8')).Manifestor.description);
  });

  it('a text without markers comes back as it is', () => {
    const plain = JSON.stringify(answer);
    expect(expandMeaning(plain, libraries)).toBe(plain);
    expect(expandMeaningBytes(plain, libraries).equals(Buffer.from(plain))).toBe(true);
  });

  it('as bytes (the HTTP answer), in every language: the UTF-8 of the same text, accented place names kept', () => {
    // Montréal puts a non-ASCII character in the worker's part, between markers; a marker of no library is null.
    const unknown = JSON.stringify({ a: '\u0001hd|xx|gate:1', b: '\u0001hd|en|gate:65' });
    for (const language of MEANING_LANGUAGES) {
      const marked = markMeaning(answerOf(), libraries[language]) + unknown;
      const bytes = expandMeaningBytes(marked, libraries);
      expect(bytes.toString('utf8')).toBe(expandMeaning(marked, libraries));
      expect(bytes.toString('utf8')).toContain('"Montréal"');
      expect(bytes.toString('utf8').endsWith('{"a":null,"b":null}')).toBe(true);
    }
  });

  it('reads gate and line markers by their digits only in their canonical spelling; any other is looked up by its key', () => {
    const markers = [
      'de|gate:7',
      'de|gate:07',
      'de|gate:64',
      'de|gate:65',
      'de|gate:0',
      'de|line:12.6',
      'de|line:12.7',
      'de|line:7.01',
      'pt-BR|line:1.1',
      'pt|gate:1',
      'fr|gate:1x',
    ];
    const text = JSON.stringify(Object.fromEntries(markers.map((m) => [m, `\u0001hd|${m}`])));
    const bytes = expandMeaningBytes(text, libraries).toString('utf8');
    expect(bytes).toBe(expandMeaning(text, libraries));
    const read = JSON.parse(bytes);
    expect(read['de|gate:7'].name).toBe(libraries.de.gates['7'].name);
    expect(read['de|line:12.6'].line.text).toBe(libraries.de.gates['12'].lines['6'].text);
    expect(read['pt-BR|line:1.1'].line.keynote).toBe(libraries['pt-BR'].gates['1'].lines['1'].keynote);
    for (const unknown of ['de|gate:07', 'de|gate:65', 'de|gate:0', 'de|line:12.7', 'de|line:7.01', 'pt|gate:1', 'fr|gate:1x'])
      expect(read[unknown]).toBeNull();
  });

  it('an entry of activatedGates is a gate by its key only in its canonical spelling; labels are read whatever made them', () => {
    const entry = () => ({ personality: ['sun'], design: [] });
    const out = annotateMeaning(
      {
        activatedGates: { '7': entry(), '64': entry(), '07': entry(), '0': entry(), '65': entry(), '7a': entry() },
        // Labels as a caller's JSON would spell them (new strings, not the engine's constants).
        type: ['Mani', 'festor'].join(''),
        definedCenters: [['Aj', 'na'].join('')],
      },
      libraries.de,
    );
    const gates = out.activatedGates as Record<string, { meaning?: { name: string } }>;
    expect(gates['7'].meaning?.name).toBe(libraries.de.gates['7'].name);
    expect(gates['64'].meaning?.name).toBe(libraries.de.gates['64'].name);
    for (const key of ['07', '0', '65', '7a']) expect(gates[key].meaning).toBeUndefined();
    const meaning = out.meaning as { type: { description: string }; centers: { Ajna: { text: string } } };
    expect(meaning.type.description).toBe(libraries.de.types.Manifestor.description);
    expect(meaning.centers.Ajna.text).toBe(libraries.de.centers.Ajna.defined);
  });

  it("the marker's premise holds: no place name, region or country of the gazetteer holds a control character", () => {
    const text = gunzipSync(readFileSync(path.join(DATA, 'places.tsv.gz'))).toString('utf8');
    expect(text.length).toBeGreaterThan(1_000_000);
    // Tab and newline separate the fields and rows; nothing else below U+0020.
    const control = [...text].findIndex((ch) => ch < ' ' && ch !== '\t' && ch !== '\n');
    expect(control).toBe(-1);
  });
});
