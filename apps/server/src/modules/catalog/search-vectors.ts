import type { I18nText } from '../../db/schema/json-types.ts';
import { buildSearchVector, type SearchField } from './search-text.ts';

/** The weighted search text stored with products and shops (tsvector input). */

const textsOf = (original: string, i18n: I18nText | undefined) =>
  [original, ...Object.values(i18n ?? {})].filter((text): text is string => Boolean(text));

/** Weighted search text of a product: titles rank above descriptions. */
export function productSearchVector(input: {
  title: string;
  titleI18n?: I18nText | undefined;
  description?: string | undefined;
  descriptionI18n?: I18nText | undefined;
}): string {
  const fields: SearchField[] = [
    ...[...new Set(textsOf(input.title, input.titleI18n))].map((text) => ({ text, weight: 'A' as const })),
    ...[...new Set(textsOf(input.description ?? '', input.descriptionI18n))].map((text) => ({
      text,
      weight: 'D' as const,
    })),
  ];
  return buildSearchVector(fields);
}

export function shopSearchVector(input: {
  name: string;
  description?: string | undefined;
  descriptionI18n?: I18nText | undefined;
}): string {
  return buildSearchVector([
    { text: input.name, weight: 'A' },
    ...[...new Set(textsOf(input.description ?? '', input.descriptionI18n))].map((text) => ({
      text,
      weight: 'D' as const,
    })),
  ]);
}
