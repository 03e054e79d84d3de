import { useQuery } from '@tanstack/react-query';
import { Button, Input, NavBar, Result, TabBar } from 'antd-mobile';
import { AppOutline, BillOutline, FileOutline, MessageOutline, SetOutline, ShopbagOutline } from 'antd-mobile-icons';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { login } from '../../features/auth/api/login.ts';
import { getMerchantInfo } from '../../features/seller/seller-api.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import '../../features/seller/seller.css';
import { logout } from '../../shared/session/account-api.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { startSession } from '../../shared/session/start-session.ts';
import { toast } from '../../shared/ui/feedback.ts';
import { LanguageSheetButton } from '../../shared/ui/language-sheet.tsx';
import './seller.css';

const DashboardPage = lazy(() => import('../../features/seller/pages/dashboard-page.tsx'));
const ProductsPage = lazy(() => import('../../features/seller/pages/products-page.tsx'));
const ProductFormPage = lazy(() => import('../../features/seller/pages/product-form-page.tsx'));
const OrdersPage = lazy(() => import('../../features/seller/pages/orders-page.tsx'));
const OrderDetailPage = lazy(() => import('../../features/seller/pages/order-detail-page.tsx'));
const AfterSalePage = lazy(() => import('../../features/seller/pages/after-sale-page.tsx'));
const ShopPage = lazy(() => import('../../features/seller/pages/shop-page.tsx'));
const MoneyPage = lazy(() => import('../../features/seller/pages/money-page.tsx'));

const sections = [
  { key: '/seller', title: 'seller.dashboard', icon: <AppOutline /> },
  { key: '/seller/products', title: 'seller.products', icon: <ShopbagOutline /> },
  { key: '/seller/orders', title: 'seller.orders', icon: <FileOutline /> },
  { key: '/seller/after-sale', title: 'seller.afterSale', icon: <MessageOutline /> },
  { key: '/seller/shop', title: 'seller.shop', icon: <SetOutline /> },
  { key: '/seller/money', title: 'seller.money', icon: <BillOutline /> },
] as const;

function SellerLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!account.trim() || !password) return toast(t('validation.account_password_required'));
    setPending(true);
    try {
      startSession((await login({ account: account.trim(), password })).userinfo);
      navigate('/seller', { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="cm-seller cm-seller--login">
      <NavBar back={null} right={<LanguageSheetButton />}>
        {t('seller.title')}
      </NavBar>
      <div className="cm-auth">
        <div className="cm-auth__brand cm-auth__brand--seller" aria-hidden="true">
          S
        </div>
        <h1 className="cm-auth__title">{t('seller.loginTitle')}</h1>
        <p className="cm-auth__subtitle">{t('seller.loginSubtitle')}</p>
        <form className="cm-form" onSubmit={onSubmit} noValidate>
          <div className="cm-field">
            <label className="cm-field__label" htmlFor="seller-account">
              {t('auth.account')}
            </label>
            <Input
              id="seller-account"
              name="account"
              placeholder={t('auth.accountPlaceholder')}
              value={account}
              onChange={setAccount}
            />
          </div>
          <div className="cm-field">
            <label className="cm-field__label" htmlFor="seller-password">
              {t('auth.password')}
            </label>
            <Input
              id="seller-password"
              name="password"
              type="password"
              placeholder={t('auth.passwordPlaceholder')}
              value={password}
              onChange={setPassword}
            />
          </div>
          <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
            {t('auth.submit')}
          </Button>
        </form>
        <Link className="cm-auth__merchant" to="/home">
          {t('seller.backToShop')}
        </Link>
      </div>
    </div>
  );
}

/** Who may enter: merchants with an open or closed shop; others see why not and what to do. */
function SellerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isError } = useQuery({ queryKey: ['merchant', 'info'], queryFn: getMerchantInfo });
  async function onLogout() {
    await logout().catch(() => undefined);
    useSession.getState().clearSession();
    navigate('/seller/login', { replace: true });
  }
  if (!data && !isError) return <div className="cm-area-loading" aria-busy="true" />;
  const logoutButton = (
    <Button fill="none" onClick={onLogout}>
      {t('seller.logout')}
    </Button>
  );
  if (data?.role === 'merchant' && data.shop && data.shop.status !== -1) return <>{children}</>;
  const suspended = data?.shop?.status === -1;
  const application = data?.application;
  return (
    <div className="cm-seller">
      <NavBar back={null} right={<LanguageSheetButton />}>
        {t('seller.title')}
      </NavBar>
      <Result
        status={suspended ? 'error' : application?.status === 0 ? 'waiting' : 'info'}
        title={t(
          suspended
            ? 'seller.suspended'
            : application?.status === 0
              ? 'seller.applyPending'
              : application?.status === 2
                ? 'seller.applyRefused'
                : 'seller.applyFirst',
        )}
        description={
          suspended
            ? [t('seller.suspendedHint'), data?.shop?.suspend_reason].filter(Boolean).join(' ')
            : application?.status === 2
              ? t('seller.refusedReason', { reason: application.reason ?? '' })
              : t('seller.applyFirstHint')
        }
      />
      <div className="cm-seller-gate">
        {!suspended && application?.status !== 0 && (
          <Link to="/platform">
            <Button block color="primary">
              {t(application?.status === 2 ? 'seller.applyAgain' : 'seller.applyNow')}
            </Button>
          </Link>
        )}
        {logoutButton}
      </div>
    </div>
  );
}

function SellerLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active =
    [...sections].reverse().find((section) => pathname === section.key || pathname.startsWith(`${section.key}/`)) ??
    sections[0];
  const isSubPage = pathname.split('/').length > 3;
  return (
    <SellerGate>
      <div className="cm-seller">
        <NavBar back={isSubPage ? '' : null} onBack={() => navigate(-1)} right={<LanguageSheetButton />}>
          {t(active.title)}
        </NavBar>
        <main className="cm-seller__body">
          <Suspense fallback={<div className="cm-area-loading" aria-busy="true" />}>
            <Routes>
              <Route index element={<DashboardPage />} />
              <Route path="products" element={<ProductsPage />} />
              <Route path="products/:id" element={<ProductFormPage />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="orders/:id" element={<OrderDetailPage />} />
              <Route path="after-sale" element={<AfterSalePage />} />
              <Route path="shop" element={<ShopPage />} />
              <Route path="money" element={<MoneyPage />} />
              <Route path="*" element={<Navigate to="/seller" replace />} />
            </Routes>
          </Suspense>
        </main>
        <TabBar activeKey={active.key} onChange={(key) => navigate(key)} safeArea>
          {sections.map((section) => (
            <TabBar.Item key={section.key} icon={section.icon} title={t(section.title)} />
          ))}
        </TabBar>
      </div>
    </SellerGate>
  );
}

/** The seller platform (`/seller`, antd-mobile, phone first): its login, the merchant gate and six tabs. */
export default function SellerArea() {
  const hasToken = useSession((state) => state.token !== '');
  return (
    <Routes>
      <Route path="login" element={hasToken ? <Navigate to="/seller" replace /> : <SellerLogin />} />
      <Route path="*" element={hasToken ? <SellerLayout /> : <Navigate to="/seller/login" replace />} />
    </Routes>
  );
}
