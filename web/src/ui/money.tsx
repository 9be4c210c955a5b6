import { formatDateTime, maskAddress } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useAssets } from '../hooks/assets';
import { useTranslation } from '../i18n';
import { copyText } from './copy';
import { IconCopy } from './icons';
import { type RecordStatus, statusTone } from './record-status';
import './form.css';

const ASSET_HUES: Readonly<Record<string, number>> = { USDT: 160, BTC: 35, ETH: 230, NEU: 280, SPA: 200 };

/**
 * A round badge with the asset's letters (no remote images: the app works offline). Its fill is dark enough
 * for white letters at 4.5:1 whatever the hue (the lightest hue, yellow, reaches 4.5 at 30% lightness).
 */
export function AssetIcon({
  asset,
  size = 32,
}: {
  readonly asset: string;
  readonly size?: number;
}): ReactNode {
  const hue = ASSET_HUES[asset] ?? [...asset].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return (
    <span
      className="asset-icon"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.34,
        background: `hsl(${hue} 60% 30%)`,
      }}
    >
      {asset.slice(0, asset.length > 4 ? 3 : 4)}
    </span>
  );
}

/** An amount with its asset, exactly as the ledger holds it: "+1 TICKET", "1,234.5 USDT" (the registry's scale, no float). */
export function Money({
  value,
  asset,
  sign,
}: {
  readonly value: string;
  readonly asset: string;
  /** Prefix "+" for positive values (signed record amounts). */
  readonly sign?: boolean;
}): ReactNode {
  const text = useAssets().format(value, asset, { exact: true, sign: sign ?? false });
  return (
    <span className="money num">
      {text}
      <span className="money__unit"> {asset}</span>
    </span>
  );
}

/** A long hash or address shortened, with a copy button (toast 1500 ms). */
export function HashText({
  value,
  head = 8,
  tail = 6,
  href,
}: {
  readonly value: string;
  readonly head?: number;
  readonly tail?: number;
  /** Where the hash is shown in full (a chain explorer): a link beside the copy button. */
  readonly href?: string | null;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <span className="hash">
      <span className="num">{maskAddress(value, head, tail)}</span>
      <button
        type="button"
        className="hash__copy"
        onClick={() => void copyText(value)}
        aria-label={t('common.copy')}
      >
        <IconCopy />
      </button>
      {href ? (
        <a className="hash__link" href={href} target="_blank" rel="noopener noreferrer">
          {t('common.explorer')}
        </a>
      ) : null}
    </span>
  );
}

/**
 * Pending approval / approved / failed, in their colors; a withdrawal says more in the same tone: being paid
 * out (`sending`, pending past its approval) or paid (`completed`).
 */
export function StatusTag({
  status,
  word,
}: {
  readonly status: RecordStatus;
  readonly word?: 'sending' | 'completed' | undefined;
}): ReactNode {
  const { t } = useTranslation();
  const words = word ? t(`walletForm.status.${word}`) : t(`walletForm.status.${status}`);
  return <span className={`status-tag status-tag--${statusTone(status)}`}>{words}</span>;
}

/** One line of a record list: what, when, details; the amount on the right. */
export function RecordRow({
  title,
  tag,
  amount,
  amountTone,
  time,
  details,
}: {
  readonly title: ReactNode;
  readonly tag?: ReactNode;
  readonly amount: ReactNode;
  readonly amountTone?: 'up' | 'down';
  readonly time: string;
  readonly details?: readonly { label: string; value: ReactNode; tone?: 'danger' }[];
}): ReactNode {
  return (
    <article className="record">
      <div className="record__top">
        <span className="record__title">{title}</span>
        <span className={amountTone ? `record__amount num ${amountTone}` : 'record__amount num'}>
          {amount}
        </span>
      </div>
      <div className="record__sub">
        <span className="record__time num">{formatDateTime(time)}</span>
        {tag}
      </div>
      {details && details.length > 0 ? (
        <dl className="record__details">
          {details.map((d) => (
            <div
              key={d.label}
              className={d.tone ? `record__detail record__detail--${d.tone}` : 'record__detail'}
            >
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}
