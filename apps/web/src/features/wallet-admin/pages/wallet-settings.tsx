import type { ChannelSaveInput, DepositChannel, PlatformSettings } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { getSettings, listChannels, saveChannel, saveSettings, verifyLedger } from '../api/admin-wallet.ts';

type ChannelForm = Partial<DepositChannel> & { kind: 'bank' | 'chain' };

/** The platform settings form, one field per setting (limits as in the contract's schema). */
const settingFields: { name: keyof PlatformSettings; label: string; min: number; max?: number }[] = [
  { name: 'commission_rate_bp', label: 'admin.commissionBp', min: 0, max: 10_000 },
  { name: 'withdrawal_fee_bp', label: 'admin.withdrawalFeeBp', min: 0, max: 10_000 },
  { name: 'min_withdrawal', label: 'admin.minWithdrawal', min: 1 },
  { name: 'order_unpaid_minutes', label: 'admin.orderUnpaidMinutes', min: 1, max: 1440 },
  { name: 'order_auto_receive_days', label: 'admin.orderAutoReceiveDays', min: 1, max: 60 },
  { name: 'order_after_sale_days', label: 'admin.orderAfterSaleDays', min: 0, max: 60 },
  { name: 'max_unpaid_orders', label: 'admin.maxUnpaidOrders', min: 1, max: 100 },
  // Refund timers (issue 13); their labels live in the adminRefund group.
  { name: 'refund_response_days', label: 'adminRefund.responseDays', min: 1, max: 60 },
  { name: 'refund_escalate_days', label: 'adminRefund.escalateDays', min: 1, max: 60 },
  { name: 'refund_return_days', label: 'adminRefund.returnDays', min: 1, max: 60 },
  { name: 'four_eyes_threshold', label: 'adminConsole.fourEyesThreshold', min: 1 },
];

/** Admin settings: fee rates and minimum (docs/product-rules.md §2), order timers (§3), deposit channels, the ledger check. */
export function WalletSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['admin', 'settings'], queryFn: getSettings });
  const channels = useQuery({ queryKey: ['admin', 'channels'], queryFn: listChannels });
  const ledger = useQuery({ queryKey: ['admin', 'ledger'], queryFn: verifyLedger });
  const [settingsForm] = Form.useForm<PlatformSettings>();
  const [channelForm] = Form.useForm<ChannelForm>();
  const [editing, setEditing] = useState<ChannelForm | undefined>(undefined);
  const kind = Form.useWatch('kind', channelForm) ?? editing?.kind;
  useEffect(() => {
    if (settings.data) settingsForm.setFieldsValue(settings.data);
  }, [settings.data, settingsForm]);
  const saveSettingsMutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
  });
  const saveChannelMutation = useMutation({
    mutationFn: saveChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'channels'] }),
  });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {ledger.data && (
        <Alert
          type={ledger.data.ok ? 'success' : 'error'}
          showIcon
          message={`${t('admin.ledger')}: ${ledger.data.ok ? t('admin.ledgerOk') : t('admin.ledgerBroken')}`}
          description={t('admin.ledgerCounts', {
            transactions: ledger.data.transactions,
            entries: ledger.data.entries,
          })}
        />
      )}
      <Card title={t('admin.platformSettings')}>
        <Form form={settingsForm} layout="vertical" onFinish={(values) => saveSettingsMutation.mutate(values)}>
          <Row gutter={24}>
            {settingFields.map((field) => (
              <Col key={field.name} xs={24} md={12} xl={8}>
                <Form.Item name={field.name} label={t(field.label)} rules={[{ required: true }]}>
                  <InputNumber min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={saveSettingsMutation.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
      <Card
        title={t('admin.channels')}
        extra={
          <Button onClick={() => setEditing({ kind: 'chain', is_enabled: true, sort_order: 0 })}>
            {t('admin.addChannel')}
          </Button>
        }
      >
        <Table<DepositChannel>
          rowKey="id"
          loading={channels.isPending}
          dataSource={channels.data?.list ?? []}
          pagination={false}
          columns={[
            {
              title: t('admin.kind'),
              render: (_, c) => <Tag>{c.kind === 'bank' ? t('wallet.methodBank') : t('wallet.methodChain')}</Tag>,
            },
            {
              title: t('admin.network'),
              render: (_, c) => (c.kind === 'chain' ? `${c.network} · ${c.coin}` : c.bank_name),
            },
            {
              title: t('admin.address'),
              render: (_, c) =>
                c.kind === 'chain' ? c.address : `${c.account_name} ${c.account_number} ${c.branch ?? ''}`,
            },
            { title: t('admin.enabled'), render: (_, c) => (c.is_enabled ? '✓' : '—') },
            { title: t('admin.sortOrder'), dataIndex: 'sort_order' },
            {
              title: t('admin.actions'),
              render: (_, c) => (
                <Button size="small" onClick={() => setEditing(c)}>
                  {t('admin.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== undefined}
        title={editing?.id ? t('admin.edit') : t('admin.addChannel')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        confirmLoading={saveChannelMutation.isPending}
        onCancel={() => setEditing(undefined)}
        onOk={async () => {
          const values = await channelForm.validateFields();
          const clean = Object.fromEntries(
            Object.entries(values).filter(([, v]) => v !== null && v !== ''),
          ) as ChannelSaveInput;
          try {
            await saveChannelMutation.mutateAsync({ ...clean, ...(editing?.id ? { id: editing.id } : {}) });
            setEditing(undefined);
          } catch {
            // shown by the API client
          }
        }}
      >
        <Form form={channelForm} layout="vertical" preserve={false} initialValues={editing}>
          <Form.Item name="kind" label={t('admin.kind')}>
            <Select
              options={[
                { value: 'chain', label: t('wallet.methodChain') },
                { value: 'bank', label: t('wallet.methodBank') },
              ]}
            />
          </Form.Item>
          {kind === 'chain' ? (
            <>
              <Form.Item name="network" label={t('admin.network')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Form.Item name="coin" label={t('admin.coin')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Form.Item name="address" label={t('admin.address')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="bank_name" label={t('admin.bankName')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Form.Item name="account_name" label={t('admin.accountName')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Form.Item name="account_number" label={t('admin.accountNumber')} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Form.Item name="branch" label={t('admin.branch')}>
                <Input />
              </Form.Item>
            </>
          )}
          <Form.Item name="is_enabled" label={t('admin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort_order" label={t('admin.sortOrder')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
