import { Button, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { startSession } from '../../../shared/session/start-session.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LanguageSheetButton } from '../../../shared/ui/language-sheet.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { login } from '../api/login.ts';
import '../auth.css';

/** Log in (docs/spec.md §2 `/login`, §5: account and password required). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!account.trim() || !password) {
      toast(t('validation.account_password_required'));
      return;
    }
    setPending(true);
    try {
      const { userinfo } = await login({ account: account.trim(), password });
      startSession(userinfo);
      toast(t('success.login'), 'success');
      navigate(params.get('redirect') ?? '/', { replace: true });
    } catch {
      // The API client has shown the reason.
    } finally {
      setPending(false);
    }
  }

  return (
    <Page right={<LanguageSheetButton />}>
      <div className="cm-auth">
        <div className="cm-auth__brand" aria-hidden="true">
          C
        </div>
        <h2 className="cm-auth__title">{t('auth.welcome')}</h2>
        <p className="cm-auth__subtitle">{t('auth.subtitle')}</p>
        <form className="cm-form" onSubmit={onSubmit} noValidate>
          <div className="cm-field">
            <label className="cm-field__label" htmlFor="login-account">
              {t('auth.account')}
            </label>
            <Input
              id="login-account"
              name="account"
              autoComplete="username"
              placeholder={t('auth.accountPlaceholder')}
              value={account}
              onChange={setAccount}
              clearable
            />
          </div>
          <div className="cm-field">
            <label className="cm-field__label" htmlFor="login-password">
              {t('auth.password')}
            </label>
            <span className="cm-field__row">
              <Input
                id="login-password"
                name="password"
                type={visible ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder={t('auth.passwordPlaceholder')}
                value={password}
                onChange={setPassword}
              />
              <button
                type="button"
                className="cm-field__toggle"
                aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
                onClick={() => setVisible((value) => !value)}
              >
                {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
              </button>
            </span>
          </div>
          <div className="cm-auth__forgot">
            <Link to="/forgotPassword">{t('auth.forgotPassword')}</Link>
          </div>
          <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
            {t('auth.submit')}
          </Button>
        </form>
        <p className="cm-auth__switch">
          {t('auth.noAccount')} <Link to="/register">{t('auth.register')}</Link>
        </p>
        <Link className="cm-auth__merchant" to="/seller/login">
          {t('auth.merchantSignIn')}
        </Link>
      </div>
    </Page>
  );
}
