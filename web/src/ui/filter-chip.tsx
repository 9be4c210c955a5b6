import type { ReactNode } from 'react';
import { IconClose, IconDown } from './icons';
import './filter-chip.css';

/**
 * A small rounded filter button: what a list is filtered by (or its "all" label), highlighted when a
 * filter is on. It opens a picker (a caret), or clears its filter (`clears`: a cross).
 */
export function FilterChip({
  label,
  active,
  onClick,
  clears,
  clearLabel,
  opensDialog,
}: {
  readonly label: string;
  readonly active: boolean;
  readonly onClick: () => void;
  readonly clears?: boolean;
  /** The cross's accessible name, when `clears`. */
  readonly clearLabel?: string;
  readonly opensDialog?: boolean;
}): ReactNode {
  return (
    <button
      type="button"
      className={active ? 'chip chip--on' : 'chip'}
      onClick={onClick}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
    >
      <span className="chip__text">{label}</span>
      {clears ? (
        <IconClose className="chip__caret" aria-label={clearLabel} />
      ) : (
        <IconDown className="chip__caret" />
      )}
    </button>
  );
}
