/** Search history (docs/spec.md §2 search): kept on this device only, newest first, at most 12 words. */
const storageKey = 'crossmart-search-history';
const maxWords = 12;

export function readHistory(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((word): word is string => typeof word === 'string') : [];
  } catch {
    return [];
  }
}

export function addToHistory(word: string): string[] {
  const next = [word, ...readHistory().filter((item) => item !== word)].slice(0, maxWords);
  localStorage.setItem(storageKey, JSON.stringify(next));
  return next;
}

export function clearHistory(): string[] {
  localStorage.removeItem(storageKey);
  return [];
}
