import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  defaultLanguage,
  fallbackLanguage,
  type LanguageFile,
  languageFileSchema,
  matchLanguage,
  matchLanguageList,
} from '@crossmart/contract';
import type { MessageParams } from '../errors.ts';

type Catalogue = { [key: string]: string | Catalogue };

const messagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');

/** Server message catalogues, read once at start-up: they are small and every request needs one. */
const catalogues = new Map<LanguageFile, Map<string, string>>(
  readdirSync(messagesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const file = languageFileSchema.parse(name.slice(0, -'.json'.length));
      const tree = JSON.parse(readFileSync(path.join(messagesDir, name), 'utf8')) as Catalogue;
      return [file, flatten(tree)] as const;
    }),
);

function flatten(tree: Catalogue, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(full, value);
    else flatten(value, full, into);
  }
  return into;
}

export function hasMessage(key: string): boolean {
  return catalogues.get(fallbackLanguage)?.has(key) ?? false;
}

/** The message for `key` in `lang`, else in English, else the key itself; `{name}` is replaced. */
export function translate(lang: LanguageFile, key: string, params?: MessageParams): string {
  const template = catalogues.get(lang)?.get(key) ?? catalogues.get(fallbackLanguage)?.get(key) ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function listCatalogueLanguages(): LanguageFile[] {
  return [...catalogues.keys()];
}

export function listCatalogueKeys(lang: LanguageFile): string[] {
  return [...(catalogues.get(lang)?.keys() ?? [])];
}

type HeaderValue = string | string[] | undefined;

/** The language of a request: `lang`, then `language` header (docs/spec.md §7), then Accept-Language, then Japanese. */
export function resolveRequestLanguage(headers: Record<string, HeaderValue>): LanguageFile {
  const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value);
  const accept = first(headers['accept-language']);
  return (
    matchLanguage(first(headers.lang)) ??
    matchLanguage(first(headers.language)) ??
    (accept ? matchLanguageList(accept.split(',')) : undefined) ??
    defaultLanguage
  );
}
