import { Button, ConfigProvider, NumberKeyboard, PasscodeInput, type PasscodeInputRef, Popup } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/lib/use-money.ts';

/** The in-app keypad takes this many digits (contract `verifyPayBodySchema`). */
export const payCodeLength = 6;

export interface PayDialogProps {
  open: boolean;
  amount: number;
  code: string;
  busy: boolean;
  /** The last refusal: "pay failed" with the server's words. */
  error: string | undefined;
  /** The balance was short: offer a top-up. */
  offerTopUp: boolean;
  onCode(code: string): void;
  onFill(code: string): void;
  onClose(): void;
  onTopUp(): void;
}

/** The pay dialog of spec §2: the amount and a 6-digit payment-code keypad. */
export function PayDialog({
  open,
  amount,
  code,
  busy,
  error,
  offerTopUp,
  onCode,
  onFill,
  onClose,
  onTopUp,
}: PayDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const passcode = useRef<PasscodeInputRef>(null);
  // The keypad is a sheet of its own at the bottom: while it shows, the dialog rises above it.
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
      <ConfigProvider
        locale={{
          ...enUS,
          NumberKeyboard: { backspace: t('payCode.backspace') },
          PasscodeInput: { name: t('payment.enterCode') },
        }}
      >
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
      </ConfigProvider>
      {busy ? (
        <p className="cm-pay-dialog__hint">{t('payment.paying')}</p>
      ) : error ? (
        <div className="cm-pay-dialog__error" role="alert" data-testid="pay-error">
          <b>{t('messages.payFailed')}</b>
          {/* The server's words may be in another script than the UI (a fallback language). */}
          <bdi>{error}</bdi>
          {offerTopUp && (
            <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onTopUp}>
              {t('payment.topUp')}
            </Button>
          )}
        </div>
      ) : (
        <p className="cm-pay-dialog__hint">{t('payment.codeHint', { count: payCodeLength })}</p>
      )}
    </Popup>
  );
}
