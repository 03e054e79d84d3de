import { type ProfileRequest, profileRequestSchema } from '@crossmart/contract';
import { Button } from 'antd-mobile';
import { UserCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect } from 'react';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import type { SessionUser } from '../../../shared/session/session-types.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PersonFields, TextField } from '../../../shared/ui/text-field.tsx';
import { saveProfile } from '../api/profile.ts';
import '../account.css';

const fields = ['family_name', 'given_name', 'email', 'mobile'] as const;
type Form = Record<(typeof fields)[number], string>;
/** The current password is asked for only when the email or mobile changes. */
type ProfileForm = Form & { password: string };

function formOf(user: SessionUser | null): ProfileForm {
  return {
    password: '',
    family_name: user?.family_name ?? '',
    given_name: user?.given_name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
  };
}

/**
 * Profile (docs/spec.md §2 `/profile`): names, email and mobile; the avatar is shown (its upload comes with
 * the uploads module). Only changed fields are sent; the user info is fetched again afterwards.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const { form, setForm, field, validate, submit, pending } = useSchemaForm<ProfileForm>(() => formOf(user));

  // A fresh user info (another screen saved, or the guard loaded it) refills the form.
  useEffect(() => setForm(formOf(user)), [user, setForm]);

  const saved = formOf(user);
  const changed = fields.filter((name) => form[name].trim() !== saved[name]);
  // A new email or mobile needs the current password (the server refuses it otherwise).
  const needsPassword = changed.includes('email') || changed.includes('mobile');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: ProfileRequest = {
      ...Object.fromEntries(changed.map((name) => [name, form[name]])),
      ...(needsPassword ? { password: form.password } : {}),
    };
    const parsed = validate(profileRequestSchema, body);
    if (!parsed) return;
    await submit(async () => {
      const answer = await saveProfile(parsed);
      useSession.getState().setUserInfo(answer);
      await refreshUserInfo().catch(() => undefined);
      toast(t('success.save'), 'success');
    });
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
        <PersonFields field={field} />
        {needsPassword ? (
          <TextField
            label={t('password.old')}
            hint={t('security.contactChangeHint')}
            type="password"
            autoComplete="current-password"
            {...field('password')}
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
