import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, NoticeBar, Selector } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../shared/api/config.ts';
import { newActionKey } from '../../../shared/api/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { copyText } from '../../../shared/lib/clipboard.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { blockchainQuery } from '../api/get-blockchain.ts';
import { submitRecharge } from '../api/recharge.ts';
import { EvidenceUploader } from '../components/evidence-uploader.tsx';
import { toMinor } from '../lib/amount.ts';
import '../wallet.css';

/** `/walletTopUp`: on-chain recharge (docs/product-rules.md §4, docs/spec.md §5). */
export default function WalletTopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exponent = useConfig().data?.currency_exponent ?? 0;
  const { data } = useQuery(blockchainQuery);
  const [network, setNetwork] = useState<string | undefined>(undefined);
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [image, setImage] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [actionKey, setActionKey] = useState(newActionKey);
  const [form] = Form.useForm();

  const networks = data?.networks ?? [];
  const current = networks.find((n) => n.network === network) ?? networks[0];
  const coins = current?.coins ?? [];
  const target = coins.find((c) => c.coin === coin) ?? coins[0];
  const options = useMemo(() => networks.map((n) => ({ label: n.network, value: n.network })), [networks]);

  async function copyAddress() {
    if (!target) return;
    const result = await copyText(target.address);
    toast(t(result === 'copied' ? 'common.copied' : result === 'insecure' ? 'common.notHttps' : 'common.copyFailed'));
  }

  async function onFinish(values: { amount: string; address: string; tx_hash?: string }) {
    if (!current || !target) return toast(t('messages.chooseNetwork'));
    const amount = toMinor(values.amount ?? '', exponent);
    if (Number.isNaN(amount)) return toast(t('messages.amountInvalid'));
    if (!image) return toast(t('messages.uploadEvidence'));
    setPending(true);
    try {
      await submitRecharge(
        {
          method: 'chain',
          network: current.network,
          coin: target.coin,
          address: values.address.trim(),
          amount,
          image,
          ...(values.tx_hash?.trim() ? { tx_hash: values.tx_hash.trim() } : {}),
        },
        actionKey,
      );
      toast(t('wallet.rechargeSubmitted'), 'success');
      form.resetFields();
      setActionKey(newActionKey());
      navigate('/topUpRecord');
    } catch {
      // shown by the API client; the same key is reused on a retry
    } finally {
      setPending(false);
    }
  }

  return (
    <Page>
      <NoticeBar content={t('messages.dexUnsupported')} color="alert" wrap />
      <section className="cm-section">
        <p className="cm-label">{t('wallet.network')}</p>
        <Selector
          options={options}
          value={current ? [current.network] : []}
          onChange={(value) => {
            setNetwork(value[0]);
            setCoin(undefined);
          }}
        />
        <p className="cm-label">{t('wallet.coin')}</p>
        <Selector
          options={coins.map((c) => ({ label: c.coin, value: c.coin }))}
          value={target ? [target.coin] : []}
          onChange={(value) => setCoin(value[0])}
        />
      </section>
      {target && (
        <section className="cm-section cm-deposit-address">
          <p className="cm-label">{t('wallet.platformAddress', { network: current?.network, coin: target.coin })}</p>
          <div className="cm-deposit-address__qr">
            <QRCodeSVG value={target.address} size={164} marginSize={2} title={target.address} />
          </div>
          <p className="cm-deposit-address__text" data-testid="deposit-address">
            {target.address}
          </p>
          <Button size="small" color="primary" fill="outline" onClick={copyAddress}>
            {t('common.copy')}
          </Button>
          <ul className="cm-warnings">
            <li>{t('wallet.warningSameNetwork', { network: current?.network, coin: target.coin })}</li>
            <li>{t('messages.dexUnsupported')}</li>
            <li>{t('wallet.warningAudit')}</li>
          </ul>
        </section>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        footer={
          <Button block color="primary" size="large" type="submit" loading={pending}>
            {t('common.submit')}
          </Button>
        }
      >
        <Form.Item
          name="amount"
          label={t('wallet.amount')}
          rules={[{ required: true, message: t('messages.amountInvalid') }]}
        >
          <Input inputMode="decimal" placeholder={t('wallet.amountPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('wallet.fromAddress')}
          rules={[{ required: true, message: t('messages.rechargeAddress') }]}
        >
          <Input placeholder={t('wallet.fromAddressPlaceholder')} />
        </Form.Item>
        <Form.Item name="tx_hash" label={t('wallet.txHash')}>
          <Input placeholder={t('wallet.optional')} />
        </Form.Item>
        <Form.Item label={t('wallet.evidence')}>
          <EvidenceUploader onChange={setImage} />
        </Form.Item>
      </Form>
    </Page>
  );
}
