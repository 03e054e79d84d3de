import { List } from 'antd-mobile';
import { GlobalOutline, LockOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session-store.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';

/** Settings (spec §2 `/setting`): profile, language, security, and logout with confirmation. */
export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSession((state) => state.userInfo);
  const setting = useSession((state) => state.setting);
  return (
    <Page>
      <Section>
        <List className="cm-menu">
          <List.Item prefix={<UserContactOutline />} extra={user?.account} onClick={() => navigate('/profile')}>
            {t('routes.profile')}
          </List.Item>
          <List.Item prefix={<GlobalOutline />} extra={setting?.language_name} onClick={() => navigate('/language')}>
            {t('routes.language')}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => navigate('/security')}>
            {t('routes.security')}
          </List.Item>
        </List>
      </Section>
      <button type="button" className="cm-logout" onClick={logout}>
        {t('me.logout')}
      </button>
    </Page>
  );
}
