import type { CheckoutInput } from '@crossmart/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, TextArea } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, newActionKey } from '../../../shared/api/index.ts';
import { cartKey, productDetailKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast } from '../../../shared/ui/feedback.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { addressBookQuery, createOrders, previewQuery } from '../api/checkout.ts';
import { AddressRow } from '../components/address-row.tsx';
import { AmountRows } from '../components/amount-rows.tsx';
import { OrderBlock } from '../components/order-block.tsx';
import { type ActionKey, keyForAction } from '../lib/action-key.ts';
import { chosenAddress, type OrdersHandoff } from '../lib/back-data.ts';
import { parseCheckoutSource, paymentPath } from '../lib/checkout-input.ts';
import { checkoutAddress } from '../lib/pay-rules.ts';
import '../checkout.css';

const remarkMax = 200;
const promoMax = 40;

/** A promo refusal goes under the promo field; other refusals are only toasted (by the API client). */
function promoMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.errorKey?.startsWith('PROMO_') ? error.message : undefined;
}

/**
 * Checkout (docs/spec.md §2 `/checkout`, §5): the bag's chosen lines (`?cart_ids=`) or buy now
 * (`?sku_id=&quantity=`), previewed by the server per shop with freight, discount and totals; the
 * shipping address (default preselected, changed on `/address?select=1`), a promo code and a
 * remark; "submit" creates one order per shop and opens the payment.
 */
