import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { MiningDayRow, PurchaseRow, TotalHead } from './mining-parts';
import './mining.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'buy' | 'output';

const HEAD = { page: 1, size: 1 };

/** Mining records (/miner2): my machine purchases, and my output per platform day with the total paid. */
export default function MiningRecordsScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('buy');
  const head = useApiQuery('/api/mine/mineList', HEAD, { enabled: token !== null && tab === 'output' });
  if (!token) return <SignInPrompt title={t('mining.signInTitle')} body={t('mining.signInBody')} />;
  return (
    <div className="page page--flush mn--records">
      <Tabs
        className="tabs-bar scroll-x mn-tabs"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'buy', label: t('mining.purchases') },
          { key: 'output', label: t('mining.earnings') },
        ]}
      />
      {tab === 'buy' ? (
        <PagedList
          key="buy"
          path="/api/mine/buyLog"
          filters={{}}
          itemKey={(o) => o.id}
          emptyTitle={t('mining.noPurchases')}
          emptyBody={t('mining.noOrdersBody')}
          renderItem={(o) => <PurchaseRow o={o} />}
        />
      ) : (
        <>
          <TotalHead
            items={[
              {
                label: t('mining.totalPaid'),
                testId: 'mine-total',
                value: head.data ? (
                  <>
                    {registry.format(head.data.total_paid, head.data.asset)} <small>{head.data.asset}</small>
                  </>
                ) : (
                  '--'
                ),
              },
            ]}
          />
          <PagedList
            key="output"
            path="/api/mine/mineList"
            filters={{}}
            itemKey={(d) => d.id}
            emptyTitle={t('mining.noEarnings')}
            emptyBody={t('mining.noEarningsBody')}
            renderItem={(d) => <MiningDayRow d={d} />}
          />
        </>
      )}
    </div>
  );
}
