import type { ReactNode } from 'react';
import './status-chip.css';

/**
 * A small colored status chip of a list or a card: on (running, current, valid), done (paid, over), off
 * (ended), wait (queued, few left).
 */
export function StatusChip({
  tone,
  children,
}: {
  readonly tone: 'on' | 'done' | 'off' | 'wait';
  readonly children: ReactNode;
}): ReactNode {
  return <span className={`status-chip status-chip--${tone}`}>{children}</span>;
}
