import type { PopupProps } from 'antd-mobile';
import { useState } from 'react';
import { loadedOnce, useLoadedWhen } from './use-loaded-when.ts';

const sheetPopup = loadedOnce(() => import('./sheet-popup.tsx').then((module) => module.default));

/**
 * antd-mobile's Popup for a sheet most visits never open (languages, reviews): loaded and mounted on
 * its first opening, not with the screen, whose first load and first commit would otherwise carry its
 * spring and drag gesture (ADR 0020 addenda; feedback.ts warms the code once the first screen is up).
 * It mounts closed for one commit and then opens, so it slides in as a Popup mounted earlier does
 * (one mounted visible starts at its end position).
 */
export function Sheet({ visible = false, ...props }: PopupProps) {
  const [opened, setOpened] = useState(visible);
  const [mounted, setMounted] = useState(false);
  if (visible && !opened) setOpened(true);
  const Popup = useLoadedWhen(opened, sheetPopup);
  return Popup ? <Popup {...props} visible={visible && mounted} onMounted={setMounted} /> : null;
}
