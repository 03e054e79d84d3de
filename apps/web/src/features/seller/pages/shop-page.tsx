import { type PromoSaveInput, promoSaveBodySchema, type SellerPromo, shopSaveBodySchema } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, List, Popup, Selector, Switch, Tag, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useConfig } from '../../../shared/api/config.ts';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LineParts } from '../../../shared/ui/line-parts.tsx';
import { Field } from '../components/field.tsx';
import { PictureField, useUploadingFields } from '../components/picture-field.tsx';
import { getMerchantInfo, listPromos, savePromo, saveShop } from '../seller-api.ts';

const day = 86_400_000;
const localInput = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function ShopSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['merchant', 'info'], queryFn: getMerchantInfo });
  const [draft, setDraft] = useState({ name: '', logo: '', banner: '', description: '' });
  const { setErrors, errorOf } = useFieldErrors();
  useEffect(() => {
    if (data?.shop) {
      const { name, logo, banner, description } = data.shop;
      setDraft({ name, logo, banner, description });
    }
  }, [data?.shop]);
  const pictures = useUploadingFields();
  async function submit() {
    const parsed = shopSaveBodySchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed));
    try {
      await saveShop(parsed.data);
      toast(t('seller.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'info'] });
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  }
  return (
    <Card title={t('seller.shopSettings')}>
      <div className="cm-form">
        <Field label={t('seller.shopName')} error={errorOf('name')} id="shop-name">
          <Input id="shop-name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        </Field>
        <Field label={t('seller.logo')} error={errorOf('logo')}>
          <PictureField
            label={t('seller.logo')}
            purpose="shop"
            max={1}
            value={draft.logo ? [draft.logo] : []}
            onChange={(next) => setDraft({ ...draft, logo: next[0] ?? '' })}
            onUploading={pictures.track('logo')}
          />
        </Field>
        <Field label={t('seller.banner')} error={errorOf('banner')}>
          <PictureField
            label={t('seller.banner')}
            purpose="shop"
            max={1}
            value={draft.banner ? [draft.banner] : []}
            onChange={(next) => setDraft({ ...draft, banner: next[0] ?? '' })}
            onUploading={pictures.track('banner')}
          />
        </Field>
        <Field label={t('seller.description')} error={errorOf('description')} id="shop-description">
          <TextArea
            id="shop-description"
            rows={3}
            value={draft.description}
            onChange={(description) => setDraft({ ...draft, description })}
          />
        </Field>
        <Button block color="primary" onClick={submit} disabled={pictures.uploading}>
          {t('seller.save')}
        </Button>
      </div>
    </Card>
  );
}

type PromoDraft = Omit<PromoSaveInput, 'value' | 'min_spend' | 'per_user_limit' | 'total_limit'> & {
  value: string;
  min_spend: string;
  per_user_limit: string;
  total_limit: string;
};

function PromoEditor({ promo, onClose }: { promo: SellerPromo | 'new'; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unit = 10 ** (useConfig().data?.currency_exponent ?? 0);
  const { setErrors, errorOf } = useFieldErrors();
  const now = Date.now();
  const [draft, setDraft] = useState<PromoDraft>(
    promo === 'new'
      ? {
          code: '',
          type: 'percent',
          value: '10',
          min_spend: '0',
          starts_at: new Date(now).toISOString(),
          ends_at: new Date(now + 30 * day).toISOString(),
          per_user_limit: '1',
          total_limit: '',
          status: 1,
        }
      : {
          ...promo,
          value: String(promo.type === 'fixed' ? promo.value / unit : promo.value),
          min_spend: String(promo.min_spend / unit),
          per_user_limit: String(promo.per_user_limit),
          total_limit: promo.total_limit ? String(promo.total_limit) : '',
          status: promo.status === 1 ? 1 : 0,
        },
  );
  const set = (change: Partial<PromoDraft>) => setDraft({ ...draft, ...change });
  async function submit() {
    const body: PromoSaveInput = {
      ...(promo === 'new' ? {} : { id: promo.id }),
      code: draft.code,
      type: draft.type,
      value: Math.round(Number(draft.value) * (draft.type === 'fixed' ? unit : 1)),
      min_spend: Math.round(Number(draft.min_spend || 0) * unit),
      starts_at: draft.starts_at,
      ends_at: draft.ends_at,
      per_user_limit: Number(draft.per_user_limit || 1),
      total_limit: draft.total_limit ? Number(draft.total_limit) : null,
      status: draft.status,
    };
    const parsed = promoSaveBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed));
    try {
      await savePromo(body);
      toast(t('seller.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['seller', 'promos'] });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  }
  return (
    <div className="cm-seller-page cm-seller-promo-form">
      <Field label={t('seller.promoCode')} error={errorOf('code')} id="promo-code">
        <Input id="promo-code" value={draft.code} onChange={(code) => set({ code: code.toUpperCase() })} />
      </Field>
      <Field label={t('seller.promoType')}>
        <Selector
          options={[
            { label: t('seller.percent'), value: 'percent' },
            { label: t('seller.fixed'), value: 'fixed' },
          ]}
          value={[draft.type ?? 'percent']}
          onChange={(values) => values[0] && set({ type: values[0] as 'percent' | 'fixed' })}
        />
      </Field>
      <Field
        label={t(draft.type === 'fixed' ? 'seller.amountOff' : 'seller.percentOff')}
        error={errorOf('value')}
        id="promo-value"
      >
        <Input id="promo-value" type="number" value={draft.value} onChange={(value) => set({ value })} />
      </Field>
      <Field label={t('seller.minSpend')} error={errorOf('min_spend')} id="promo-min">
        <Input id="promo-min" type="number" value={draft.min_spend} onChange={(min_spend) => set({ min_spend })} />
      </Field>
      <Field label={t('seller.startsAt')} error={errorOf('starts_at')} id="promo-start">
        <input
          id="promo-start"
          className="cm-seller-datetime"
          type="datetime-local"
          value={localInput(draft.starts_at)}
          onChange={(event) => set({ starts_at: new Date(event.target.value).toISOString() })}
        />
      </Field>
      <Field label={t('seller.endsAt')} error={errorOf('ends_at')} id="promo-end">
        <input
          id="promo-end"
          className="cm-seller-datetime"
          type="datetime-local"
          value={localInput(draft.ends_at)}
          onChange={(event) => set({ ends_at: new Date(event.target.value).toISOString() })}
        />
      </Field>
      <Field label={t('seller.perUserLimit')} error={errorOf('per_user_limit')} id="promo-per-user">
        <Input
          id="promo-per-user"
          type="number"
          value={draft.per_user_limit}
          onChange={(per_user_limit) => set({ per_user_limit })}
        />
      </Field>
      <Field label={t('seller.totalLimit')} error={errorOf('total_limit')} id="promo-total">
        <Input
          id="promo-total"
          type="number"
          placeholder={t('seller.noLimit')}
          value={draft.total_limit}
          onChange={(total_limit) => set({ total_limit })}
        />
      </Field>
      <div className="cm-seller-switch">
        <span>{t('seller.active')}</span>
        <Switch checked={draft.status === 1} onChange={(on) => set({ status: on ? 1 : 0 })} />
      </div>
      <Button block color="primary" onClick={submit}>
        {t('seller.save')}
      </Button>
    </div>
  );
}

function Promos() {
  const { t } = useTranslation();
  const money = useMoney();
  const { data } = useQuery({ queryKey: ['seller', 'promos'], queryFn: listPromos });
  const [editing, setEditing] = useState<SellerPromo | 'new' | undefined>();
  const until = (iso: string) => new Date(iso).toLocaleDateString(currentTag());
  return (
    <Card
      title={t('seller.promos')}
      extra={
        <Button size="mini" color="primary" onClick={() => setEditing('new')}>
          {t('seller.newPromo')}
        </Button>
      }
    >
      {data && data.list.length === 0 && <p className="cm-field__hint">{t('seller.noPromos')}</p>}
      <List>
        {data?.list.map((promo) => (
          <List.Item
            key={promo.id}
            onClick={() => setEditing(promo)}
            description={
              <LineParts
                parts={[
                  `${t('seller.minSpend')} ${money(promo.min_spend)}`,
                  `${until(promo.starts_at)}–${until(promo.ends_at)}`,
                  `${t('seller.used', { count: promo.used })}${promo.total_limit ? `/${promo.total_limit}` : ''}`,
                ]}
              />
            }
            extra={
              <Tag color={promo.status === 1 ? 'success' : 'default'}>
                {t(promo.status === 1 ? 'seller.active' : 'seller.inactive')}
              </Tag>
            }
          >
            <LineParts parts={[promo.code, promo.type === 'percent' ? `${promo.value}%` : money(promo.value)]} />
          </List.Item>
        ))}
      </List>
      <Popup
        visible={editing !== undefined}
        onMaskClick={() => setEditing(undefined)}
        bodyStyle={{ maxHeight: '90vh', overflow: 'auto' }}
        destroyOnClose
      >
        {editing && <PromoEditor promo={editing} onClose={() => setEditing(undefined)} />}
      </Popup>
    </Card>
  );
}

/** Shop settings (name, logo, banner, description) and the shop's promo codes. */
export default function ShopPage() {
  return (
    <div className="cm-seller-page">
      <ShopSettings />
      <Promos />
    </div>
  );
}
