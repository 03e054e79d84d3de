import type { ProductSort } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { RedoOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonLine } from '../../../shared/ui/skeletons.tsx';
import { categoriesQuery } from '../api/categories.ts';
import { useLang } from '../api/keys.ts';
import { productListQuery } from '../api/product-list.ts';
import { CategoryIcon } from '../components/categories.tsx';
import { ProductFeed } from '../components/product-feed.tsx';
import { SortBar } from '../components/sort-bar.tsx';
import { parseSort } from '../lib/sort-param.ts';
import '../catalog.css';

/** Explore (docs/spec.md §2): a category rail beside the chosen category's products (`?category=<id>&sort=`). */
export default function ExplorePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const categoryId = parseId(params.get('category'));
  const sort = parseSort(params.get('sort'));
  const categories = useQuery(categoriesQuery(lang));
  const current = categories.data?.find((category) => category.id === categoryId);

  const update = (next: { category?: number | undefined; sort?: ProductSort | undefined }) => {
    const search: Record<string, string> = {};
    if (next.category) search.category = String(next.category);
    if (next.sort) search.sort = next.sort;
    setParams(search, { replace: true });
  };

  return (
    <Page>
      <div className="cm-explore">
        <nav className="cm-rail" aria-label={t('home.categories')}>
          <button
            type="button"
            className={`cm-rail__item${categoryId === undefined ? ' cm-rail__item--on' : ''}`}
            aria-current={categoryId === undefined ? 'page' : undefined}
            onClick={() => update({ sort })}
          >
            <CategoryIcon slug="all" />
            <span>{t('explore.all')}</span>
          </button>
          {categories.isPending &&
            Array.from({ length: 10 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <span key={index} className="cm-rail__item" aria-hidden="true">
                <span className="cm-category__icon cm-skel" />
                <SkeletonLine width="3.5em" size="s" />
              </span>
            ))}
          {categories.isError && (
            <button type="button" className="cm-rail__item cm-rail__retry" onClick={() => void categories.refetch()}>
              <RedoOutline className="cm-rail__retry-icon" aria-hidden="true" />
              <span>{t('common.retry')}</span>
            </button>
          )}
          {(categories.data ?? []).map((category) => (
            <button
              key={category.id}
              type="button"
              className={`cm-rail__item${category.id === categoryId ? ' cm-rail__item--on' : ''}`}
              aria-current={category.id === categoryId ? 'page' : undefined}
              onClick={() => update({ category: category.id, sort })}
              data-testid={`rail-${category.slug}`}
            >
              <CategoryIcon slug={category.slug} />
              <span>{category.name}</span>
            </button>
          ))}
        </nav>
        <div className="cm-explore__main">
          <div className="cm-explore__head">
            <h2 className="cm-explore__title">
              {categoryId !== undefined && categories.isPending ? (
                <SkeletonLine width="5em" size="l" />
              ) : (
                (current?.name ?? t('explore.all'))
              )}
            </h2>
            {current && (
              <span className="cm-explore__count">{t('catalog.itemsCount', { value: current.product_count })}</span>
            )}
          </div>
          <SortBar value={sort} onChange={(next) => update({ category: categoryId, sort: next })} />
          <ProductFeed options={productListQuery(lang, { category_id: categoryId, sort })} />
        </div>
      </div>
    </Page>
  );
}
