import {
  type Address,
  type AddressArea,
  type AddressSaveRequest,
  type AddressTag,
  addressSaveRequestSchema,
  addressTags,
} from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { addressListKey } from '../../../shared/api/query-keys.ts';
import type { FieldErrors } from '../../../shared/forms/form-errors.ts';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useBack } from '../../../shared/navigation/use-back.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { addressKey, addressQuery, saveAddress } from '../api/addresses.ts';
import { AreaField } from '../components/area-field.tsx';
import '../address.css';

interface Form {
  name: string;
  mobile: string;
  area: AddressArea | null;
  address: string;
  tag: AddressTag | '';
  is_default: boolean;
}

/**
 * Area, detailed address and tag share one message (docs/spec.md §5: "Please fill in the area, detailed
 * address and tag"): it is shown once, under the first of them that is missing (saying it three
 * times reads like a mistake); after that one is filled, saving again points at the next.
 */
const sharedFields = ['area', 'address', 'tag'] as const;
function onceForSharedMessage(errors: FieldErrors): FieldErrors {
  let shown = false;
  const result: FieldErrors = { ...errors };
  for (const field of sharedFields) {
    const message = result[field];
    if (!message || !('key' in message) || message.key !== 'validation.address_fields_required') continue;
    if (shown) result[field] = { text: '' };
    shown = true;
  }
  return result;
}

const emptyForm: Form = { name: '', mobile: '', area: null, address: '', tag: '', is_default: false };

/**
 * Add or edit an address (docs/spec.md §2 `/addressForm/:id?`, §5 rules from the contract): addressee,
 * mobile, area (region picker), detailed address, tag, default switch.
 */
export default function AddressFormPage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const queryClient = useQueryClient();
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const existing = useQuery({ ...addressQuery(id ?? 0), enabled: id !== undefined });
  const { form, setForm, set, field, setErrors, errorOf, validate, submit, pending } = useSchemaForm<Form>(emptyForm);

  const [filledFrom, setFilledFrom] = useState<Address | undefined>(undefined);
  // Fill the form from the saved address (again after each visit or save).
  if (existing.data && existing.data !== filledFrom) {
    const data = existing.data;
    setFilledFrom(data);
    setForm({
      name: data.name,
      mobile: data.mobile,
      area: data.area,
      address: data.address,
      tag: data.tag,
      is_default: data.is_default,
    });
  }

  // Kept alive (docs/spec.md §2): leaving the screen forgets the draft and its errors, so the next visit
  // starts clean (a new address empty, an edited one from the saved data).
  useEffect(
    () => () => {
      setForm(emptyForm);
      setErrors({});
      setFilledFrom(undefined);
    },
    [setErrors, setForm],
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: AddressSaveRequest = {
      ...(id !== undefined ? { id } : {}),
      name: form.name,
      mobile: form.mobile,
      // The schema answers "Please fill in the area, detailed address and tag" for a missing area.
      area: form.area ?? (undefined as unknown as AddressArea),
      address: form.address,
      tag: form.tag as AddressTag,
      is_default: form.is_default,
    };
    const parsed = validate(addressSaveRequestSchema, body, onceForSharedMessage);
    if (!parsed) return;
    await submit(async () => {
      const saved = await saveAddress(parsed);
      queryClient.setQueryData(addressKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: addressListKey });
      toast(t('success.save'), 'success');
      goBack();
    });
  }

  if (id !== undefined && existing.isPending) {
    return (
      <Page title={t('address.edit')}>
        <ListSkeleton rows={4} />
      </Page>
    );
  }

  return (
    <Page title={id !== undefined ? t('address.edit') : t('address.newTitle')}>
      <form className="cm-form cm-card-form cm-address-form" onSubmit={onSubmit} noValidate>
        <TextField label={t('address.name')} autoComplete="name" maxLength={50} {...field('name')} />
        <TextField label={t('address.mobile')} type="tel" inputMode="tel" autoComplete="tel" {...field('mobile')} />
        <AreaField value={form.area} onChange={(area) => set('area', area)} error={errorOf('area')} />
        <TextField
          label={t('address.address')}
          placeholder={t('address.addressPlaceholder')}
          autoComplete="street-address"
          maxLength={200}
          {...field('address')}
        />
        <div className={`cm-field${errorOf('tag') ? ' cm-field--error' : ''}`}>
          <span className="cm-field__label">{t('address.tagLabel')}</span>
          <Selector
            className="cm-tag-selector"
            columns={3}
            options={addressTags.map((tag) => ({ label: t(`address.tag.${tag}`), value: tag }))}
            value={form.tag ? [form.tag] : []}
            onChange={(value) => set('tag', value[0] ?? '')}
          />
          {errorOf('tag') && (
            <p className="cm-field__error" role="alert">
              {errorOf('tag')}
            </p>
          )}
        </div>
        <div className="cm-switch-row">
          <span id="address-default-label">{t('address.makeDefault')}</span>
          <Switch
            checked={form.is_default}
            onChange={(checked) => set('is_default', checked)}
            aria-labelledby="address-default-label"
          />
        </div>
        <Button type="submit" color="primary" block shape="rounded" size="large" loading={pending}>
          {t('common.save')}
        </Button>
      </form>
    </Page>
  );
}
