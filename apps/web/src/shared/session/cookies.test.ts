import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';

afterEach(() => {
  removeCookie('a');
  removeCookie('b');
});

describe('cookies', () => {
  it('writes, reads and removes a cookie by name, among others', () => {
    writeCookie('a', 'one', 3);
    writeCookie('b', 'two', 3);
    expect([readCookie('a'), readCookie('b'), readCookie('c')]).toEqual(['one', 'two', undefined]);
    removeCookie('a');
    expect([readCookie('a'), readCookie('b')]).toEqual([undefined, 'two']);
  });

  it('keeps values with separators and non-ASCII text intact', () => {
    writeCookie('a', 'x; y=z 日本', 3);
    expect(readCookie('a')).toBe('x; y=z 日本');
  });
});
