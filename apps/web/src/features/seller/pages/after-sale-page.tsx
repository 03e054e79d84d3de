import type { SellerReview } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Rate } from 'antd-mobile';
import { useState } from 'react';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { RefundsSection } from '../components/refunds-section.tsx';
import { ShopComplaints } from '../components/shop-complaints.tsx';
import { listReviews, replyReview } from '../seller-api.ts';

function ReviewCard({ review }: { review: SellerReview }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  return (
    <Card title={review.product_title} extra={new Date(review.created_at).toLocaleDateString(currentTag())}>
      <Rate readOnly value={review.score} />
      {/* A buyer's name and words keep their own direction (a Japanese review in Arabic ends with its 。). */}
      <p>
        <bdi>{review.reviewer}</bdi>: <bdi>{review.content}</bdi>
      </p>
      {review.reply ? (
        <p className="cm-seller-reply">
          {t('seller.yourReply')}: <bdi>{review.reply}</bdi>
        </p>
      ) : (
        <div className="cm-seller-toolbar">
          <Input placeholder={t('seller.replyPlaceholder')} value={reply} onChange={setReply} maxLength={500} />
          <Button
            size="small"
            color="primary"
            disabled={!reply.trim()}
            onClick={async () => {
              await replyReview(review.id, reply);
              toast(t('seller.replied'), 'success');
              await queryClient.invalidateQueries({ queryKey: ['seller', 'reviews'] });
            }}
          >
            {t('seller.reply')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** After-sale: refund requests to answer, reviews with a one-time reply, complaints about the shop. */
export default function AfterSalePage() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['seller', 'reviews'], queryFn: listReviews });
  return (
    <div className="cm-seller-page">
      <RefundsSection />
      <h2 className="cm-seller-heading">{t('seller.reviews')}</h2>
      {data && data.list.length === 0 && <Empty description={t('seller.noReviews')} />}
      {data?.list.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
      <ShopComplaints />
    </div>
  );
}
