import type { Address } from '@crossmart/contract';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { localizedArea } from '../../../shared/lib/regions.ts';
import { AddressSummary } from '../../../shared/ui/address-summary.tsx';

/**
 * The checkout's shipping address: the chosen one with "change", or, with an empty address book,
 * a row that says an address is needed and opens the address form.
 */
export function AddressRow({
  address,
  loading,
  onChange,
  onAdd,
}: {
  address: Address | undefined;
  loading: boolean;
  onChange(): void;
  onAdd(): void;
}) {
  const { t, i18n } = useTranslation();
  if (loading) return <div className="cm-co-address cm-co-address--loading" aria-busy="true" />;
  if (!address) {
    return (
      <button
        type="button"
        className="cm-co-address cm-co-address--add"
        onClick={onAdd}
        data-testid="checkout-add-address"
      >
        <span className="cm-address-summary__icon cm-co-address__icon" aria-hidden="true">
          <AddOutline />
        </span>
        <span className="cm-co-address__main">
          <span className="cm-co-address__head">{t('checkout.addAddress')}</span>
          <span className="cm-co-address__line">{t('checkout.addAddressHint')}</span>
        </span>
        <RightOutline className="cm-co-chevron" aria-hidden="true" />
      </button>
    );
  }
  return (
    <button
      type="button"
      className="cm-co-address"
      onClick={onChange}
      aria-label={t('checkout.addressAria', { name: address.name })}
      data-testid="checkout-address"
    >
      {/* Known regions are named in the UI language, as in the address book. */}
      <AddressSummary
        block="cm-co-address"
        name={address.name}
        mobile={address.mobile}
        area={localizedArea(address.area, i18n.language)}
        detail={address.address}
      />
      <span className="cm-co-address__change">
        {t('checkout.changeAddress')}
        <RightOutline className="cm-co-chevron" aria-hidden="true" />
      </span>
    </button>
  );
}
