import type { Address } from '@crossmart/contract';
import { CheckCircleFill, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { localizedArea } from '../../../shared/lib/regions.ts';
import { AddressSummary } from '../../../shared/ui/address-summary.tsx';

export interface AddressCardProps {
  address: Address;
  /** In select mode (from checkout) the whole card chooses the address. */
  onChoose?: (address: Address) => void;
  onSetDefault(address: Address): void;
  onEdit(address: Address): void;
  onDelete(address: Address): void;
}

/** One address: addressee, mobile, tag, area and detail, with the default badge and its actions. */
export function AddressCard({ address, onChoose, onSetDefault, onEdit, onDelete }: AddressCardProps) {
  const { t } = useTranslation();
  const body = (
    <AddressSummary
      block="cm-address"
      name={address.name}
      mobile={address.mobile}
      area={localizedArea(address.area, currentLanguage())}
      detail={address.address}
    >
      <span className="cm-address__badges">
        {address.is_default && (
          <span className="cm-address__badge cm-address__badge--default">{t('address.default')}</span>
        )}
        <span className="cm-address__badge">{t(`address.tag.${address.tag}`)}</span>
      </span>
    </AddressSummary>
  );
  return (
    <li className={`cm-address${address.is_default ? ' cm-address--default' : ''}`} data-testid="address-card">
      {onChoose ? (
        <button type="button" className="cm-address__body" onClick={() => onChoose(address)}>
          {body}
        </button>
      ) : (
        <div className="cm-address__body">{body}</div>
      )}
      <div className="cm-address__actions">
        {address.is_default ? (
          <span className="cm-address__default">
            <CheckCircleFill /> {t('address.default')}
          </span>
        ) : (
          <button type="button" className="cm-address__action" onClick={() => onSetDefault(address)}>
            <span className="cm-address__radio" aria-hidden="true" /> {t('address.setDefault')}
          </button>
        )}
        <span className="cm-address__spacer" />
        <button type="button" className="cm-address__action" onClick={() => onEdit(address)}>
          <EditSOutline /> {t('address.editAction')}
        </button>
        <button
          type="button"
          className="cm-address__action cm-address__action--danger"
          onClick={() => onDelete(address)}
        >
          <DeleteOutline /> {t('address.delete')}
        </button>
      </div>
    </li>
  );
}
