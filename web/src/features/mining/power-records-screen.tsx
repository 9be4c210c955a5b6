import { formatDateTime, POWER_KINDS, POWER_LOG_KINDS } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import '../../ui/figures.css';
import '../../ui/line-row.css';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { InlineError } from '../../ui/states';
import { StatusChip } from '../../ui/status-chip';
import { Tabs } from '../../ui/tabs';
import { type PowerRecord, showPower } from './mining-parts';
import './mining.css';

type Tab = 'all' | (typeof POWER_LOG_KINDS)[number];

/** Hash-power records (/node1): my power by category, then every change to it (purchases and ended orders). */
export default function PowerRecordsScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('mining.signInTitle')} body={t('mining.signInBody')} />;
  return (
    <div className="page page--flush mn--records">
      <Categories />
      <Tabs
        className="tabs-bar scroll-x mn-tabs"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('mining.all') },
          ...POWER_LOG_KINDS.map((k) => ({ key: k, label: t(`mining.kind.${k}`) })),
        ]}
      />
      <PagedList
        key={tab}
        path="/api/user/userPower"
        filters={tab === 'all' ? {} : { kind: tab }}
        itemKey={(r) => r.id}
        emptyTitle={t('mining.noPowerRecords')}
        emptyBody={t('mining.noPowerRecordsBody')}
        renderItem={(r) => <PowerRow r={r} />}
      />
    </div>
  );
}

/** Every kind of my power now, as a compact grid. */
function Categories(): ReactNode {
  const { t } = useTranslation('mining');
  const cate = useApiQuery('/api/user/userPowerCate', NO_BODY);
  if (cate.isError && !cate.data)
    return <InlineError className="mn-inline" onRetry={() => void cate.refetch()} />;
  const power = new Map(cate.data?.list.map((c) => [c.kind, c.power]));
  return (
    <section className="card mn-cats" aria-busy={!cate.data}>
      <dl className="figures figures--4">
        {POWER_KINDS.map((k) => (
          <div key={k}>
            <dt>{t(`mining.kind.${k}`)}</dt>
            <dd className="num" data-testid={`cate-${k}`}>
              {cate.data ? showPower(power.get(k) ?? '0') : '--'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PowerRow({ r }: { readonly r: PowerRecord }): ReactNode {
  const { t } = useTranslation('mining');
  const down = r.change.startsWith('-');
  return (
    <article className="list-row line-row" data-testid="power-row">
      <div className="list-row__top">
        <span className="line-row__title">
          {t(`mining.kindPower.${r.kind}`)}{' '}
          <StatusChip tone={down ? 'off' : 'on'}>{t(`mining.reason.${r.reason}`)}</StatusChip>
        </span>
        <span
          className={down ? 'line-row__amount num down' : 'line-row__amount num up'}
          data-testid="power-change"
        >
          {down ? '−' : '+'}
          {showPower(down ? r.change.slice(1) : r.change)}
        </span>
      </div>
      <div className="line-row__sub">
        <span className="num">{t('mining.orderNo', { id: r.order_id })}</span>
        <span className="num">{formatDateTime(r.created_at)}</span>
      </div>
    </article>
  );
}
