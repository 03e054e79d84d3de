import { useQuery } from '@tanstack/react-query';
import { Button, Card, ConfigProvider, Form, Input, Layout, Menu, Result, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RefundQueue } from '../../features/after-sale-admin/refund-queue.tsx';
import { login } from '../../features/auth/api/login.ts';
import { AuditLogPage } from '../../features/console-admin/audit-log-page.tsx';
import { fetchMe } from '../../features/console-admin/console-api.ts';
import { DashboardPage } from '../../features/console-admin/dashboard-page.tsx';
import { LedgerPage } from '../../features/console-admin/ledger-page.tsx';
import { OrderDetailPage, OrderListPage } from '../../features/console-admin/orders-page.tsx';
import { OutboxPage } from '../../features/console-admin/outbox-page.tsx';
import { PromosPage } from '../../features/console-admin/promos-page.tsx';
import { ShopsPage } from '../../features/console-admin/shops-page.tsx';
import { UserDetailPage, UserListPage } from '../../features/console-admin/users-page.tsx';
import { ApplicationQueue } from '../../features/merchant-admin/application-queue.tsx';
import { ServiceInbox } from '../../features/service-admin/service-inbox.tsx';
import { ComplaintQueue } from '../../features/support-admin/complaint-queue.tsx';
import { ContentEditor } from '../../features/support-admin/content-editor.tsx';
import { RechargeQueue, WithdrawalQueue } from '../../features/wallet-admin/pages/audit-queues.tsx';
import { WalletSettings } from '../../features/wallet-admin/pages/wallet-settings.tsx';
import { currentLanguage, i18n, loadAdminTexts } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { fetchUserInfo, logout } from '../../shared/session/account-api.ts';
import { AdminAccessContext } from '../../shared/session/admin-access.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { startSession } from '../../shared/session/start-session.ts';
import './admin.css';
import type { AdminSectionKey } from './section-keys.ts';

/**
 * The console's sections: the menu entry, its screen, and the route the role must be allowed
 * (plugins/admin-permissions.ts on the server) for the entry to show. Other issues add their
 * screens here.
 */
const sections: { key: AdminSectionKey; needs: string; element: ReactNode; path?: string }[] = [
  { key: 'dashboard', needs: 'GET /api/admin/dashboard', element: <DashboardPage /> },
  { key: 'users', needs: 'GET /api/admin/user_list', element: <UserListPage /> },
  { key: 'shops', needs: 'GET /api/admin/shop_list', element: <ShopsPage /> },
  { key: 'orders', needs: 'GET /api/admin/order_list', element: <OrderListPage /> },
  { key: 'merchants', needs: 'GET /api/admin/merchant_apply_list', element: <ApplicationQueue /> },
  { key: 'recharges', needs: 'GET /api/admin/recharge_list', element: <RechargeQueue /> },
  { key: 'withdrawals', needs: 'GET /api/admin/extract_list', element: <WithdrawalQueue /> },
  { key: 'refunds', needs: 'GET /api/admin/refund_list', element: <RefundQueue /> },
  { key: 'service', needs: 'GET /api/admin/service_inbox', element: <ServiceInbox /> },
  { key: 'complaints', needs: 'GET /api/admin/complaint_list', element: <ComplaintQueue /> },
  { key: 'promos', needs: 'GET /api/admin/promo_list', element: <PromosPage /> },
  { key: 'ledger', needs: 'GET /api/admin/ledger_transactions', element: <LedgerPage /> },
  { key: 'audit', needs: 'GET /api/admin/audit_log', element: <AuditLogPage /> },
  { key: 'outbox', needs: 'GET /api/admin/mail_outbox', element: <OutboxPage /> },
  { key: 'content', needs: 'GET /api/admin/content_list', element: <ContentEditor /> },
  { key: 'settings', needs: 'GET /api/admin/settings', element: <WalletSettings /> },
];
/** Detail screens under a section (`/admin/users/12`). */
const details: Record<string, { needs: string; element: ReactNode }> = {
  users: { needs: 'GET /api/admin/user_detail', element: <UserDetailPage /> },
  orders: { needs: 'GET /api/admin/order_detail', element: <OrderDetailPage /> },
};
const theme = { token: { colorPrimary: '#ff5a1f', borderRadius: 8 } };

