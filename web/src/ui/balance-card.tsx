import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath, type ScreenName } from '../paths';
import { IconRecords } from './icons';
import { InlineError } from './states';
import './balance-card.css';

/**
 * An account's balance as a card: its name with the way to its records beside it, the balance large,
 * and a line under it (what is held). The texts come in the feature's words.
 */
export function BalanceCard({
  className,
  labelId,
  label,
  records,
  value,
  valueTestId,
  children,
}: {
  /** The feature's card box (its padding). */
  readonly className: string;
  readonly labelId: string;
  readonly label: string;
  /** The records screen, by its title. */
  readonly records: { readonly to: ScreenName; readonly title: string; readonly testId?: string };
  readonly value: ReactNode;
  readonly valueTestId: string;
  /** The line under the balance. */
  readonly children: ReactNode;
}): ReactNode {
  return (
    <section className={`card ${className}`} aria-labelledby={labelId}>
      <div className="balance__head">
        <span className="balance__label" id={labelId}>
          {label}
        </span>
        <Link to={routePath(records.to)} className="balance__records" data-testid={records.testId}>
          <IconRecords />
          <span>{records.title}</span>
        </Link>
      </div>
      <p className="balance__value num" data-testid={valueTestId}>
        {value}
      </p>
      <p className="balance__sub">{children}</p>
    </section>
  );
}

/** The balance card before its figures arrive: a placeholder while loading, or the error with a retry. */
export function BalanceCardPending({
  className,
  failed,
  onRetry,
}: {
  /** The feature's card box, as for the balance card. */
  readonly className: string;
  readonly failed: boolean;
  readonly onRetry: () => void;
}): ReactNode {
  return failed ? (
    <InlineError className={`card ${className}`} onRetry={onRetry} />
  ) : (
    <section className={`card ${className}`} aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph animated lineCount={1} />
    </section>
  );
}