export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const source = parseCheckoutSource(search);

  const book = useQuery(addressBookQuery);
  const [pickedId, setPickedId] = useState<number | undefined>(undefined);
  const address = checkoutAddress(book.data, pickedId);

  // `/address?select=1` hands the tapped address back through the session (read once, then cleared).
  const backData = useSession((state) => state.backData);
  useEffect(() => {
    const picked = chosenAddress(backData);
    if (!picked) return;
    setPickedId(picked.id);
    useSession.getState().setBackData(null);
    // It may be new or edited there: the book shows it as saved.
    void queryClient.invalidateQueries({ queryKey: addressBookQuery.queryKey });
  }, [backData, queryClient]);

  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState<string | undefined>(undefined);
  const [applying, setApplying] = useState(false);
  const [remark, setRemark] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const actionKey = useRef<ActionKey | undefined>(undefined);

  const lang = i18n.language;
  const previewBody: CheckoutInput | undefined = source && { ...source, ...(promo ? { promo_code: promo } : {}) };
  const preview = useQuery({
    ...previewQuery(lang, previewBody ?? { cart_ids: [] }),
    enabled: previewBody !== undefined,
    placeholderData: keepPreviousData,
  });

  async function applyPromo(event?: FormEvent) {
    event?.preventDefault();
    const code = promoInput.trim();
    if (!source || applying) return;
    if (!code) return setPromoError(t('checkout.promoEmpty'));
    setApplying(true);
    try {
      await queryClient.fetchQuery(previewQuery(lang, { ...source, promo_code: code }));
      setPromo(code);
      setPromoError(undefined);
    } catch (error) {
      setPromoError(promoMessage(error));
    } finally {
      setApplying(false);
    }
  }

  function removePromo() {
    setPromo('');
    setPromoInput('');
    setPromoError(undefined);
  }

  async function submit() {
    if (!source || submitting) return;
    if (!address) return toast(t('checkout.addressRequired'));
    const body: CheckoutInput = {
      ...source,
      address_id: address.id,
      ...(promo ? { promo_code: promo } : {}),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    };
    const key = keyForAction(actionKey.current, JSON.stringify(body), newActionKey);
    actionKey.current = key;
    setSubmitting(true);
    try {
      const result = await createOrders(body, key.key);
      actionKey.current = undefined;
      toast(t('success.orderCreated'), 'success');
      // The bag lost the lines that became orders; stock changed on the products. (The preview is
      // left alone: asked again now, it would answer that those lines are no longer in the bag.)
      void queryClient.invalidateQueries({ queryKey: cartKey });
      void queryClient.invalidateQueries({ queryKey: productDetailKey });
      const handoff: OrdersHandoff = { kind: 'orders', result };
      useSession.getState().setBackData(handoff);
      setRemark('');
      removePromo();
      navigate(paymentPath(result.order_ids), { replace: true });
    } catch (error) {
      const message = promoMessage(error);
      if (message) setPromoError(message);
    } finally {
      setSubmitting(false);
    }
  }

  if (!source) {
    return (
      <Page>
        <EmptyState kind="noProducts" description={t('checkout.nothing')}>
          <Link to="/bag" className="cm-pill">
            {t('checkout.backToBag')}
          </Link>
        </EmptyState>
      </Page>
    );
  }

  const data = preview.data;
  return (
    <Page className="cm-checkout-page">
      <AddressRow
        address={address}
        loading={book.isPending}
        onChange={() => navigate('/address?select=1')}
        onAdd={() => navigate('/addressForm')}
      />
      {!data ? (
        preview.isError ? (
          <EmptyState kind="noProducts" description={<bdi>{preview.error.message}</bdi>}>
            <Link to="/bag" className="cm-pill">
              {t('checkout.backToBag')}
            </Link>
          </EmptyState>
        ) : (
          <ListSkeleton rows={2} />
        )
      ) : (
        <>
          {data.orders.map((order) => (
            <OrderBlock key={order.shop_id} order={order} />
          ))}
          <Section title={t('checkout.promo')}>
            {promo && data.promo_code ? (
              <div className="cm-co-promo-applied" data-testid="promo-applied">
                <span className="cm-co-promo-applied__code" dir="ltr">
                  {data.promo_code}
                </span>
                <span className="cm-co-promo-applied__saving">{money(-data.discount)}</span>
                <button
                  type="button"
                  className="cm-icon-button"
                  aria-label={t('checkout.promoRemove')}
                  onClick={removePromo}
                >
                  <CloseCircleFill />
                </button>
              </div>
            ) : (
              <form className="cm-co-promo" onSubmit={(event) => void applyPromo(event)} noValidate>
                <Input
                  className={`cm-co-promo__input${promoError ? ' cm-co-promo__input--error' : ''}`}
                  value={promoInput}
                  maxLength={promoMax}
                  placeholder={t('checkout.promoPlaceholder')}
                  aria-label={t('checkout.promo')}
                  aria-invalid={promoError ? true : undefined}
                  autoComplete="off"
                  onChange={(value) => {
                    setPromoInput(value);
                    setPromoError(undefined);
                  }}
                  data-testid="promo-input"
                />
                <Button type="submit" size="small" shape="rounded" loading={applying} data-testid="promo-apply">
                  {t('checkout.promoApply')}
                </Button>
              </form>
            )}
            {promoError && (
              <p className="cm-field__error" role="alert" data-testid="promo-error">
                <bdi>{promoError}</bdi>
              </p>
            )}
          </Section>
          <Section title={t('checkout.remark')}>
            <TextArea
              className="cm-co-remark"
              value={remark}
              onChange={setRemark}
              maxLength={remarkMax}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('checkout.remarkPlaceholder')}
              aria-label={t('checkout.remark')}
            />
          </Section>
          <Section title={t('checkout.summary')}>
            <AmountRows
              rows={[
                { label: t('checkout.goodsTotal'), value: money(data.goods_amount) },
                {
                  label: t('checkout.freight'),
                  value: data.freight === 0 ? t('checkout.freeShipping') : money(data.freight),
                },
                ...(data.discount > 0
                  ? [{ label: t('checkout.discount'), value: money(-data.discount), tone: 'saving' as const }]
                  : []),
                {
                  label: t('checkout.total'),
                  value: money(data.total),
                  tone: 'total' as const,
                  testId: 'checkout-total',
                },
              ]}
            />
          </Section>
          <div className="cm-co-bar">
            <p className="cm-co-bar__total">
              <span>{t('checkout.total')}</span>
              <b className="cm-co-price cm-co-price--total">{money(data.total)}</b>
            </p>
            <Button
              color="primary"
              shape="rounded"
              className="cm-co-bar__button"
              loading={submitting}
              onClick={() => void submit()}
              data-testid="checkout-submit"
            >
              {t('checkout.submit')}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
