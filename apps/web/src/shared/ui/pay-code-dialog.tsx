import { NumberKeyboard, PasscodeInput, type PasscodeInputRef, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useMoney } from '../lib/use-money.ts';
import './pay-code-dialog.css';

/** The in-app keypad takes this many digits (contract `verifyPayBodySchema`). */
export const payCodeLength = 6;

export interface PayCodeDialogProps {
  open: boolean;
  amount: number;
  code: string;
  busy: boolean;
  /** The last refusal in the server's words, under "pay failed"; without it the hint shows. */
  error?: string | undefined;
  /** Shown under the refusal, e.g. a top-up button when the balance was short. */
  errorAction?: ReactNode;
  onCode(code: string): void;
  onFill(code: string): void;
  onClose(): void;
}

/**
 * The payment-code sheet of docs/spec.md §2 (pay dialog, withdrawal): the amount and a 6-digit keypad.
 * The keypad is a sheet of its own; while it shows, the dialog rises above it.
 */
export function PayCodeDialog({
  open,
  amount,
  code,
  busy,
  error,
  errorAction,
  onCode,
  onFill,
  onClose,
}: PayCodeDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const passcode = useRef<PasscodeInputRef>(null);
  const [keypad, setKeypad] = useState(false);

  // Open the keypad with the dialog, and again after a refused try.
  useEffect(() => {
    if (!open || busy) return;
    const timer = setTimeout(() => passcode.current?.focus(), 250);
    return () => clearTimeout(timer);
  }, [open, busy]);

  return (
    <Popup
      visible={open}
      onMaskClick={busy ? undefined : onClose}
      bodyClassName={`cm-pay-dialog${keypad ? ' cm-pay-dialog--keypad' : ''}`}
      destroyOnClose
      afterClose={() => setKeypad(false)}
    >
      <div className="cm-pay-dialog__head">
        <h2 className="cm-pay-dialog__title">{t('payment.enterCode')}</h2>
        <button type="button" className="cm-link" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
      <p className="cm-pay-dialog__amount" data-testid="pay-dialog-amount">
        {money(amount)}
      </p>
      <PasscodeInput
        ref={passcode}
        className="cm-paycode__input cm-pay-dialog__input"
        length={payCodeLength}
        seperated
        error={Boolean(error)}
        value={code}
        onChange={(value) => onCode(value.replace(/\D/g, ''))}
        onFill={(value) => {
          if (!busy) onFill(value);
        }}
        onFocus={() => setKeypad(true)}
        onBlur={() => setKeypad(false)}
        keyboard={<NumberKeyboard showCloseButton={false} safeArea />}
        data-testid="pay-code"
      />
      {busy ? (
        <p className="cm-pay-dialog__hint">{t('payment.paying')}</p>
      ) : error ? (
        <div className="cm-pay-dialog__error" role="alert" data-testid="pay-error">
          <b>{t('messages.payFailed')}</b>
          {/* The server's words may be in another script than the UI (a fallback language). */}
          <bdi>{error}</bdi>
          {errorAction}
        </div>
      ) : (
        <p className="cm-pay-dialog__hint">{t('payment.codeHint', { count: payCodeLength })}</p>
      )}
    </Popup>
  );
}
