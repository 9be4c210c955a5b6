import Button from 'antd-mobile/es/components/button';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useAssets } from '../hooks/assets';
import { useTranslation } from '../i18n';
import { IconCheck, IconClose } from './icons';
import './form.css';
import { AssetIcon } from './money';

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

// The popup and its animation library load with the first sheet opened, not with the screen that has one.
const SheetPopup = lazy(() => import('./sheet-popup'));

/** A bottom sheet with a title and a close button: the shell of the confirm and picker sheets. */
export function Sheet({
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
  const [openAtFirst] = useState(visible);
  const [wanted, setWanted] = useState(visible);
  if (visible && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SheetPopup
        slideIn={!openAtFirst}
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
            <button
              type="button"
              className="round-btn sheet__close"
              onClick={onClose}
              aria-label={t('common.close')}
            >
              <IconClose />
            </button>
          </header>
          {children(titleId)}
        </section>
      </SheetPopup>
    </Suspense>
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
          {rows.length > 0 ? <InfoRows rows={rows} className="sheet__rows" /> : null}
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

/** A bottom sheet with a list of choices (an account, an asset), and what explains them below it. */
export function PickerSheet<V extends string>({
  visible,
  title,
  options,
  value,
  onPick,
  onClose,
  footer,
}: {
  readonly visible: boolean;
  readonly title: string;
  readonly options: readonly PickerOption<V>[];
  readonly value: V | null;
  readonly onPick: (value: V) => void;
  readonly onClose: () => void;
  readonly footer?: ReactNode;
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
          {footer ? <div className="picker__footer">{footer}</div> : null}
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
  const registry = useAssets();
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
        note: registry.format(available(a) ?? '0', a),
      }))}
    />
  );
}
