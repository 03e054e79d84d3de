import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SearchBar } from 'antd-mobile';
import { DeleteOutline, FireFill, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm } from '../../../shared/ui/feedback.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { categoriesQuery } from '../api/categories.ts';
import { useLang } from '../api/keys.ts';
import { popularSearchesQuery } from '../api/popular-searches.ts';
import { productListQuery, suggestQuery } from '../api/product-list.ts';
import { shopSearchQuery } from '../api/shops.ts';
import { ProductFeed } from '../components/product-feed.tsx';
import { ShopRow } from '../components/shop-card.tsx';
import { SortBar } from '../components/sort-bar.tsx';
import { nearestCategory } from '../lib/nearest-category.ts';
import { addToHistory, clearHistory, readHistory } from '../lib/search-history.ts';
import { parseSort } from '../lib/sort-param.ts';
import '../catalog.css';

const maxKeyword = 100;

function Chips({
  words,
  onPick,
  ranked = false,
}: {
  words: readonly string[];
  onPick(word: string): void;
  /** The first three carry a flame (popular searches). */
  ranked?: boolean;
}) {
  return (
    <div className="cm-chips">
      {words.map((word, index) => (
        <button
          key={word}
          type="button"
          className={`cm-chip${ranked && index < 3 ? ' cm-chip--hot' : ''}`}
          dir="auto"
          onClick={() => onPick(word)}
        >
          {ranked && index < 3 && <FireFill className="cm-chip__flame" aria-hidden="true" />}
          {word}
        </button>
      ))}
    </div>
  );
}

/** Chip-sized placeholders while a chip list loads, so the sections below do not move. */
function ChipsSkeleton({ count }: { count: number }) {
  return (
    <div className="cm-chips" aria-busy="true" data-testid="skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <span key={index} className="cm-chip cm-skel" style={{ width: `${4.5 + (index % 3) * 1.5}em` }} />
      ))}
    </div>
  );
}

/** Popular searches from the server; hidden when there are none or the call failed (the rest of the screen still helps). */
function PopularSearches({ onPick }: { onPick(word: string): void }) {
  const { t } = useTranslation();
  const popular = useQuery(popularSearchesQuery(useLang()));
  const terms = popular.data?.terms ?? [];
  if (popular.isError || (popular.data && terms.length === 0)) return null;
  return (
    <section data-testid="popular-searches">
      <div className="cm-search-start__head">
        <h2 className="cm-section__title">{t('catalog.popularSearches')}</h2>
      </div>
      {popular.isPending ? <ChipsSkeleton count={6} /> : <Chips words={terms} onPick={onPick} ranked />}
    </section>
  );
}

