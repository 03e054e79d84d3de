import { Button, Input, NavBar, TabBar } from 'antd-mobile';
import { AppOutline, BillOutline, FileOutline, ShopbagOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { login } from '../../features/auth/api/login.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { startSession } from '../../shared/session/start-session.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { toast } from '../../shared/ui/feedback.ts';
import { LanguageSheetButton } from '../../shared/ui/language-sheet.tsx';
import './seller.css';

const sections = [
  { key: '/seller', title: 'seller.dashboard', icon: <AppOutline /> },
  { key: '/seller/products', title: 'seller.products', icon: <ShopbagOutline /> },
  { key: '/seller/orders', title: 'seller.orders', icon: <FileOutline /> },
  { key: '/seller/shop', title: 'seller.shop', icon: <BillOutline /> },
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

function SellerSection({ title }: { title: string }) {
  const { t } = useTranslation();
  return <EmptyState kind="noRecords" description={`${t(title)} · ${t('seller.noData')}`} />;
}

function SellerLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = sections.find((section) => section.key === pathname) ?? sections[0];
  return (
    <div className="cm-seller">
      <NavBar back={null}>{t(active.title)}</NavBar>
      <main className="cm-seller__body">
        <Routes>
          {sections.map((section) => (
            <Route
              key={section.key}
              path={section.key === '/seller' ? '/' : section.key.replace('/seller/', '')}
              element={<SellerSection title={section.title} />}
            />
          ))}
          <Route path="*" element={<Navigate to="/seller" replace />} />
        </Routes>
      </main>
      <TabBar activeKey={active.key} onChange={(key) => navigate(key)} safeArea>
        {sections.map((section) => (
          <TabBar.Item key={section.key} icon={section.icon} title={t(section.title)} />
        ))}
      </TabBar>
    </div>
  );
}

/** The seller platform (`/seller`, antd-mobile): its own layout and login page; the seller issue fills it. */
export default function SellerArea() {
  const hasToken = useSession((state) => state.token !== '');
  return (
    <Routes>
      <Route path="login" element={hasToken ? <Navigate to="/seller" replace /> : <SellerLogin />} />
      <Route path="*" element={hasToken ? <SellerLayout /> : <Navigate to="/seller/login" replace />} />
    </Routes>
  );
}
