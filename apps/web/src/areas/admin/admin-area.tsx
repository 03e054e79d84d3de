import { Button, Card, ConfigProvider, Empty, Form, Input, Layout, Menu, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RefundQueue } from '../../features/after-sale-admin/refund-queue.tsx';
import { login } from '../../features/auth/api/login.ts';
import { ApplicationQueue } from '../../features/merchant-admin/application-queue.tsx';
import { ServiceInbox } from '../../features/service-admin/service-inbox.tsx';
import { ComplaintQueue } from '../../features/support-admin/complaint-queue.tsx';
import { ContentEditor } from '../../features/support-admin/content-editor.tsx';
import { RechargeQueue, WithdrawalQueue } from '../../features/wallet-admin/pages/audit-queues.tsx';
import { WalletSettings } from '../../features/wallet-admin/pages/wallet-settings.tsx';
import { fetchUserInfo, logout } from '../../shared/session/account-api.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { startSession } from '../../shared/session/start-session.ts';
import './admin.css';

const sections = [
  'dashboard',
  'users',
  'merchants',
  'recharges',
  'withdrawals',
  'orders',
  'refunds',
  'service',
  'complaints',
  'content',
  'settings',
] as const;
const theme = { token: { colorPrimary: '#ff5a1f', borderRadius: 8 } };

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
  const active = pathname.split('/')[2] ?? 'dashboard';
  async function onLogout() {
    await logout().catch(() => undefined);
    useSession.getState().clearSession();
    navigate('/admin/login', { replace: true });
  }
  if (!user && !loadFailed) return <div className="cm-area-loading" aria-busy="true" />;
  if (user?.role !== 'admin') {
    return (
      <Result
        status="403"
        title={t('admin.title')}
        subTitle={t('admin.noPermission')}
        extra={<Button onClick={onLogout}>{t('admin.logout')}</Button>}
      />
    );
  }
  return (
    <Layout className="cm-admin">
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light">
        <div className="cm-admin__logo">{t('admin.title')}</div>
        <Menu
          mode="inline"
          selectedKeys={[active]}
          items={sections.map((key) => ({ key, label: t(`admin.${key}`) }))}
          onClick={({ key }) => navigate(key === 'dashboard' ? '/admin' : `/admin/${key}`)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="cm-admin__header">
          <Typography.Text strong>{t(`admin.${active}`)}</Typography.Text>
          <Button onClick={onLogout}>{t('admin.logout')}</Button>
        </Layout.Header>
        <Layout.Content className="cm-admin__content">
          {active === 'merchants' ? (
            <ApplicationQueue />
          ) : active === 'recharges' ? (
            <RechargeQueue />
          ) : active === 'withdrawals' ? (
            <WithdrawalQueue />
          ) : active === 'refunds' ? (
            <RefundQueue />
          ) : active === 'service' ? (
            <ServiceInbox />
          ) : active === 'complaints' ? (
            <ComplaintQueue />
          ) : active === 'content' ? (
            <ContentEditor />
          ) : active === 'settings' ? (
            <WalletSettings />
          ) : (
            <Card>
              <Empty description={t('admin.noData')} />
            </Card>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The admin console (`/admin`, antd): its own layout and login page; the admin issue fills it. */
export default function AdminArea() {
  const hasToken = useSession((state) => state.token !== '');
  return (
    <ConfigProvider theme={theme} button={{ autoInsertSpace: false }}>
      <Routes>
        <Route path="login" element={hasToken ? <Navigate to="/admin" replace /> : <AdminLogin />} />
        <Route path="*" element={hasToken ? <AdminLayout /> : <Navigate to="/admin/login" replace />} />
      </Routes>
    </ConfigProvider>
  );
}
