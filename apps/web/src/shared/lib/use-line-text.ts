import { useTranslation } from '../i18n/use-translation.ts';

interface Spec {
  name: string;
  value: string;
}

/**
 * The texts of an item line, in the UI language's words and punctuation: its specs
 * ("Size: M · Color: Black") and its quantity ("×2"). Bag, checkout and orders show them alike.
 */
export function useLineText() {
  const { t } = useTranslation();
  return {
    specs: (specs: readonly Spec[]) =>
      specs.map((spec) => t('common.specPair', { name: spec.name, value: spec.value })).join(t('common.specJoin')),
    times: (count: number) => t('common.times', { count }),
  };
}
