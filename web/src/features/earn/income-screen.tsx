import { formatDate, INCOME_PROGRAMS } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import './earn.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

type Program = (typeof INCOME_PROGRAMS)[number];

/** Income: what staking, burn and mining paid me, day by day (/node6 every kind; /node23 staking income only). */
function Income({ only }: { readonly only?: Program }): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<Program | 'all'>(only ?? 'all');
  const filters = tab === 'all' ? {} : { program: tab };
  const head = useApiQuery('/api/auth/income', { ...filters, page: 1, size: 1 }, { enabled: token !== null });
  if (!token) return <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />;
  return (
    <div className="page page--flush">
      <section className="card box earn__hero--inset">
        <div className="earn__hero-label">{t('earn.totalIncome')}</div>
        <div className="earn__totals" data-testid="income-total">
          {(head.data?.totals.length ? head.data.totals : [{ asset: 'USDT', paid: '0' }]).map((x) => (
            <div key={x.asset} className="hero-figure num up">
              {registry.format(x.paid, x.asset, EXACT)} <small>{x.asset}</small>
            </div>
          ))}
        </div>
      </section>
      {only ? null : (
        <Tabs
          className="tabs-bar"
          size="m"
          value={tab}
          onChange={setTab}
          items={[
            { key: 'all', label: t('earn.all') },
            ...INCOME_PROGRAMS.map((k) => ({ key: k, label: t(`earn.incomeKind.${k}`) })),
          ]}
        />
      )}
      <PagedList
        key={tab}
        path="/api/auth/income"
        filters={filters}
        itemKey={(r) => r.id}
        emptyTitle={t('earn.noIncome')}
        renderItem={(r) => (
          <article className="list-row" data-testid="income-row">
            <div className="erow__top">
              <span className="erow__title">{t(`earn.incomeKind.${r.program}`)}</span>
              <span className="num up">
                +{registry.format(r.amount, r.asset, EXACT)} {r.asset}
              </span>
            </div>
            <dl className="fig-grid fig-grid--3">
              <div>
                <dt>{t('earn.day')}</dt>
                <dd className="num">{formatDate(r.day)}</dd>
              </div>
              <div>
                <dt>{t('earn.order')}</dt>
                <dd className="num">#{r.order_id}</dd>
              </div>
              <div>
                <dt>{t('earn.state')}</dt>
                <dd>{t(`earn.incomeStatus.${r.status}`)}</dd>
              </div>
            </dl>
          </article>
        )}
      />
    </div>
  );
}

export default function IncomeScreen(): ReactNode {
  return <Income />;
}

export function StakingIncomeScreen(): ReactNode {
  return <Income only="pledge" />;
}
