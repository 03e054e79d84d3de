import type { Review } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { flatten, useLang } from '../api/keys.ts';
import { productReviewsQuery } from '../api/product-detail.ts';
import { ReviewItem } from './review-item.tsx';
import { ReviewSummary } from './review-summary.tsx';

/**
 * Every review of a product in a bottom sheet: the summary, the "all" / "with pictures" filter,
 * newest first, with pull-to-refresh and load-more.
 */
export function ReviewsPopup({
  productId,
  open,
  withPictures,
  onFilter,
  onClose,
}: {
  productId: number;
  open: boolean;
  /** The filter: only reviews with pictures, or all. */
  withPictures: boolean;
  onFilter(withPictures: boolean): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const reviews = useInfiniteQuery({ ...productReviewsQuery(useLang(), productId, withPictures), enabled: open });
  const summary = reviews.data?.pages[0]?.summary;
  const filters = [
    [false, t('reviews.all', { value: summary?.count ?? 0 })],
    [true, t('reviews.withPictures', { value: summary?.with_pictures ?? 0 })],
  ] as const;
  return (
    <Sheet visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="cm-sheet" destroyOnClose>
      <div className="cm-sheet__head">
        <h2 className="cm-section__title">{t('catalog.reviews')}</h2>
        <button type="button" className="cm-sheet__close" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
      <div className="cm-sheet__body" data-testid="reviews-sheet">
        {summary && summary.count > 0 && <ReviewSummary summary={summary} />}
        <div className="cm-review-filter">
          {filters.map(([value, label]) => (
            <button
              key={String(value)}
              type="button"
              aria-pressed={withPictures === value}
              className={`cm-chip${withPictures === value ? ' cm-chip--on' : ''}`}
              onClick={() => onFilter(value)}
              data-testid={value ? 'reviews-with-pictures' : 'reviews-all'}
            >
              {label}
            </button>
          ))}
        </div>
        <PagedList<Review>
          items={flatten(reviews.data?.pages)}
          hasMore={reviews.hasNextPage}
          isLoading={reviews.isPending}
          failed={reviews.isError}
          loadMore={() => reviews.fetchNextPage()}
          refresh={() => reviews.refetch()}
          getKey={(review) => review.id}
          renderItem={(review) => <ReviewItem review={review} />}
          empty="noRecords"
        />
      </div>
    </Sheet>
  );
}
