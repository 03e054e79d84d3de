/**
 * Amounts are integers in minor units of the platform currency (docs/product-rules.md §2); the UI shows them
 * with Intl.NumberFormat in the interface language (built once per locale and options: intl-cache.ts).
 */
import { numberFormat } from './intl-cache.ts';

export function formatMoney(minor: number, currency: string, exponent: number, locale: string, signed = false): string {
  const formatter = numberFormat(locale, {
    style: 'currency',
    currency,
    // Arabic's symbol "JP¥" splits around the yen sign inside right-to-left text ("¥JP 4,480"):
    // the ISO code reads cleanly there ("JPY 4,480").
    ...(locale.split('-')[0] === 'ar' ? { currencyDisplay: 'code' as const } : {}),
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
    // "+¥500" / "-¥500" in the language's own order (fund record), never concatenated by hand.
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  });
  const text = formatter.format(minor / 10 ** exponent);
  // In Arabic and Urdu text an amount is a left-to-right island: isolated (FSI … PDI), "¥5,000"
  // keeps its order wherever it is put, also inside translated sentences and toasts.
  return rtlLanguages.has(locale.split('-')[0] ?? locale) ? `\u2068${text}\u2069` : text;
}

const rtlLanguages = new Set(['ar', 'ur', 'fa', 'he']);
