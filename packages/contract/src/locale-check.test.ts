import { describe, expect, it } from 'vitest';
import { checkLocale, mayStayEnglish, summarizeProblems } from './locale-check.ts';

const english = {
  cart: { title: 'Bag', count: '{{count}} items in {{shop}}', days_one: '{{count}} day', days_other: '{{count}} days' },
  app: { name: 'Crossmart', ok: 'OK', pair: '{{name}}: {{value}}' },
  admin: { title: 'Console' },
};

describe('locale gate rules (issue 16)', () => {
  it('passes a complete translation with the language own plural categories', () => {
    const ru = {
      cart: {
        title: 'Корзина',
        count: '{{count}} товаров в {{shop}}',
        days_one: '{{count}} день',
        days_few: '{{count}} дня',
        days_many: '{{count}} дней',
        days_other: '{{count}} дня',
      },
      app: { name: 'Crossmart', ok: 'OK', pair: '{{name}}: {{value}}' },
    };
    const problems = checkLocale(english, ru, { tag: 'ru', placeholders: 'i18next', skipGroups: ['admin'] });
    expect(Object.values(problems).flat()).toEqual([]);
  });

  it('finds missing, empty, untranslated, broken placeholders, wrong plural forms and extra keys', () => {
    const ko = {
      cart: { title: 'Bag', count: '{{count}}개', days_one: '{{count}}일', days_other: '{{count}}일' },
      app: { name: '', pair: '{{name}}: {{value}}', typo: 'x' },
    };
    const problems = checkLocale(english, ko, { tag: 'ko', placeholders: 'i18next', skipGroups: ['admin'] });
    expect(problems.missing).toEqual(['app.ok']);
    expect(problems.empty).toEqual(['app.name']);
    expect(problems.untranslated).toEqual(['cart.title']);
    expect(problems.placeholders).toEqual(['cart.count: {{count}} ≠ {{count}} {{shop}}']);
    expect(problems.plurals).toEqual(['cart.days: has one,other; needs other']);
    expect(problems.extra).toEqual(['app.typo']);
  });

  it('lets count be implied in zero/one/two forms only', () => {
    const ar = {
      cart: {
        title: 'الحقيبة',
        count: '{{count}} في {{shop}}',
        days_zero: 'لا أيام',
        days_one: 'يوم واحد',
        days_two: 'يومان',
        days_few: 'أيام',
        days_many: '{{count}} يومًا',
        days_other: '{{count}} يوم',
      },
      app: { name: 'Crossmart', ok: 'OK', pair: '{{name}}: {{value}}' },
    };
    const problems = checkLocale(english, ar, { tag: 'ar', placeholders: 'i18next', skipGroups: ['admin'] });
    expect(problems.placeholders).toEqual(['cart.days_few: ∅ ≠ {{count}}']);
  });

  it('checks server style parameters', () => {
    const problems = checkLocale(
      { errors: { LIMIT: 'Wait {seconds} seconds' } },
      { errors: { LIMIT: 'Warte {sekunden} Sekunden' } },
      { tag: 'de', placeholders: 'server' },
    );
    expect(problems.placeholders).toEqual(['errors.LIMIT: {sekunden} ≠ {seconds}']);
  });

  it('allows brands, codes and wordless values to stay English', () => {
    expect(mayStayEnglish('Crossmart', 'th')).toBe(true);
    expect(mayStayEnglish('USDT (TRC20)', 'th')).toBe(true);
    expect(mayStayEnglish('×{{count}}', 'th')).toBe(true);
    expect(mayStayEnglish('Shop', 'de')).toBe(true);
    expect(mayStayEnglish('Shop', 'de-CH')).toBe(true);
    expect(mayStayEnglish('Shop', 'th')).toBe(false);
  });

  it('summarizes compactly', () => {
    const problems = checkLocale(english, {}, { tag: 'th', placeholders: 'i18next' });
    expect(summarizeProblems('th main', problems, 0)).toEqual(['th main: not translated (7 keys missing)']);
  });
});
