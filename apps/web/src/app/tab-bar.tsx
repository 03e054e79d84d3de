import { AppOutline, CompassOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { useCartCount } from '../shared/session/cart-count.ts';
import { useUnread } from '../shared/session/unread-count.ts';

/** `badgeLabel`: the tab's accessible name when its badge shows (the title, then what the number counts). */
const tabs = [
  { key: '/home', title: 'tabs.home', icon: <AppOutline /> },
  { key: '/explore', title: 'tabs.explore', icon: <CompassOutline /> },
  { key: '/bag', title: 'tabs.bag', icon: <ShopbagOutline />, badgeLabel: 'tabs.bagLabel' },
  { key: '/filter', title: 'tabs.me', icon: <UserOutline />, badgeLabel: 'tabs.unreadLabel' },
] as const;

const badgeOf = (count: number) => (count > 0 ? (count > 99 ? '99+' : String(count)) : undefined);

/**
 * The four tabs of docs/spec.md §2; the bag carries the cart-count badge, me the unread notifications
 * and messages. Plain links, not antd-mobile's TabBar: it is on the first screen, and its component,
 * badge and helpers were 4 KB of the first load (bench/bundle-size.ts). The badge sits in the icon,
 * which screen readers skip, so a tab with a badge is named with its title and the number.
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
        const title = t(tab.title);
        return (
          <Link
            key={tab.key}
            to={tab.key}
            className={`cm-tab${isActive ? ' cm-tab--active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
            aria-label={badge && 'badgeLabel' in tab ? t(tab.badgeLabel, { title, value: badge }) : undefined}
          >
            <span className="cm-tab__icon" aria-hidden="true">
              {tab.icon}
              {badge && <span className="cm-tab__badge">{badge}</span>}
            </span>
            <span className="cm-tab__title" data-testid={`tab-${tab.key.slice(1)}`}>
              {title}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
