import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const plain = (text: string) => text.replace(/[\s\u200e\u200f\u061c]/g, ' ');

describe('currency formatter (docs/product-rules.md §2)', () => {
  it('formats integer minor units in the UI language', () => {
    expect(formatMoney(128_500, 'JPY', 0, 'ja')).toBe('￥128,500');
    expect(formatMoney(123_456, 'USD', 2, 'en')).toBe('$1,234.56');
    expect(formatMoney(5000, 'JPY', 0, 'en', true)).toBe('+¥5,000');
    expect(formatMoney(-5000, 'JPY', 0, 'en', true)).toBe('-¥5,000');
    expect(formatMoney(123_456, 'EUR', 2, 'de').replace(/\s/g, ' ')).toBe('1.234,56 €');
  });
  it('shows JPY without decimals and puts the symbol where each language does (issue 16)', () => {
    expect(plain(formatMoney(128_500, 'JPY', 0, 'ru'))).toBe('128 500 ¥');
    expect(plain(formatMoney(128_500, 'JPY', 0, 'vi'))).toBe('128.500 ¥');
    expect(plain(formatMoney(128_500, 'JPY', 0, 'de-CH'))).toBe("¥ 128'500");
    expect(plain(formatMoney(128_500, 'JPY', 0, 'ko'))).toBe('JP¥128,500');
    expect(plain(formatMoney(128_500, 'JPY', 0, 'hi'))).toBe('JP¥1,28,500');
    expect(formatMoney(128_500, 'JPY', 0, 'th')).toMatch(/^.*128,500$/);
  });
  it('isolates an amount in right-to-left languages so that it keeps its order (issue 16)', () => {
    const urdu = formatMoney(128_500, 'JPY', 0, 'ur');
    expect(urdu.startsWith('\u2068')).toBe(true);
    expect(urdu.endsWith('\u2069')).toBe(true);
    expect(plain(urdu.slice(1, -1))).toContain('128,500');
    expect(formatMoney(-5000, 'JPY', 0, 'ar', true)).toMatch(/^\u2068.*\u2069$/);
    expect(plain(formatMoney(4480, 'JPY', 0, 'ar'))).toBe('\u2068 4,480 JPY\u2069');
    expect(formatMoney(5000, 'JPY', 0, 'en')).not.toMatch(/\u2068/);
  });
});
