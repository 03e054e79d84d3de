import { forgotCodeRequestSchema, resetPasswordRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '../../../shared/forms/form-errors.ts';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { NewPasswordFields, TextField } from '../../../shared/ui/text-field.tsx';
import { requestResetCode } from '../api/forgot-code.ts';
import { resetPasswordWithCode } from '../api/reset-password.ts';
import '../auth.css';

const resendSeconds = 60;
const empty = { account: '', code: '', newpassword: '', renewpassword: '' };

/**
 * Forgot password (docs/spec.md §2 `/forgotPassword`): mail a 6-digit code to the account's email, then set
 * a new password with it. The reset ends every session, so the user logs in again (docs/spec.md §4).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, setForm, field, setErrors, validate, submit, pending } = useSchemaForm(empty);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const [sentMinutes, setSentMinutes] = useState<number | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function onSendCode() {
    const body = validate(forgotCodeRequestSchema, { account: form.account });
    if (!body) return;
    await submit(async () => {
      const { expires_in_minutes } = await requestResetCode(body);
      setSentMinutes(expires_in_minutes);
      setWait(resendSeconds);
      toast(t('forgot.codeSent'), 'success');
    }, setSending);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const account = form.account.trim();
    // The reset schema leaves the account out (it names the user by token or by code): required here.
    const accountError: FieldErrors = account ? {} : { account: { key: 'validation.required' } };
    const parsed = validate(resetPasswordRequestSchema, form, (found) => ({ ...accountError, ...found }));
    if (!parsed) return;
    if (!account) return setErrors(accountError);
    await submit(async () => {
      await resetPasswordWithCode({
        account,
        code: form.code.trim(),
        newpassword: form.newpassword,
        renewpassword: form.renewpassword,
      });
      useSession.getState().clearSession();
      setForm(empty);
      toast(t('forgot.done'), 'success');
      navigate('/login', { replace: true });
    });
  }

  return (
    <Page>
      <p className="cm-hint">{t('forgot.hint')}</p>
      <form className="cm-form cm-card-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          {...field('account')}
          suffix={
            <Button
              size="small"
              shape="rounded"
              color="primary"
              fill="outline"
              className="cm-field__action"
              loading={sending}
              disabled={wait > 0}
              onClick={onSendCode}
            >
              {wait > 0 ? t('forgot.resendIn', { seconds: wait }) : t('forgot.sendCode')}
            </Button>
          }
        />
        <TextField
          label={t('forgot.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          hint={sentMinutes ? t('forgot.codeValid', { minutes: sentMinutes }) : undefined}
          {...field('code')}
        />
        <NewPasswordFields
          labels={{ password: t('password.new'), repeat: t('password.repeat') }}
          password={field('newpassword')}
          repeat={field('renewpassword')}
        />
        <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
          {t('forgot.submit')}
        </Button>
      </form>
    </Page>
  );
}
