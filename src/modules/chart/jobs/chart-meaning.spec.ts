/**
 * The chart's and advanced chart's own marking (engine/meaning/annotate.ts markChartMeaning) puts the same markers in
 * the same places as the generic walk (markMeaning), whose rules the meaning tests hold against the library's texts.
 * Checked on births spread over 1900-2047, on five continents, with both node types, in every language; a
 * field added to those answers that the walk would mark makes this fail until markChartMeaning handles it too.
 * And the API's meaning for charts (engine/meaning/chart-splice.ts chartMeaningBytes, made from the plain answer) is
 * byte for byte what marking the answer and swapping its markers gives, on the same births and on shapes made by hand.
 */
import { chartMeaningBytes, expandMeaningBytes, markChartMeaning, markMeaning, MEANING_LANGUAGES, meaningLibraries } from '../../../engine/meaning';
import type { ChartInput } from '../../birth/jobs/payloads';
import { advancedAnswer, chartAnswer, chartAnswerJson } from './chart-jobs';

const PLACES = ['Berlin, Germany', 'Montreal, Quebec, Canada', 'Tokyo, Japan', 'São Paulo, Brazil', 'Sydney, Australia', 'Reykjavík, Iceland'];

/** The i-th birth: days about 22 years apart within 1900-2047, a minute and a place of their own. */
function birth(i: number): ChartInput {
  const day = new Date(Date.UTC(1900, 0, 1) + ((i * 7919) % 54_000) * 86_400_000).toISOString().slice(0, 10);
  const minutes = (i * 337) % 1440;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { birthdate: day, birthtime: time, location: PLACES[i % PLACES.length], nodeType: i % 2 ? 'true' : 'mean' };
}

describe('markChartMeaning marks a chart as the generic walk does', () => {
  it.each([
    ['chart', chartAnswer],
    ['advanced', advancedAnswer],
  ] as const)('%s: the same text for 60 births in every language', (_name, build) => {
    const libraries = meaningLibraries();
    const splits = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const input = birth(i);
      splits.add(String((build(input) as { definition: string }).definition));
      for (const language of MEANING_LANGUAGES) {
        const generic = markMeaning(build(input), libraries[language]);
        expect(markChartMeaning(build(input), libraries[language])).toBe(generic);
      }
    }
    // The births reach charts of several kinds of definition (what the labels' markers depend on).
    expect(splits.size).toBeGreaterThanOrEqual(3);
  });

  it('chartAnswerJson without meaning is the plain answer', () => {
    expect(chartAnswerJson(chartAnswer(birth(1)), undefined)).toBe(JSON.stringify(chartAnswer(birth(1))));
  });
});

describe("chartMeaningBytes: meaning put into a chart answer's plain JSON", () => {
  it.each([
    ['chart', chartAnswer],
    ['advanced', advancedAnswer],
  ] as const)('%s: the same bytes as the markers expanded, for 80 births in every language', (_name, build) => {
    const libraries = meaningLibraries();
    const kinds = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const input = birth(i);
      const plain = JSON.stringify(build(input));
      kinds.add(`${(build(input) as { type: string }).type}/${(build(input) as { definition: string }).definition}`);
      for (const language of MEANING_LANGUAGES) {
        const expected = expandMeaningBytes(markChartMeaning(build(input), libraries[language]), libraries);
        expect(chartMeaningBytes(plain, libraries[language]).toString()).toBe(expected.toString());
      }
    }
    // Types and kinds of definition vary (what the labels' texts depend on).
    expect(kinds.size).toBeGreaterThanOrEqual(6);
  });

  it('refuses an answer cut short at any point instead of reading past its end', () => {
    const lib = meaningLibraries().fr;
    for (const build of [chartAnswer, advancedAnswer]) {
      const plain = JSON.stringify(build(birth(3)));
      for (let cut = 0; cut < plain.length; cut += 3) expect(() => chartMeaningBytes(plain.slice(0, cut), lib)).toThrow(/not whole JSON/);
    }
  });

  it('reads strings with escapes, empty objects and lists, and leaves fields it does not know as they are', () => {
    const lib = meaningLibraries().de;
    const answer = {
      type: 'Projector',
      note: 'a "quoted" \\ text, {braces} and [brackets]',
      empty: {},
      list: [],
      incarnationCross: { name: 'Right Angle Cross of Eden 2', quarter: 'Civilization', gates: [12, 11, 36, 6] },
      definedCenters: ['G'],
      temporarilyDefinedCenters: [],
      openCenters: ['Head', 'Root'],
      activeChannels: [{ gate1: 14, gate2: 2, name: 'The Beat' }],
      activatedGates: { '2': { personality: ['sun'], design: [] }, '14': { personality: [], design: ['moon'] } },
      personality: { sun: { gate: 2, line: 6, extra: { deep: [1, { x: 'y}' }] } } },
      design: {},
      variables: { determination: { color: 3, tone: 2, arrow: 'left' }, notation: 'PLL DLL' },
      birth: { location: 'Zürich, "Switzerland"', utc: '1990-01-01T00:00:00Z' },
    };
    const viaWalk = expandMeaningBytes(markMeaning(structuredClone(answer), lib), meaningLibraries()).toString();
    expect(chartMeaningBytes(JSON.stringify(answer), lib).toString()).toBe(viaWalk);
    // And the text is JSON whose plain fields are untouched.
    const parsed = JSON.parse(chartMeaningBytes(JSON.stringify(answer), lib).toString()) as typeof answer & { meaningSource: { language: string } };
    expect(parsed.note).toBe(answer.note);
    expect(parsed.birth).toEqual(answer.birth);
    expect(parsed.meaningSource.language).toBe('de');
  });
});
