import { registerRequestSchema } from '@crossmart/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { useSchemaForm } from './use-schema-form.ts';

const empty = { account: '', password: '', repassword: '', family_name: '', given_name: '', email: '', mobile: '' };

describe('useSchemaForm', () => {
  it('shows the schema issues under the fields, and forgets a field error once it is edited', () => {
    const { result } = renderHook(() => useSchemaForm(empty));
    let parsed: unknown = 'not run';
    act(() => {
      parsed = result.current.validate(registerRequestSchema, result.current.form);
    });
    expect(parsed).toBeUndefined();
    expect(result.current.errors.account).toBeDefined();
    expect(result.current.errors.email).toBeDefined();

    act(() => result.current.field('account').onChange('alice01'));
    expect(result.current.form.account).toBe('alice01');
    expect(result.current.errors.account).toBeUndefined();
    expect(result.current.errors.email).toBeDefined();
  });

  it('lets the caller adjust the issues before they are shown', () => {
    const { result } = renderHook(() => useSchemaForm(empty));
    act(() => {
      result.current.validate(registerRequestSchema, result.current.form, () => ({ mobile: { text: 'only this' } }));
    });
    expect(result.current.errors).toEqual({ mobile: { text: 'only this' } });
  });

  it('puts a refusal per-field messages under the fields and clears the busy flag', async () => {
    const { result } = renderHook(() => useSchemaForm(empty));
    let resolve: () => void = () => undefined;
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.submit(
        () =>
          new Promise<void>((_, reject) => {
            resolve = () => reject(new ApiError('business', 'taken', { fields: { account: 'Already taken' } }));
          }),
      );
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      resolve();
      await running;
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.errors).toEqual({ account: { text: 'Already taken' } });
  });
});
