import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';
import { useShopSearch } from './use-shop-search.ts';

/** A shop-name input that suggests matching open shops; picking one fills in its exact name. */
export function ShopNameField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { shops } = useShopSearch(value);
  const suggestions = shops.filter((shop) => shop.name !== value);
  return (
    <div className="cm-shop-field">
      <Input
        value={value}
        onChange={(next) => {
          onChange(next);
          setOpen(true);
        }}
        placeholder={t('support.shopNamePlaceholder')}
        id={id}
        clearable
        maxLength={100}
      />
      {isOpen && suggestions.length > 0 && (
        <ul className="cm-shop-field__list" aria-label={t('support.shopSuggestions')}>
          {suggestions.slice(0, 6).map((shop) => (
            <li key={shop.id}>
              <button
                type="button"
                className="cm-shop-field__option"
                onClick={() => {
                  onChange(shop.name);
                  setOpen(false);
                }}
              >
                <LazyImage src={shop.logo} alt="" className="cm-shop-field__logo" />
                {shop.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
