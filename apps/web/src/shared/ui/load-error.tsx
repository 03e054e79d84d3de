import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * The failure state of a screen or list whose call failed (offline, timeout, server error): what
 * happened and a retry button wired to the query's refetch. The API client has already toasted the
 * exact reason.
 */
export function LoadError({ onRetry, compact = false }: { onRetry(): Promise<unknown>; compact?: boolean }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  return (
    <div className={`cm-load-error${compact ? ' cm-load-error--compact' : ''}`} role="alert" data-testid="load-error">
      {!compact && (
        <svg className="cm-empty__art" viewBox="0 0 96 96" aria-hidden="true">
          <circle cx="48" cy="48" r="46" className="cm-empty__halo" />
          <g className="cm-empty__lines">
            <path d="M26 44a32 32 0 0 1 44 0M34 53a20 20 0 0 1 28 0M43 62a7 7 0 0 1 10 0" />
            <path d="M30 30l36 40" />
          </g>
        </svg>
      )}
      <p className="cm-empty__text">{t('common.loadFailed')}</p>
      <button
        type="button"
        className="cm-pill-outline"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void onRetry().finally(() => setRetrying(false));
        }}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A failure the user can fix by trying again (not a refusal such as "not found"). */
export function isRetryable(error: unknown): boolean {
  // ApiError's kind, read without importing the client (the API client stays off the first load).
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind !== 'business' && kind !== 'unauthorized';
}
