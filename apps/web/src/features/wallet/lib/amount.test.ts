import { describe, expect, it } from 'vitest';
import { feeOf, toMinor } from './amount.ts';

describe('toMinor', () => {
  it('parses currency units into integer minor units', () => {
    expect(toMinor('5000', 0)).toBe(5000);
    expect(toMinor(' 12.34 ', 2)).toBe(1234);
    expect(toMinor('12.3', 2)).toBe(1230);
  });
  it('refuses what docs/spec.md §5 calls an incorrect amount', () => {
    for (const text of ['', '0', '-5', 'abc', '1e3', '12.345', '1.5']) {
      expect(Number.isNaN(toMinor(text, text === '12.345' ? 2 : 0)), text).toBe(true);
    }
  });
});

describe('feeOf (the contract rule the server applies)', () => {
  it('takes the rate, at least 1 minor unit', () => {
    expect(feeOf(2000, 100)).toBe(20);
    expect(feeOf(1050, 100)).toBe(10);
    expect(feeOf(50, 100)).toBe(1);
    expect(feeOf(2000, 0)).toBe(0);
  });
});
