import type { ReactNode } from 'react';

/** One labelled form row with the field's error under it (contract or server message). */
export function Field({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div className="cm-field">
      <label className="cm-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div className="cm-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
