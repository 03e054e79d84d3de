import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Previous / next over a server page (`has_more`, no total: counting whole tables is not allowed). */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage(page: number): void }) {
  const { t } = useTranslation();
  return (
    <Space className="cm-console__pager">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('adminConsole.previous')}
      </Button>
      <Typography.Text>{t('adminConsole.pageNumber', { page })}</Typography.Text>
      <Button disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('adminConsole.next')}
      </Button>
    </Space>
  );
}

/** Asks for the reason of an action (required when `required`), then runs it. */
export function ReasonDialog({
  title,
  open,
  required,
  onClose,
  onSubmit,
}: {
  title: string;
  open: boolean;
  required: boolean;
  onClose(): void;
  onSubmit(reason: string | undefined): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          await onSubmit(values.reason?.trim() || undefined);
          onClose();
        } catch {
          // shown by the API client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('admin.reason')}
          rules={required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
        >
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A search box that applies on Enter (keyboard first) and shows the URL's value. */
export function SearchBox({
  value,
  placeholder,
  onSearch,
  label,
}: {
  value: string;
  placeholder: string;
  label: string;
  onSearch(value: string): void;
}) {
  return (
    <Input.Search
      key={value}
      aria-label={label}
      defaultValue={value}
      placeholder={placeholder}
      allowClear
      enterButton
      style={{ width: 320 }}
      onSearch={(next) => onSearch(next.trim())}
    />
  );
}
