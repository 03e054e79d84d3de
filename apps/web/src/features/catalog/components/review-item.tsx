import type { Review } from '@crossmart/contract';
import { useTranslation } from 'react-i18next';
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

/** One review: reviewer, stars, the chosen spec, text and pictures. */
export function ReviewItem({ review }: { review: Review }) {
  useTranslation(); // re-render on a language switch
  const date = formatDate(review.created_at);
  return (
    <article className="cm-review">
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
      {review.spec_text && <p className="cm-review__spec">{review.spec_text}</p>}
      <p className="cm-review__text">{review.content}</p>
      {review.images.length > 0 && (
        <div className="cm-review__images">
          {review.images.map((image) => (
            <LazyImage key={image} src={image} alt="" className="cm-review__image" />
          ))}
        </div>
      )}
    </article>
  );
}
