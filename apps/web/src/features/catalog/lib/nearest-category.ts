/**
 * The category to offer when a search finds nothing: the one whose name is most like the keyword
 * (shared character pairs, Dice coefficient over bigrams, case-insensitive, so it works for words
 * and for CJK text alike), else the first of the list (the platform's own order).
 */
function bigrams(text: string): string[] {
  const chars = [...text.toLocaleLowerCase().replace(/\s+/g, '')];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, index) => `${chars[index]}${char}`);
}

export function similarity(a: string, b: string): number {
  const left = bigrams(a);
  const right = bigrams(b);
  if (left.length === 0 || right.length === 0) return 0;
  const pool = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      pool.splice(at, 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

export function nearestCategory<T extends { name: string }>(keyword: string, categories: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestScore = 0;
  for (const category of categories) {
    const score = similarity(keyword, category.name);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best ?? categories[0];
}
