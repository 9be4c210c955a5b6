import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import '../../ui/figures.css';
import '../../ui/line-row.css';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { StatusChip } from '../../ui/status-chip';
import { Tabs } from '../../ui/tabs';
import { type Investment, showDay, TotalHead } from './mining-parts';
import './mining.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'all' | 'valid' | 'invalid';

const HEAD = { page: 1, size: 1 };

/** Investment records (/nft6): my machine investments, valid while they run; the minimum and my valid total. */
export default function InvestRecordsScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  const head = useApiQuery('/api/moneylog/investLog', HEAD, { enabled: token !== null });
  if (!token) return <SignInPrompt title={t('mining.signInTitle')} body={t('mining.signInBody')} />;
  const h = head.data;
  const money = (value: string | undefined) =>
    h && value !== undefined ? (
      <>
        {registry.format(value, h.asset)} <small>{h.asset}</small>
      </>
    ) : (
      '--'
    );
  return (
    <div className="page page--flush mn--records">
      <TotalHead
        items={[
          { label: t('mining.minInvest'), value: money(h?.min_price), testId: 'invest-min' },
          { label: t('mining.validTotal'), value: money(h?.valid_total), testId: 'invest-valid-total' },
        ]}
      />
      <Tabs
        className="tabs-bar scroll-x mn-tabs"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('mining.all') },
          { key: 'valid', label: t('mining.valid') },
          { key: 'invalid', label: t('mining.invalid') },
        ]}
      />
      <PagedList
        key={tab}
        path="/api/moneylog/investLog"
        filters={tab === 'all' ? {} : { valid: tab === 'valid' }}
        itemKey={(i) => i.id}
        emptyTitle={t('mining.noInvestments')}
        emptyBody={t('mining.noInvestmentsBody')}
        renderItem={(i) => <InvestmentRow i={i} />}
      />
    </div>
  );
}

function InvestmentRow({ i }: { readonly i: Investment }): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  return (
    <article className="list-row line-row" data-testid="invest-row">
      <div className="list-row__top">
        <span className="line-row__title">{i.name}</span>
        <StatusChip tone={i.valid ? 'on' : 'off'}>
          {i.valid ? t('mining.valid') : t('mining.invalid')}
        </StatusChip>
      </div>
      <dl className="figures">
        <div>
          <dt>{t('mining.amount')}</dt>
          <dd className="num">
            {registry.format(i.amount, i.asset)} <small>{i.asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('mining.start')}</dt>
          <dd className="num">{showDay(i.start_at)}</dd>
        </div>
        <div>
          <dt>{t('mining.end')}</dt>
          <dd className="num">{showDay(i.end_at)}</dd>
        </div>
      </dl>
    </article>
  );
}
