/** Shapes of JSON columns that several modules copy between their own tables (snapshots). */

/** Translations of a text by language file name; the original stays in its own column. */
export type I18nText = Partial<Record<string, string>>;
/** One chosen option of a SKU, e.g. colour: red; copied onto order lines. */
export type SpecPair = { name: string; value: string };
