/*
 * Loading placeholders in plain CSS (theme.css, `cm-skel`): no component library on the first load.
 * Each mirrors the size of what replaces it, so nothing moves when the content arrives.
 */

const placeholders = (count: number) => Array.from({ length: count }, (_, index) => index);

/** A grey line; `width` as a CSS length, `size` the text it stands for. */
export function SkeletonLine({ width, size = 'm' }: { width?: string; size?: 's' | 'm' | 'l' }) {
  return <span className={`cm-skel cm-skel-line cm-skel-line--${size}`} style={width ? { width } : undefined} />;
}

/** First-load placeholder for a list of rows (thumbnail, title, two lines). */
export function ListSkeleton({ rows = 4, thumb = true }: { rows?: number; thumb?: boolean }) {
  return (
    <div className="cm-skeleton-list" aria-busy="true" data-testid="skeleton">
      {placeholders(rows).map((index) => (
        <div key={index} className="cm-skeleton-row">
          {thumb && <span className="cm-skel cm-skeleton-thumb" />}
          <div className="cm-skeleton-lines">
            <SkeletonLine width="55%" size="l" />
            <SkeletonLine />
            <SkeletonLine width="70%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * First-load placeholder for a two-column product grid. It is built of the product card's own
 * classes (square media, two-line title box, price line holding a space in the price's font), so
 * the cards that replace it take exactly its height.
 */
export function GridSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div className="cm-product-grid" aria-busy="true" data-testid="skeleton">
      {placeholders(cards).map((index) => (
        <div key={index} className="cm-card cm-product">
          <span className="cm-product__media cm-skel" />
          <div className="cm-card__body">
            <span className="cm-product__title cm-skeleton-title">
              <SkeletonLine />
              <SkeletonLine width="65%" />
            </span>
            <span className="cm-product__meta">
              <span className="cm-price cm-skel cm-skel-word">{'\u00a0'}</span>
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}
