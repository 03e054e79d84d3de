import { useCallback, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { FieldErrors, FieldMessage } from './form-errors.ts';

/** Field errors of a form, translated on render (so a language switch re-words them). */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const text = useCallback(
    (message: FieldMessage | undefined): string | undefined =>
      message === undefined ? undefined : 'text' in message ? message.text : t(message.key, message.params ?? {}),
    [t],
  );
  const errorOf = (field: string) => text(errors[field]);
  /** Forget a field's error once the user edits it. */
  const clear = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  return { errors, setErrors, errorOf, clear, text };
}
