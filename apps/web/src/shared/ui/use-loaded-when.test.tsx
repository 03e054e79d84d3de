import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedOnce, useLoadedWhen } from './use-loaded-when.ts';

describe('useLoadedWhen', () => {
  it('loads nothing until wanted, then loads once and gives the value to every later caller at once', async () => {
    const load = vi.fn(async () => 'sheet code');
    const source = loadedOnce(load);
    const first = renderHook(({ wanted }) => useLoadedWhen(wanted, source), { initialProps: { wanted: false } });
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(first.result.current).toBeUndefined();

    first.rerender({ wanted: true });
    await waitFor(() => expect(first.result.current).toBe('sheet code'));
    first.rerender({ wanted: false });
    expect(first.result.current).toBe('sheet code');

    // A screen mounted later has it in its first render, without loading again.
    const later = renderHook(() => useLoadedWhen(false, source));
    expect(later.result.current).toBe('sheet code');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
