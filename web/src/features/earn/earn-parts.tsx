import { formatDateTime, formatNumber, type ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';

export type PledgeOrder = ResponseData<'/api/pledge/getPledgeOrder'>;
export type BurnOrder = ResponseData<'/api/destroy/getDestroyOrder'>;
export type Loan = ResponseData<'/v1/earn/borrow'>;

/**
 * What is wrong with an amount typed into an earn form (empty, not a number, below the minimum, above the
 * balance), as the message to show; null when it can go to the confirmation.
 */
export function useAmountCheck() {
  const { t } = useTranslation('earn');
  return (amount: string, min: string, asset: string, available: string | null): string | null => {
    const text = amount.trim();
    const n = Number(text);
    if (!text) return t('earn.amountPrompt');
    if (!/^\d+(\.\d{1,6})?$/.test(text) || !(n > 0)) return t('earn.amountInvalid');
    if (n < Number(min)) return t('earn.min', { amount: formatNumber(min, 0), asset });
    if (available !== null && n > Number(available)) return t('earn.insufficient');
    return null;
  };
}

export const pct = (rate: string, d = 2) => `${formatNumber(String(Number(rate) * 100), d)}%`;

export function PledgeStatus({ status }: { readonly status: PledgeOrder['status'] }): ReactNode {
  const { t } = useTranslation('earn');
  return <span className={`estatus estatus--${status}`}>{t(`earn.pledgeStatus.${status}`)}</span>;
}

/** One staking order as a record row: amount, term, rate, profits, link to its detail. */
export function PledgeRow({ o }: { readonly o: PledgeOrder }): ReactNode {
  const { t } = useTranslation('earn');
  return (
    <Link className="erow" to={`${routePath('node22')}?id=${o.id}`} data-testid="pledge-row">
      <div className="erow__top">
        <span className="erow__title num">
          {formatNumber(o.amount, 2)} {o.asset}
        </span>
        <PledgeStatus status={o.status} />
      </div>
      <dl className="egrid">
        <div>
          <dt>{t('earn.days')}</dt>
          <dd className="num">{t('earn.nDays', { n: o.days })}</dd>
        </div>
        <div>
          <dt>{t('earn.apr')}</dt>
          <dd className="num">{pct(o.apr, 0)}</dd>
        </div>
        <div>
          <dt>{t('earn.received')}</dt>
          <dd className="num up" data-testid="pledge-received">
            {formatNumber(o.received, 6)}
          </dd>
        </div>
        <div>
          <dt>{t('earn.end')}</dt>
          <dd className="num">{formatDateTime(o.end_at).slice(0, 10)}</dd>
        </div>
      </dl>
    </Link>
  );
}

export function BurnRow({ o }: { readonly o: BurnOrder }): ReactNode {
  const { t } = useTranslation('earn');
  return (
    <article className="erow" data-testid="burn-row">
      <div className="erow__top">
        <span className="erow__title num">
          {formatNumber(o.amount, 2)} {o.asset}
        </span>
        <span className={`estatus estatus--${o.status}`}>{t(`earn.burnStatus.${o.status}`)}</span>
      </div>
      <dl className="egrid">
        <div>
          <dt>{t('earn.maxRelease')}</dt>
          <dd className="num">{formatNumber(o.max_release, 2)}</dd>
        </div>
        <div>
          <dt>{t('earn.dailyRelease')}</dt>
          <dd className="num">{formatNumber(o.daily_release, 4)}</dd>
        </div>
        <div>
          <dt>{t('earn.released')}</dt>
          <dd className="num up" data-testid="burn-released">
            {formatNumber(o.released, 4)}
          </dd>
        </div>
        <div>
          <dt>{t('earn.remainingRelease')}</dt>
          <dd className="num">{formatNumber(o.remaining, 4)}</dd>
        </div>
      </dl>
    </article>
  );
}
