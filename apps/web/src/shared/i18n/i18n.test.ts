import { languageFiles } from '@crossmart/contract/client';
import { describe, expect, it } from 'vitest';
import enAdmin from '../../locales/admin/en.json' with { type: 'json' };
import jpAdmin from '../../locales/admin/jp.json' with { type: 'json' };
import zhAdmin from '../../locales/admin/zh-cn.json' with { type: 'json' };
import enCatalog from '../../locales/catalog/en.json' with { type: 'json' };
import jpCatalog from '../../locales/catalog/jp.json' with { type: 'json' };
import enMain from '../../locales/en.json' with { type: 'json' };
import enForms from '../../locales/forms/en.json' with { type: 'json' };
import jpForms from '../../locales/forms/jp.json' with { type: 'json' };
import jpMain from '../../locales/jp.json' with { type: 'json' };
import { completeLanguages, detectLanguage, hasLocaleFile, partsForPath } from './i18n.ts';

const en = { ...enMain, ...enCatalog, ...enForms };
const jp = { ...jpMain, ...jpCatalog, ...jpForms };

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('language detection (docs/spec.md §3)', () => {
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
    expect([...completeLanguages].sort()).toEqual(['en', 'jp']);
  });
  it('keep each top-level group in one part (main, catalog/ or forms/)', () => {
    for (const languageParts of [
      [enMain, enCatalog, enForms],
      [jpMain, jpCatalog, jpForms],
    ]) {
      const groups = languageParts.flatMap((part) => Object.keys(part));
      expect(groups.length).toBe(new Set(groups).size);
    }
  });
  it('load only the parts the first screen needs before it renders', () => {
    expect(partsForPath('/')).toEqual(['main']);
    expect(partsForPath('/home')).toEqual(['main']);
    expect(partsForPath('/detail/12/3')).toEqual(['main', 'catalog']);
    expect(partsForPath('/shop/3')).toEqual(['main', 'catalog']);
    expect(partsForPath('/shopping')).toEqual(['main', 'catalog', 'forms']);
    expect(partsForPath('/login')).toEqual(['main', 'catalog', 'forms']);
  });
  it('give every catalog text a value in Arabic too', async () => {
    const ar = {
      ...(await import('../../locales/ar.json')).default,
      ...(await import('../../locales/catalog/ar.json')).default,
    };
    for (const group of ['card', 'catalog', 'detail', 'search', 'explore'] as const) {
      expect(keys(ar[group]).sort(), group).toEqual(keys(en[group]).sort());
    }
  });
  it('keep the admin console in its own part, complete in English, Japanese and Simplified Chinese', () => {
    expect(keys(jpAdmin).sort()).toEqual(keys(enAdmin).sort());
    expect(keys(zhAdmin).sort()).toEqual(keys(enAdmin).sort());
    for (const group of Object.keys(enAdmin)) {
      expect(group in en, `${group} is only in locales/admin`).toBe(false);
    }
  });
  it('use i18next interpolation, not the server catalogue style', () => {
    for (const text of Object.values(en.validation)) expect(text).not.toMatch(/(?<!\{)\{[a-z]+\}(?!\})/);
  });
});
