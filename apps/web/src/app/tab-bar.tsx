import { AppOutline, CompassOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { useCartCount } from '../shared/session/cart-count.ts';
import { useUnread } from '../shared/session/unread-count.ts';

const tabs = [
  { key: '/home', title: 'tabs.home', icon: <AppOutline /> },
  { key: '/explore', title: 'tabs.explore', icon: <CompassOutline /> },
  { key: '/bag', title: 'tabs.bag', icon: <ShopbagOutline /> },
  { key: '/filter', title: 'tabs.me', icon: <UserOutline /> },
] as const;

const badgeOf = (count: number) => (count > 0 ? (count > 99 ? '99+' : String(count)) : undefined);

/**
 * The four tabs of docs/spec.md §2; the bag carries the cart-count badge, me the unread notifications
 * and messages. Plain links, not antd-mobile's TabBar: it is on the first screen, and its component,
 * badge and helpers were 4 KB of the first load (bench/bundle-size.ts).
 */
export function BottomTabs({ active }: { active: string }) {
  const { t } = useTranslation();
  const cartCount = useCartCount();
  const unread = useUnread().total;
  return (
    <nav className="cm-tabbar" aria-label={t('tabs.label')}>
      {tabs.map((tab) => {
        const badge = tab.key === '/bag' ? badgeOf(cartCount) : tab.key === '/filter' ? badgeOf(unread) : undefined;
        const isActive = tab.key === active;
        return (
          <Link
            key={tab.key}
            to={tab.key}
            className={`cm-tab${isActive ? ' cm-tab--active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
          >
            <span className="cm-tab__icon" aria-hidden="true">
              {tab.icon}
              {badge && <span className="cm-tab__badge">{badge}</span>}
            </span>
            <span className="cm-tab__title" data-testid={`tab-${tab.key.slice(1)}`}>
              {t(tab.title)}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
