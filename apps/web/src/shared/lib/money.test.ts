import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('currency formatter (docs/product-rules.md §2)', () => {
  it('formats integer minor units in the UI language', () => {
    expect(formatMoney(128_500, 'JPY', 0, 'ja')).toBe('￥128,500');
    expect(formatMoney(123_456, 'USD', 2, 'en')).toBe('$1,234.56');
    expect(formatMoney(5000, 'JPY', 0, 'en', true)).toBe('+¥5,000');
    expect(formatMoney(-5000, 'JPY', 0, 'en', true)).toBe('-¥5,000');
    expect(formatMoney(123_456, 'EUR', 2, 'de').replace(/\s/g, ' ')).toBe('1.234,56 €');
  });
});
