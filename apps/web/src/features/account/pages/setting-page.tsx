import { getLanguage } from '@crossmart/contract/client';
import { List } from 'antd-mobile';
import { GlobalOutline, LockOutline, UserContactOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';

/** Settings (docs/spec.md §2 `/setting`): profile, language, security, and logout with confirmation. */
export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSession((state) => state.userInfo);
  const languageName =
    useSession((state) => state.setting?.language_name) ?? getLanguage(currentLanguage()).language_name;
  const name = [user?.family_name, user?.given_name].filter(Boolean).join(' ') || user?.account || '';
  return (
    <Page className="cm-me">
      <div className="cm-profile">
        <span className="cm-profile__avatar" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : (name.trim()[0]?.toUpperCase() ?? <UserContactOutline />)}
        </span>
        <div className="cm-profile__text">
          <p className="cm-profile__name">{name}</p>
          <p className="cm-profile__id">{user?.email ?? user?.account}</p>
        </div>
      </div>
      <Section>
        <List className="cm-menu">
          <List.Item prefix={<UserContactOutline />} extra={user?.account} onClick={() => navigate('/profile')}>
            {t('routes.profile')}
          </List.Item>
          <List.Item prefix={<GlobalOutline />} extra={languageName} onClick={() => navigate('/language')}>
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
