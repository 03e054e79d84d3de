import { complaintRequestSchema, supportLimits } from '@crossmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, TextArea } from 'antd-mobile';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { fileComplaint } from '../api/support-api.ts';
import { ComplaintImages } from '../components/complaint-images.tsx';
import { ShopNameField } from '../components/shop-name-field.tsx';
import '../support.css';

function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`cm-field${error ? ' cm-field--error' : ''}`}>
      {htmlFor ? (
        <label className="cm-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="cm-field__label">{label}</span>
      )}
      {children}
      {error && (
        <p className="cm-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The complaint form: a shop (searched by name), what happened and up to 3 pictures. */
export default function ComplaintPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setErrors, errorOf, clear } = useFieldErrors();
  const [shopName, setShopName] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = complaintRequestSchema.safeParse({ shop_name: shopName, content, images });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setPending(true);
    try {
      await fileComplaint(parsed.data);
      await queryClient.invalidateQueries({ queryKey: ['my-complaints'] });
      toast(t('success.complaintSubmitted'), 'success');
      navigate('/myComplaints', { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Page
      right={
        <Link to="/myComplaints" className="cm-link">
          {t('support.myComplaintsShort')}
        </Link>
      }
    >
      <p className="cm-complaint-intro">{t('support.complaintIntro')}</p>
      <form className="cm-form cm-card-form" onSubmit={onSubmit} noValidate>
        <Field label={t('support.shopName')} htmlFor="complaint-shop" error={errorOf('shop_name')}>
          <ShopNameField
            id="complaint-shop"
            value={shopName}
            onChange={(value) => {
              setShopName(value);
              clear('shop_name');
            }}
          />
        </Field>
        <Field label={t('support.content')} htmlFor="complaint-content" error={errorOf('content')}>
          <TextArea
            id="complaint-content"
            value={content}
            onChange={(value) => {
              setContent(value);
              clear('content');
            }}
            placeholder={t('support.contentPlaceholder')}
            rows={5}
            maxLength={supportLimits.complaintMaxLength}
            showCount
          />
        </Field>
        <Field label={t('support.pictures')} error={errorOf('images')}>
          <ComplaintImages onChange={setImages} />
        </Field>
        <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
          {t('support.submit')}
        </Button>
      </form>
    </Page>
  );
}
