/**
 * Search keys for place names: insensitive to case, diacritics, punctuation and spacing
 * ("Köln" = "koln", "Sao  Paulo" = "São-Paulo" = "saopaulo"); "St."/"St" = "Saint", "Ste" = "Sainte",
 * "Mt" = "Mount", "Ft" = "Fort".
 *
 * The one normaliser for both sides: scripts/build-places.js makes the gazetteer's stored keys with it and
 * queries are normalised with it, so the two cannot drift apart.
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't',
};
const TOKENS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

const ASCII = /^[\x20-\x7e]*$/;

export function normalizeKey(s: string): string {
  // fast path, same result for printable ASCII: no special letters, nothing for NFD to decompose
  const t = ASCII.test(s) ? s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim() : slowClean(s);
  if (!t) return '';
  if (t.indexOf(' ') < 0) return TOKENS[t] || t;
  return t
    .split(' ')
    .map((w) => TOKENS[w] || w)
    .join('');
}

function slowClean(s: string): string {
  return s
    .toLowerCase()
    .replace(/[ßæøœłđðþıħŧ]/g, (c) => SPECIAL[c])
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
