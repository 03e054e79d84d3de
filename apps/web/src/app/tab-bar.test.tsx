import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import { cartCountKey } from '../shared/api/query-keys.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { unreadKey } from '../shared/session/unread-count.ts';
import { BottomTabs } from './tab-bar.tsx';

function renderTabs(counts: { cart: number; unread: number }) {
  i18n.addTexts('en', en);
  i18n.changeLanguage('en');
  useSession.getState().setToken('token-1');
  // Fresh forever: the badges come from this cache, never from a request.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData([...cartCountKey, 'token-1'], counts.cart);
  client.setQueryData([...unreadKey, 'token-1'], { notifications: counts.unread, service: 0, total: counts.unread });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BottomTabs active="/home" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What a screen reader announces for each tab: its aria-label, else its text outside aria-hidden parts. */
function tabNames(container: HTMLElement): string[] {
  return [...container.querySelectorAll('a')].map(
    (link) =>
      link.getAttribute('aria-label') ??
      [...link.children]
        .filter((child) => child.getAttribute('aria-hidden') !== 'true')
        .map((child) => child.textContent)
        .join(''),
  );
}

afterEach(() => {
  useSession.getState().setToken('');
});

describe('tab bar badges (heard, not only seen)', () => {
  it('names the me and bag tabs with their counts when a badge shows', () => {
    const { container } = renderTabs({ cart: 2, unread: 120 });
    expect(tabNames(container)).toEqual(['Home', 'Explore', 'Bag, items: 2', 'Me, unread: 99+']);
    expect([...container.querySelectorAll('.cm-tab__badge')].map((badge) => badge.textContent)).toEqual(['2', '99+']);
  });

  it('keeps the plain titles without badges', () => {
    const { container } = renderTabs({ cart: 0, unread: 0 });
    expect(tabNames(container)).toEqual(['Home', 'Explore', 'Bag', 'Me']);
    expect(container.querySelector('.cm-tab__badge')).toBeNull();
  });
});
