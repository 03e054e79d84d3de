import { act, render } from '@testing-library/react';
import type { PopupProps } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';

/** Each render of antd-mobile's Popup, by its `visible`. */
const popupRenders: boolean[] = [];
vi.mock('antd-mobile', () => ({
  Popup: ({ visible, children }: PopupProps) => {
    popupRenders.push(visible ?? false);
    return visible ? <div>{children}</div> : null;
  },
}));
const { Sheet } = await import('./sheet.tsx');

describe('Sheet', () => {
  it('loads and mounts no Popup before its first opening, then mounts it closed for one commit and opens it', async () => {
    const { rerender, queryByText, findByText } = render(<Sheet visible={false}>languages</Sheet>);
    rerender(<Sheet visible={false}>languages</Sheet>);
    expect(popupRenders).toEqual([]);

    await act(async () => rerender(<Sheet visible>languages</Sheet>));
    await findByText('languages');
    expect(popupRenders[0]).toBe(false);
    expect(popupRenders.at(-1)).toBe(true);
    expect(queryByText('languages')).not.toBeNull();

    rerender(<Sheet visible={false}>languages</Sheet>);
    expect(popupRenders.at(-1)).toBe(false);
  });
});
