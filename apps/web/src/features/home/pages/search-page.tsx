import { SearchBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';

/** Search (spec §2, /search and /searchs); results come with the catalog issue. */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  return (
    <Page>
      <div className="cm-search-row">
        <SearchBar
          placeholder={t('search.placeholder')}
          defaultValue={keyword}
          onSearch={(value) => setParams(value ? { keyword: value } : {}, { replace: true })}
          aria-label={t('search.placeholder')}
        />
      </div>
      <EmptyState kind="noProducts" description={keyword ? undefined : t('search.hint')} />
    </Page>
  );
}
