import type { ReactNode } from 'react';
import './block-button.css';

/** A button across its card (Buy, Cancel, Redeem): filled in the brand color, or `ghost` (outlined). */
export function BlockButton({
  ghost,
  disabled,
  onClick,
  testId,
  children,
}: {
  readonly ghost?: boolean;
  readonly disabled?: boolean;
  readonly onClick: () => void;
  readonly testId?: string;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <button
      type="button"
      className={ghost ? 'btn-primary block-btn block-btn--ghost' : 'btn-primary block-btn'}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
