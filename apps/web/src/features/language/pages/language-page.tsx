import type { LanguageFile } from '@crossmart/contract/client';
import { useQuery } from '@tanstack/react-query';
import { CheckOutline } from 'antd-mobile-icons';
import { changeLanguage } from '../../../shared/i18n/change-language.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { languageListQuery } from '../api/language-list.ts';

/** Language choice (docs/spec.md §2): switches the UI at once and saves the choice. */
export default function LanguagePage() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(languageListQuery);
  const current = currentLanguage();
  return (
    <Page>
      <p className="cm-hint">{t('language.hint')}</p>
      {isPending ? (
        <ListSkeleton rows={8} thumb={false} />
      ) : isError ? (
        <LoadError onRetry={() => refetch()} />
      ) : !data?.length ? (
        <EmptyState kind="noRecords" />
      ) : (
        <ul className="cm-language-list" aria-label={t('routes.language')} key={i18n.language}>
          {data.map((language) => {
            const selected = language.file_name === current;
            return (
              <li key={language.file_name}>
                <button
                  type="button"
                  className="cm-language"
                  aria-pressed={selected}
                  lang={language.tag}
                  dir={language.dir}
                  onClick={() => changeLanguage(language.file_name as LanguageFile)}
                >
                  <span className="cm-language__names">
                    <span className="cm-language__native">{language.language_name}</span>
                    <span className="cm-language__chinese" lang="zh-CN">
                      {language.chinese_name}
                    </span>
                  </span>
                  {selected && <CheckOutline className="cm-language__check" aria-label={t('language.current')} />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
