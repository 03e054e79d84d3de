import { languageFiles } from '@crossmart/contract/client';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import jp from '../../locales/jp.json' with { type: 'json' };
import { detectLanguage, hasLocaleFile } from './i18n.ts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('language detection (spec §3)', () => {
  it('takes the stored choice first', () => {
    expect(detectLanguage({ stored: 'ar', cookie: 'en', browser: ['de-DE'] })).toBe('ar');
  });
  it('then the language cookie', () => {
    expect(detectLanguage({ stored: null, cookie: 'kr', browser: ['de-DE'] })).toBe('kr');
  });
  it('then the browser languages, in order', () => {
    expect(detectLanguage({ browser: ['sw-KE', 'en-US', 'ja'] })).toBe('en');
    expect(detectLanguage({ browser: ['zh-TW'] })).toBe('zh-hk');
    expect(detectLanguage({ browser: ['ur-PK'] })).toBe('pk');
  });
  it('else Japanese', () => {
    expect(detectLanguage({ browser: ['sw-KE', 'xx'] })).toBe('jp');
    expect(detectLanguage({ browser: [] })).toBe('jp');
  });
});

describe('locale files', () => {
  it('exist for all 34 languages, one lazily loaded file each', () => {
    expect(languageFiles).toHaveLength(34);
    for (const file of languageFiles) expect(hasLocaleFile(file), file).toBe(true);
  });
  it('ship English and Japanese complete, with the same keys', () => {
    expect(keys(jp).sort()).toEqual(keys(en).sort());
  });
  it('use i18next interpolation, not the server catalogue style', () => {
    for (const text of Object.values(en.validation)) expect(text).not.toMatch(/(?<!\{)\{[a-z]+\}(?!\})/);
  });
});
