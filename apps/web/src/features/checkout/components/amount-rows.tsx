import type { ReactNode } from 'react';

export interface AmountRow {
  label: ReactNode;
  value: ReactNode;
  /** A discount (shown as a saving), or the emphasised total. */
  tone?: 'saving' | 'total';
  testId?: string;
}

/** Label / amount pairs (freight, discount, totals), amounts aligned to the line end. */
export function AmountRows({ rows }: { rows: readonly AmountRow[] }) {
  return (
    <dl className="cm-co-amounts">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per render
        <div key={index} className={`cm-co-amounts__row${row.tone ? ` cm-co-amounts__row--${row.tone}` : ''}`}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
