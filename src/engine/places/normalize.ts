/**
 * Search keys for place names, in every script: insensitive to case, Latin diacritics, punctuation and
 * spacing ("Köln" = "koln", "Sao  Paulo" = "São-Paulo" = "saopaulo"); "St."/"St" = "Saint", "Ste" = "Sainte",
 * "Mt" = "Mount", "Ft" = "Fort".
 *
 * Non-Latin scripts keep their letters: "Москва" -> "москва", "東京" -> "東京", "서울" -> "서울" (not decomposed
 * into jamo), "ガ" keeps its voicing mark, Devanagari/Thai/… vowel signs stay. Per script:
 *   - everything: NFKC first (full-width "ＴＯＫＹＯ" = "tokyo", half-width kana = kana, ligatures split),
 *     then lower case, format characters (zero-width joiners, soft hyphens, direction marks) removed;
 *   - Latin: all combining marks dropped (as before), plus ß æ ø œ ł đ ð þ ı ħ ŧ spelled out;
 *   - Greek: accents and breathings dropped, final ς = σ;
 *   - Cyrillic: stress accents dropped and ё = е; other marks kept (й ≠ и, ї ≠ і);
 *   - Arabic script: harakat, hamza/madda marks and tatweel dropped, ي/ى/ی and ك/ک and ة/ۀ/ه folded (the usual
 *     Arabic/Persian/Urdu search folding);
 *   - Hebrew: points (niqqud, cantillation) dropped;
 *   - Devanagari, Bengali, Gurmukhi, Gujarati, Oriya: the spelling variants Hindi and Bengali writers mix folded
 *     (see foldIndic): a nasal consonant with virama before a consonant = anusvara, candrabindu = anusvara,
 *     nukta dropped, long i/u = short, ai = e, au = o, so "बेंगलुरु", "बेंगलूरु" and GeoNames' "बेङ्गलूरु" are one key;
 *   - every other script: marks kept, result recomposed (NFC).
 * Anything that is not a letter, mark or digit separates words; modifier-letter apostrophes (ʻ ʼ ʿ …) count as
 * punctuation, like the ASCII apostrophe.
 *
 * normalizeWords gives the words (used by the word-prefix search index), normalizeKey the words joined (the
 * exact-name key). The one normaliser for both sides: scripts/build-places.js makes the gazetteer's stored
 * keys with it and queries are normalised with it, so the two cannot drift apart.
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ς: 'σ',
  ё: 'е',
  ى: 'ي',
  ی: 'ي',
  ک: 'ك',
  ة: 'ه',
  ۀ: 'ه',
};
/** Spelled-out abbreviations (whole words only). */
export const TOKENS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

const ASCII = /^[\x20-\x7e]*$/;
const SPECIAL_RE = /[ßæøœłđðþıħŧςёىیکةۀ]/g;
/** A base character followed by combining marks. */
const MARKED = /(\P{M})(\p{M}+)/gu;
const STRIP_ALL = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Common}]/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const FORMAT = /[\p{Cf}\u0640]/gu; // zero-width (non-)joiners, soft hyphen, direction marks; Arabic tatweel
const APOSTROPHES = /[\u02b9-\u02bf\u02c8\u02ca\u02cb]/g;
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/gu;
/** Latin letters, combining diacritics, punctuation: U+0000–U+036F, Latin Extended Additional, General Punctuation. */
// eslint-disable-next-line no-control-regex -- the range deliberately starts at U+0000: ASCII controls count as Latin-only
const LATIN_ONLY = /^[\u0000-\u036f\u1e00-\u1eff\u2000-\u206f]*$/;
const MARKS = /\p{M}+/gu;

/** The words of a name, normalised (abbreviations spelled out). */
export function normalizeWords(s: string): string[] {
  const t = clean(s);
  if (!t) return [];
  return t.split(' ').map((w) => TOKENS[w] || w);
}

/** The exact-name key: the normalised words joined without separator. */
export function normalizeKey(s: string): string {
  const t = clean(s);
  if (!t) return '';
  if (t.indexOf(' ') < 0) return TOKENS[t] || t;
  return t
    .split(' ')
    .map((w) => TOKENS[w] || w)
    .join('');
}

/** Lower case, marks and punctuation handled as described above; words separated by single spaces. */
export function clean(s: string): string {
  // fast path, same result for printable ASCII: no special letters, nothing for NFKC/NFD to change
  if (ASCII.test(s))
    return s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const t = s
    .normalize('NFKC')
    .toLowerCase()
    .replace(FORMAT, '')
    .replace(APOSTROPHES, ' ')
    .replace(SPECIAL_RE, (c) => SPECIAL[c])
    .normalize('NFD');
  // Latin (and punctuation) only: every mark goes, nothing to recompose — same result, a third of the time
  const u = LATIN_ONLY.test(t) ? t.replace(MARKS, '') : t.replace(MARKED, stripMarks).normalize('NFC');
  return (INDIC.test(u) ? foldIndic(u) : u).replace(SEPARATORS, ' ').trim();
}

/**
 * The five northern Brahmic blocks (U+0900–U+0B7F) share one layout (ISCII's), so one offset table folds them all.
 * Offsets within a 128-character block: nasal consonants ṅa 0x19, ña 0x1E, ṇa 0x23, na 0x28, ma 0x2E; virama 0x4D;
 * consonants 0x15–0x39; anusvara 0x02, candrabindu 0x01, nukta 0x3C; vowel signs ii 0x40 -> i 0x3F, uu 0x42 -> u
 * 0x41, ai 0x48 -> e 0x47, au 0x4C -> o 0x4B; letters II 0x08 -> I 0x07, UU 0x0A -> U 0x09, AI 0x10 -> E 0x0F,
 * AU 0x14 -> O 0x13. Why: a place's name is written both ways by the people who live there ("बेंगलुरु" and GeoNames'
 * "बेङ्गलूरु" for Bengaluru, "बैंगलोर" and "बेङ्गलोर" for Bangalore), and a search box must not make them choose.
 */
const INDIC = /[\u0900-\u0b7f]/;
const FOLD_OFFSET: Record<number, number> = { 0x01: 0x02, 0x40: 0x3f, 0x42: 0x41, 0x48: 0x47, 0x4c: 0x4b, 0x08: 0x07, 0x0a: 0x09, 0x10: 0x0f, 0x14: 0x13 };
const NASALS = new Set([0x19, 0x1e, 0x23, 0x28, 0x2e]);

function foldIndic(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x900 || c > 0xb7f) {
      out += s[i];
      continue;
    }
    const block = c & ~0x7f;
    const off = c & 0x7f;
    if (off === 0x3c) continue; // nukta
    if (NASALS.has(off) && s.charCodeAt(i + 1) === block + 0x4d) {
      const next = s.charCodeAt(i + 2) - block;
      if (next >= 0x15 && next <= 0x39) {
        out += String.fromCharCode(block + 0x02); // nasal + virama before a consonant: anusvara
        i++;
        continue;
      }
    }
    out += String.fromCharCode(block + (FOLD_OFFSET[off] ?? off));
  }
  return out;
}

function stripMarks(_m: string, base: string, marks: string): string {
  if (STRIP_ALL.test(base)) return base;
  if (CYRILLIC.test(base)) {
    // stress accents off; ё -> е (the diaeresis on е only: ї, ӧ … are letters of their own)
    const kept = marks.replace(/[\u0300\u0301]/g, '').replace(/\u0308/g, base === 'е' ? '' : '\u0308');
    return base + kept;
  }
  return base + marks;
}
