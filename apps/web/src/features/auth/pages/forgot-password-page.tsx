import { forgotCodeRequestSchema, resetPasswordRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { NewPasswordFields, TextField } from '../../../shared/ui/text-field.tsx';
import { requestResetCode } from '../api/forgot-code.ts';
import { resetPasswordWithCode } from '../api/reset-password.ts';

const resendSeconds = 60;
const empty = { account: '', code: '', newpassword: '', renewpassword: '' };

/**
 * Forgot password (spec §2 `/forgotPassword`): mail a 6-digit code to the account's email, then set
 * a new password with it. The reset ends every session, so the user logs in again (spec §4).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const [wait, setWait] = useState(0);
  const [sentMinutes, setSentMinutes] = useState<number | null>(null);
  const { setErrors, errorOf, clear } = useFieldErrors();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const field = (name: keyof typeof empty) => ({
    name,
    value: form[name],
    error: errorOf(name),
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  async function onSendCode() {
    const parsed = forgotCodeRequestSchema.safeParse({ account: form.account });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setSending(true);
    try {
      const { expires_in_minutes } = await requestResetCode(parsed.data);
      setSentMinutes(expires_in_minutes);
      setWait(resendSeconds);
      toast(t('forgot.codeSent'), 'success');
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordRequestSchema.safeParse(form);
    if (!parsed.success || !form.account.trim()) {
      setErrors({
        ...(form.account.trim() ? {} : { account: { key: 'validation.required' } }),
        ...(parsed.success ? {} : fieldErrors(parsed)),
      });
      return;
    }
    setPending(true);
    try {
      await resetPasswordWithCode({
        account: form.account.trim(),
        code: form.code.trim(),
        newpassword: form.newpassword,
        renewpassword: form.renewpassword,
      });
      useSession.getState().clearSession();
      setForm(empty);
      toast(t('forgot.done'), 'success');
      navigate('/login', { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
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
