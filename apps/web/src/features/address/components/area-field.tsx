import type { AddressArea } from '@crossmart/contract';
import { CascadePicker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useId, useMemo, useState } from 'react';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { areaText, cascadeOptions } from '../../../shared/lib/regions.ts';

export interface AreaFieldProps {
  value: AddressArea | null;
  onChange(area: AddressArea): void;
  error?: string | undefined;
}

/** The area: a button that opens a CascadePicker on the built-in region tree (country → prefecture → city). */
export function AreaField({ value, onChange, error }: AreaFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const language = currentLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the UI language
  const options = useMemo(() => cascadeOptions(language), [language, i18n.language]);
  return (
    <div className={`cm-field${error ? ' cm-field--error' : ''}`}>
      <span className="cm-field__label" id={`${id}-label`}>
        {t('address.area')}
      </span>
      <button
        type="button"
        className="cm-area-button"
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="address-area"
        onClick={() => setOpen(true)}
      >
        <span className={value ? 'cm-area-button__value' : 'cm-area-button__placeholder'}>
          {value?.text || t('address.areaPlaceholder')}
        </span>
        <RightOutline className="cm-area-button__chevron" />
      </button>
      {error && (
        <p className="cm-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <CascadePicker
        title={t('address.area')}
        options={options}
        visible={open}
        value={value?.codes ?? []}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const codes = picked.filter((code): code is string => typeof code === 'string' && code !== '');
          if (codes.length > 0) onChange({ codes, text: areaText(codes, language) });
        }}
      />
    </div>
  );
}
