import type { Review } from '@crossmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { flatten, useLang } from '../api/keys.ts';
import { productReviewsQuery } from '../api/product-detail.ts';
import { ReviewItem } from './review-item.tsx';

/** Every review of a product in a bottom sheet, with pull-to-refresh and load-more. */
export function ReviewsPopup({ productId, open, onClose }: { productId: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const reviews = useInfiniteQuery({ ...productReviewsQuery(useLang(), productId), enabled: open });
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="cm-sheet" destroyOnClose>
      <div className="cm-sheet__head">
        <h2 className="cm-section__title">{t('catalog.reviews')}</h2>
        <button type="button" className="cm-sheet__close" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
      <div className="cm-sheet__body">
        <PagedList<Review>
          items={flatten(reviews.data?.pages)}
          hasMore={reviews.hasNextPage}
          isLoading={reviews.isPending}
          loadMore={() => reviews.fetchNextPage()}
          refresh={() => reviews.refetch()}
          getKey={(review) => review.id}
          renderItem={(review) => <ReviewItem review={review} />}
          empty="noRecords"
        />
      </div>
    </Popup>
  );
}
