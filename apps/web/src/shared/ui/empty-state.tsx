import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** The empty-state texts of docs/spec.md §2. */
export type EmptyKind = 'noRecords' | 'noProducts' | 'noLogistics' | 'noSpecs';

const art: Record<EmptyKind, ReactNode> = {
  noRecords: (
    <>
      <rect x="22" y="14" width="52" height="66" rx="8" />
      <path d="M34 34h28M34 46h28M34 58h16" />
    </>
  ),
  noProducts: (
    <>
      <path d="M22 34h52l-5 44H27z" />
      <path d="M36 34v-6a12 12 0 0 1 24 0v6" />
    </>
  ),
  noLogistics: (
    <>
      <rect x="14" y="30" width="42" height="30" rx="4" />
      <path d="M56 40h14l10 10v10H56z" />
      <circle cx="30" cy="66" r="6" />
      <circle cx="66" cy="66" r="6" />
    </>
  ),
  noSpecs: (
    <>
      <rect x="18" y="18" width="26" height="26" rx="6" />
      <rect x="52" y="18" width="26" height="26" rx="6" />
      <rect x="18" y="52" width="26" height="26" rx="6" />
      <rect x="52" y="52" width="26" height="26" rx="6" />
    </>
  ),
};

/** An empty state with its illustration and the spec's text; `children` may add an action. */
export function EmptyState({
  kind,
  description,
  children,
}: {
  kind: EmptyKind;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="cm-empty" role="status">
      <svg className="cm-empty__art" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="46" className="cm-empty__halo" />
        <g className="cm-empty__lines">{art[kind]}</g>
      </svg>
      <p className="cm-empty__text">{description ?? t(`empty.${kind}`)}</p>
      {children}
    </div>
  );
}
