import Popup, { type PopupProps } from 'antd-mobile/es/components/popup';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * antd-mobile's Popup for the bottom sheets, in a chunk of its own with its animation library (see sheet.tsx).
 * A sheet asked open after its screen showed mounts closed and opens on the next render, so it slides in as
 * it did when the popup was always there; one open from the start shows at once, as it did then.
 */
export default function SheetPopup({
  slideIn,
  ...props
}: PopupProps & { readonly slideIn: boolean }): ReactNode {
  const [mounted, setMounted] = useState(!slideIn);
  useEffect(() => setMounted(true), []);
  return <Popup {...props} visible={props.visible === true && mounted} />;
}
