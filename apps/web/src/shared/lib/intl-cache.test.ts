import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-cache.ts';

describe('Intl formatter cache', () => {
  it('returns the same formatter for the same locale and options', () => {
    expect(numberFormat('ja', { notation: 'compact' })).toBe(numberFormat('ja', { notation: 'compact' }));
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(
      dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    expect(relativeTimeFormat('de', { numeric: 'auto' })).toBe(relativeTimeFormat('de', { numeric: 'auto' }));
  });

  it('keeps locales, options and kinds apart', () => {
    expect(numberFormat('ja')).not.toBe(numberFormat('en'));
    expect(dateTimeFormat('en')).toBeInstanceOf(Intl.DateTimeFormat); // same locale and options, another kind
    expect(numberFormat('en')).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('en', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
    expect(numberFormat('en').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(1234)).toBe('1.2K');
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 4, 10))).toBe(
      'May 10, 2026',
    );
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });

  it('formats like a formatter built on the spot', () => {
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    for (const locale of ['ja', 'ar', 'hi', 'de-CH', 'zh-Hant-HK'])
      expect(numberFormat(locale, options).format(4.25)).toBe(new Intl.NumberFormat(locale, options).format(4.25));
  });
});
