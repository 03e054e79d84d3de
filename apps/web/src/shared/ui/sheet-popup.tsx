import { Popup, type PopupProps } from 'antd-mobile';
import { useEffect } from 'react';

/** The Popup behind `Sheet`, in a chunk of its own; tells the sheet once it has mounted (closed). */
export default function SheetPopup({ onMounted, ...props }: PopupProps & { onMounted: (mounted: true) => void }) {
  useEffect(() => onMounted(true), [onMounted]);
  return <Popup {...props} />;
}
