import { errorKeys, languageFiles, validationKeys } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { listCatalogueKeys, listCatalogueLanguages, translate } from './translate.ts';

describe('server message catalogue', () => {
  it('has an English message for every error and validation key', () => {
    const english = new Set(listCatalogueKeys('en'));
    for (const key of errorKeys) expect(english, key).toContain(`errors.${key}`);
    for (const key of validationKeys) expect(english, key).toContain(`validation.${key}`);
  });

  it('has Japanese for every English key, and no key English lacks', () => {
    expect(listCatalogueLanguages()).toEqual(expect.arrayContaining(['en', 'jp']));
    expect(listCatalogueKeys('jp').sort()).toEqual(listCatalogueKeys('en').sort());
  });

  it('has no key English lacks in any language, and the same {placeholders} as English', () => {
    const english = new Map(listCatalogueKeys('en').map((key) => [key, translate('en', key)]));
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of listCatalogueLanguages()) {
      for (const key of listCatalogueKeys(lang)) {
        const source = english.get(key);
        expect(source, `${lang}: ${key}`).toBeDefined();
        expect(placeholders(translate(lang, key)), `${lang}: ${key}`).toEqual(placeholders(source ?? ''));
      }
    }
  });

  it('falls back to English for every key a language lacks, and fills parameters', () => {
    // Languages get their catalogue in stages (a new message lands in en and jp first), so the
    // fallback is checked for whatever each language is missing right now.
    for (const lang of languageFiles) {
      const own = new Set(listCatalogueLanguages().includes(lang) ? listCatalogueKeys(lang) : []);
      for (const key of listCatalogueKeys('en')) {
        if (!own.has(key)) expect(translate(lang, key), `${lang}: ${key}`).toBe(translate('en', key));
      }
    }
    expect(translate('en', 'errors.RATE_LIMITED', { seconds: 30 })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(translate('jp', 'errors.RATE_LIMITED', { seconds: 5 })).toBe(
      '試行回数が多すぎます。5秒後にもう一度お試しください。',
    );
    expect(translate('sv', 'errors.RATE_LIMITED', { seconds: 30 })).toBe(
      'För många försök. Försök igen om 30 sekunder.',
    );
    expect(translate('sv', 'errors.NO_SUCH_MESSAGE')).toBe('errors.NO_SUCH_MESSAGE');
  });
});
