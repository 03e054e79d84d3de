import { describe, expect, it } from 'vitest';
import { nearestCategory, similarity } from './nearest-category.ts';

const categories = [
  { id: 1, name: 'Computers' },
  { id: 2, name: 'Mobile phones' },
  { id: 3, name: 'Outdoors' },
  { id: 4, name: 'アウトドア' },
];

describe('nearestCategory', () => {
  it('picks the category whose name is most like the keyword, ignoring case', () => {
    expect(nearestCategory('phone', categories)?.id).toBe(2);
    expect(nearestCategory('COMPUTR', categories)?.id).toBe(1);
    expect(nearestCategory('outdoor tent', categories)?.id).toBe(3);
  });

  it('works on Japanese text', () => {
    expect(nearestCategory('アウトドア用品', categories)?.id).toBe(4);
  });

  it('falls back to the first category when nothing is alike, and to nothing without categories', () => {
    expect(nearestCategory('zzz', categories)?.id).toBe(1);
    expect(nearestCategory('phone', [])).toBeUndefined();
  });

  it('scores identical texts 1 and unrelated ones 0', () => {
    expect(similarity('Shoes', 'shoes')).toBe(1);
    expect(similarity('ab', 'xy')).toBe(0);
    expect(similarity('', 'xy')).toBe(0);
  });
});
