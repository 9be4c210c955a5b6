import { formatDate, formatNumber, type ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { checkAmount, EXACT } from '../../lib/amounts';
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
  const registry = useAssets();
  return (amount: string, min: string, asset: string, available: string | null): string | null => {
    switch (checkAmount(amount, { scale: registry.scale(asset), available, min })) {
      case null:
        return null;
      case 'required':
        return t('earn.amountPrompt');
      case 'belowMinimum':
        return t('earn.min', { amount: registry.format(min, asset), asset });
      case 'insufficient':
        return t('earn.insufficient');
      default:
        return t('earn.amountInvalid');
    }
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
  const registry = useAssets();
  return (
    <Link className="list-row" to={`${routePath('node22')}?id=${o.id}`} data-testid="pledge-row">
      <div className="erow__top">
        <span className="erow__title num">
          {registry.format(o.amount, o.asset)} {o.asset}
        </span>
        <PledgeStatus status={o.status} />
      </div>
      <dl className="fig-grid fig-grid--4">
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
            {registry.format(o.received, o.asset, EXACT)}
          </dd>
        </div>
        <div>
          <dt>{t('earn.end')}</dt>
          <dd className="num">{formatDate(o.end_at)}</dd>
        </div>
      </dl>
    </Link>
  );
}

export function BurnRow({ o }: { readonly o: BurnOrder }): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  return (
    <article className="list-row" data-testid="burn-row">
      <div className="erow__top">
        <span className="erow__title num">
          {registry.format(o.amount, o.asset)} {o.asset}
        </span>
        <span className={`estatus estatus--${o.status}`}>{t(`earn.burnStatus.${o.status}`)}</span>
      </div>
      <dl className="fig-grid fig-grid--4">
        <div>
          <dt>{t('earn.maxRelease')}</dt>
          <dd className="num">{registry.format(o.max_release, o.asset)}</dd>
        </div>
        <div>
          <dt>{t('earn.dailyRelease')}</dt>
          <dd className="num">{registry.format(o.daily_release, o.asset, EXACT)}</dd>
        </div>
        <div>
          <dt>{t('earn.released')}</dt>
          <dd className="num up" data-testid="burn-released">
            {registry.format(o.released, o.asset, EXACT)}
          </dd>
        </div>
        <div>
          <dt>{t('earn.remainingRelease')}</dt>
          <dd className="num">{registry.format(o.remaining, o.asset, EXACT)}</dd>
        </div>
      </dl>
    </article>
  );
}
