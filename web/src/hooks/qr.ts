import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as a data URL (black on white, `width` pixels), drawn by the `qrcode` package, which
 * loads with the first code shown. Null while it is drawn (or if drawing failed).
 */
export function useQrDataUrl(text: string, width: number): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import('qrcode')
      .then((m) =>
        m.toDataURL(text, {
          margin: 1,
          width,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text, width]);
  return src;
}
