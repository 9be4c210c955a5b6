import type { ReactNode } from 'react';

/** The classes a feature dresses the hero in (its own names, so its screens look as they did). */
export interface TermHeroClasses {
  readonly box: string;
  readonly head: string;
  readonly label: string;
  readonly figure: string;
  readonly bar: string;
}

/**
 * A term order's headline (the earn stake's and the NEU pledge's detail screens): the amount's name and the
 * order's status on one line, the amount large, then its progress through its days as a bar and in words.
 */
export function TermHero({
  classes,
  testId,
  label,
  status,
  amount,
  days,
  daysPaid,
  progressText,
}: {
  readonly classes: TermHeroClasses;
  readonly testId: string;
  readonly label: string;
  readonly status: ReactNode;
  readonly amount: ReactNode;
  readonly days: number;
  readonly daysPaid: number;
  /** "n of N days", under the bar and as its name. */
  readonly progressText: string;
}): ReactNode {
  const progress = Math.min(100, (daysPaid / days) * 100);
  return (
    <section className={classes.box} data-testid={testId}>
      <div className={classes.head}>
        <span className={classes.label}>{label}</span>
        {status}
      </div>
      <div className={classes.figure}>{amount}</div>
      <div
        className={classes.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={days}
        aria-valuenow={daysPaid}
        aria-label={progressText}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <p className="note note--xs">{progressText}</p>
    </section>
  );
}
