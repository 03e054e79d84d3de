import { accountLimits, resetPayRequestSchema } from '@crossmart/contract';
import { Button, ConfigProvider, NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldMessage, fieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useBack } from '../../../shared/navigation/use-back.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { resetPayPassword } from '../api/reset-pay.ts';
import '../account.css';

/** The in-app keypad takes this many digits (the server accepts 6 or more). */
const codeLength = accountLimits.payPasswordMinLength;

type Step = 'password' | 'old' | 'new' | 'repeat';

/**
 * Set or change the payment code (docs/spec.md §2 `/changePayPwd`, §5): an in-app 6-digit keypad
 * (PasscodeInput + NumberKeyboard). Changing asks for the old code; setting it the first time asks
 * for the login password instead (`has_pay_password` of the user info), and so does "forgot the
 * code" while changing it.
 */
export default function ChangePayPwdPage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const hasPayPassword = useSession((state) => state.userInfo?.has_pay_password === true);
  // The old code is forgotten: the login password proves who is changing it.
  const [forgot, setForgot] = useState(false);
  const withOldCode = hasPayPassword && !forgot;
  const firstStep: Step = withOldCode ? 'old' : 'password';
  const [step, setStep] = useState<Step>(firstStep);
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState({ old: '', new: '', repeat: '' });
  const [error, setError] = useState<FieldMessage | undefined>();
  const [pending, setPending] = useState(false);
  const { errorOf, setErrors, clear, text } = useFieldErrors();
  const passcode = useRef<PasscodeInputRef>(null);

  // The flow depends on the flag: start over when it changes (e.g. after the first code is set).
  useEffect(() => {
    setStep(firstStep);
    setCodes({ old: '', new: '', repeat: '' });
    setPassword('');
  }, [firstStep]);

  // Open the keypad on each keypad step.
  useEffect(() => {
    if (step === 'password') return;
    const timer = setTimeout(() => passcode.current?.focus(), 150);
    return () => clearTimeout(timer);
  }, [step]);

  function restart(message?: FieldMessage) {
    setCodes({ old: '', new: '', repeat: '' });
    setError(message);
    setStep(firstStep);
  }

  function onPasswordNext(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors({ password: { key: 'validation.login_password_required' } });
      return;
    }
    setStep('new');
  }

  async function submit(repeat: string) {
    const body = {
      paypwd: codes.new,
      repaypwd: repeat,
      ...(withOldCode ? { oldpaypwd: codes.old } : { password }),
    };
    const parsed = resetPayRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed);
      setCodes((current) => ({ ...current, new: '', repeat: '' }));
      setError(errors.repaypwd ?? errors.paypwd ?? Object.values(errors)[0]);
      setStep('new');
      return;
    }
    setPending(true);
    try {
      await resetPayPassword(parsed.data);
      toast(t('payCode.saved'), 'success');
      await refreshUserInfo().catch(() => undefined);
      passcode.current?.blur();
      goBack();
    } catch {
      // The API client has shown the server's message (wrong password or code, lock).
      setPassword('');
      restart();
    } finally {
      setPending(false);
    }
  }

  function onFill(value: string) {
    if (step === 'old') {
      setError(undefined);
      setStep('new');
    } else if (step === 'new') {
      setError(undefined);
      setStep('repeat');
    } else if (step === 'repeat' && !pending) {
      void submit(value);
    }
  }

  const steps: Step[] = withOldCode ? ['old', 'new', 'repeat'] : ['password', 'new', 'repeat'];
  const stepTitle = {
    password: t('payCode.stepPassword'),
    old: t('payCode.stepOld'),
    new: t('payCode.stepNew'),
    repeat: t('payCode.stepRepeat'),
  }[step];

  return (
    <Page title={t(hasPayPassword ? 'payCode.changeTitle' : 'payCode.setTitle')}>
      <div className="cm-paycode">
        <ol className="cm-steps" aria-label={t('payCode.progress')}>
          {steps.map((item, index) => (
            <li
              key={item}
              className={`cm-steps__item${item === step ? ' cm-steps__item--active' : ''}${steps.indexOf(step) > index ? ' cm-steps__item--done' : ''}`}
              aria-current={item === step ? 'step' : undefined}
            >
              <span className="cm-steps__dot">{index + 1}</span>
            </li>
          ))}
        </ol>
        <h2 className="cm-paycode__title">{stepTitle}</h2>
        <p className="cm-paycode__hint">
          {step === 'password'
            ? t(forgot ? 'payCode.forgotHint' : 'payCode.passwordHint')
            : t('payCode.digitsHint', { count: codeLength })}
        </p>
        {step === 'password' ? (
          <form className="cm-form" onSubmit={onPasswordNext} noValidate>
            <TextField
              label={t('payCode.loginPassword')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={errorOf('password')}
              onChange={(value) => {
                setPassword(value);
                clear('password');
              }}
            />
            <Button type="submit" color="primary" block shape="rounded" size="large">
              {t('payCode.next')}
            </Button>
          </form>
        ) : (
          <ConfigProvider
            locale={{
              ...enUS,
              NumberKeyboard: { backspace: t('payCode.backspace') },
              PasscodeInput: { name: stepTitle },
            }}
          >
            <PasscodeInput
              key={step}
              ref={passcode}
              className="cm-paycode__input"
              aria-label={stepTitle}
              length={codeLength}
              seperated
              error={Boolean(error)}
              value={codes[step]}
              onChange={(value) => setCodes((current) => ({ ...current, [step]: value.replace(/\D/g, '') }))}
              onFill={onFill}
              keyboard={<NumberKeyboard showCloseButton={false} safeArea />}
            />
            {error && (
              <p className="cm-paycode__error" role="alert">
                {text(error)}
              </p>
            )}
            {pending && <p className="cm-paycode__hint">{t('list.loading')}</p>}
            {step === 'old' && (
              <button
                type="button"
                className="cm-link cm-paycode__forgot"
                onClick={() => {
                  setError(undefined);
                  setForgot(true);
                }}
              >
                {t('payCode.forgot')}
              </button>
            )}
          </ConfigProvider>
        )}
      </div>
    </Page>
  );
}
