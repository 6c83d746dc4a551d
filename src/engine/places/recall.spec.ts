/**
 * Search in every script finds what its speakers type: for every script with 20 or more names in the recall set
 * (GeoNames' own alternate names of its 1,000 most populous places, test/fixtures/place-recall.tsv.gz), the right
 * place is among the first 3 suggestions for at least 98 % of the names.
 */
import { measurePlaceRecall } from '../../../test/helpers/place-recall';

describe('place search recall per script', () => {
  it('finds the place in the top 3 for ≥ 98 % of the names of every script with ≥ 20 names', () => {
    const figures = measurePlaceRecall();
    const measured = figures.filter((f) => f.names >= 20);
    expect(measured.map((f) => f.script)).toEqual(
      expect.arrayContaining(['Latin', 'Cyrillic', 'Arabic', 'CJK', 'Hangul', 'Devanagari', 'Hebrew', 'Greek', 'Thai', 'Bengali', 'Tamil']),
    );
    for (const f of measured)
      expect({ script: f.script, recall: f.recall >= 0.98, misses: f.recall >= 0.98 ? [] : f.misses }).toEqual({ script: f.script, recall: true, misses: [] });
  });
});
