import type { AdminRecharge, AdminWithdrawal } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { useAllowed } from '../../../shared/session/admin-access.ts';
import { auditRecharge, auditWithdrawal, listRecharges, listWithdrawals } from '../api/admin-wallet.ts';
import { EvidencePreview } from '../components/evidence-preview.tsx';

const statusColors = { 0: 'gold', 1: 'green', 2: 'red' } as const;
const filters = ['0', 'all', '1', '2'] as const;

function StatusFilter({ value, onChange }: { value: string; onChange(next: string): void }) {
  const { t } = useTranslation();
  return (
    <Segmented
      value={value}
      onChange={(next) => onChange(String(next))}
      options={filters.map((key) => ({ value: key, label: t(`auditStatus.${key}`) }))}
    />
  );
}

type Dialog = { kind: 'pass' | 'refuse'; id: number; amount: number } | undefined;

function AuditDialog({
  dialog,
  withAmount,
  onClose,
  onSubmit,
}: {
  dialog: Dialog;
  withAmount: boolean;
  onClose(): void;
  onSubmit(values: { actual_amount?: number; reason?: string }): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={dialog !== undefined}
      title={dialog?.kind === 'pass' ? t('admin.pass') : t('admin.refuse')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          await onSubmit(values);
          onClose();
        } catch {
          // shown by the API client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ actual_amount: dialog?.amount }}>
        {dialog?.kind === 'pass' && withAmount && (
          <Form.Item
            name="actual_amount"
            label={t('admin.actualAmount')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {dialog?.kind === 'refuse' && (
          <Form.Item
            name="reason"
            label={t('admin.reason')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.TextArea rows={3} maxLength={300} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** What both queues' rows share: the audit status, the amount asked, who asked and when. */
interface AuditRow {
  id: number;
  account: string;
  amount: number;
  status: 0 | 1 | 2;
  created_at: string;
}

/**
 * One audit queue (recharges or withdrawals): the status filter, a page of requests with the
 * queue's own columns between the shared ones, and pass/refuse through the audit dialog.
 */
function AuditQueue<Row extends AuditRow>({
  name,
  auditRoute,
  list,
  columns,
  withAmount,
  audit,
}: {
  name: 'recharges' | 'withdrawals';
  /** The audit route, `POST /api/admin/…`: support admins see the queue without the buttons. */
  auditRoute: string;
  list(status: string, page: number): Promise<{ list: Row[]; total?: number }>;
  columns: TableColumnsType<Row>;
  /** Passing asks for the actual arrival amount (recharges). */
  withAmount: boolean;
  audit(decision: { id: number; status: 1 | 2; actual_amount?: number; reason?: string }): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const mayAudit = useAllowed(auditRoute);
  const query = useQuery({ queryKey: ['admin', name, status, page], queryFn: () => list(status, page) });
  const mutation = useMutation({
    mutationFn: audit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', name] }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <StatusFilter
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <Table<Row>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('admin.user'), dataIndex: 'account' },
          ...columns,
          {
            title: t('admin.status'),
            render: (_, r) => <Tag color={statusColors[r.status]}>{t(`auditStatus.${r.status}`)}</Tag>,
          },
          { title: t('admin.time'), render: (_, r) => new Date(r.created_at).toLocaleString(currentTag()) },
          {
            title: t('admin.actions'),
            render: (_, r) =>
              r.status === 0 &&
              mayAudit && (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => setDialog({ kind: 'pass', id: r.id, amount: r.amount })}
                  >
                    {t('admin.pass')}
                  </Button>
                  <Button danger size="small" onClick={() => setDialog({ kind: 'refuse', id: r.id, amount: r.amount })}>
                    {t('admin.refuse')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <AuditDialog
        key={dialog ? `${dialog.kind}-${dialog.id}` : 'closed'}
        dialog={dialog}
        withAmount={withAmount}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) =>
          dialog
            ? mutation.mutateAsync(
                dialog.kind === 'pass'
                  ? {
                      id: dialog.id,
                      status: 1,
                      ...(withAmount ? { actual_amount: Number(values.actual_amount) } : {}),
                    }
                  : { id: dialog.id, status: 2, reason: values.reason ?? '' },
              )
            : Promise.resolve()
        }
      />
    </Space>
  );
}

export function RechargeQueue() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <AuditQueue<AdminRecharge>
      name="recharges"
      list={listRecharges}
      withAmount
      auditRoute="POST /api/admin/recharge_audit"
      audit={auditRecharge}
      columns={[
        {
          title: t('admin.method'),
          render: (_, r) => `${t(`wallet.method_${r.method}`)}${r.network ? ` · ${r.network} ${r.coin}` : ''}`,
        },
        { title: t('admin.amount'), render: (_, r) => money(r.amount) },
        {
          title: t('admin.details'),
          render: (_, r) => (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.address ?? ''} {r.tx_hash ?? ''} {r.actual_amount !== null ? `→ ${money(r.actual_amount)}` : ''}{' '}
              {r.reason ?? ''}
              {r.status === 0 && r.first_actual_amount !== null && (
                <Tag color="purple">{t('adminConsole.awaitingSecond', { amount: money(r.first_actual_amount) })}</Tag>
              )}
            </Typography.Text>
          ),
        },
        {
          title: t('admin.evidence'),
          render: (_, r) => (
            <Space direction="vertical" size={4}>
              <EvidencePreview url={r.image} />
              {r.evidence_reused && (
                <Tooltip title={t('rechargeProof.reusedHint')}>
                  <Tag color="red" data-testid={`evidence-reused-${r.id}`}>
                    {t('rechargeProof.reused')}
                  </Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

export function WithdrawalQueue() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <AuditQueue<AdminWithdrawal>
      name="withdrawals"
      list={listWithdrawals}
      withAmount={false}
      auditRoute="POST /api/admin/extract_audit"
      audit={auditWithdrawal}
      columns={[
        {
          title: t('admin.method'),
          render: (_, r) =>
            r.type === 'bank' ? `${r.bank_name} ${r.bank_card} ${r.holder}` : `${r.network} ${r.address}`,
        },
        { title: t('admin.amount'), render: (_, r) => money(r.amount) },
        { title: t('admin.fee'), render: (_, r) => money(r.fee) },
        { title: t('admin.arrival'), render: (_, r) => money(r.actual_amount) },
      ]}
    />
  );
}
