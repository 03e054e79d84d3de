import { describe, expect, it } from 'vitest';
import { Translator } from './translator.ts';

const tags: Record<string, string> = { en: 'en', jp: 'ja', ar: 'ar', cr: 'cs' };
function translator() {
  const translator = new Translator({ fallbackLanguage: 'en', pluralTag: (code) => tags[code] ?? code });
  translator.addTexts('en', {
    cart: { title: 'Bag', items_one: '{{count}} item', items_other: '{{count}} items', only: 'English only' },
    greet: 'Hello {{name}}, you have {{count}} points',
  });
  translator.addTexts('jp', { cart: { title: 'カート', items_other: '{{count}} 点' } });
  translator.addTexts('ar', {
    cart: {
      items_zero: 'لا عناصر',
      items_one: 'عنصر واحد',
      items_two: 'عنصران',
      items_few: '{{count}} عناصر',
      items_many: '{{count}} عنصرًا',
      items_other: '{{count}} عنصر',
    },
  });
  return translator;
}

describe('translator (the i18next subset the app uses)', () => {
  it('reads dotted keys in the UI language', () => {
    const t = translator();
    t.changeLanguage('jp');
    expect(t.t('cart.title')).toBe('カート');
  });

  it('falls back to English for a missing key, then to the key itself', () => {
    const t = translator();
    t.changeLanguage('jp');
    expect(t.t('cart.only')).toBe('English only');
    expect(t.t('cart.nowhere')).toBe('cart.nowhere');
    expect(t.t('cart')).toBe('cart');
  });

  it('answers defaultValue for a key no language has', () => {
    const t = translator();
    t.changeLanguage('jp');
    expect(t.t('seller.lang.xx', { defaultValue: 'xx' })).toBe('xx');
    expect(t.t('cart.title', { defaultValue: 'xx' })).toBe('カート');
  });

  it('interpolates values and leaves a placeholder without a value as written', () => {
    const t = translator();
    t.changeLanguage('en');
    expect(t.t('greet', { name: 'Aiko', count: 3 })).toBe('Hello Aiko, you have 3 points');
    expect(t.t('greet', { name: 'Aiko' })).toBe('Hello Aiko, you have {{count}} points');
  });

  it('picks the plural form by the language tag, with _zero for 0 where the language has it', () => {
    const t = translator();
    t.changeLanguage('en');
    expect([1, 2].map((count) => t.t('cart.items', { count }))).toEqual(['1 item', '2 items']);
    t.changeLanguage('jp');
    expect(t.t('cart.items', { count: 1 })).toBe('1 点');
    t.changeLanguage('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => t.t('cart.items', { count }))).toEqual([
      'لا عناصر',
      'عنصر واحد',
      'عنصران',
      '3 عناصر',
      '11 عنصرًا',
      '100 عنصر',
    ]);
  });

  it('uses the fallback language plural rules when the UI language lacks the key', () => {
    const t = translator();
    t.changeLanguage('cr');
    expect(t.t('cart.items', { count: 3 })).toBe('3 items');
  });

  it('merges later parts into a language and tells listeners', () => {
    const t = translator();
    const events: string[] = [];
    t.on('added', () => events.push('added'));
    const onLanguage = () => events.push('language');
    t.on('languageChanged', onLanguage);
    t.addTexts('jp', { cart: { checkout: 'レジへ' } });
    t.changeLanguage('jp');
    t.off('languageChanged', onLanguage);
    t.changeLanguage('en');
    expect(events).toEqual(['added', 'language']);
    t.changeLanguage('jp');
    expect([t.t('cart.title'), t.t('cart.checkout')]).toEqual(['カート', 'レジへ']);
  });
});
