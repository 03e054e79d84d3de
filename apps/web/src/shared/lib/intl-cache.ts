/**
 * Intl formatters, built once per locale and options. Building one is the expensive part (ICU
 * loads the locale's data; the first of a page costs 50–90 ms of main thread on a throttled
 * phone, the next ones a few each), formatting with it is cheap: a grid of cards asked for a new
 * formatter per card and render. The options are part of the key, so callers pass literals freely.
 */
const formatters = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object, create: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Counts on cards and badges: 1.2K, 3.4万. */
export const compactCount: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat {
  return cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}
