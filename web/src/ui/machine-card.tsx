import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../i18n';
import { maxQuantity, quantityProblem, wholeQuantity } from '../lib/quantity';
import { BlockButton } from './block-button';
import { Field } from './form';
import { IconMiner } from './icons';
import { ConfirmSheet, type InfoRow, InfoRows } from './sheet';
import { StatusChip } from './status-chip';
import './machine-card.css';

/*
 * A machine of a catalogue (the mining line's, the NEU line's) as a card: what it is and what is left of it,
 * its figures, Buy; once opened, the quantity form under them; then the confirmation of the purchase. The
 * texts come in the feature's words.
 */

/** The catalogue card of one machine: the feature's figures (`figures`), the buy form while `open` (`children`). */
export function MachineCard({
  name,
  heading,
  left,
  open,
  onBuy,
  figures,
  texts,
  testIds,
  children,
}: {
  readonly name: string;
  /** The name's heading level on the screen. */
  readonly heading: 'h2' | 'h3';
  /** How many are left, or null when the machine has no limit. */
  readonly left: number | null;
  readonly open: boolean;
  readonly onBuy: () => void;
  readonly figures: ReactNode;
  readonly texts: { readonly left: (n: number) => string; readonly soldOut: string; readonly buy: string };
  readonly testIds: { readonly card: string; readonly buy: string };
  readonly children: ReactNode;
}): ReactNode {
  const soldOut = left === 0;
  const Heading = heading;
  return (
    <article
      className={open ? 'card machine-card machine-card--open' : 'card machine-card'}
      data-testid={testIds.card}
    >
      <div className="machine-card__top">
        <span className="machine-card__icon" aria-hidden="true">
          <IconMiner />
        </span>
        <Heading className="machine-card__name">{name}</Heading>
        {left !== null ? (
          <StatusChip tone="wait">{soldOut ? texts.soldOut : texts.left(left)}</StatusChip>
        ) : null}
      </div>
      {figures}
      {open ? (
        <div className="machine-card__form">{children}</div>
      ) : (
        <BlockButton disabled={soldOut} onClick={onBuy} testId={testIds.buy}>
          {soldOut ? texts.soldOut : texts.buy}
        </BlockButton>
      )}
    </article>
  );
}

/** The quantity in a stepper: one less, the number typed, one more (never below 1 nor above `max`). */
function QuantityStepper({
  id,
  value,
  onChange,
  max,
  testId,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly max: number;
  readonly testId: string;
}): ReactNode {
  const { t } = useTranslation();
  const n = wholeQuantity(value);
  const step = (by: number) => onChange(String(Math.min(max, Math.max(1, (n ?? 0) + by))));
  return (
    <div className="wf__box quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__btn"
        aria-label={t('machineForm.decrease')}
        disabled={n !== null && n <= 1}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        id={id}
        className="wf__input quantity-stepper__input num"
        value={value}
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={t('machineForm.prompt')}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <button
        type="button"
        className="quantity-stepper__btn"
        aria-label={t('machineForm.increase')}
        disabled={n !== null && n >= max}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}

/**
 * The buy form under an opened machine: the quantity (1 at first; what is available to pay with beside its
 * label), what the purchase comes to (`rows`), Cancel and Buy side by side. Buy shows the quantity's problem — empty, not a whole number from 1 to what one purchase may take,
 * more than the balance pays for (`exceeds`) — or hands the quantity on for review.
 */
export function MachineBuyForm({
  left,
  available,
  exceeds,
  rows,
  rowsClassName,
  onCancel,
  onReview,
  texts,
  testIds,
}: {
  /** How many of the machine are left, or null without a limit. */
  readonly left: number | null;
  /** The balance it is paid from, null while unknown. */
  readonly available: string | null;
  /** Whether the typed quantity (a whole number in range) costs more than `available`. */
  readonly exceeds: (quantity: string, available: string) => boolean;
  /** The lines of what the quantity comes to (null: not a whole number yet). */
  readonly rows: (quantity: number | null) => readonly InfoRow[];
  readonly rowsClassName?: string;
  readonly onCancel: () => void;
  readonly onReview: (quantity: number) => void;
  /** The balance line and the button, in the feature's words (the rest are the app's `machineForm.*`). */
  readonly texts: {
    readonly available: (balance: string) => string;
    readonly buy: string;
  };
  readonly testIds: { readonly quantity: string; readonly submit: string };
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [tried, setTried] = useState(false);
  const max = maxQuantity(left);
  const problem = quantityProblem(quantity, max);
  const n = wholeQuantity(quantity);
  const message =
    problem === 'required'
      ? t('machineForm.prompt')
      : problem === 'invalid'
        ? t('machineForm.invalid', { max })
        : available !== null && exceeds(quantity.trim(), available)
          ? t('messages.insufficientBalance')
          : null;
  return (
    <>
      <Field
        htmlFor={`${id}-qty`}
        label={t('machineForm.quantity')}
        error={tried ? message : null}
        extra={available !== null ? texts.available(available) : null}
      >
        <QuantityStepper
          id={`${id}-qty`}
          value={quantity}
          onChange={setQuantity}
          max={max}
          testId={testIds.quantity}
        />
      </Field>
      <InfoRows className={rowsClassName} rows={rows(n)} />
      <div className="machine-card__actions">
        <BlockButton ghost onClick={onCancel}>
          {t('common.cancel')}
        </BlockButton>
        <BlockButton
          onClick={() => {
            setTried(true);
            if (message === null && n !== null) onReview(n);
          }}
          testId={testIds.submit}
        >
          {texts.buy}
        </BlockButton>
      </div>
    </>
  );
}

/** What a purchase of machines comes to, shown as the feature shows it. */
export interface MachinePurchase {
  readonly name: string;
  readonly quantity: number;
  /** The power it adds. */
  readonly power: string;
  /** Its term, in words. */
  readonly term: string;
  /** The price, with its asset. */
  readonly total: string;
}

/**
 * The confirmation of a purchase of machines: which and how many, the power they add, their term, the price,
 * then the feature's own lines (`more`).
 */
export function MachineBuySheet({
  call,
  purchase,
  more,
  onConfirm,
  texts,
}: {
  /** The feature's `useMoneyCall` of the purchase. */
  readonly call: { readonly content: object | null; readonly busy: boolean; readonly close: () => void };
  readonly purchase: MachinePurchase | null;
  readonly more?: readonly InfoRow[];
  readonly onConfirm: () => void;
  readonly texts: {
    readonly title: string;
    readonly machine: string;
    readonly powerAdded: string;
    readonly term: string;
    readonly totalPrice: string;
    readonly note: string;
  };
}): ReactNode {
  return (
    <ConfirmSheet
      visible={call.content !== null && purchase !== null}
      title={texts.title}
      busy={call.busy}
      onConfirm={onConfirm}
      onClose={call.close}
      rows={
        purchase
          ? [
              { label: texts.machine, value: `${purchase.name} × ${purchase.quantity}` },
              { label: texts.powerAdded, value: purchase.power },
              { label: texts.term, value: purchase.term },
              { label: texts.totalPrice, value: purchase.total, strong: true },
              ...(more ?? []),
            ]
          : []
      }
      note={texts.note}
    />
  );
}
