import type { ReactNode } from 'react';

/**
 * One choice among a few, as a row of chips (a tab list): the form's own classes style it, so the spot form and
 * the futures panel keep their looks. `block` is the row's class; `chip` each chip's, with `--on` added to the
 * chosen one.
 */
export function ChoiceChips<K extends string>({
  options,
  value,
  onChange,
  text,
  label,
  block,
  chip,
}: {
  readonly options: readonly K[];
  readonly value: K;
  readonly onChange: (v: K) => void;
  /** Each option's words. */
  readonly text: (k: K) => string;
  /** The row's accessible name. */
  readonly label: string;
  readonly block: string;
  readonly chip: string;
}): ReactNode {
  return (
    <div className={block} role="tablist" aria-label={label}>
      {options.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={value === k}
          className={value === k ? `${chip} ${chip}--on` : chip}
          onClick={() => onChange(k)}
        >
          {text(k)}
        </button>
      ))}
    </div>
  );
}

/** A limit order's time in force: rest (GTC), take now and cancel the rest (IOC), all or nothing (FOK), only make. */
export const TIFS = ['GTC', 'IOC', 'FOK', 'post_only'] as const;
export type Tif = (typeof TIFS)[number];
