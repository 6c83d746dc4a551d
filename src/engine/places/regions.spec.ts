import { resolvePlace } from '.';
import { inputError as err } from '../../../test/helpers/input-error';

/**
 * Region names in other languages and scripts (Unicode CLDR subdivision names joined to GeoNames' admin1 regions by
 * scripts/build-places.js). Expected places are GeoNames ids and coordinates read from the dump
 * (/work/shared/data/geonames/cities500.txt, columns geonameid, latitude, longitude, admin1), not from this code:
 *   4975802 Portland ME 43.65737 -70.2589        5746545 Portland OR 45.52345 -122.67621
 *   4250542 Springfield IL 39.80172 -89.64371    4409896 Springfield MO 37.21533 -93.29824
 *   4951788 Springfield MA 42.10148 -72.58981    4273837 Kansas City KS 39.11417 -94.62746
 *   4393217 Kansas City MO 39.09973 -94.57857    4509177 Columbus OH 39.96118 -82.99879
 *   4188985 Columbus GA 32.46098 -84.98771       3860259 Córdoba AR.05 (Córdoba) -31.4135 -64.18105
 *   2519240 Córdoba ES.51 (Andalusia) 37.89155 -4.77275   3530240 Córdoba MX.30 (Veracruz) 18.8842 -96.92559
 *   2513917 Mérida ES.57 (Extremadura) 38.91611 -6.34366  3523349 Mérida MX.31 (Yucatán) 20.97537 -89.61696
 *   6173331 Vancouver CA.02 (British Columbia) 49.24966 -123.11934
 *   2925533 Frankfurt am Main DE.05 (Hesse) 50.11552 8.68417   5412347 Aurora CO 39.72943 -104.83192
 *   2925535 Frankfurt (Oder) DE.11 (Brandenburg), Russian alternate names "Франкфурт-на-Одере", "Франкфурт на Одер"
 *   (not "Франкфурт"); the Bostons of cities500 lie in GB, IE, PH and US GA, VA, MA, NY, PA (none in Oregon)
 */
const PLACES: Record<number, [number, number]> = {
  4975802: [43.65737, -70.2589],
  5746545: [45.52345, -122.67621],
  4250542: [39.80172, -89.64371],
  4409896: [37.21533, -93.29824],
  4951788: [42.10148, -72.58981],
  4273837: [39.11417, -94.62746],
  4393217: [39.09973, -94.57857],
  4509177: [39.96118, -82.99879],
  4188985: [32.46098, -84.98771],
  3860259: [-31.4135, -64.18105],
  2519240: [37.89155, -4.77275],
  3530240: [18.8842, -96.92559],
  2513917: [38.91611, -6.34366],
  3523349: [20.97537, -89.61696],
  6173331: [49.24966, -123.11934],
  2925533: [50.11552, 8.68417],
  2925535: [52.34714, 14.55062],
  5412347: [39.72943, -104.83192],
};

