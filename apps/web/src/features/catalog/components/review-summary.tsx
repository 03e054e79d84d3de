import type { ReviewSummary as Summary } from '@crossmart/contract';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { numberFormat } from '../../../shared/lib/intl-cache.ts';
import { Stars } from './review-item.tsx';

const scores = [
  ['product_score', 'reviews.product'],
  ['service_score', 'reviews.service'],
  ['postage_score', 'reviews.postage'],
] as const;

const oneDecimal: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A product's reviews in figures: the average product score, the count, and the three averages as bars. */
export function ReviewSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  // The language's BCP 47 tag: the file names are not all tags ('kr', 'gr', 'pk' are not Korean, Greek, Urdu).
  const one = numberFormat(currentTag(), oneDecimal);
  return (
    <div className="cm-review-summary" data-testid="review-summary">
      <div className="cm-review-summary__main">
        <bdi className="cm-review-summary__score" dir="ltr" data-testid="review-average">
          {one.format(summary.product_score)}
        </bdi>
        <Stars score={Math.round(summary.product_score)} />
        <span className="cm-review-summary__count">{t('reviews.count', { value: summary.count })}</span>
      </div>
      <dl className="cm-review-summary__bars">
        {scores.map(([field, label]) => (
          <div key={field} className="cm-review-summary__bar">
            <dt>{t(label)}</dt>
            <dd>
              <span className="cm-review-summary__track" aria-hidden="true">
                <span style={{ width: `${(summary[field] / 5) * 100}%` }} />
              </span>
              <bdi dir="ltr" data-testid={`review-average-${field}`}>
                {one.format(summary[field])}
              </bdi>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
