import type { ShopCard, ShopPage } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading, NoticeBar, SearchBar } from 'antd-mobile';
import { ClockCircleOutline, HeartFill, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { assistStatusQuery, supportShop } from '../api/support-api.ts';
import { useShopSearch } from '../components/use-shop-search.ts';
import '../support.css';

function useHotShops() {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['mutual-aid-hot-shops', lang],
    queryFn: () => api.get<ShopPage>('/api/shop/hot', { page: 1, limit: 8 }),
  });
}

function ShopChoice({
  shop,
  isSupportedToday,
  isPending,
  onSupport,
}: {
  shop: ShopCard;
  isSupportedToday: boolean;
  isPending: boolean;
  onSupport(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cm-aid-shop" data-testid="aid-shop">
      <Link to={`/shop/${shop.id}`} className="cm-aid-shop__link">
        <LazyImage src={shop.logo} alt="" className="cm-aid-shop__logo" />
        <span className="cm-aid-shop__name">{shop.name}</span>
      </Link>
      {isSupportedToday ? (
        <span className="cm-aid-shop__done">
          <HeartFill /> {t('mutualAid.supportedToday')}
        </span>
      ) : (
        <button type="button" className="cm-pill cm-aid-shop__support" disabled={isPending} onClick={onSupport}>
          {t('mutualAid.support')}
        </button>
      )}
    </div>
  );
}

/** Mutual aid (docs/spec.md §2 `/mutualAid`): support one shop a day, see the days and the rule. */
export default function MutualAidPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(assistStatusQuery());
  const [draft, setDraft] = useState('');
  const search = useShopSearch(draft);
  const hot = useHotShops();
  const support = useMutation({
    mutationFn: (shop: ShopCard) => supportShop(shop.id),
    onSuccess: () => toast(t('success.supportSucceeded'), 'success'),
    // A refusal is toasted by the API client with the server's words (already supported today,
    // own shop); the status is fetched again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['assist-status'] });
      void queryClient.invalidateQueries({ queryKey: ['assist-list'] });
    },
  });
  const data = status.data;
  const shops = search.keyword ? search.shops : (hot.data?.list ?? []);

  return (
    <Page
      className="cm-aid"
      right={
        <Link to="/mutualAidhHistroy" className="cm-aid__history" aria-label={t('routes.mutualAidhHistroy')}>
          <ClockCircleOutline />
        </Link>
      }
    >
      <div className="cm-aid-hero" data-testid="aid-hero">
        <p className="cm-aid-hero__label">{t('mutualAid.cumulativeDays')}</p>
        <p className="cm-aid-hero__days" data-testid="aid-days">
          {data ? t('mutualAid.daysValue', { count: data.days }) : <DotLoading color="white" />}
        </p>
        <div className="cm-aid-hero__today">
          {data?.today_shop ? (
            <>
              <LazyImage src={data.today_shop.logo} alt="" className="cm-aid-hero__logo" />
              <span>
                {t('mutualAid.todayShop', { name: data.today_shop.name })}
                <br />
                <small>{t('mutualAid.shopDays', { count: data.today_shop.support_days })}</small>
              </span>
            </>
          ) : (
            <span>{t('mutualAid.notYetToday')}</span>
          )}
        </div>
        <Link to="/mutualAidhHistroy" className="cm-aid-hero__record">
          {t('routes.mutualAidhHistroy')} <RightOutline />
        </Link>
      </div>

      {data?.helped_today && (
        <NoticeBar
          className="cm-aid__notice"
          data-testid="aid-notice"
          content={t('mutualAid.alreadyNotice')}
          color="info"
          wrap
        />
      )}

      <Section title={t('mutualAid.findShop')}>
        <SearchBar
          placeholder={t('mutualAid.searchPlaceholder')}
          value={draft}
          onChange={setDraft}
          aria-label={t('mutualAid.searchPlaceholder')}
        />
        <p className="cm-hint cm-aid__list-title">
          {search.keyword ? t('mutualAid.results') : t('mutualAid.suggested')}
          {(search.isSearching || hot.isPending) && <DotLoading />}
        </p>
        {shops.length === 0 && search.keyword && !search.isSearching ? (
          <p className="cm-aid__none">{t('mutualAid.noShop')}</p>
        ) : (
          <div className="cm-aid__shops">
            {shops.map((shop) => (
              <ShopChoice
                key={shop.id}
                shop={shop}
                isSupportedToday={data?.today_shop?.id === shop.id}
                isPending={support.isPending}
                onSupport={() => support.mutate(shop)}
              />
            ))}
          </div>
        )}
      </Section>

      <Section title={t('mutualAid.ruleTitle')}>
        <ul className="cm-aid__rule">
          <li>{t('mutualAid.ruleOncePerDay')}</li>
          <li>{t('mutualAid.ruleVisibility')}</li>
          <li>{t('mutualAid.ruleFactors')}</li>
          <li>{t('mutualAid.ruleDiminishing')}</li>
          <li>{t('mutualAid.ruleOwnShop')}</li>
        </ul>
      </Section>
    </Page>
  );
}
