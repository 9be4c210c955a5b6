import type { InputHTMLAttributes, ReactNode } from 'react';
import { IconClose, IconSearch } from './icons';
import './search-box.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'className' | 'value' | 'onChange' | 'placeholder'
>;

/** A rounded search field: a magnifier, the input (its label is its placeholder) and, once typed in, a clear button. */
export function SearchBox({
  id,
  label,
  clearLabel,
  value,
  onChange,
  ...input
}: InputProps & {
  readonly id: string;
  readonly label: string;
  readonly clearLabel: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className="search-box">
      <IconSearch fontSize={18} />
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        autoComplete="off"
        enterKeyHint="search"
        {...input}
        id={id}
        type="search"
        className="search-box__input"
        value={value}
        placeholder={label}
        onChange={(e) => onChange(e.target.value)}
      />
      {value ? (
        <button
          type="button"
          className="search-box__clear"
          onClick={() => onChange('')}
          aria-label={clearLabel}
        >
          <IconClose />
        </button>
      ) : null}
    </div>
  );
}