/** Loads the admin locale part (and again on a language switch); the screens wait for it. */
function useAdminTexts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const load = () => {
      loadAdminTexts(currentLanguage()).then(
        () => setReady(true),
        () => setReady(true),
      );
    };
    load();
    i18n.on('languageChanged', load);
    return () => i18n.off('languageChanged', load);
  }, []);
  return ready;
}

function AdminLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function onFinish(values: { account: string; password: string }) {
    setPending(true);
    try {
      startSession((await login(values)).userinfo);
      navigate('/admin', { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="cm-admin-login">
      <Card className="cm-admin-login__card">
        <Typography.Title level={3}>{t('admin.loginTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.loginSubtitle')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item
            name="account"
            label={t('auth.account')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('auth.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

function NoPermission() {
  const { t } = useTranslation();
  return <Result status="403" title={t('adminConsole.forbiddenTitle')} subTitle={t('adminConsole.forbidden')} />;
}

function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession((state) => state.userInfo);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (user) return;
    fetchUserInfo().then(useSession.getState().setUserInfo, () => setLoadFailed(true));
  }, [user]);
  const isAdmin = user?.role === 'admin';
  const me = useQuery({ queryKey: ['admin', 'me', user?.id], queryFn: fetchMe, enabled: isAdmin, staleTime: 60_000 });
  const [, , sectionKey = 'dashboard', detailId] = pathname.split('/');
  async function onLogout() {
    await logout().catch(() => undefined);
    useSession.getState().clearSession();
    navigate('/admin/login', { replace: true });
  }
  if (!user && !loadFailed) return <div className="cm-area-loading" aria-busy="true" />;
  if (!isAdmin) {
    return (
      <Result
        status="403"
        title={t('admin.title')}
        subTitle={t('admin.noPermission')}
        extra={<Button onClick={onLogout}>{t('admin.logout')}</Button>}
      />
    );
  }
  if (!me.data) return <div className="cm-area-loading" aria-busy="true" />;
  const allowed = new Set(me.data.allowed);
  const visible = sections.filter((section) => allowed.has(section.needs));
  const section = sections.find((entry) => entry.key === sectionKey);
  const detail = detailId ? details[sectionKey] : undefined;
  const screen = !section ? (
    <Navigate to="/admin" replace />
  ) : detail ? (
    allowed.has(detail.needs) ? (
      detail.element
    ) : (
      <NoPermission />
    )
  ) : allowed.has(section.needs) ? (
    section.element
  ) : (
    <NoPermission />
  );
  return (
    <AdminAccessContext.Provider value={me.data}>
      <Layout className="cm-admin">
        <Layout.Sider width={220} theme="light" className="cm-admin__sider">
          <div className="cm-admin__logo">{t('admin.title')}</div>
          <Menu
            mode="inline"
            selectedKeys={[sectionKey]}
            items={visible.map((entry) => ({ key: entry.key, label: t(`adminConsole.menu.${entry.key}`) }))}
            onClick={({ key }) => navigate(key === 'dashboard' ? '/admin' : `/admin/${key}`)}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="cm-admin__header">
            <Typography.Title level={4} className="cm-admin__heading">
              {t(`adminConsole.menu.${section?.key ?? 'dashboard'}`)}
            </Typography.Title>
            <Space>
              <Typography.Text strong>{me.data.name}</Typography.Text>
              <Tag color={me.data.admin_role === 'super' ? 'volcano' : 'blue'}>
                {t(`adminConsole.roles.${me.data.admin_role}`)}
              </Tag>
              <Button onClick={onLogout}>{t('admin.logout')}</Button>
            </Space>
          </Layout.Header>
          <Layout.Content className="cm-admin__content">{screen}</Layout.Content>
        </Layout>
      </Layout>
    </AdminAccessContext.Provider>
  );
}

/** The admin console (`/admin`, antd, desktop): its own layout, login page and locale part. */
export default function AdminArea() {
  const hasToken = useSession((state) => state.token !== '');
  const textsReady = useAdminTexts();
  if (!textsReady) return <div className="cm-area-loading" aria-busy="true" />;
  return (
    <ConfigProvider theme={theme} button={{ autoInsertSpace: false }}>
      <Routes>
        <Route path="login" element={hasToken ? <Navigate to="/admin" replace /> : <AdminLogin />} />
        <Route path="*" element={hasToken ? <AdminLayout /> : <Navigate to="/admin/login" replace />} />
      </Routes>
    </ConfigProvider>
  );
}
