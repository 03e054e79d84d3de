import { errorKeys, validationKeys } from '@crossmart/contract';
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

  it('fills parameters, and answers the key itself for an unknown key', () => {
    expect(translate('en', 'errors.RATE_LIMITED', { seconds: 30 })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(translate('sv', 'errors.NO_SUCH_KEY')).toBe('errors.NO_SUCH_KEY');
    expect(translate('jp', 'errors.RATE_LIMITED', { seconds: 5 })).toBe(
      '試行回数が多すぎます。5秒後にもう一度お試しください。',
    );
  });
});
