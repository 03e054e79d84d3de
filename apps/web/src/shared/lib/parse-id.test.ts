import { describe, expect, it } from 'vitest';
import { parseId } from './parse-id.ts';

describe('parseId', () => {
  it('reads positive integer ids', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId(' 42 ')).toBe(42);
    expect(parseId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses what is not an id', () => {
    for (const text of [undefined, null, '', '0', '-1', '1.5', '1e3', '0x10', 'abc', '2147483648', '12345678901']) {
      expect(parseId(text)).toBeUndefined();
    }
  });

  it('keeps to a smaller maximum when given one', () => {
    expect(parseId('9999', 9999)).toBe(9999);
    expect(parseId('10000', 9999)).toBeUndefined();
  });
});
