import { type OrderDetail, type OrderItem, orderCommentBodySchema, reviewLimits } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Rate, TextArea } from 'antd-mobile';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { orderDetailQuery } from '../../../shared/api/order-detail.ts';
import { ordersKey, productDetailKey, productReviewsKey } from '../../../shared/api/query-keys.ts';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useLineText } from '../../../shared/lib/use-line-text.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/feedback.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { postReview } from '../api/post-review.ts';
import { ReviewImages } from '../components/review-images.tsx';
import '../review.css';

const scoreFields = [
  ['product_score', 'review.productScore'],
  ['service_score', 'review.serviceScore'],
  ['postage_score', 'review.postageScore'],
] as const;
type ScoreField = (typeof scoreFields)[number][0];

/** The line being reviewed: picture, title and the bought specs. */
function ItemHead({ item }: { item: OrderItem }) {
  const text = useLineText();
  const specs = text.specs(item.specs);
  return (
    <div className="cm-review-form__item" data-testid="review-item">
      <LazyImage src={item.image} alt="" className="cm-review-form__thumb" />
      <span className="cm-review-form__item-text">
        <bdi className="cm-review-form__title">{item.title}</bdi>
        {specs && <bdi className="cm-review-form__specs">{specs}</bdi>}
      </span>
    </div>
  );
}

/** Why the line cannot be reviewed (already reviewed, or the order not completed), with the way on. */
function Notice({ order, item, text }: { order: OrderDetail; item: OrderItem; text: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ItemHead item={item} />
      <EmptyState kind="noRecords" description={text}>
        <div className="cm-review-form__links">
          <Link to={`/detail/${item.product_id}/${order.shop_id}`} className="cm-pill cm-pill--light">
            {t('review.viewProduct')}
          </Link>
          <Link to={`/orderInfo/${order.id}`} className="cm-pill cm-pill--light" replace>
            {t('review.backToOrder')}
          </Link>
        </div>
      </EmptyState>
    </>
  );
}

function ReviewForm({ order, item }: { order: OrderDetail; item: OrderItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setErrors, errorOf, clear } = useFieldErrors();
  const [scores, setScores] = useState<Record<ScoreField, number>>({
    product_score: 5,
    service_score: 5,
    postage_score: 5,
  });
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderCommentBodySchema.safeParse({
      order_id: order.id,
      item_id: item.id,
      ...scores,
      content,
      images,
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed);
      setErrors(errors);
      // docs/spec.md §8: "Review content cannot be empty" as a message, besides the field's error.
      if (errors.content) toast(t('messages.commentEmpty'));
      return;
    }
    setPending(true);
    try {
      await postReview(parsed.data);
      toast(t('success.save'), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: productDetailKey }),
        queryClient.invalidateQueries({ queryKey: productReviewsKey }),
      ]);
      navigate(`/orderInfo/${order.id}`, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      // Reviewed meanwhile (another tab): the order's lines say so, and the screen shows the notice.
      if (error instanceof ApiError && error.errorKey === 'ALREADY_COMMENTED') {
        await queryClient.invalidateQueries({ queryKey: ordersKey });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="cm-review-form" onSubmit={onSubmit} noValidate data-testid="review-form">
      <ItemHead item={item} />
      <fieldset className="cm-review-form__scores">
        <legend className="cm-review-form__legend">{t('review.scores')}</legend>
        {scoreFields.map(([field, label]) => (
          <div key={field} className="cm-review-form__score" data-testid={`score-${field}`}>
            <span className="cm-review-form__score-label" id={`label-${field}`}>
              {t(label)}
            </span>
            {/* The Rate reads the touch from the left edge, so it stays left-to-right in Arabic too. */}
            <span dir="ltr" className="cm-review-form__rate">
              <Rate
                value={scores[field]}
                allowClear={false}
                onChange={(value) => setScores((current) => ({ ...current, [field]: Math.max(1, value) }))}
                aria-labelledby={`label-${field}`}
              />
            </span>
            <span className="cm-review-form__score-word" data-testid="score-word">
              {t(`review.scoreWord.${scores[field]}`)}
            </span>
          </div>
        ))}
      </fieldset>
      <div className={`cm-field${errorOf('content') ? ' cm-field--error' : ''}`}>
        <label className="cm-field__label" htmlFor="review-content">
          {t('review.content')}
        </label>
        <TextArea
          id="review-content"
          value={content}
          onChange={(value) => {
            setContent(value);
            clear('content');
          }}
          placeholder={t('review.contentPlaceholder')}
          rows={5}
          maxLength={reviewLimits.contentMaxLength}
          showCount
        />
        {errorOf('content') && (
          <p className="cm-field__error" role="alert">
            {errorOf('content')}
          </p>
        )}
      </div>
      <div className={`cm-field${errorOf('images') ? ' cm-field--error' : ''}`}>
        <span className="cm-field__label">{t('review.pictures')}</span>
        <ReviewImages onChange={setImages} />
        {errorOf('images') && (
          <p className="cm-field__error" role="alert">
            {errorOf('images')}
          </p>
        )}
      </div>
      <Button
        type="submit"
        color="primary"
        block
        shape="rounded"
        size="large"
        loading={pending}
        data-testid="review-submit"
      >
        {t('review.submit')}
      </Button>
    </form>
  );
}

/** `/comment?order_id=&item_id=`: the review of one line of a completed order (docs/spec.md §2, §4). */
export default function CommentPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const orderId = parseId(search.get('order_id'));
  const itemId = parseId(search.get('item_id'));
  const query = useQuery({ ...orderDetailQuery(orderId ?? 0, i18n.language), enabled: orderId !== undefined });
  const order = query.data;
  const item = order?.items.find((line) => line.id === itemId);
  let body: ReactNode;
  if (orderId !== undefined && query.isPending) body = <ListSkeleton rows={3} />;
  else if (query.isError && isRetryable(query.error)) body = <LoadError onRetry={() => query.refetch()} />;
  else if (!order || !item)
    body = (
      <EmptyState kind="noRecords" description={t('orders.notFound')}>
        <Link to="/myPurchases/4" className="cm-pill cm-pill--light" replace>
          {t('orders.backToList')}
        </Link>
      </EmptyState>
    );
  else if (item.reviewed) body = <Notice order={order} item={item} text={t('messages.alreadyCommented')} />;
  else if (order.status !== 4) body = <Notice order={order} item={item} text={t('review.notCompleted')} />;
  else body = <ReviewForm key={item.id} order={order} item={item} />;
  return <Page className="cm-review-page">{body}</Page>;
}
