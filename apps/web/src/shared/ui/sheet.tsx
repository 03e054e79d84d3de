import { Popup, type PopupProps } from 'antd-mobile';
import { useEffect, useState } from 'react';

/**
 * antd-mobile's Popup for a sheet most visits never open (languages, reviews): mounted on its first
 * opening, not with the screen, whose first commit would otherwise set up its spring and drag
 * gesture (ADR 0020 addendum). It mounts closed for one commit and then opens, so it slides in as a
 * Popup mounted earlier does (one mounted visible starts at its end position).
 */
export function Sheet({ visible = false, ...props }: PopupProps) {
  const [opened, setOpened] = useState(visible);
  const [ready, setReady] = useState(false);
  if (visible && !opened) setOpened(true);
  useEffect(() => {
    if (opened) setReady(true);
  }, [opened]);
  return opened ? <Popup {...props} visible={visible && ready} /> : null;
}
