import { formatDate, formatNumber } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import type { Loan } from './earn-parts';
import './earn.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

/** Borrow records (/node9): my loans against staking orders; an open one can be repaid. */
export default function LoansScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const { token } = useSession();
  const call = useMoneyCall('/v1/earn/repay', ['/api/borrow/borrowList', '/api/pledge/getPledgeOrder']);
  const [repaying, setRepaying] = useState<Loan | null>(null);
  if (!token) return <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('earn.repaid'));
    setRepaying(null);
  };
  return (
    <div className="page page--flush">
      <PagedList
        path="/api/borrow/borrowList"
        filters={{}}
        itemKey={(l) => l.id}
        emptyTitle={t('earn.noLoans')}
        renderItem={(l) => (
          <article className="list-row" data-testid="loan-row">
            <div className="erow__top">
              <span className="erow__title num">
                {registry.format(l.amount, l.asset)} {l.asset}
              </span>
              <span className={`estatus estatus--${l.status === 'open' ? 'in_progress' : 'expired'}`}>
                {t(`earn.loanStatus.${l.status}`)}
              </span>
            </div>
            <dl className="fig-grid fig-grid--4">
              <div>
                <dt>{t('earn.order')}</dt>
                <dd className="num">#{l.pledge_id}</dd>
              </div>
              <div>
                <dt>{t('earn.interest')}</dt>
                <dd className="num">{registry.format(l.interest, l.asset, EXACT)}</dd>
              </div>
              <div>
                <dt>{t('earn.dailyRate')}</dt>
                <dd className="num">{formatNumber(String(Number(l.daily_rate) * 100), 3)}%</dd>
              </div>
              <div>
                <dt>{t('earn.start')}</dt>
                <dd className="num">{formatDate(l.created_at)}</dd>
              </div>
            </dl>
            {l.status === 'open' ? (
              <button
                type="button"
                className="btn-primary earn__btn--small"
                onClick={() => {
                  setRepaying(l);
                  call.open({ id: l.id });
                }}
                data-testid="repay-btn"
              >
                {t('earn.repay')} {registry.format(l.due, l.asset, EXACT)} {l.asset}
              </button>
            ) : null}
          </article>
        )}
      />
      <ConfirmSheet
        visible={call.content !== null}
        title={t('earn.repay')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={
          repaying
            ? [
                {
                  label: t('earn.borrowed'),
                  value: `${registry.format(repaying.amount, repaying.asset)} ${repaying.asset}`,
                },
                {
                  label: t('earn.interest'),
                  value: `${registry.format(repaying.interest, repaying.asset, EXACT)} ${repaying.asset}`,
                },
                {
                  label: t('earn.due'),
                  value: `${registry.format(repaying.due, repaying.asset, EXACT)} ${repaying.asset}`,
                  strong: true,
                },
              ]
            : []
        }
        note={t('earn.repayNote')}
      />
    </div>
  );
}
