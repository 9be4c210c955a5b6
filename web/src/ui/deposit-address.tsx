import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useQrDataUrl } from '../hooks/qr';
import { copyText } from './copy';
import { IconCopy } from './icons';
import './deposit-address.css';

/** The address as a QR code, drawn by the `qrcode` package loaded with the first address shown. */
function AddressQr({
  address,
  alt,
  testId,
}: {
  readonly address: string;
  readonly alt: string;
  readonly testId?: string;
}): ReactNode {
  const src = useQrDataUrl(address, 360);
  return (
    <div className="qr">
      {src ? (
        <img className="qr__img" src={src} alt={alt} width={180} height={180} data-testid={testId} />
      ) : (
        <Skeleton animated className="qr__placeholder" />
      )}
    </div>
  );
}

/**
 * A deposit address in a card: its QR code, what it is, the address itself and a copy button, the feature's
 * details under it (network, confirmations) and its notes as a list. The texts come in the feature's words;
 * `note` stands above the code (a warning).
 */
export function DepositAddressCard({
  className,
  address,
  texts,
  note,
  details,
  notes,
  testIds,
}: {
  /** The feature's card box. */
  readonly className: string;
  readonly address: string;
  readonly texts: { readonly qrAlt: string; readonly label: string; readonly copy: string };
  readonly note?: ReactNode;
  readonly details: ReactNode;
  readonly notes: readonly string[];
  readonly testIds: { readonly address: string; readonly qr?: string; readonly copy?: string };
}): ReactNode {
  return (
    <section className={`${className} deposit-address`}>
      {note}
      <AddressQr address={address} alt={texts.qrAlt} testId={testIds.qr} />
      <p className="deposit-address__label">{texts.label}</p>
      <p className="deposit-address__value num" data-testid={testIds.address}>
        {address}
      </p>
      <Button
        block
        color="primary"
        fill="outline"
        className="deposit-address__copy"
        onClick={() => void copyText(address)}
        data-testid={testIds.copy}
      >
        <IconCopy /> {texts.copy}
      </Button>
      {details}
      <ul className="notes">
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
