import { describe, expect, it } from 'vitest';

/**
 * Every text key the code names literally, `t('a.b')`, or by a prefix, `` t(`a.${x}`) ``, has an
 * English text in one of the locale parts: a missing one renders as its key (the translation gate,
 * locales.test.ts, checks the other languages against English, not English against the code).
 */
type Tree = { [key: string]: string | Tree };
const english = import.meta.glob<{ default: Tree }>(['./en.json', './*/en.json'], { eager: true });
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    // A plural form (`key_one`) also answers its plain key.
    return typeof value === 'string'
      ? [path, path.replace(/_(zero|one|two|few|many|other)$/, '')]
      : keysOf(value, path);
  });
}
const known = new Set(Object.values(english).flatMap((part) => keysOf(part.default)));

describe('text keys used by the code', () => {
  it('have an English text', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const [, key] of source.matchAll(/(?<![\w.])t\(\s*['"]([\w.-]+)['"]/g)) {
        if (key && !known.has(key)) missing.push(`${file}: ${key}`);
      }
      for (const [, prefix] of source.matchAll(/(?<![\w.])t\(\s*`([\w.-]*)\$\{/g)) {
        if (prefix !== undefined && ![...known].some((key) => key.startsWith(prefix)))
          missing.push(`${file}: ${prefix}…`);
      }
    }
    expect(missing).toEqual([]);
  });
});
