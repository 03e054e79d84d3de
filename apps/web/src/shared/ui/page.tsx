import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBack } from '../navigation/use-back.ts';
import { useRouteMeta } from './route-meta.ts';

export interface PageProps {
  /** Defaults to the route's title. */
  title?: ReactNode;
  /** An explicit back address (docs/spec.md §2); otherwise the stored history is popped. */
  backTo?: string;
  right?: ReactNode;
  /** Replaces the nav bar (e.g. the home search header). */
  header?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The frame of every shopper screen: a sticky nav bar with title and back button, then the content. */
export function Page({ title, backTo, right, header, children, className }: PageProps) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const goBack = useBack();
  const heading = title ?? t(meta.title);
  return (
    <div className={`cm-page${className ? ` ${className}` : ''}`}>
      <header className="cm-page__header">
        {header ?? (
          // antd-mobile's NavBar did no more than this row; its code was on every first screen.
          <div className="cm-navbar">
            <div className="cm-navbar__side">
              {!meta.isTab && (
                <button type="button" className="cm-back" aria-label={t('common.back')} onClick={() => goBack(backTo)}>
                  <LeftOutline />
                </button>
              )}
            </div>
            <div className="cm-navbar__title">
              <h1 className="cm-page__title">{heading}</h1>
            </div>
            <div className="cm-navbar__side cm-navbar__side--end">{right}</div>
          </div>
        )}
      </header>
      <div className="cm-page__body">{children}</div>
    </div>
  );
}

/** A titled group of content on a card surface. */
export function Section({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="cm-section">
      {(title || extra) && (
        <div className="cm-section__head">
          {title && <h2 className="cm-section__title">{title}</h2>}
          {extra}
        </div>
      )}
      {children}
    </section>
  );
}
