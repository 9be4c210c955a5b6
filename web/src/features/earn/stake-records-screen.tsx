import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { PledgeRow } from './earn-parts';
import './earn.css';

type Tab = 'all' | 'in_progress' | 'redeemed' | 'expired' | 'renewed';
const TABS: readonly Tab[] = ['all', 'in_progress', 'redeemed', 'expired', 'renewed'];

/** Staking records (/node21): my orders by status; each opens its detail (redeem, renew). */
export default function StakeRecordsScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />;
  return (
    <div className="page page--flush">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={TABS.map((k) => ({
          key: k,
          label: k === 'all' ? t('earn.all') : t(`earn.pledgeStatus.${k}`),
        }))}
      />
      <PagedList
        key={tab}
        path="/api/pledge/pledgeList"
        filters={tab === 'all' ? {} : { status: tab }}
        itemKey={(o) => o.id}
        emptyTitle={t('earn.noOrders')}
        renderItem={(o) => <PledgeRow o={o} />}
      />
    </div>
  );
}
