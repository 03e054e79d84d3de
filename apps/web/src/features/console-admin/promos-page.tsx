import { type PromoSaveInput, promoTypes, type SellerPromo } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { useAllowed } from '../../shared/session/admin-access.ts';
import { listPromos, savePromo } from './console-api.ts';
import { ServerTable } from './console-parts.tsx';
import { pageSize, useUrlState } from './url-state.ts';

interface PromoForm {
  code: string;
  type: 'percent' | 'fixed';
  value: number;
  min_spend: number;
  starts_at: string;
  ends_at: string;
  per_user_limit: number;
  total_limit?: number | null;
  enabled: boolean;
}

/** An instant as the value of a local `datetime-local` input. */
function localInput(iso: string): string {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function PromoDialog({ promo, onClose }: { promo: SellerPromo | 'new' | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PromoForm>();
  const [busy, setBusy] = useState(false);
  const editing = promo && promo !== 'new' ? promo : null;
  return (
    <Modal
      open={promo !== null}
      title={t(editing ? 'admin.edit' : 'adminConsole.newPromo')}
      okText={t('admin.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        const body: PromoSaveInput = {
          ...(editing ? { id: editing.id } : {}),
          code: values.code,
          type: values.type,
          value: values.value,
          min_spend: values.min_spend,
          starts_at: new Date(values.starts_at).toISOString(),
          ends_at: new Date(values.ends_at).toISOString(),
          per_user_limit: values.per_user_limit,
          total_limit: values.total_limit ?? null,
          status: values.enabled ? 1 : 0,
        };
        setBusy(true);
        try {
          await savePromo(body);
          await queryClient.invalidateQueries({ queryKey: ['admin', 'promos'] });
          onClose();
        } catch {
          // shown by the API client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form<PromoForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          editing
            ? {
                code: editing.code,
                type: editing.type,
                value: editing.value,
                min_spend: editing.min_spend,
                starts_at: localInput(editing.starts_at),
                ends_at: localInput(editing.ends_at),
                per_user_limit: editing.per_user_limit,
                total_limit: editing.total_limit,
                enabled: editing.status === 1,
              }
            : {
                type: 'fixed',
                min_spend: 0,
                per_user_limit: 1,
                enabled: true,
                starts_at: localInput(new Date().toISOString()),
                ends_at: localInput(new Date(Date.now() + 30 * 86_400_000).toISOString()),
              }
        }
      >
        <Form.Item
          name="code"
          label={t('adminConsole.code')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,20}$/, message: t('validation.invalid') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('admin.kind')}>
          <Select options={promoTypes.map((type) => ({ value: type, label: t(`adminConsole.promoType.${type}`) }))} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('adminConsole.value')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="min_spend" label={t('adminConsole.minSpend')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="starts_at"
          label={t('adminConsole.startsAt')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="ends_at"
          label={t('adminConsole.endsAt')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="per_user_limit" label={t('adminConsole.perUserLimit')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="total_limit" label={t('adminConsole.totalLimit')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('admin.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function PromosPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const mayEdit = useAllowed('POST /api/admin/promo_save');
  const { page, update } = useUrlState([] as const);
  const [dialog, setDialog] = useState<SellerPromo | 'new' | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'promos', page],
    queryFn: () => listPromos({ page, limit: pageSize }),
  });
  return (
    <Card
      title={t('adminConsole.promos')}
      extra={
        mayEdit && (
          <Button type="primary" onClick={() => setDialog('new')}>
            {t('adminConsole.newPromo')}
          </Button>
        )
      }
    >
      <ServerTable<SellerPromo>
        loading={isFetching}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('adminConsole.code') },
          {
            key: 'value',
            title: t('adminConsole.value'),
            render: (_, row) => (row.type === 'percent' ? `${row.value} %` : money(row.value)),
          },
          {
            key: 'min_spend',
            dataIndex: 'min_spend',
            title: t('adminConsole.minSpend'),
            render: (v: number) => money(v),
          },
          {
            key: 'window',
            title: t('adminConsole.window'),
            render: (_, row) => `${formatTime(row.starts_at)} – ${formatTime(row.ends_at)}`,
          },
          { key: 'used', dataIndex: 'used', title: t('adminConsole.used') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('admin.status'),
            render: (status: number) => (
              <Tag color={status === 1 ? 'green' : 'default'}>
                {t(status === 1 ? 'admin.enabled' : 'adminConsole.disabled')}
              </Tag>
            ),
          },
          {
            key: 'actions',
            title: t('admin.actions'),
            render: (_, row) =>
              mayEdit && (
                <Button size="small" onClick={() => setDialog(row)}>
                  {t('admin.edit')}
                </Button>
              ),
          },
        ]}
      />
      <PromoDialog promo={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
