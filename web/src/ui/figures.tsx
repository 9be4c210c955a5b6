import type { ReactNode } from 'react';
import './figures.css';

/*
 * Figures with their names above them, in a grid: `<dl className="figures">` (three columns), `figures--2`,
 * `figures--4`, or `figures--wide` (two thirds and one third); an asset or unit in a `<small>` reads dimmer.
 */

/** A figure with its name above it, in a grid of figures; `className` adds to its value's box. */
export function Figure({
  label,
  value,
  tone,
  testId,
  className,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly tone?: 'up';
  readonly testId?: string;
  readonly className?: string;
}): ReactNode {
  const classes = ['num', tone, className].filter(Boolean).join(' ');
  return (
    <div>
      <dt>{label}</dt>
      <dd className={classes} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