// [query, GeoNames id]: 7 languages (ru, ja, es, de, fr, ar, el) in 5 scripts (Cyrillic, Japanese kana, Latin,
// Arabic, Greek); most are namesakes that only the region tells apart
const CASES: [string, number][] = [
  ['Портленд, Мэн, США', 4975802],
  ['Портленд, Орегон, США', 5746545],
  ['ポートランド, メイン州, アメリカ合衆国', 4975802],
  ['ポートランド, オレゴン州, アメリカ合衆国', 5746545],
  ['Portland, Maine, Estados Unidos', 4975802],
  ['Portland, Oregón, Estados Unidos', 5746545],
  ['Πόρτλαντ, Μέιν, ΗΠΑ', 4975802],
  ['Πόρτλαντ, Όρεγκον', 5746545], // "City, Region"
  ['بورتلاند, مين, الولايات المتحدة', 4975802],
  ['Спрингфилд, Иллинойс, США', 4250542],
  ['Спрингфилд, Миссури, США', 4409896],
  ['Спрингфилд, Массачусетс', 4951788], // "City, Region"
  ['スプリングフィールド, ミズーリ州', 4409896], // "City, Region"
  ['Springfield, Misuri, Estados Unidos', 4409896],
  ['سبرينغفيلد, ميزوري, الولايات المتحدة', 4409896],
  ['Kansas City, Kansas, Vereinigte Staaten', 4273837],
  ['Kansas City, Missouri, Vereinigte Staaten', 4393217],
  ['Канзас-Сити, Канзас, США', 4273837],
  ['カンザスシティ, ミズーリ州, アメリカ合衆国', 4393217],
  ['Колумбус, Огайо, США', 4509177],
  ['Колумбус, Джорджия, США', 4188985],
  ['Columbus, Géorgie, États-Unis', 4188985],
  ['Aurora, Colorado, États-Unis', 5412347],
  ['كوردوبا, كوردوبا, الأرجنتين', 3860259],
  ['Córdoba, Andalucía, España', 2519240],
  ['Córdoba, Andalousie, Espagne', 2519240],
  ['Córdoba, Veracruz, México', 3530240],
  ['Кордова, Андалусия, Испания', 2519240],
  ['Κόρδοβα, Ανδαλουσία, Ισπανία', 2519240],
  ['コルドバ, アンダルシア州, スペイン', 2519240],
  ['Mérida, Estrémadure, Espagne', 2513917],
  ['Mérida, Yucatán, Mexique', 3523349],
  ['Vancouver, Colombie-Britannique, Canada', 6173331],
  ['Vancouver, Columbia Británica, Canadá', 6173331],
  ['Frankfurt, Hessen, Deutschland', 2925533],
  ['Франкфурт-на-Одере, Бранденбург, Германия', 2925535],
];

// a region of another country, or one that does not exist: never another place
const WRONG_REGION = [
  'Portland, Онтарио, США', // Ontario (Canada) in Russian
  'Portland, Andalucía, Estados Unidos', // a Spanish region
  'Портленд, Бавария, США', // Bavaria in Russian
  'ポートランド, 北海道, アメリカ合衆国', // Hokkaido
  'Πόρτλαντ, Κρήτη, ΗΠΑ', // Crete
  'Springfield, Bavaria, USA',
  'Córdoba, Yucatán, Argentina', // a Mexican state
  'Córdoba, Narnia, España',
  'Kansas City, Mordor, USA',
  'Frankfurt, Texas, Deutschland',
];

describe('regions in every language', () => {
  it(`${CASES.length} "City, Region[, Country]" queries with the region in another language or script resolve to the right place`, () => {
    const got = CASES.map(([q]) => {
      const p = resolvePlace(q);
      return [q, p.placeId, p.latitude, p.longitude];
    });
    expect(got).toEqual(CASES.map(([q, id]) => [q, id, ...PLACES[id]]));
  });

  it('a region of the country that holds no place of that name -> LOCATION_NOT_FOUND naming it, never a namesake in another region', () => {
    // Frankfurt am Main (Hesse) is the only Frankfurt named "Франкфурт"; Brandenburg's is Frankfurt (Oder)
    for (const [q, where] of [
      ['Франкфурт, Бранденбург, Германия', 'Бранденбург, Германия'],
      ['Boston, Oregon, USA', 'Oregon, USA'],
    ]) {
      const e = err(() => resolvePlace(q));
      expect({ q, code: e.code, message: e.message }).toEqual({ q, code: 'LOCATION_NOT_FOUND', message: expect.stringContaining(`in ${where}.`) as string });
      expect({ q, n: (e.details as { suggestions: string[] }).suggestions.length > 0 }).toEqual({ q, n: true });
    }
  });

  it('a region of another country or a made-up one -> LOCATION_NOT_FOUND with suggestions, never another place', () => {
    for (const q of WRONG_REGION) {
      const e = err(() => resolvePlace(q));
      expect({ q, code: e.code }).toEqual({ q, code: 'LOCATION_NOT_FOUND' });
      expect({ q, n: (e.details as { suggestions: string[] }).suggestions.length > 0 }).toEqual({ q, n: true });
    }
  });
});
