import { List } from 'antd-mobile';
import { KeyOutline, LockOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';
import '../account.css';

/** Security (docs/spec.md §2 `/security`): the login password and the payment code. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasPayPassword = useSession((state) => state.userInfo?.has_pay_password === true);
  return (
    <Page>
      <Section>
        <List className="cm-menu">
          <List.Item
            prefix={<LockOutline />}
            description={t('security.passwordHint')}
            onClick={() => navigate('/changePassword')}
          >
            {t('routes.changePassword')}
          </List.Item>
          <List.Item
            prefix={<KeyOutline />}
            description={t('security.payCodeHint')}
            extra={
              <span className={`cm-badge${hasPayPassword ? '' : ' cm-badge--warn'}`}>
                {t(hasPayPassword ? 'security.payCodeSet' : 'security.payCodeNotSet')}
              </span>
            }
            onClick={() => navigate('/changePayPwd')}
          >
            {t('routes.changePayPwd')}
          </List.Item>
          <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate('/forgotPassword')}>
            {t('routes.forgotPassword')}
          </List.Item>
        </List>
      </Section>
    </Page>
  );
}
