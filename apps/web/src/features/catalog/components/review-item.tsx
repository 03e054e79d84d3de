import type { Review } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDate } from '../../../shared/lib/format-time.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';

export function Stars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="cm-stars" role="img" aria-label={t('catalog.stars', { score })}>
      {'★★★★★'.slice(0, score)}
      <span className="cm-stars__off">{'★★★★★'.slice(score)}</span>
    </span>
  );
}

/** One review: reviewer, stars, the chosen spec, the three scores, text, pictures and the shop's reply. */
export function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation();
  const date = formatDate(review.created_at);
  return (
    <article className="cm-review" data-testid="review">
      <header className="cm-review__head">
        <span className="cm-review__avatar" aria-hidden="true">
          {review.reviewer_name.slice(0, 1).toUpperCase()}
        </span>
        <span className="cm-review__who">
          <span className="cm-review__name">{review.reviewer_name}</span>
          <Stars score={review.product_score} />
        </span>
        <time className="cm-review__date" dateTime={review.created_at}>
          {date}
        </time>
      </header>
      <p className="cm-review__spec">
        {review.spec_text && (
          <>
            <bdi>{review.spec_text}</bdi>
            {' · '}
          </>
        )}
        <span data-testid="review-scores">
          {t('reviews.scoresLine', {
            product: review.product_score,
            service: review.service_score,
            postage: review.postage_score,
          })}
        </span>
      </p>
      <p className="cm-review__text" dir="auto">
        {review.content}
      </p>
      {review.images.length > 0 && (
        <div className="cm-review__images">
          {review.images.map((image) => (
            <LazyImage key={image} src={image} alt="" className="cm-review__image" />
          ))}
        </div>
      )}
      {review.reply && (
        <p className="cm-review__reply" data-testid="review-reply">
          <span className="cm-review__reply-label">{t('reviews.reply')}</span> <bdi>{review.reply}</bdi>
        </p>
      )}
    </article>
  );
}