/** What shows before a search: suggestions while typing, else the history and category shortcuts. */
function SearchStart({ draft, onPick }: { draft: string; onPick(word: string): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [history, setHistory] = useState(readHistory);
  const typed = useDeferredValue(draft.trim().slice(0, maxKeyword));
  const [debounced, setDebounced] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const suggestions = useQuery(suggestQuery(lang, debounced));
  const categories = useQuery(categoriesQuery(lang));

  if (typed) {
    const current = debounced === typed ? suggestions.data : undefined;
    const list = current?.products ?? [];
    const shops = current?.shops ?? [];
    return (
      <ul className="cm-suggest" aria-label={t('catalog.suggestions')}>
        <li>
          <button type="button" className="cm-suggest__item cm-suggest__item--typed" onClick={() => onPick(typed)}>
            <SearchOutline aria-hidden="true" />
            {t('catalog.searchFor', { keyword: typed })}
          </button>
        </li>
        {shops.map((shop) => (
          <li key={`shop-${shop.id}`}>
            <Link to={`/shop/${shop.id}`} className="cm-suggest__item" data-testid="suggest-shop">
              <LazyImage src={shop.logo} alt="" className="cm-suggest__logo" />
              <span>{shop.name}</span>
            </Link>
          </li>
        ))}
        {list.map((product) => (
          <li key={product.id}>
            <button
              type="button"
              className="cm-suggest__item"
              data-testid="suggest-product"
              onClick={() => onPick(product.title)}
            >
              <SearchOutline aria-hidden="true" />
              <span>{product.title}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="cm-search-start">
      {history.length > 0 && (
        <section>
          <div className="cm-search-start__head">
            <h2 className="cm-section__title">{t('catalog.history')}</h2>
            <button
              type="button"
              className="cm-icon-button"
              aria-label={t('catalog.clearHistory')}
              onClick={async () => {
                if (await confirm({ content: t('catalog.clearHistoryConfirm') })) setHistory(clearHistory());
              }}
            >
              <DeleteOutline />
            </button>
          </div>
          <Chips words={history} onPick={onPick} />
        </section>
      )}
      <PopularSearches onPick={onPick} />
      <section>
        <div className="cm-search-start__head">
          <h2 className="cm-section__title">{t('catalog.discover')}</h2>
        </div>
        {categories.isPending ? (
          <ChipsSkeleton count={10} />
        ) : categories.isError ? (
          <LoadError compact onRetry={() => categories.refetch()} />
        ) : (
          <Chips words={(categories.data ?? []).map((category) => category.name)} onPick={onPick} />
        )}
      </section>
    </div>
  );
}

/** Shops whose name matches, above the product results. */
function ShopMatches({ keyword }: { keyword: string }) {
  const shops = useInfiniteQuery(shopSearchQuery(useLang(), keyword));
  const list = shops.data?.pages[0]?.list.slice(0, 2) ?? [];
  if (list.length === 0) return null;
  return (
    <div className="cm-shop-matches">
      {list.map((shop) => (
        <ShopRow key={shop.id} shop={shop} />
      ))}
    </div>
  );
}

/** Nothing found: says so and offers the category nearest to the keyword. */
function NoResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useQuery(categoriesQuery(useLang()));
  const category = nearestCategory(keyword, categories.data ?? []);
  return (
    <div className="cm-no-results" data-testid="no-results">
      <EmptyState kind="noProducts" description={t('search.noResults', { keyword })} />
      {category && (
        <button type="button" className="cm-pill-outline" onClick={() => navigate(`/explore?category=${category.id}`)}>
          {t('search.tryCategory', { category: category.name })}
        </button>
      )}
    </div>
  );
}

/** Products for a keyword, or the no-results screen when the first page is empty. */
function Results({ keyword, sort }: { keyword: string; sort: ReturnType<typeof parseSort> }) {
  const options = productListQuery(useLang(), { keyword, sort });
  // The same query as the feed's (one request): its first page tells whether anything was found.
  const first = useInfiniteQuery(options);
  if (first.data && first.data.pages[0]?.list.length === 0) return <NoResults keyword={keyword} />;
  return <ProductFeed options={options} />;
}

/** Search (docs/spec.md §2 `/search`, `/searchs`): history, suggestions, then products (and shops) with sort. */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, maxKeyword);
  const sort = parseSort(params.get('sort'));
  const [draft, setDraft] = useState(keyword);
  const [editing, setEditing] = useState(!keyword);

  const submit = (word: string) => {
    const value = word.trim().slice(0, maxKeyword);
    if (!value) return;
    addToHistory(value);
    setDraft(value);
    setEditing(false);
    setParams({ keyword: value }, { replace: true });
  };

  return (
    <Page>
      <div className="cm-search-row">
        <SearchBar
          placeholder={t('search.placeholder')}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setEditing(true);
          }}
          onFocus={() => setEditing(true)}
          onSearch={submit}
          onClear={() => setEditing(true)}
          aria-label={t('search.placeholder')}
        />
        <button type="button" className="cm-search-row__go" onClick={() => submit(draft)}>
          {t('search.submit')}
        </button>
      </div>
      {editing || !keyword ? (
        <SearchStart draft={draft} onPick={submit} />
      ) : (
        <>
          <ShopMatches keyword={keyword} />
          <SortBar
            value={sort}
            relevance
            onChange={(next) => setParams(next ? { keyword, sort: next } : { keyword }, { replace: true })}
          />
          <Results keyword={keyword} sort={sort} />
        </>
      )}
    </Page>
  );
}
