/**
 * The language table and its matchers, free of zod so that the web app's first load can use them
 * without the schema library (`@crossmart/contract/client`); the schemas are in languages.ts.
 */
/**
 * The 34 interface languages (docs/spec.md §3, docs/product-rules.md §6). `file_name` is the spec's code and the
 * name of the locale file; `tag` is the BCP 47 tag for Intl and `lang` attributes.
 */
export const languages = [
  { file_name: 'jp', language_name: '日本語', chinese_name: '日语', tag: 'ja', dir: 'ltr' },
  { file_name: 'en', language_name: 'English', chinese_name: '英语', tag: 'en', dir: 'ltr' },
  { file_name: 'zh-cn', language_name: '简体中文', chinese_name: '简体中文', tag: 'zh-CN', dir: 'ltr' },
  {
    file_name: 'zh-hk',
    language_name: '繁體中文（香港）',
    chinese_name: '繁体中文（香港）',
    tag: 'zh-Hant-HK',
    dir: 'ltr',
  },
  { file_name: 'kr', language_name: '한국어', chinese_name: '韩语', tag: 'ko', dir: 'ltr' },
  { file_name: 'th', language_name: 'ไทย', chinese_name: '泰语', tag: 'th', dir: 'ltr' },
  { file_name: 'id', language_name: 'Bahasa Indonesia', chinese_name: '印尼语', tag: 'id', dir: 'ltr' },
  { file_name: 'vi', language_name: 'Tiếng Việt', chinese_name: '越南语', tag: 'vi', dir: 'ltr' },
  { file_name: 'ms', language_name: 'Bahasa Melayu', chinese_name: '马来语', tag: 'ms', dir: 'ltr' },
  { file_name: 'fl', language_name: 'Filipino', chinese_name: '菲律宾语', tag: 'fil', dir: 'ltr' },
  { file_name: 'hi', language_name: 'हिन्दी', chinese_name: '印地语', tag: 'hi', dir: 'ltr' },
  { file_name: 'pk', language_name: 'اردو', chinese_name: '乌尔都语', tag: 'ur', dir: 'rtl' },
  { file_name: 'ar', language_name: 'العربية', chinese_name: '阿拉伯语', tag: 'ar', dir: 'rtl' },
  { file_name: 'tr', language_name: 'Türkçe', chinese_name: '土耳其语', tag: 'tr', dir: 'ltr' },
  { file_name: 'de', language_name: 'Deutsch', chinese_name: '德语', tag: 'de', dir: 'ltr' },
  { file_name: 'ch', language_name: 'Deutsch (Schweiz)', chinese_name: '德语（瑞士）', tag: 'de-CH', dir: 'ltr' },
  { file_name: 'at', language_name: 'Deutsch (Österreich)', chinese_name: '德语（奥地利）', tag: 'de-AT', dir: 'ltr' },
  { file_name: 'fr', language_name: 'Français', chinese_name: '法语', tag: 'fr', dir: 'ltr' },
  { file_name: 'it', language_name: 'Italiano', chinese_name: '意大利语', tag: 'it', dir: 'ltr' },
  { file_name: 'es', language_name: 'Español', chinese_name: '西班牙语', tag: 'es', dir: 'ltr' },
  { file_name: 'pt', language_name: 'Português', chinese_name: '葡萄牙语', tag: 'pt', dir: 'ltr' },
  { file_name: 'nl', language_name: 'Nederlands', chinese_name: '荷兰语', tag: 'nl', dir: 'ltr' },
  { file_name: 'pl', language_name: 'Polski', chinese_name: '波兰语', tag: 'pl', dir: 'ltr' },
  { file_name: 'ru', language_name: 'Русский', chinese_name: '俄语', tag: 'ru', dir: 'ltr' },
  { file_name: 'ro', language_name: 'Română', chinese_name: '罗马尼亚语', tag: 'ro', dir: 'ltr' },
  { file_name: 'cr', language_name: 'Čeština', chinese_name: '捷克语', tag: 'cs', dir: 'ltr' },
  { file_name: 'sk', language_name: 'Slovenčina', chinese_name: '斯洛伐克语', tag: 'sk', dir: 'ltr' },
  { file_name: 'hu', language_name: 'Magyar', chinese_name: '匈牙利语', tag: 'hu', dir: 'ltr' },
  { file_name: 'bgr', language_name: 'Български', chinese_name: '保加利亚语', tag: 'bg', dir: 'ltr' },
  { file_name: 'sl', language_name: 'Slovenščina', chinese_name: '斯洛文尼亚语', tag: 'sl', dir: 'ltr' },
  { file_name: 'hr', language_name: 'Hrvatski', chinese_name: '克罗地亚语', tag: 'hr', dir: 'ltr' },
  { file_name: 'gr', language_name: 'Ελληνικά', chinese_name: '希腊语', tag: 'el', dir: 'ltr' },
  { file_name: 'sv', language_name: 'Svenska', chinese_name: '瑞典语', tag: 'sv', dir: 'ltr' },
  { file_name: 'dk', language_name: 'Dansk', chinese_name: '丹麦语', tag: 'da', dir: 'ltr' },
] as const;

export type Language = (typeof languages)[number];
export type LanguageFile = Language['file_name'];

export const languageFiles = languages.map((l) => l.file_name) as [LanguageFile, ...LanguageFile[]];

export const defaultLanguage: LanguageFile = 'jp';
export const fallbackLanguage: LanguageFile = 'en';

const byFile = new Map<string, Language>(languages.map((l) => [l.file_name, l]));
const byTag = new Map<string, Language>(languages.map((l) => [l.tag.toLowerCase(), l]));

export function isLanguageFile(value: string): value is LanguageFile {
  return byFile.has(value);
}

export function getLanguage(file: LanguageFile): Language {
  // Every LanguageFile is in the table by construction.
  return byFile.get(file) as Language;
}

/**
 * Maps a spec file name (`jp`) or a BCP 47 tag (`ja-JP`, `zh-TW`, `de-CH`) to a supported
 * language file, or undefined when nothing fits.
 */
export function matchLanguage(input: string | null | undefined): LanguageFile | undefined {
  if (!input) return undefined;
  const value = input.trim().toLowerCase().replace(/_/g, '-');
  if (!value) return undefined;
  const exact = byFile.get(value) ?? byTag.get(value);
  if (exact) return exact.file_name;
  const [base, ...rest] = value.split('-');
  if (base === 'zh') {
    const traditional = rest.some((part) => ['hant', 'hk', 'tw', 'mo'].includes(part));
    return traditional ? 'zh-hk' : 'zh-cn';
  }
  if (base === 'de' && rest.includes('ch')) return 'ch';
  if (base === 'de' && rest.includes('at')) return 'at';
  if (base === 'tl') return 'fl';
  return base ? byTag.get(base)?.file_name : undefined;
}

/** The first supported language in an Accept-Language style list, in the client's order. */
export function matchLanguageList(list: readonly string[]): LanguageFile | undefined {
  for (const item of list) {
    const found = matchLanguage(item.split(';')[0]);
    if (found) return found;
  }
  return undefined;
}
