import { type RegisterRequest, registerRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { startSession } from '../../../shared/session/start-session.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LanguageSheetButton } from '../../../shared/ui/language-sheet.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { NewPasswordFields, PersonFields, TextField } from '../../../shared/ui/text-field.tsx';
import { register } from '../api/register.ts';
import '../auth.css';

type Form = Record<keyof RegisterRequest, string>;
const empty: Form = {
  account: '',
  password: '',
  repassword: '',
  family_name: '',
  given_name: '',
  email: '',
  mobile: '',
};

/** Create a buyer account (docs/spec.md §2 `/register`, §5 rules with the contract's messages); lands logged in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, setForm, field, validate, submit, pending } = useSchemaForm<Form>(empty);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = validate(registerRequestSchema, form);
    if (!body) return;
    await submit(async () => {
      const { userinfo } = await register(body);
      startSession(userinfo);
      setForm(empty);
      toast(t('success.register'), 'success');
      navigate('/', { replace: true });
    });
  }

  return (
    <Page right={<LanguageSheetButton />}>
      <div className="cm-auth cm-auth--compact">
        <h2 className="cm-auth__title">{t('register.title')}</h2>
        <p className="cm-auth__subtitle">{t('register.subtitle')}</p>
        <form className="cm-form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.account')}
            placeholder={t('register.accountHint')}
            autoComplete="username"
            {...field('account')}
          />
          <PersonFields field={field} examples />
          <NewPasswordFields
            labels={{ password: t('auth.password'), repeat: t('register.confirmPassword') }}
            password={field('password')}
            repeat={field('repassword')}
          />
          <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
            {t('register.submit')}
          </Button>
        </form>
        <p className="cm-auth__switch">
          {t('register.haveAccount')} <Link to="/login">{t('auth.submit')}</Link>
        </p>
      </div>
    </Page>
  );
}
