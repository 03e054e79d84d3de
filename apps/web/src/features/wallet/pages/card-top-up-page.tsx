import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../shared/api/config.ts';
import { newActionKey } from '../../../shared/api/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { blockchainQuery } from '../api/get-blockchain.ts';
import { submitRecharge } from '../api/recharge.ts';
import { EvidenceUploader } from '../components/evidence-uploader.tsx';
import { toMinor } from '../lib/amount.ts';
import '../wallet.css';

/** `/cardTopUp`: transfer to the platform's bank account and upload the evidence. */
export default function CardTopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exponent = useConfig().data?.currency_exponent ?? 0;
  const bank = useQuery(blockchainQuery).data?.banks[0];
  const [image, setImage] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [actionKey, setActionKey] = useState(newActionKey);
  const [form] = Form.useForm();

  async function onFinish(values: { amount: string }) {
    const amount = toMinor(values.amount ?? '', exponent);
    if (Number.isNaN(amount)) return toast(t('messages.amountInvalid'));
    if (!image) return toast(t('messages.uploadEvidence'));
    setPending(true);
    try {
      await submitRecharge({ method: 'bank', amount, image }, actionKey);
      toast(t('wallet.rechargeSubmitted'), 'success');
      form.resetFields();
      setActionKey(newActionKey());
      navigate('/topUpRecord');
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
  }

  return (
    <Page>
      <List header={t('wallet.bankDetails')} className="cm-card-list" data-testid="bank-details">
        <List.Item extra={bank?.bank_name}>{t('wallet.bankName')}</List.Item>
        <List.Item extra={bank?.branch}>{t('wallet.branch')}</List.Item>
        <List.Item extra={bank?.account_name}>{t('wallet.accountName')}</List.Item>
        <List.Item extra={bank?.account_number}>{t('wallet.accountNumber')}</List.Item>
      </List>
      <p className="cm-hint cm-section">{t('wallet.warningAudit')}</p>
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
        <Form.Item label={t('wallet.evidence')}>
          <EvidenceUploader onChange={setImage} />
        </Form.Item>
      </Form>
    </Page>
  );
}
