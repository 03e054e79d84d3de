import type { MerchantApplication } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Image, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/index.ts';
import { privateImageUrl } from '../../shared/api/upload.ts';
import { currentTag } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';

type AdminApplication = MerchantApplication & { user_id: number; account: string };
interface Page<T> {
  list: T[];
  total?: number;
}
const listApplications = (status: string, page: number) =>
  api.get<Page<AdminApplication>>('/api/admin/merchant_apply_list', { status, page, limit: 20 });
const auditApplication = (body: { id: number; status: 1 | 2; reason?: string }) =>
  api.post<MerchantApplication>('/api/admin/merchant_apply_audit', body);

const statusColors = { 0: 'gold', 1: 'green', 2: 'red' } as const;
const filters = ['0', 'all', '1', '2'] as const;

/** The applicant's identity or business document: a private file, fetched with the admin's token. */
function DocumentPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    if (!url) return;
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
  if (!url) return <Typography.Text type="secondary">{t('admin.noDocument')}</Typography.Text>;
  return src ? (
    <Image src={src} width={56} height={56} style={{ objectFit: 'cover' }} alt={t('admin.document')} />
  ) : null;
}

/** Merchant applications: approve (the shop opens) or refuse with a reason the applicant sees. */
export function ApplicationQueue() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<number | undefined>();
  const [reason, setReason] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'merchants', status, page],
    queryFn: () => listApplications(status, page),
  });
  const mutation = useMutation({
    mutationFn: auditApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'merchants'] }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        value={status}
        onChange={(next) => {
          setStatus(String(next));
          setPage(1);
        }}
        options={filters.map((key) => ({ value: key, label: t(`auditStatus.${key}`) }))}
      />
      <Table<AdminApplication>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('seller.shopName'),
            render: (_, r) => (
              <Space>
                {r.logo && <Image src={r.logo} width={40} height={40} preview={false} />}
                <span>{r.shop_name}</span>
              </Space>
            ),
          },
          {
            title: t('admin.applicant'),
            render: (_, r) => (
              <Typography.Text style={{ fontSize: 12 }}>
                {r.account} · {r.contact_name}
                <br />
                {r.mobile} · {r.email}
              </Typography.Text>
            ),
          },
          {
            title: t('seller.description'),
            render: (_, r) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ maxWidth: 260, marginBottom: 0 }}>
                {r.description}
              </Typography.Paragraph>
            ),
          },
          { title: t('admin.document'), render: (_, r) => <DocumentPreview url={r.document} /> },
          {
            title: t('admin.status'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={statusColors[r.status]}>{t(`auditStatus.${r.status}`)}</Tag>
                {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('admin.time'), render: (_, r) => new Date(r.created_at).toLocaleString(currentTag()) },
          {
            title: t('admin.actions'),
            render: (_, r) =>
              r.status === 0 && (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    loading={mutation.isPending}
                    onClick={() => mutation.mutate({ id: r.id, status: 1 })}
                  >
                    {t('admin.approve')}
                  </Button>
                  <Button danger size="small" onClick={() => setRefusing(r.id)}>
                    {t('admin.refuse')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={refusing !== undefined}
        title={t('admin.refuse')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !reason.trim() }}
        confirmLoading={mutation.isPending}
        onCancel={() => setRefusing(undefined)}
        onOk={async () => {
          if (refusing === undefined) return;
          await mutation.mutateAsync({ id: refusing, status: 2, reason });
          setRefusing(undefined);
          setReason('');
        }}
      >
        <Input.TextArea
          aria-label={t('admin.reason')}
          placeholder={t('admin.reason')}
          rows={3}
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Space>
  );
}
