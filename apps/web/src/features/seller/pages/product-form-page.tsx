import { type ProductSaveInput, productSaveBodySchema } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Selector, Skeleton, Switch, Tabs, TextArea } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConfig } from '../../../shared/api/config.ts';
import { fieldErrors, serverFieldErrors } from '../../../shared/forms/form-errors.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { currentDir, currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { Field } from '../components/field.tsx';
import { PictureField, useUploadingFields } from '../components/picture-field.tsx';
import { getProductForm, listCategories, saveProduct } from '../seller-api.ts';

interface Spec {
  name: string;
  /** Values as typed, separated by commas. */
  values: string;
}
interface SkuDraft {
  price: string;
  stock: string;
}
const splitValues = (text: string) => [
  ...new Set(
    text
      .split(/[,、，]/)
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/** Every combination of the spec values: the SKUs the product will have. */
function combinations(specs: Spec[]): string[][] {
  return specs
    .filter((spec) => spec.name.trim())
    .reduce<string[][]>(
      (combos, spec) => combos.flatMap((combo) => splitValues(spec.values).map((value) => [...combo, value])),
      [[]],
    );
}

/** Create or edit a product: titles per language, category, pictures, freight, specs and their SKUs. */
export default function ProductFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id } = useParams();
  const productId = id && id !== 'new' ? Number(id) : undefined;
  const exponent = useConfig().data?.currency_exponent ?? 0;
  const unit = 10 ** exponent;
  const languages = [...new Set(['en', currentLanguage()])];
  const categories = useQuery({ queryKey: ['seller', 'categories'], queryFn: listCategories });
  const existing = useQuery({
    queryKey: ['seller', 'product', productId],
    queryFn: () => getProductForm(productId ?? 0),
    enabled: productId !== undefined,
  });
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [descriptions, setDescriptions] = useState<Record<string, string>>({});
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [images, setImages] = useState<string[]>([]);
  const [freight, setFreight] = useState('0');
  const [onSale, setOnSale] = useState(true);
  const [specs, setSpecs] = useState<Spec[]>([{ name: '', values: '' }]);
  const [skus, setSkus] = useState<Record<string, SkuDraft>>({});
  const [pending, setPending] = useState(false);
  const pictures = useUploadingFields();
  const { setErrors, errorOf } = useFieldErrors();

  useEffect(() => {
    const form = existing.data;
    if (!form) return;
    setTitles(form.title_i18n);
    setDescriptions(form.description_i18n);
    setCategoryId(form.category_id);
    setImages(form.images);
    setFreight(String(form.freight / unit));
    setOnSale(form.status === 1);
    setSpecs(form.specs.map((spec) => ({ name: spec.name, values: spec.values.join(', ') })));
    setSkus(
      Object.fromEntries(
        form.skus.map((sku) => [
          JSON.stringify(sku.values),
          { price: String(sku.price / unit), stock: String(sku.stock) },
        ]),
      ),
    );
  }, [existing.data, unit]);

  const combos = useMemo(() => combinations(specs), [specs]);
  const skuOf = (combo: string[]) => skus[JSON.stringify(combo)] ?? { price: '', stock: '' };
  const setSku = (combo: string[], change: Partial<SkuDraft>) =>
    setSkus((current) => ({ ...current, [JSON.stringify(combo)]: { ...skuOf(combo), ...change } }));

  async function submit() {
    const usedSpecs = specs.filter((spec) => spec.name.trim());
    const body: ProductSaveInput = {
      ...(productId ? { id: productId } : {}),
      category_id: categoryId ?? 0,
      title_i18n: titles,
      description_i18n: descriptions,
      images,
      freight: Math.round(Number(freight || 0) * unit),
      specs: usedSpecs.map((spec) => ({ name: spec.name.trim(), values: splitValues(spec.values) })),
      skus: combos.map((combo) => ({
        values: combo,
        price: Math.round(Number(skuOf(combo).price) * unit),
        stock: Number(skuOf(combo).stock || 0),
      })),
      status: onSale ? 1 : 0,
    };
    const parsed = productSaveBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      const first = parsed.error.issues[0];
      if (first) toast(t(first.message.startsWith('validation.') ? first.message : 'validation.invalid'));
      return;
    }
    setPending(true);
    try {
      await saveProduct(body);
      toast(t('seller.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['seller'] });
      navigate('/seller/products');
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setPending(false);
    }
  }

  if (productId && !existing.data) return <Skeleton.Paragraph lineCount={10} animated />;
  return (
    <form
      className="cm-seller-page cm-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card title={t('seller.basics')}>
        <Tabs direction={currentDir()}>
          {languages.map((lang) => (
            <Tabs.Tab key={lang} title={t(`seller.lang.${lang}`, { defaultValue: lang })}>
              <Field label={t('seller.productTitle')} error={errorOf('title_i18n')} id={`title-${lang}`}>
                <Input
                  id={`title-${lang}`}
                  value={titles[lang] ?? ''}
                  maxLength={120}
                  onChange={(value) => setTitles((current) => ({ ...current, [lang]: value }))}
                />
              </Field>
              <Field label={t('seller.description')} id={`description-${lang}`}>
                <TextArea
                  id={`description-${lang}`}
                  rows={3}
                  value={descriptions[lang] ?? ''}
                  onChange={(value) => setDescriptions((current) => ({ ...current, [lang]: value }))}
                />
              </Field>
            </Tabs.Tab>
          ))}
        </Tabs>
        <p className="cm-field__hint">{t('seller.languageHint')}</p>
        <Field label={t('seller.category')} error={errorOf('category_id')}>
          <Selector
            // Two columns: a category's name (メンズファッション, الأنشطة الخارجية) fits a line.
            columns={2}
            options={(categories.data ?? []).map((category) => ({ label: category.name, value: category.id }))}
            value={categoryId ? [categoryId] : []}
            onChange={(values) => setCategoryId(values[0])}
          />
        </Field>
        <Field label={t('seller.pictures')} error={errorOf('images')}>
          <PictureField
            label={t('seller.pictures')}
            purpose="product"
            max={9}
            value={images}
            onChange={setImages}
            onUploading={pictures.track('images')}
          />
        </Field>
        <Field label={t('seller.freight')} error={errorOf('freight')} id="freight">
          <Input id="freight" type="number" inputMode="decimal" value={freight} onChange={setFreight} />
        </Field>
        <div className="cm-seller-switch">
          <span>{t('seller.onSale')}</span>
          <Switch checked={onSale} onChange={setOnSale} />
        </div>
      </Card>
      <Card title={t('seller.specs')}>
        <p className="cm-field__hint">{t('seller.specsHint')}</p>
        {specs.map((spec, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: specs have no id until saved; at most two rows
          <div className="cm-seller-spec" key={index}>
            <Input
              aria-label={t('seller.specName')}
              placeholder={t('seller.specNamePlaceholder')}
              value={spec.name}
              onChange={(value) => setSpecs(specs.map((row, i) => (i === index ? { ...row, name: value } : row)))}
            />
            <Input
              aria-label={t('seller.specValues')}
              placeholder={t('seller.specValuesPlaceholder')}
              value={spec.values}
              onChange={(value) => setSpecs(specs.map((row, i) => (i === index ? { ...row, values: value } : row)))}
            />
            <Button
              fill="none"
              aria-label={t('seller.delete')}
              onClick={() => setSpecs(specs.filter((_, i) => i !== index))}
            >
              <DeleteOutline />
            </Button>
          </div>
        ))}
        {specs.length < 2 && (
          <Button size="small" fill="outline" onClick={() => setSpecs([...specs, { name: '', values: '' }])}>
            <AddOutline /> {t('seller.addSpec')}
          </Button>
        )}
      </Card>
      <Card title={t('seller.skus', { count: combos.length })}>
        {errorOf('skus') && (
          <div className="cm-field__error" role="alert">
            {errorOf('skus')}
          </div>
        )}
        <table className="cm-seller-skus">
          <thead>
            <tr>
              <th>{t('seller.variant')}</th>
              <th>{t('seller.price')}</th>
              <th>{t('seller.stock')}</th>
            </tr>
          </thead>
          <tbody>
            {combos.map((combo) => {
              const key = JSON.stringify(combo);
              const label = combo.join(' / ') || t('seller.singleVariant');
              return (
                <tr key={key}>
                  <td>{label}</td>
                  <td>
                    <Input
                      aria-label={`${label} ${t('seller.price')}`}
                      type="number"
                      inputMode="decimal"
                      value={skuOf(combo).price}
                      onChange={(value) => setSku(combo, { price: value })}
                    />
                  </td>
                  <td>
                    <Input
                      aria-label={`${label} ${t('seller.stock')}`}
                      type="number"
                      inputMode="numeric"
                      value={skuOf(combo).stock}
                      onChange={(value) => setSku(combo, { stock: value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <div className="cm-seller-submit">
        <Button
          type="submit"
          color="primary"
          block
          shape="rounded"
          size="large"
          loading={pending}
          disabled={pictures.uploading}
        >
          {t('seller.save')}
        </Button>
      </div>
    </form>
  );
}
