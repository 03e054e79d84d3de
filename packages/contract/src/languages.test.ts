import { describe, expect, it } from 'vitest';
import { getLanguage, languages, matchLanguage, matchLanguageList } from './languages.ts';

describe('languages', () => {
  it('has the 34 file names of docs/spec.md §3, each once', () => {
    const files = languages.map((l) => l.file_name);
    expect(new Set(files).size).toBe(34);
    expect([...files].sort()).toEqual(
      [
        'en',
        'zh-cn',
        'jp',
        'kr',
        'th',
        'id',
        'vi',
        'de',
        'ar',
        'fr',
        'hi',
        'it',
        'tr',
        'es',
        'ms',
        'zh-hk',
        'pl',
        'nl',
        'ru',
        'ro',
        'cr',
        'pt',
        'sv',
        'hu',
        'bgr',
        'sk',
        'fl',
        'dk',
        'sl',
        'hr',
        'ch',
        'gr',
        'at',
        'pk',
      ].sort(),
    );
  });

  it('maps the docs/product-rules.md §6 codes to their BCP 47 tags', () => {
    const tags = Object.fromEntries(languages.map((l) => [l.file_name, l.tag]));
    expect(tags).toMatchObject({
      jp: 'ja',
      kr: 'ko',
      cr: 'cs',
      bgr: 'bg',
      fl: 'fil',
      dk: 'da',
      gr: 'el',
      pk: 'ur',
      ch: 'de-CH',
      at: 'de-AT',
      'zh-hk': 'zh-Hant-HK',
    });
    expect(getLanguage('pk').dir).toBe('rtl');
    expect(getLanguage('ar').dir).toBe('rtl');
  });

  it.each([
    ['jp', 'jp'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['zh', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['zh-TW', 'zh-hk'],
    ['zh-Hant', 'zh-hk'],
    ['de-CH', 'ch'],
    ['de-AT', 'at'],
    ['de-DE', 'de'],
    ['pt-BR', 'pt'],
    ['tl', 'fl'],
    ['cs-CZ', 'cr'],
    ['ur-PK', 'pk'],
    ['nb-NO', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('matches %s to %s', (input, expected) => {
    expect(matchLanguage(input)).toBe(expected);
  });

  it('takes the first supported entry of a preference list', () => {
    expect(matchLanguageList(['nb-NO', 'sv-SE;q=0.8', 'en'])).toBe('sv');
    expect(matchLanguageList(['xx', 'yy'])).toBeUndefined();
  });
});
