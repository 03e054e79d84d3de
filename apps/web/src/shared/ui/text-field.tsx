import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** `password` adds a show/hide toggle. */
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** The message under the field; marks it invalid for assistive technology. */
  error?: string | undefined;
  hint?: ReactNode;
  maxLength?: number;
  /** Content after the input, e.g. a "send code" button. */
  suffix?: ReactNode;
}

/** A labelled form field on the cm-field style (16 px input, error line below). */
export function TextField({
  label,
  name,
  value,
  onChange,
  placeholder,
  type = 'text',
  autoComplete,
  inputMode,
  error,
  hint,
  maxLength,
  suffix,
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const input = (
    <Input
      id={id}
      name={name}
      type={isPassword && visible ? 'text' : type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      clearable={!isPassword && !suffix}
    />
  );
  return (
    <div className={`cm-field${error ? ' cm-field--error' : ''}`}>
      <label className="cm-field__label" htmlFor={id}>
        {label}
      </label>
      {isPassword ? (
        <span className="cm-field__row">
          {input}
          <button
            type="button"
            className="cm-field__toggle"
            aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        </span>
      ) : suffix ? (
        <span className="cm-field__with-suffix">
          {input}
          {suffix}
        </span>
      ) : (
        input
      )}
      {error ? (
        <p className="cm-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="cm-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

type BoundField = Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>;

/**
 * A new password and its repeat (register, change and reset password): the same hints and
 * autocomplete everywhere; the labels and the bound fields come from the form.
 */
export function NewPasswordFields({
  labels,
  password,
  repeat,
}: {
  labels: { password: string; repeat: string };
  password: BoundField;
  repeat: BoundField;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        placeholder={t('register.passwordHint')}
        {...password}
      />
      <TextField
        label={labels.repeat}
        type="password"
        autoComplete="new-password"
        placeholder={t('register.confirmHint')}
        {...repeat}
      />
    </>
  );
}

type PersonField = 'family_name' | 'given_name' | 'email' | 'mobile';

/**
 * Family and given name, email and mobile (register and profile): the same labels, limits and
 * autocomplete; `examples` adds the register screen's placeholders.
 */
export function PersonFields({
  field,
  examples = false,
}: {
  field: (name: PersonField) => BoundField;
  examples?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="cm-form__pair">
        <TextField
          label={t('register.familyName')}
          autoComplete="family-name"
          maxLength={50}
          {...field('family_name')}
        />
        <TextField label={t('register.givenName')} autoComplete="given-name" maxLength={50} {...field('given_name')} />
      </div>
      <TextField
        label={t('register.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={examples ? 'name@example.com' : undefined}
        {...field('email')}
      />
      <TextField
        label={t('register.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={examples ? '+81 90 1234 5678' : undefined}
        {...field('mobile')}
      />
    </>
  );
}
