import type { RefundDetail, RefundPage, RefundResult, RefundSummary } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Image,
  Input,
  Modal,
  Radio,
  Segmented,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { api, newActionKey } from '../../shared/api/index.ts';
import { privateImageUrl } from '../../shared/api/upload.ts';
import { currentTag } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMoney } from '../../shared/lib/use-money.ts';

const filters = ['escalated', 'open', 'all'] as const;
type Filter = (typeof filters)[number];
const listRefunds = (status: Filter, page: number) =>
  api.get<RefundPage>('/api/admin/refund_list', { status, page, limit: 20 });
const getRefund = (id: number) => api.get<RefundDetail>('/api/admin/refund_detail', { id });
const arbitrate = (body: { id: number; decision: 'buyer' | 'merchant'; note: string; key: string }) =>
  api.post<RefundResult>(
    '/api/admin/refund_arbitrate',
    { id: body.id, decision: body.decision, note: body.note },
    { idempotencyKey: body.key },
  );

const statusColors: Record<RefundSummary['status'], string> = {
  pending: 'gold',
  refused: 'volcano',
  escalated: 'red',
  awaiting_return: 'blue',
  returning: 'blue',
  refunded: 'green',
  closed: 'default',
};
const time = (iso: string) => new Date(iso).toLocaleString(currentTag());

/** A proof picture: a private file, fetched with the admin's token. */
function ProofPicture({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let made: string | undefined;
    let cancelled = false;
    privateImageUrl(url).then(
      (objectUrl) => {
        made = objectUrl;
        if (!cancelled) setSrc(objectUrl);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? (
    <Image src={src} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6 }} alt={alt} />
  ) : null;
}

/** One request in full, and the decision with its note. */
function RefundCase({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<'buyer' | 'merchant'>('buyer');
  const [note, setNote] = useState('');
  // One key per opened case: a retry of the same decision cannot pay twice.
  const [key] = useState(newActionKey);
  const detail = useQuery({ queryKey: ['admin', 'refunds', 'detail', id], queryFn: () => getRefund(id) });
  const mutation = useMutation({
    mutationFn: arbitrate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'refunds'] });
      onClose();
    },
  });
  const refund = detail.data;
  const decidable = refund?.status === 'escalated';
  return (
    <Modal
      open
      width={720}
      title={t('adminRefund.caseTitle', { id })}
      onCancel={onClose}
      okText={t('adminRefund.decide')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !decidable || !note.trim(), id: 'refund-decide' }}
      confirmLoading={mutation.isPending}
      onOk={() => mutation.mutate({ id, decision, note: note.trim(), key })}
    >
      {refund && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('adminRefund.order')}>{refund.order_no}</Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.shop')}>{refund.shop_name}</Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.amount')}>{money(refund.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.paid')}>
              {money(refund.order_total)} ({t('adminRefund.refunded')} {money(refund.refunded_total)})
            </Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.type')}>{t(`refund.types.${refund.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.reason')}>
              {t(`refund.reasons.${refund.reason}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminRefund.explanation')} span={2}>
              {refund.explanation}
            </Descriptions.Item>
            {refund.refuse_reason && (
              <Descriptions.Item label={t('adminRefund.refuseReason')} span={2}>
                {refund.refuse_reason}
              </Descriptions.Item>
            )}
            {refund.escalate_reason && (
              <Descriptions.Item label={t('adminRefund.escalateReason')} span={2}>
                {refund.escalate_reason}
              </Descriptions.Item>
            )}
            {refund.admin_note && (
              <Descriptions.Item label={t('adminRefund.note')} span={2}>
                {refund.admin_note}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Image.PreviewGroup>
            <Space wrap>
              {refund.pictures.map((url, index) => (
                <ProofPicture key={url} url={url} alt={t('refund.proofAlt', { n: index + 1 })} />
              ))}
            </Space>
          </Image.PreviewGroup>
          <Timeline
            items={refund.steps.map((step) => ({
              children: (
                <span>
                  <Typography.Text strong>{t(`refund.step.${step.step}`)}</Typography.Text> ·{' '}
                  {t(`refund.actor.${step.actor}`)} · {time(step.at)}
                  {step.note && <Typography.Paragraph style={{ margin: 0 }}>{step.note}</Typography.Paragraph>}
                </span>
              ),
            }))}
          />
          {decidable && (
            <>
              <Radio.Group value={decision} onChange={(event) => setDecision(event.target.value)}>
                <Radio value="buyer" data-testid="decide-buyer">
                  {t('adminRefund.forBuyer')}
                </Radio>
                <Radio value="merchant" data-testid="decide-merchant">
                  {t('adminRefund.forMerchant')}
                </Radio>
              </Radio.Group>
              <Input.TextArea
                rows={3}
                maxLength={500}
                placeholder={t('adminRefund.notePlaceholder')}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                data-testid="refund-note"
              />
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}

/** Refund arbitration (docs/product-rules.md §3): escalated requests first; an admin decides with a note. */
export function RefundQueue() {
  const { t } = useTranslation();
  const money = useMoney();
  const [filter, setFilter] = useState<Filter>('escalated');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | undefined>();
  const query = useQuery({ queryKey: ['admin', 'refunds', filter, page], queryFn: () => listRefunds(filter, page) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        value={filter}
        onChange={(next) => {
          setFilter(next as Filter);
          setPage(1);
        }}
        options={filters.map((key) => ({ value: key, label: t(`adminRefund.filter.${key}`) }))}
      />
      <Table<RefundSummary>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: (page - 1) * 20 + (query.data?.list.length ?? 0) + (query.data?.has_more ? 1 : 0),
          onChange: setPage,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('adminRefund.order'), dataIndex: 'order_no' },
          { title: t('adminRefund.shop'), dataIndex: 'shop_name' },
          { title: t('adminRefund.buyer'), dataIndex: 'buyer' },
          { title: t('adminRefund.amount'), render: (_, r) => money(r.amount) },
          { title: t('adminRefund.reason'), render: (_, r) => t(`refund.reasons.${r.reason}`) },
          {
            title: t('adminRefund.status'),
            render: (_, r) => <Tag color={statusColors[r.status]}>{t(`refund.status.${r.status}`)}</Tag>,
          },
          { title: t('adminRefund.time'), render: (_, r) => time(r.created_at) },
          {
            title: t('adminRefund.actions'),
            render: (_, r) => (
              <Button
                size="small"
                type={r.status === 'escalated' ? 'primary' : 'default'}
                onClick={() => setOpened(r.id)}
                data-testid="refund-open"
              >
                {r.status === 'escalated' ? t('adminRefund.arbitrate') : t('adminRefund.view')}
              </Button>
            ),
          },
        ]}
      />
      {opened !== undefined && <RefundCase id={opened} onClose={() => setOpened(undefined)} />}
    </Space>
  );
}
