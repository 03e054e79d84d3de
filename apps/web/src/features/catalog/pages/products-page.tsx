import type { ProductSort } from '@crossmart/contract';
import { useSearchParams } from 'react-router';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useLang } from '../api/keys.ts';
import { productListQuery } from '../api/product-list.ts';
import { CategoryTabs } from '../components/category-tabs.tsx';
import { ProductFeed } from '../components/product-feed.tsx';
import { SortBar } from '../components/sort-bar.tsx';
import { parseSort } from '../lib/sort-param.ts';
import '../catalog.css';

/** All products (docs/spec.md §2 `/products`), filterable by category and sorted (`?category=<id>&sort=`). */
export default function ProductsPage() {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const categoryId = parseId(params.get('category'));
  const sort = parseSort(params.get('sort'));
  const update = (category: number | undefined, nextSort: ProductSort | undefined) => {
    const search: Record<string, string> = {};
    if (category) search.category = String(category);
    if (nextSort) search.sort = nextSort;
    setParams(search, { replace: true });
  };
  return (
    <Page>
      <CategoryTabs value={categoryId} onChange={(category) => update(category, sort)} />
      <SortBar value={sort} onChange={(next) => update(categoryId, next)} />
      <ProductFeed options={productListQuery(lang, { category_id: categoryId, sort })} />
    </Page>
  );
}
