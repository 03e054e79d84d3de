import { Skeleton } from 'antd-mobile';

/** First-load placeholder for a list of rows. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="cm-skeleton-list" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="cm-skeleton-row">
          <Skeleton animated className="cm-skeleton-thumb" />
          <div className="cm-skeleton-lines">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        </div>
      ))}
    </div>
  );
}

/** First-load placeholder for a two-column product grid. */
export function GridSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div className="cm-product-grid" aria-busy="true">
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="cm-card">
          <Skeleton animated className="cm-skeleton-image" />
          <div className="cm-card__body">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
