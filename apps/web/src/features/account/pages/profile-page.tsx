import { type ProfileRequest, profileRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import { UserCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import type { SessionUser } from '../../../shared/session/session-types.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { saveProfile } from '../api/profile.ts';

const fields = ['family_name', 'given_name', 'email', 'mobile'] as const;
type Form = Record<(typeof fields)[number], string>;

function formOf(user: SessionUser | null): Form {
  return {
    family_name: user?.family_name ?? '',
    given_name: user?.given_name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
  };
}

/**
 * Profile (spec §2 `/profile`): names, email and mobile; the avatar is shown (its upload comes with
 * the uploads module). Only changed fields are sent; the user info is fetched again afterwards.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const { setErrors, errorOf, clear } = useFieldErrors();

  // A fresh user info (another screen saved, or the guard loaded it) refills the form.
  useEffect(() => setForm(formOf(user)), [user]);

  const saved = formOf(user);
  const changed = fields.filter((name) => form[name].trim() !== saved[name]);
  // A new email or mobile needs the current password (the server refuses it otherwise).
  const needsPassword = changed.includes('email') || changed.includes('mobile');

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    error: errorOf(name),
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: ProfileRequest = {
      ...Object.fromEntries(changed.map((name) => [name, form[name]])),
      ...(needsPassword ? { password } : {}),
    };
    const parsed = profileRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setPending(true);
    try {
      const answer = await saveProfile(parsed.data);
      useSession.getState().setUserInfo(answer);
      await refreshUserInfo().catch(() => undefined);
      setPassword('');
      toast(t('success.save'), 'success');
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  const name = [user?.family_name, user?.given_name].filter(Boolean).join(' ') || user?.account || '';
  return (
    <Page>
      <div className="cm-profile-head">
        <span className="cm-profile__avatar cm-profile__avatar--large" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : (name.trim()[0]?.toUpperCase() ?? <UserCircleOutline />)}
        </span>
        <p className="cm-profile-head__account">{user?.account}</p>
      </div>
      <form className="cm-form cm-card-form" onSubmit={onSubmit} noValidate>
        <div className="cm-form__pair">
          <TextField
            label={t('register.familyName')}
            autoComplete="family-name"
            maxLength={50}
            {...field('family_name')}
          />
          <TextField
            label={t('register.givenName')}
            autoComplete="given-name"
            maxLength={50}
            {...field('given_name')}
          />
        </div>
        <TextField
          label={t('register.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('email')}
        />
        <TextField label={t('register.mobile')} type="tel" inputMode="tel" autoComplete="tel" {...field('mobile')} />
        {needsPassword ? (
          <TextField
            label={t('password.old')}
            hint={t('security.contactChangeHint')}
            type="password"
            autoComplete="current-password"
            name="password"
            value={password}
            error={errorOf('password')}
            onChange={(value: string) => {
              setPassword(value);
              clear('password');
            }}
          />
        ) : null}
        <Button
          type="submit"
          color="primary"
          block
          shape="rounded"
          size="large"
          loading={pending}
          disabled={changed.length === 0}
        >
          {t('common.save')}
        </Button>
      </form>
    </Page>
  );
}
