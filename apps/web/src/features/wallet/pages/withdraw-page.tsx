import type { ExtractInput } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../shared/api/config.ts';
import { newActionKey } from '../../../shared/api/index.ts';
import { walletKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { fetchUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PayCodeDialog } from '../../../shared/ui/pay-code-dialog.tsx';
import { extractInfoQuery, submitWithdrawal } from '../api/extract.ts';
import { feeOf, toMinor } from '../lib/amount.ts';
import '../wallet.css';

type Values = {
  amount?: string;
  bank_card?: string;
  bank_name?: string;
  holder?: string;
  network?: string;
  address?: string;
};

/** `/withDraw`: balance, fee and arrival preview, bank or on-chain form, payment-code keypad. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exponent = useConfig().data?.currency_exponent ?? 0;
  const info = useQuery(extractInfoQuery).data;
  const [type, setType] = useState<'bank' | 'chain'>('bank');
  const [form] = Form.useForm<Values>();
  const amountText = Form.useWatch('amount', form) ?? '';
  const [pending, setPending] = useState<ExtractInput | undefined>(undefined);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionKey, setActionKey] = useState(newActionKey);

  const amount = toMinor(amountText, exponent);
  const balance = info?.balance ?? 0;
  const fee = Number.isNaN(amount) ? 0 : feeOf(amount, info?.fee_rate_bp ?? 0);
  const arrival = Number.isNaN(amount) ? 0 : Math.max(0, amount - fee);

  function onFinish(values: Values) {
    if (Number.isNaN(amount) || amount > balance) return toast(t('messages.withdrawInvalid'));
    if (info && amount < info.min_amount) return toast(t('wallet.belowMinimum', { minimum: money(info.min_amount) }));
    const base = { type, amount, paypwd: '' };
    setCode('');
    setPending(
      type === 'bank'
        ? {
            ...base,
            bank_card: values.bank_card?.trim(),
            bank_name: values.bank_name?.trim(),
            holder: values.holder?.trim(),
          }
        : { ...base, network: values.network?.trim(), address: values.address?.trim() },
    );
  }

  async function pay(paypwd: string) {
    if (!pending || busy) return;
    setBusy(true);
    try {
      await submitWithdrawal({ ...pending, paypwd }, actionKey);
      toast(t('success.withdraw'), 'success');
      setPending(undefined);
      form.resetFields();
      setActionKey(newActionKey());
      await queryClient.invalidateQueries({ queryKey: walletKey });
      fetchUserInfo().then(useSession.getState().setUserInfo, () => undefined);
      navigate('/depositRecord');
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      right={
        <button type="button" className="cm-link" onClick={() => navigate('/depositRecord')}>
          {t('routes.depositRecord')}
        </button>
      }
    >
      <section className="cm-wallet-card cm-wallet-card--compact">
        <p className="cm-wallet-card__label">{t('wallet.available')}</p>
        <p className="cm-wallet-card__amount" data-testid="withdraw-balance">
          {money(balance)}
        </p>
        <p className="cm-wallet-card__note">
          {t('wallet.feeRule', {
            rate: ((info?.fee_rate_bp ?? 0) / 100).toString(),
            minimum: money(info?.min_amount ?? 0),
          })}
        </p>
      </section>
      <section className="cm-section">
        <Selector
          options={[
            { label: t('wallet.toBank'), value: 'bank' },
            { label: t('wallet.toChain'), value: 'chain' },
          ]}
          value={[type]}
          onChange={(value) => value[0] && setType(value[0] as 'bank' | 'chain')}
        />
      </section>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        footer={
          <>
            <div className="cm-preview" data-testid="withdraw-preview">
              <span>
                {t('wallet.fee')}: <b>{money(fee)}</b>
              </span>
              <span>
                {t('wallet.actualArrival')}: <b>{money(arrival)}</b>
              </span>
            </div>
            <Button block color="primary" size="large" type="submit">
              {t('wallet.withdrawNow')}
            </Button>
          </>
        }
      >
        <Form.Item
          name="amount"
          label={t('wallet.amount')}
          rules={[{ required: true, message: t('messages.withdrawInvalid') }]}
        >
          <Input inputMode="decimal" placeholder={t('wallet.amountPlaceholder')} />
        </Form.Item>
        {type === 'bank' ? (
          <>
            <Form.Item
              name="bank_card"
              label={t('wallet.bankCard')}
              rules={[{ required: true, message: t('wallet.bankCardRequired') }]}
            >
              <Input inputMode="numeric" placeholder={t('wallet.bankCardPlaceholder')} />
            </Form.Item>
            <Form.Item
              name="bank_name"
              label={t('wallet.bankName')}
              rules={[{ required: true, message: t('wallet.bankNameRequired') }]}
            >
              <Input placeholder={t('wallet.bankNamePlaceholder')} />
            </Form.Item>
            <Form.Item
              name="holder"
              label={t('wallet.holder')}
              rules={[{ required: true, message: t('wallet.holderRequired') }]}
            >
              <Input placeholder={t('wallet.holderPlaceholder')} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="network"
              label={t('wallet.network')}
              rules={[{ required: true, message: t('messages.chooseNetwork') }]}
            >
              <Input placeholder="TRC20" />
            </Form.Item>
            <Form.Item
              name="address"
              label={t('wallet.toAddress')}
              rules={[{ required: true, message: t('wallet.addressRequired') }]}
            >
              <Input placeholder={t('wallet.toAddressPlaceholder')} />
            </Form.Item>
          </>
        )}
      </Form>
      <PayCodeDialog
        open={pending !== undefined}
        amount={pending?.amount ?? 0}
        code={code}
        busy={busy}
        onCode={setCode}
        onFill={(value) => void pay(value)}
        onClose={() => setPending(undefined)}
      />
    </Page>
  );
}
