import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { MachineOrderRow } from './mining-parts';
import './mining.css';

type Tab = 'all' | 'running' | 'expired';

/** My machines (/miner1): my machine orders, running and expired, with what each has earned. */
export default function MyMachinesScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('all');
  if (!token) return <SignInPrompt title={t('mining.signInTitle')} body={t('mining.signInBody')} />;
  return (
    <div className="page page--flush mn--records">
      <Tabs
        className="tabs-bar scroll-x mn-tabs"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('mining.all') },
          { key: 'running', label: t('mining.status.running') },
          { key: 'expired', label: t('mining.status.expired') },
        ]}
      />
      <PagedList
        key={tab}
        path="/api/machine/machinePowerOrderList"
        filters={tab === 'all' ? {} : { status: tab }}
        itemKey={(o) => o.id}
        emptyTitle={t('mining.noOrders')}
        emptyBody={t('mining.noOrdersBody')}
        renderItem={(o) => <MachineOrderRow o={o} />}
      />
    </div>
  );
}
