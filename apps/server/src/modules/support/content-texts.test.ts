import { readdirSync } from 'node:fs';
import { contentKeys, languageFiles } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { contentTextsDir, defaultContent } from './content-defaults.data.ts';

/** Issue 16: help, law and partnership texts in all 34 languages, none left in English. */
describe('translation gate: content texts (issue 16)', () => {
  it('all 34 languages have help_support, law and platform, non-empty and not the English text', () => {
    const english = defaultContent.get('en');
    expect(english, 'content-texts/en.json').toBeDefined();
    const lines: string[] = [];
    const missing = languageFiles.filter((language) => !defaultContent.has(language));
    if (missing.length) lines.push(`no content-texts file: ${missing.join(', ')}`);
    for (const [language, texts] of defaultContent) {
      const empty = contentKeys.filter((key) => !texts[key]);
      if (empty.length) lines.push(`${language}: empty ${empty.join(', ')}`);
      const same = contentKeys.filter((key) => language !== 'en' && texts[key] && texts[key] === english?.[key]);
      if (same.length) lines.push(`${language}: same as English ${same.join(', ')}`);
    }
    if (lines.length > 0) expect.fail(lines.join('\n'));
  });

  it('has no file for a language outside the table', () => {
    const names = readdirSync(contentTextsDir).map((name) => name.replace(/\.json$/, ''));
    expect(names.filter((name) => !(languageFiles as readonly string[]).includes(name))).toEqual([]);
  });
});
