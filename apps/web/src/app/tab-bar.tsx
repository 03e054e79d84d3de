import { TabBar } from 'antd-mobile';
import { AppOutline, CompassOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCartCount } from '../shared/session/cart-count.ts';
import { useUnread } from '../shared/session/unread-count.ts';

const tabs = [
  { key: '/home', title: 'tabs.home', icon: <AppOutline /> },
  { key: '/explore', title: 'tabs.explore', icon: <CompassOutline /> },
  { key: '/bag', title: 'tabs.bag', icon: <ShopbagOutline /> },
  { key: '/filter', title: 'tabs.me', icon: <UserOutline /> },
] as const;

const badgeOf = (count: number) => (count > 0 ? (count > 99 ? '99+' : count) : undefined);

/** The four tabs of docs/spec.md §2; the bag carries the cart-count badge, me the unread notifications and messages. */
export function BottomTabs({ active }: { active: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cartCount = useCartCount();
  const unread = useUnread().total;
  return (
    <nav className="cm-tabbar" aria-label={t('tabs.label')}>
      <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={<span data-testid={`tab-${tab.key.slice(1)}`}>{t(tab.title)}</span>}
            badge={tab.key === '/bag' ? badgeOf(cartCount) : tab.key === '/filter' ? badgeOf(unread) : undefined}
          />
        ))}
      </TabBar>
    </nav>
  );
}
