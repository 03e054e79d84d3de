/** The longest term kept; longer searches are pasted text, not what people type. */
export const maxTermLength = 40;

const letter = /\p{L}/u;
const linkLike = /(?:https?:|www\.|\.(?:com|net|org|jp|cn|ru)\b|@)/u;
// The same character four times in a row (`aaaa`, `!!!!`) is keyboard noise.
const repeated = /(.)\1{3,}/u;
// More than six words is a sentence, not a search someone else would pick.
const maxWords = 6;

/**
 * The form a search is counted under, or null when it should not be counted: NFKC (full-width
 * letters and digits become plain), lower case, spaces collapsed. Junk is refused: no letter at
 * all, longer than `maxTermLength`, a link or address, keyboard noise, a sentence.
 */
export function normalizeSearchTerm(raw: string): string | null {
  const term = raw.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  if (term.length === 0 || [...term].length > maxTermLength) return null;
  if (!letter.test(term) || linkLike.test(term) || repeated.test(term)) return null;
  if (term.split(' ').length > maxWords) return null;
  return term;
}
