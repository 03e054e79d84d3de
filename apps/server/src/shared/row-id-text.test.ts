import { describe, expect, it } from 'vitest';
import { isRowIdText } from './row-id-text.ts';

describe('isRowIdText', () => {
  it('takes digits within PostgreSQL integer only', () => {
    expect(isRowIdText('1')).toBe(true);
    expect(isRowIdText('2147483647')).toBe(true);
    expect(isRowIdText('2147483648')).toBe(false);
    expect(isRowIdText('9007199254740991')).toBe(false);
    expect(isRowIdText('12a')).toBe(false);
    expect(isRowIdText('')).toBe(false);
  });
});
