/** Default toast time; the copy toast lasts exactly 1500 ms (spec section 9). */
export const TOAST_MS = 2000;
export const COPY_TOAST_MS = 1500;

// antd-mobile's Toast (and its animation library) loads with the first toast, not with the first page.
let toastModule: Promise<typeof import('antd-mobile/es/components/toast')> | null = null;

export function showToast(content: string, duration_ms = TOAST_MS): void {
  toastModule ??= import('antd-mobile/es/components/toast');
  void toastModule.then(({ default: Toast }) => {
    Toast.show({ content, duration: duration_ms, maskClickable: true });
  });
}
