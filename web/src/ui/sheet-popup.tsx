import Popup, { type PopupProps } from 'antd-mobile/es/components/popup';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * antd-mobile's Popup for the bottom sheets, in a chunk of its own with its animation library (see sheet.tsx).
 * It mounts closed and opens on the next render, so the first sheet slides in like every later one.
 */
export default function SheetPopup(props: PopupProps): ReactNode {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Popup {...props} visible={props.visible === true && mounted} />;
}
