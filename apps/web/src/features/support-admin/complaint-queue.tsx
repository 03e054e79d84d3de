import type { AdminComplaint } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Form,
  Image,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { privateImageUrl } from '../../shared/api/upload.ts';
import { currentTag } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { adminPageSize, handleComplaint, listComplaints } from './admin-support-api.ts';

const filters = ['0', '1', 'all'] as const;
const filterLabels = { '0': 'admin.open', '1': 'admin.handled', all: 'admin.all' } as const;

/** A complaint picture (private evidence), fetched with the admin's token. */
function PrivatePicture({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let objectUrl: string | undefined;
    let cancelled = false;
    privateImageUrl(url).then(
      (made) => {
        objectUrl = made;
        if (!cancelled) setSrc(made);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? (
    <Image src={src} width={56} height={56} style={{ objectFit: 'cover' }} alt={t('admin.pictures')} />
  ) : null;
}

function ReplyDialog({ complaint, onClose }: { complaint: AdminComplaint | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reply: string }>();
  const mutation = useMutation({
    mutationFn: handleComplaint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'complaints'] }),
  });
  return (
    <Modal
      open={complaint !== undefined}
      title={t('admin.reply')}
      okText={t('admin.send')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (!complaint) return;
        const values = await form.validateFields();
        try {
          await mutation.mutateAsync({ id: complaint.id, reply: values.reply });
          onClose();
        } catch {
          // shown by the API client
        }
      }}
    >
      {complaint && (
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {complaint.content}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reply"
          label={t('admin.reply')}
          rules={[{ required: true, whitespace: true, message: t('validation.reply_required') }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('admin.replyPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The complaint queue: open first; reply to mark one handled. */
export function ComplaintQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof filters)[number]>('0');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<AdminComplaint | undefined>(undefined);
  const query = useQuery({
    queryKey: ['admin', 'complaints', status, page],
    queryFn: () => listComplaints(status, page),
  });
  const rows = query.data?.list ?? [];
  const time = (iso: string) => new Date(iso).toLocaleString(currentTag(), { dateStyle: 'medium', timeStyle: 'short' });
  const columns: TableColumnsType<AdminComplaint> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.user'), dataIndex: 'user_account', width: 140 },
    { title: t('admin.shop'), dataIndex: 'shop_name', width: 160 },
    {
      title: t('admin.complaint'),
      dataIndex: 'content',
      render: (_, row) => (
        <Space direction="vertical" size={4}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.content}</Typography.Text>
          {row.images.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4}>
                {row.images.map((url) => (
                  <PrivatePicture key={url} url={url} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {row.status === 1 && (
            <Typography.Text type="success">
              {t('admin.reply')}: {row.reply}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('admin.time'), dataIndex: 'created_at', width: 170, render: (value: string) => time(value) },
    {
      title: t('admin.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: 0 | 1) => (
        <Tag color={value === 1 ? 'green' : 'gold'}>{t(value === 1 ? 'admin.handled' : 'admin.open')}</Tag>
      ),
    },
    {
      title: t('admin.actions'),
      width: 120,
      render: (_, row) =>
        row.status === 0 ? (
          <Button type="primary" size="small" onClick={() => setReplying(row)} data-testid={`reply-${row.id}`}>
            {t('admin.reply')}
          </Button>
        ) : null,
    },
  ];
  const seen = (page - 1) * adminPageSize + rows.length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented
        value={status}
        onChange={(next) => {
          setStatus(next as (typeof filters)[number]);
          setPage(1);
        }}
        options={filters.map((key) => ({ value: key, label: t(filterLabels[key]) }))}
      />
      <Table<AdminComplaint>
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize: adminPageSize,
          // The list answers has_more rather than a count: one page more while there is more.
          total: query.data?.has_more ? seen + 1 : seen,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
      <ReplyDialog complaint={replying} onClose={() => setReplying(undefined)} />
    </Space>
  );
}
