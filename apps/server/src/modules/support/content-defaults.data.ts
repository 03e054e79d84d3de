import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContentKey, contentKeys, isLanguageFile, type LanguageFile } from '@crossmart/contract';

/**
 * The texts a new install starts with: one Markdown text per key in `content-texts/<file_name>.json`
 * for every language that has a file (a language without one falls back to English). Admins edit
 * them in the console; a start never overwrites an edited text. Figures follow the platform's
 * default settings.
 */
export const contentTextsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content-texts');

export type ContentTexts = Record<ContentKey, string>;

function readTexts(): Map<LanguageFile, ContentTexts> {
  const texts = new Map<LanguageFile, ContentTexts>();
  for (const name of readdirSync(contentTextsDir)) {
    const lang = name.replace(/\.json$/, '');
    if (!name.endsWith('.json') || !isLanguageFile(lang)) continue;
    const tree = JSON.parse(readFileSync(path.join(contentTextsDir, name), 'utf8')) as Partial<ContentTexts>;
    const entries = contentKeys.map((key) => [key, tree[key]?.trim() ?? ''] as const);
    texts.set(lang, Object.fromEntries(entries) as ContentTexts);
  }
  return texts;
}

/** Language → the default text of each key (read once at start-up; empty texts are not seeded). */
export const defaultContent: ReadonlyMap<LanguageFile, ContentTexts> = readTexts();
