import type { LedgerKind } from '@crossmart/contract';
import { Button, Form, Input, Modal, Select, Space, Table, type TableProps, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';

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

/** The antd sort state of a column from the URL's `sort` / `order` (the default column, newest first). */
export function sortState(values: { sort: string; order: string }, key: string, byDefault = 'id') {
  if (values.sort !== key && !(key === byDefault && !values.sort)) return null;
  return values.order === 'asc' ? ('ascend' as const) : ('descend' as const);
}

/**
 * One server page of rows with its pager: sorting a column writes `sort` / `order` to the URL, the
 * pager writes `page` (`useUrlState`), so the view survives a reload and can be shared.
 */
export function ServerTable<Row extends { id: number }>({
  page,
  hasMore,
  update,
  ...table
}: Pick<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'expandable'> & {
  page: number;
  hasMore: boolean;
  update(next: { page?: number; sort?: string; order?: string }): void;
}) {
  return (
    <>
      <Table<Row>
        rowKey="id"
        size="middle"
        pagination={false}
        {...table}
        onChange={(_pagination, _filters, sorter) => {
          const one = sorter as SorterResult<Row>;
          update({
            sort: one.order ? String(one.columnKey) : undefined,
            order: one.order === 'ascend' ? 'asc' : undefined,
          });
        }}
      />
      <Pager page={page} hasMore={hasMore} onPage={(next) => update({ page: next })} />
    </>
  );
}

/** A filter over a closed list of values, "all" first; `labelOf` names each value. */
export function ChoiceFilter({
  label,
  value,
  choices,
  labelOf,
  onChange,
  width = 160,
}: {
  label: string;
  value: string;
  choices: readonly string[];
  labelOf(choice: string): string;
  onChange(value: string): void;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={label}
      value={value}
      style={{ width }}
      onChange={onChange}
      options={[
        { value: '', label: t('admin.all') },
        ...choices.map((choice) => ({ value: choice, label: labelOf(choice) })),
      ]}
    />
  );
}

/** A ledger kind as the shopper's fund record names it (forms part, every language); the code on hover. */
export function useLedgerKindLabel(): (kind: LedgerKind) => string {
  const { t } = useTranslation();
  return (kind) => t(`wallet.kind_${kind}`);
}

export function LedgerKindCell({ kind }: { kind: LedgerKind }) {
  const label = useLedgerKindLabel();
  return <span title={kind}>{label(kind)}</span>;
}
