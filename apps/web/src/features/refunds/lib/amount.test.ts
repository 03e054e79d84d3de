import { describe, expect, it } from 'vitest';
import { initialAmount, toMajorText, toMinor } from './amount.ts';

describe('refund amounts', () => {
  it('parses typed amounts into minor units and refuses what is not a plain amount', () => {
    expect(toMinor('1200', 0)).toBe(1200);
    expect(toMinor('12.34', 2)).toBe(1234);
    expect(toMinor('12.5', 2)).toBe(1250);
    expect(toMinor('12.345', 2)).toBeNaN();
    expect(toMinor('1.5', 0)).toBeNaN();
    expect(toMinor('-3', 0)).toBeNaN();
    expect(toMinor('', 0)).toBeNaN();
  });

  it('writes minor units back as typed text', () => {
    expect(toMajorText(1200, 0)).toBe('1200');
    expect(toMajorText(1234, 2)).toBe('12.34');
    expect(toMajorText(5, 2)).toBe('0.05');
  });

  it('prefills the refundable maximum, or a per-item amount that does not exceed it', () => {
    expect(initialAmount(3000, undefined)).toBe(3000);
    expect(initialAmount(3000, 1200)).toBe(1200);
    expect(initialAmount(1000, 1200)).toBe(1000);
    expect(initialAmount(3000, Number.NaN)).toBe(3000);
    expect(initialAmount(3000, 0)).toBe(3000);
  });
});
