import { describe, expect, it } from 'vitest';
import { buildSearchQuery, buildSearchVector } from './search-text.ts';

describe('search text', () => {
  it('indexes words whole and space-less scripts as characters and bigrams', () => {
    const vector = buildSearchVector([{ text: 'Ｗｉ-Fi 財布', weight: 'A' }]);
    expect(vector).toBe("'wi':1A 'fi':2A '財':3A '財布':3A '布':4A");
  });

  it('keeps description lexemes unweighted (D) and separates fields', () => {
    expect(
      buildSearchVector([
        { text: 'a', weight: 'A' },
        { text: 'b', weight: 'D' },
      ]),
    ).toBe("'a':1A 'b':4");
  });

  it('builds prefix words and phrase-of-bigram queries', () => {
    expect(buildSearchQuery('Ear イヤホン 靴')).toBe("'ear':* & ('イヤ' <-> 'ヤホ' <-> 'ホン') & '靴'");
    expect(buildSearchQuery('iPhone15ケース')).toBe("'iphone15':* & ('ケー' <-> 'ース')");
    expect(buildSearchQuery("it's")).toBe("'it':* & 's':*");
    expect(buildSearchQuery(' !!! ')).toBeUndefined();
  });

  it('bounds the query size', () => {
    const query = buildSearchQuery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')) ?? '';
    expect(query.split(' & ')).toHaveLength(8);
  });
});
