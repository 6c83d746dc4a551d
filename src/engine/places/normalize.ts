/**
 * Search keys for place names: insensitive to case, diacritics, punctuation and spacing
 * ("Köln" = "koln", "Sao  Paulo" = "São-Paulo" = "saopaulo"); "St."/"St" = "Saint", "Ste" = "Sainte",
 * "Mt" = "Mount", "Ft" = "Fort".
 *
 * MUST stay identical to normalizeKey() in scripts/build-places.js: the gazetteer file stores keys made
 * by that function and queries are normalised by this one (normalize.spec.ts checks they agree).
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't',
};
const TOKENS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

export function normalizeKey(s: string): string {
  const t = s
    .toLowerCase()
    .replace(/[ßæøœłđðþıħŧ]/g, (c) => SPECIAL[c])
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (!t) return '';
  return t
    .split(' ')
    .map((w) => TOKENS[w] || w)
    .join('');
}
