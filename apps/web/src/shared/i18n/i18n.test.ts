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
  it('ship English and Japanese complete, with the same keys (plural forms per language)', () => {
    const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(one|other)$/, '')))].sort();
    expect(base(keys(jp))).toEqual(base(keys(en)));
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
  it('use {{name}} interpolation, not the server catalogue style', () => {
    for (const text of Object.values(en.validation)) expect(text).not.toMatch(/(?<!\{)\{[a-z]+\}(?!\})/);
  });
});

describe('plural forms and codes (issue 16)', () => {
  it('pick plural forms by the language tag, not the file name, and find zh-cn texts', async () => {
    const { i18n, initI18n, switchLanguage } = await import('./i18n.ts');
    await initI18n('en', '/');
    i18n.addTexts('kr', { test: { days_other: '{{count}}일' } });
    i18n.addTexts('cr', {
      test: {
        days_one: '{{count}} den',
        days_few: '{{count}} dny',
        days_many: '{{count}} dne',
        days_other: '{{count}} dní',
      },
    });
    i18n.addTexts('zh-cn', { test: { hello: '你好' } });
    await switchLanguage('kr');
    expect(i18n.t('test.days', { count: 1 })).toBe('1일');
    await switchLanguage('cr');
    expect(i18n.t('test.days', { count: 3 })).toBe('3 dny');
    expect(i18n.t('test.days', { count: 7 })).toBe('7 dní');
    await switchLanguage('zh-cn');
    expect(i18n.t('test.hello')).toBe('你好');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
