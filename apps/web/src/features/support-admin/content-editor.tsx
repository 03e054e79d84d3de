import { type ContentKey, contentKeys, languages } from '@crossmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { MarkupView } from '../../shared/ui/markup-view.tsx';
import { listContent, saveContent } from './admin-support-api.ts';

/**
 * The help, law and partnership texts per language, edited as restricted markup beside a live
 * preview rendered by the same component the shopper app uses.
 */
export function ContentEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<ContentKey>('help_support');
  const [lang, setLang] = useState('en');
  const [body, setBody] = useState('');
  const query = useQuery({ queryKey: ['admin', 'content'], queryFn: listContent });
  const stored = query.data?.find((item) => item.key === key && item.lang === lang);
  const english = query.data?.find((item) => item.key === key && item.lang === 'en');
  useEffect(() => {
    setBody(stored?.body ?? english?.body ?? '');
  }, [stored, english]);
  const save = useMutation({
    mutationFn: () => saveContent({ key, lang: lang as (typeof languages)[number]['file_name'], body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
      await queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
  const isSaved = save.isSuccess && stored?.body === body;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select<ContentKey>
          value={key}
          onChange={setKey}
          style={{ width: 220 }}
          aria-label={t('admin.contentKey')}
          options={contentKeys.map((value) => ({ value, label: t(`admin.${value}`) }))}
        />
        <Select
          value={lang}
          onChange={setLang}
          style={{ width: 220 }}
          showSearch
          optionFilterProp="label"
          aria-label={t('admin.language')}
          options={languages.map((language) => ({
            value: language.file_name,
            label: `${language.language_name} (${language.file_name})`,
          }))}
        />
        <Button type="primary" loading={save.isPending} disabled={!body.trim()} onClick={() => save.mutate()}>
          {t('admin.save')}
        </Button>
        {isSaved && (
          <Typography.Text type="success" role="status">
            {t('admin.saved')}
          </Typography.Text>
        )}
      </Space>
      {!query.isPending && !stored && <Alert type="info" showIcon message={t('admin.fallbackNote')} />}
      <Typography.Text type="secondary">{t('admin.markupHelp')}</Typography.Text>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('admin.body')} size="small">
            <Input.TextArea
              value={body}
              onChange={(event) => setBody(event.target.value)}
              autoSize={{ minRows: 18, maxRows: 40 }}
              maxLength={50_000}
              aria-label={t('admin.body')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.preview')} size="small">
            <MarkupView source={body} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
