import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { IconClose, IconRight } from './icons';
import './form.css';

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
  secret,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder: string;
  readonly onBlur?: () => void;
  readonly mono?: boolean;
  readonly maxLength?: number;
  readonly suffix?: ReactNode;
  /** A secret (typed hidden, never offered for autofill). */
  readonly secret?: boolean;
}): ReactNode {
  return (
    <div className="wf__box">
      <input
        id={id}
        type={secret ? 'password' : 'text'}
        className={mono ? 'wf__input wf__input--mono' : 'wf__input'}
        value={value}
        placeholder={placeholder}
        autoComplete={secret ? 'new-password' : 'off'}
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
