/**
 * The chart's and advanced chart's own marking (engine/meaning/annotate.ts markChartMeaning) puts the same markers in
 * the same places as the generic walk (markMeaning), whose rules the meaning tests hold against the library's texts.
 * Checked on births spread over 1900-2047, on five continents, with both node types, in every language; a
 * field added to those answers that the walk would mark makes this fail until markChartMeaning handles it too.
 */
import { markChartMeaning, markMeaning, MEANING_LANGUAGES, meaningLibraries } from '../../../engine/meaning';
import type { ChartInput } from '../../birth/jobs/payloads';
import { advancedAnswer, chartAnswer, chartAnswerJson } from './chart-jobs';

const PLACES = ['Berlin, Germany', 'Montreal, Quebec, Canada', 'Tokyo, Japan', 'São Paulo, Brazil', 'Sydney, Australia', 'Reykjavík, Iceland'];

/** The i-th of 60 births: days about 22 years apart within 1900-2047, a minute and a place of their own. */
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
