import { type MerchantApplyBody, merchantApplyBodySchema } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Result, Selector, TextArea } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { Field } from '../components/field.tsx';
import { PictureField, useUploadingFields } from '../components/picture-field.tsx';
import { applyForShop, getMerchantInfo, listCategories } from '../seller-api.ts';
import '../seller.css';

type Draft = Omit<MerchantApplyBody, 'category_id'> & { category_id?: number };
const empty: Draft = {
  shop_name: '',
  logo: '',
  contact_name: '',
  mobile: '',
  email: '',
  description: '',
  document: '',
};

/**
 * Merchant registration (`/platform`): the application form, or the application's status, below
 * `intro` (the partnership text, which the route passes in).
 */
export default function ApplyPage({ intro }: { intro?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useSession((state) => state.token !== '');
  const info = useQuery({ queryKey: ['merchant', 'info'], queryFn: getMerchantInfo, enabled: loggedIn });
  const categories = useQuery({ queryKey: ['seller', 'categories'], queryFn: listCategories });
  const [draft, setDraft] = useState<Draft>(empty);
  const [again, setAgain] = useState(false);
  const [pending, setPending] = useState(false);
  const pictures = useUploadingFields();
  const { setErrors, errorOf, clear } = useFieldErrors();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    clear(key);
  };

  async function submit() {
    const parsed = merchantApplyBodySchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed));
    setPending(true);
    try {
      await applyForShop(parsed.data);
      toast(t('seller.applySent'), 'success');
      setAgain(false);
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'info'] });
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  const application = info.data?.application;
  let status: ReactNode = null;
  if (info.data?.role === 'merchant') {
    status = (
      <Result
        status="success"
        title={t('seller.applyApproved')}
        description={<Link to="/seller">{t('seller.openPlatform')}</Link>}
      />
    );
  } else if (application?.status === 0) {
    status = <Result status="waiting" title={t('seller.applyPending')} description={application.shop_name} />;
  } else if (application?.status === 2 && !again) {
    status = (
      <Result
        status="error"
        title={t('seller.applyRefused')}
        description={
          <>
            <p>{t('seller.refusedReason', { reason: application.reason ?? '' })}</p>
            <Button color="primary" onClick={() => setAgain(true)}>
              {t('seller.applyAgain')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <Page>
      {intro}
      {!loggedIn ? (
        <Result
          status="info"
          title={t('seller.applyTitle')}
          description={<Link to="/login">{t('seller.loginToApply')}</Link>}
        />
      ) : (
        (status ?? (
          <form
            className="cm-form cm-seller-apply"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <p className="cm-seller-apply__intro">{t('seller.applyIntro')}</p>
            <Field label={t('seller.shopName')} error={errorOf('shop_name')} id="apply-shop-name">
              <Input id="apply-shop-name" value={draft.shop_name} onChange={(value) => set('shop_name', value)} />
            </Field>
            <Field label={t('seller.logo')} error={errorOf('logo')}>
              <PictureField
                label={t('seller.logo')}
                purpose="shop"
                max={1}
                value={draft.logo ? [draft.logo] : []}
                onChange={(next) => set('logo', next[0] ?? '')}
                onUploading={pictures.track('logo')}
              />
            </Field>
            <Field label={t('seller.contactName')} error={errorOf('contact_name')} id="apply-contact">
              <Input id="apply-contact" value={draft.contact_name} onChange={(value) => set('contact_name', value)} />
            </Field>
            <Field label={t('seller.phone')} error={errorOf('mobile')} id="apply-mobile">
              <Input id="apply-mobile" type="tel" value={draft.mobile} onChange={(value) => set('mobile', value)} />
            </Field>
            <Field label={t('seller.email')} error={errorOf('email')} id="apply-email">
              <Input id="apply-email" type="email" value={draft.email} onChange={(value) => set('email', value)} />
            </Field>
            <Field label={t('seller.mainCategory')} error={errorOf('category_id')}>
              <Selector
                // Two columns: a category's name (メンズファッション, الأنشطة الخارجية) fits a line.
                columns={2}
                options={(categories.data ?? []).map((category) => ({ label: category.name, value: category.id }))}
                value={draft.category_id ? [draft.category_id] : []}
                onChange={(values) => set('category_id', values[0])}
              />
            </Field>
            <Field label={t('seller.description')} error={errorOf('description')} id="apply-description">
              <TextArea
                id="apply-description"
                rows={3}
                maxLength={1000}
                value={draft.description}
                onChange={(value) => set('description', value)}
              />
            </Field>
            <Field label={t('seller.document')} error={errorOf('document')}>
              <p className="cm-field__hint">{t('seller.documentHint')}</p>
              <PictureField
                label={t('seller.document')}
                purpose="evidence"
                max={1}
                value={draft.document ? [draft.document] : []}
                onChange={(next) => set('document', next[0] ?? '')}
                onUploading={pictures.track('document')}
              />
            </Field>
            <Button
              type="submit"
              color="primary"
              block
              shape="rounded"
              size="large"
              loading={pending}
              disabled={pictures.uploading}
            >
              {t('seller.applySubmit')}
            </Button>
          </form>
        ))
      )}
    </Page>
  );
}
