import { type SetStateAction, useState } from 'react';
import { type FieldErrors, fieldErrors, type SchemaResult, serverFieldErrors } from './form-errors.ts';
import { useFieldErrors } from './use-field-errors.ts';

/** A contract schema as far as a form needs it (zod's `safeParse`). */
export interface FormSchema<T> {
  safeParse(value: unknown): SchemaResult<T>;
}

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The state of a form checked by a contract schema: values, per-field errors (the contract's i18n
 * keys before sending, the server's messages after), and the pending flag of its call.
 */
export function useSchemaForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [pending, setPending] = useState(false);
  const { errors, setErrors, errorOf, clear } = useFieldErrors();

  /** Sets one value and forgets that field's error. */
  const set = <K extends keyof F & string>(name: K, value: F[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    clear(name);
  };

  /** The props of a `<TextField>` bound to a text value. */
  const field = <K extends TextKeys<F>>(name: K) => ({
    name,
    value: form[name] as string,
    error: errorOf(name),
    onChange: (value: string) => set(name, value as F[K]),
  });

  /** The schema's output for `value`, or undefined after showing its issues under the fields. */
  function validate<T>(
    schema: FormSchema<T>,
    value: unknown,
    adjust: (errors: FieldErrors) => FieldErrors = (found) => found,
  ): T | undefined {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as T;
    setErrors(adjust(fieldErrors(parsed)));
    return undefined;
  }

  /** Runs the form's call with a busy flag (`pending` unless told); a refusal's field messages go under the fields. */
  async function submit(
    call: () => Promise<void>,
    busy: (value: SetStateAction<boolean>) => void = setPending,
  ): Promise<void> {
    busy(true);
    try {
      await call();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      busy(false);
    }
  }

  return { form, setForm, set, field, errors, setErrors, errorOf, validate, submit, pending };
}
