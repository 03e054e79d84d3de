import { getLanguage } from '@crossmart/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, List } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  ClockCircleOutline,
  EnvironmentOutline,
  FileOutline,
  GlobalOutline,
  HeartOutline,
  LikeOutline,
  LinkOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  ReceiptOutline,
  SetOutline,
  ShopbagOutline,
  TeamOutline,
  TruckOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { unreadKey, useUnread } from '../../../shared/session/unread-count.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { SkeletonLine } from '../../../shared/ui/skeletons.tsx';
import '../me.css';
import { RecentlyViewed } from '../../../shared/ui/recently-viewed.tsx';

const orderShortcuts = [
  { status: '0', icon: <PayCircleOutline /> },
  { status: '1', icon: <ShopbagOutline /> },
  { status: '2', icon: <TruckOutline /> },
  { status: '3', icon: <ReceiptOutline /> },
  { status: '-4', icon: <MessageOutline /> },
] as const;

const walletLinks = [
  { to: '/capitalRecord', title: 'routes.capitalRecord', icon: <BillOutline /> },
  { to: '/topUpRecord', title: 'routes.topUpRecord', icon: <ClockCircleOutline /> },
  { to: '/depositRecord', title: 'routes.depositRecord', icon: <BankcardOutline /> },
] as const;

const serviceLinks = [
  { to: '/address', title: 'routes.address', icon: <EnvironmentOutline /> },
  { to: '/myFavourite', title: 'routes.myFavourite', icon: <HeartOutline /> },
  { to: '/heart', title: 'routes.heart', icon: <LikeOutline /> },
  { to: '/notification', title: 'routes.notification', icon: <MailOutline /> },
  { to: '/language', title: 'routes.language', icon: <GlobalOutline /> },
  { to: '/security', title: 'routes.security', icon: <LockOutline /> },
  { to: '/service', title: 'routes.service', icon: <MessageOutline /> },
  { to: '/mutualAid', title: 'routes.mutualAid', icon: <TeamOutline /> },
  { to: '/helpAndSupport', title: 'routes.helpAndSupport', icon: <QuestionCircleOutline /> },
  { to: '/law', title: 'routes.law', icon: <FileOutline /> },
  { to: '/platform', title: 'routes.platform', icon: <LinkOutline /> },
  { to: '/setting', title: 'routes.setting', icon: <SetOutline /> },
] as const;

/** Me, the personal center (docs/spec.md §2 `/filter`). */
export default function MePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const user = useSession((state) => state.userInfo);
  const languageName =
    useSession((state) => state.setting?.language_name) ?? getLanguage(currentLanguage()).language_name;
  const onLogout = useLogout();
  const unread = useUnread();
  const queryClient = useQueryClient();
  const unreadOf: Partial<Record<string, number>> = {
    '/notification': unread.notifications,
    '/service': unread.service,
  };
  const name = [user?.family_name, user?.given_name].filter(Boolean).join(' ') || user?.account || '';

  // The balance and the rest of the user info are fetched again each time the screen is shown
  // (a kept-alive screen runs its effects again when it becomes visible).
  useEffect(() => {
    if (useSession.getState().userInfo) void refreshUserInfo().catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: unreadKey });
  }, [queryClient]);

  return (
    <Page className="cm-me">
      <div className="cm-profile">
        <Link to="/profile" className="cm-profile__link" aria-label={t('routes.profile')}>
          <span className="cm-profile__avatar" aria-hidden="true">
            {user?.avatar ? <img src={user.avatar} alt="" /> : (name.trim()[0]?.toUpperCase() ?? <UserCircleOutline />)}
          </span>
          <div className="cm-profile__text">
            <p className="cm-profile__greeting">{t('me.greeting')}</p>
            <p className="cm-profile__name" data-testid="me-name">
              {user ? name : <SkeletonLine width="8em" size="l" />}
            </p>
            {user && <p className="cm-profile__id">{t('me.accountId', { id: user.id })}</p>}
          </div>
        </Link>
        <Link to="/setting" className="cm-profile__edit" aria-label={t('routes.setting')}>
          <SetOutline />
        </Link>
      </div>

      <div className="cm-wallet-card">
        <div>
          <p className="cm-wallet-card__label">{t('me.balance')}</p>
          <p className="cm-wallet-card__amount" data-testid="balance">
            {user ? money(user.balance ?? 0) : <SkeletonLine width="6em" size="l" />}
          </p>
        </div>
        <div className="cm-wallet-card__actions">
          <Link to="/topUp" className="cm-pill cm-pill--light">
            {t('me.topUp')}
          </Link>
          <Link to="/withDraw" className="cm-pill cm-pill--ghost">
            {t('me.withdraw')}
          </Link>
        </div>
      </div>

      <Section
        title={t('me.orders')}
        extra={
          <Link className="cm-section__more" to="/myPurchases/all">
            {t('me.allOrders')}
          </Link>
        }
      >
        <div className="cm-shortcuts">
          {orderShortcuts.map((item) => (
            <Link key={item.status} to={`/myPurchases/${item.status}`} className="cm-shortcut">
              <span className="cm-shortcut__icon">{item.icon}</span>
              <span className="cm-shortcut__label">{t(`orderStatus.${item.status}`)}</span>
            </Link>
          ))}
        </div>
      </Section>

      <RecentlyViewed />

      <Section title={t('me.wallet')}>
        <List className="cm-menu">
          {walletLinks.map((item) => (
            <List.Item key={item.to} prefix={item.icon} onClick={() => navigate(item.to)}>
              {t(item.title)}
            </List.Item>
          ))}
        </List>
      </Section>

      <Section title={t('me.services')}>
        <List className="cm-menu">
          {serviceLinks.map((item) => (
            <List.Item
              key={item.to}
              prefix={item.icon}
              extra={
                item.to === '/language' ? (
                  languageName
                ) : unreadOf[item.to] ? (
                  <Badge content={unreadOf[item.to]} data-testid={`unread-${item.to.slice(1)}`} />
                ) : undefined
              }
              onClick={() => navigate(item.to)}
            >
              {t(item.title)}
            </List.Item>
          ))}
          <List.Item prefix={<ShopbagOutline />} onClick={() => navigate('/seller/login')}>
            {t('me.merchantSignIn')}
          </List.Item>
        </List>
      </Section>

      <button type="button" className="cm-logout" onClick={onLogout}>
        {t('me.logout')}
      </button>
    </Page>
  );
}
