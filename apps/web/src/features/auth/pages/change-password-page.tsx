import { resetPasswordRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { NewPasswordFields, TextField } from '../../../shared/ui/text-field.tsx';
import { changePassword } from '../api/reset-password.ts';
import '../auth.css';

const empty = { oldpassword: '', newpassword: '', renewpassword: '' };

/**
 * Change the login password with the old one (docs/spec.md §2 `/changePassword` and `/passwords`). The server
 * ends every session of the user, this one included, so the session is cleared and the user logs in
 * again with the new password. `/changePassword` is open to visitors (docs/spec.md §6): they are sent to the
 * mailed-code reset instead.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasToken = useSession((state) => Boolean(state.token));
  const { form, setForm, field, validate, submit, pending } = useSchemaForm(empty);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!validate(resetPasswordRequestSchema, form)) return;
    await submit(async () => {
      await changePassword(form);
      setForm(empty);
      useSession.getState().clearSession();
      toast(t('password.changed'), 'success');
      navigate('/login', { replace: true });
    });
  }

  if (!hasToken) {
    return (
      <Page>
        <div className="cm-notice">
          <p>{t('password.visitorHint')}</p>
          <Link className="cm-pill" to="/forgotPassword">
            {t('routes.forgotPassword')}
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page>
      <p className="cm-hint">{t('password.hint')}</p>
      <form className="cm-form cm-card-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('password.old')}
          type="password"
          autoComplete="current-password"
          placeholder={t('password.oldHint')}
          {...field('oldpassword')}
        />
        <NewPasswordFields
          labels={{ password: t('password.new'), repeat: t('password.repeat') }}
          password={field('newpassword')}
          repeat={field('renewpassword')}
        />
        <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
          {t('password.submit')}
        </Button>
        <Link className="cm-form__link" to="/forgotPassword">
          {t('auth.forgotPassword')}
        </Link>
      </form>
    </Page>
  );
}
