import { languages } from '@crossmart/contract/client';
import { CheckOutline, GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { changeLanguage } from '../i18n/change-language.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { getLanguageName } from './language-name.ts';
import { Sheet } from './sheet.tsx';

/** A language button that opens the 34 languages in a bottom sheet (for screens a visitor sees). */
export function LanguageSheetButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = currentLanguage();
  return (
    <>
      <button
        type="button"
        className="cm-language-button"
        onClick={() => setOpen(true)}
        aria-label={`${t('auth.language')}: ${getLanguageName(current)}`}
      >
        <GlobalOutline aria-hidden="true" />
        <span>{getLanguageName(current)}</span>
      </button>
      <Sheet
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="cm-sheet"
        destroyOnClose
      >
        <h2 className="cm-sheet__title">{t('routes.language')}</h2>
        <ul className="cm-language-list cm-sheet__list" aria-label={t('routes.language')}>
          {languages.map((language) => (
            <li key={language.file_name}>
              <button
                type="button"
                className="cm-language"
                aria-pressed={language.file_name === current}
                lang={language.tag}
                dir={language.dir}
                onClick={async () => {
                  setOpen(false);
                  await changeLanguage(language.file_name);
                }}
              >
                <span className="cm-language__names">
                  <span className="cm-language__native">{language.language_name}</span>
                  <span className="cm-language__chinese" lang="zh-CN">
                    {language.chinese_name}
                  </span>
                </span>
                {language.file_name === current && <CheckOutline className="cm-language__check" />}
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </>
  );
}
