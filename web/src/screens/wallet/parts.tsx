import { formatDateTime, formatUpTo, maskAddress } from '@nexa/contract';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../ui/copy';
import { IconCheck, IconClose, IconCopy, IconRight } from '../../ui/icons';
import { assetScale } from './amounts';
import { type RecordStatus, statusTone } from './causes';
import './forms.css';

/** A labelled form field: label, the control, then an inline error or a hint. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  extra,
  children,
}: {
  readonly label: string;
  readonly htmlFor?: string;
  readonly error?: string | null;
  readonly hint?: ReactNode;
  /** Shown right of the label (a balance, a link). */
  readonly extra?: ReactNode;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <div className={error ? 'wf wf--error' : 'wf'}>
      <div className="wf__head">
        <label className="wf__label" htmlFor={htmlFor}>
          {label}
        </label>
        {extra ? <span className="wf__extra">{extra}</span> : null}
      </div>
      {children}
      {error ? (
        <p className="wf__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="wf__hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** A text input in the wallet's field box. */
export function TextInput({
  id,
  value,
  onChange,
  placeholder,
  onBlur,
  mono,
  maxLength,
  suffix,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder: string;
  readonly onBlur?: () => void;
  readonly mono?: boolean;
  readonly maxLength?: number;
  readonly suffix?: ReactNode;
}): ReactNode {
  return (
    <div className="wf__box">
      <input
        id={id}
        className={mono ? 'wf__input wf__input--mono' : 'wf__input'}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {value ? (
        <button type="button" className="wf__clear" onClick={() => onChange('')} tabIndex={-1}>
          <IconClose />
        </button>
      ) : null}
      {suffix}
    </div>
  );
}

/** An amount input: numeric keyboard, then a "max" shortcut (or, without one, the asset) at its end. */
export function AmountInput({
  id,
  value,
  onChange,
  placeholder,
  asset,
  onMax,
  onBlur,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder: string;
  readonly asset?: string;
  readonly onMax?: () => void;
  readonly onBlur?: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="wf__box">
      <input
        id={id}
        className="wf__input wf__input--amount num"
        value={value}
        placeholder={placeholder}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {asset && !onMax ? <span className="wf__unit">{asset}</span> : null}
      {onMax ? (
        <button type="button" className="wf__max" onClick={onMax}>
          {t('walletForm.max')}
        </button>
      ) : null}
    </div>
  );
}

export interface InfoRow {
  readonly label: string;
  readonly value: ReactNode;
  /** Emphasized (the total, what arrives). */
  readonly strong?: boolean;
}

/** Label–value lines: fee, minimum, what arrives. */
export function InfoRows({
  rows,
  className,
}: {
  readonly rows: readonly InfoRow[];
  readonly className?: string;
}): ReactNode {
  return (
    <dl className={className ? `info-rows ${className}` : 'info-rows'}>
      {rows.map((r) => (
        <div key={r.label} className={r.strong ? 'info-rows__row info-rows__row--strong' : 'info-rows__row'}>
          <dt>{r.label}</dt>
          <dd className="num">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A bottom sheet with a title and a close button: the shell of the confirm and picker sheets. */
function Sheet({
  visible,
  title,
  list,
  onClose,
  children,
}: {
  readonly visible: boolean;
  readonly title: string;
  /** Holds a list of choices (scrolls, no bottom padding of its own). */
  readonly list?: boolean;
  readonly onClose: () => void;
  readonly children: (titleId: string) => ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <section
        className={list ? 'sheet__inner sheet__inner--list' : 'sheet__inner'}
        aria-labelledby={titleId}
      >
        <div className="sheet__grip" aria-hidden="true" />
        <header className="sheet__head">
          <h2 className="sheet__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="sheet__close" onClick={onClose} aria-label={t('common.close')}>
            <IconClose />
          </button>
        </header>
        {children(titleId)}
      </section>
    </Popup>
  );
}

/** The confirmation sheet every money-moving form opens before it calls the server. */
export function ConfirmSheet({
  visible,
  title,
  rows,
  note,
  busy,
  disabled,
  confirmText,
  confirmTone,
  onConfirm,
  onClose,
  children,
}: {
  readonly visible: boolean;
  readonly title: string;
  readonly rows: readonly InfoRow[];
  readonly note?: ReactNode;
  readonly busy: boolean;
  /** The confirm button is off (for example while a quote is being renewed). */
  readonly disabled?: boolean;
  readonly confirmText?: string;
  /** The confirm button in the up or down color (a buy or a sell) instead of the brand color. */
  readonly confirmTone?: 'up' | 'down';
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  readonly children?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Sheet visible={visible} title={title} onClose={close}>
      {() => (
        <>
          {children}
          <InfoRows rows={rows} className="sheet__rows" />
          {note ? <p className="sheet__note">{note}</p> : null}
          <Button
            block
            color="primary"
            size="large"
            className={confirmTone ? `sheet__confirm sheet__confirm--${confirmTone}` : 'sheet__confirm'}
            loading={busy}
            disabled={busy || disabled}
            onClick={onConfirm}
          >
            {confirmText ?? t('common.confirm')}
          </Button>
        </>
      )}
    </Sheet>
  );
}

export interface PickerOption<V extends string> {
  readonly value: V;
  readonly label: string;
  readonly note?: ReactNode;
  readonly icon?: ReactNode;
  readonly disabled?: boolean;
}

/** A bottom sheet with a list of choices (an account, an asset). */
export function PickerSheet<V extends string>({
  visible,
  title,
  options,
  value,
  onPick,
  onClose,
}: {
  readonly visible: boolean;
  readonly title: string;
  readonly options: readonly PickerOption<V>[];
  readonly value: V | null;
  readonly onPick: (value: V) => void;
  readonly onClose: () => void;
}): ReactNode {
  return (
    <Sheet visible={visible} title={title} list onClose={onClose}>
      {(titleId) => (
        <div className="picker" role="listbox" aria-labelledby={titleId}>
          {options.map((o) => (
            <button
              key={o.value}
              type="button"
              role="option"
              aria-selected={o.value === value}
              disabled={o.disabled}
              className={o.value === value ? 'picker__item picker__item--on' : 'picker__item'}
              onClick={() => {
                onPick(o.value);
                onClose();
              }}
            >
              {o.icon}
              <span className="picker__label">{o.label}</span>
              {o.note ? <span className="picker__note num">{o.note}</span> : null}
              {o.value === value ? <IconCheck className="picker__check" /> : null}
            </button>
          ))}
        </div>
      )}
    </Sheet>
  );
}

/** The token picker of a form: each asset with its icon and what is available of it. */
export function AssetPickerSheet({
  visible,
  assets,
  value,
  available,
  onPick,
  onClose,
}: {
  readonly visible: boolean;
  readonly assets: readonly string[];
  readonly value: string | null;
  /** What is available of an asset where the form takes it from (null while unknown). */
  readonly available: (asset: string) => string | null;
  readonly onPick: (asset: string) => void;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <PickerSheet
      visible={visible}
      title={t('prompts.tokenSelection')}
      value={value}
      onClose={onClose}
      onPick={onPick}
      options={assets.map((a) => ({
        value: a,
        label: a,
        icon: <AssetIcon asset={a} size={28} />,
        note: formatUpTo(available(a) ?? '0', assetScale(a)),
      }))}
    />
  );
}

/** A tappable value that opens a picker: "Spot ›", "USDT ›". */
export function PickerButton({
  label,
  value,
  placeholder,
  icon,
  onClick,
  id,
}: {
  readonly label?: string;
  readonly value: string | null;
  readonly placeholder?: string;
  readonly icon?: ReactNode;
  readonly onClick: () => void;
  readonly id?: string;
}): ReactNode {
  return (
    <button type="button" className="pick-btn" onClick={onClick} id={id} aria-label={label}>
      {icon}
      <span className={value ? 'pick-btn__value' : 'pick-btn__value pick-btn__value--empty'}>
        {value ?? placeholder}
      </span>
      <IconRight className="pick-btn__arrow" />
    </button>
  );
}

const ASSET_HUES: Readonly<Record<string, number>> = { USDT: 160, BTC: 35, ETH: 230, NEU: 280, SPA: 200 };

/** A round badge with the asset's letters (no remote images: the app works offline). */
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
        background: `hsl(${hue} 55% 42%)`,
      }}
    >
      {asset.slice(0, asset.length > 4 ? 3 : 4)}
    </span>
  );
}

/** Pending approval / approved / failed, in their colors. */
export function StatusTag({ status }: { readonly status: RecordStatus }): ReactNode {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${statusTone(status)}`}>{t(`walletForm.status.${status}`)}</span>
  );
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

/** An amount with its asset: "1,234.5 USDT" (up to the asset's decimals, no float). */
export function Money({
  value,
  asset,
  decimals,
  sign,
}: {
  readonly value: string;
  readonly asset?: string;
  readonly decimals?: number;
  /** Prefix "+" for positive values (signed record amounts). */
  readonly sign?: boolean;
}): ReactNode {
  const text = formatUpTo(value, decimals ?? (asset ? assetScale(asset) : 6));
  const signed = sign && !text.startsWith('-') && text !== '0' ? `+${text}` : text;
  return (
    <span className="money num">
      {signed}
      {asset ? <span className="money__unit"> {asset}</span> : null}
    </span>
  );
}

/** The submit button at the foot of a form. */
export function SubmitButton({
  children,
  disabled,
  onClick,
}: {
  readonly children: ReactNode;
  readonly disabled?: boolean;
  readonly onClick: () => void;
}): ReactNode {
  return (
    <Button block color="primary" size="large" className="wsubmit" disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A long hash or address shortened, with a copy button (toast 1500 ms). */
export function HashText({
  value,
  head = 8,
  tail = 6,
}: {
  readonly value: string;
  readonly head?: number;
  readonly tail?: number;
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
    </span>
  );
}

/** A small segmented switch (All / In / Out). */
export function Segments<V extends string>({
  options,
  value,
  onChange,
  label,
}: {
  readonly options: readonly { value: V; label: string }[];
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly label: string;
}): ReactNode {
  return (
    <fieldset className="segments">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          className={o.value === value ? 'segments__item segments__item--on' : 'segments__item'}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
