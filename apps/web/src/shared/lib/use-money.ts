import { useConfig } from '../api/config.ts';
import { currentTag } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { formatMoney } from './money.ts';

/** Formats integer minor units in the configured currency and the UI language (docs/product-rules.md §2). */
export function useMoney() {
  useTranslation(); // re-render on a language switch
  const { data } = useConfig();
  const currency = data?.currency ?? 'JPY';
  const exponent = data?.currency_exponent ?? 0;
  return (minor: number, signed = false) => formatMoney(minor, currency, exponent, currentTag(), signed);
}
