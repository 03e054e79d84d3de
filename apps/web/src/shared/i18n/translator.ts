/**
 * The app's translator: the part of i18next the app used (ADR 0014), in about 1 KB instead of 17 KB
 * of the first load. Texts are nested JSON trees per language file (`src/locales/**`), read by dotted
 * keys, with `{{name}}` interpolation and i18next's plural suffixes (`_zero`, `_one`, `_two`, `_few`,
 * `_many`, `_other`) chosen by `Intl.PluralRules` — so the locale files and their translation gate
 * stay exactly as they were.
 */

export interface TextTree {
  [key: string]: string | TextTree;
}

/** Interpolation values; `count` also picks the plural form. */
export type TextParams = Record<string, unknown>;

export type TranslatorEvent = 'languageChanged' | 'added';

export interface TranslatorOptions {
  /** The language whose texts stand in for a missing key. */
  fallbackLanguage: string;
  /** The BCP 47 tag whose plural rules a language file follows (`jp` → `ja`, `cr` → `cs`…). */
  pluralTag: (language: string) => string;
}

function merge(into: TextTree, from: TextTree): TextTree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] = typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return into;
}

function lookup(tree: TextTree | undefined, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` → the value; a placeholder without a value stays as written (i18next's behaviour). */
function interpolate(text: string, params: TextParams | undefined): string {
  if (!params || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

export class Translator {
  /** The UI language (a language file name: `jp`, `zh-cn`…); '' before the first `changeLanguage`. */
  language = '';
  private readonly texts = new Map<string, TextTree>();
  private readonly rules = new Map<string, Intl.PluralRules>();
  private readonly listeners = new Map<TranslatorEvent, Set<() => void>>();

  private readonly options: TranslatorOptions;

  constructor(options: TranslatorOptions) {
    this.options = options;
  }

  /** Adds (deep-merges) one part of a language's texts; screens showing that language re-render. */
  addTexts(language: string, texts: TextTree): void {
    this.texts.set(language, merge(this.texts.get(language) ?? {}, texts));
    this.emit('added');
  }

  changeLanguage(language: string): void {
    this.language = language;
    this.emit('languageChanged');
  }

  /**
   * The text of `key` in the UI language, else in the fallback language, else `defaultValue`, else the
   * key itself. With a numeric `count`, the plural form of each language is tried before the plain key.
   */
  t = (key: string, params?: TextParams): string => {
    const count = params?.count;
    const languages = [this.language, this.options.fallbackLanguage];
    for (const language of languages) {
      const tree = this.texts.get(language);
      if (!tree) continue;
      const candidates = typeof count === 'number' ? this.pluralKeys(language, key, count) : [key];
      for (const candidate of candidates) {
        const text = lookup(tree, candidate);
        if (text !== undefined) return interpolate(text, params);
      }
    }
    const fallback = params?.defaultValue;
    return typeof fallback === 'string' ? interpolate(fallback, params) : key;
  };

  on(event: TranslatorEvent, listener: () => void): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  off(event: TranslatorEvent, listener: () => void): void {
    this.listeners.get(event)?.delete(listener);
  }

  /** `key_zero` for 0 (Arabic has the category; i18next tries it for 0 in every language), then the language's form, then `key`. */
  private pluralKeys(language: string, key: string, count: number): string[] {
    let rules = this.rules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(this.options.pluralTag(language));
      this.rules.set(language, rules);
    }
    const keys = [`${key}_${rules.select(count)}`, key];
    if (count === 0) keys.unshift(`${key}_zero`);
    return keys;
  }

  private emit(event: TranslatorEvent): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}
