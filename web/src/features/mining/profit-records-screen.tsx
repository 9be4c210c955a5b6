import type { ReactNode } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { MiningDayRow, TotalHead } from './mining-parts';
import './mining.css';
import { useAssets } from '../../hooks/assets';

const HEAD = { page: 1, size: 1 };

/** Profit records (/nft7): my mining profit per platform day, my power against the network's, the total paid. */
export default function ProfitRecordsScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const { token } = useSession();
  const head = useApiQuery('/api/moneylog/profitLog', HEAD, { enabled: token !== null });
  if (!token) return <SignInPrompt title={t('mining.signInTitle')} body={t('mining.signInBody')} />;
  return (
    <div className="page page--flush mn--records">
      <TotalHead
        items={[
          {
            label: t('mining.totalPaid'),
            testId: 'profit-total',
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
        path="/api/moneylog/profitLog"
        filters={{}}
        itemKey={(d) => d.id}
        emptyTitle={t('mining.noProfit')}
        emptyBody={t('mining.noEarningsBody')}
        renderItem={(d) => <MiningDayRow d={d} />}
      />
    </div>
  );
}
