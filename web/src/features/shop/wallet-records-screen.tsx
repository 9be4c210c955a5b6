import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { NO_BODY } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { RecordRow } from '../../ui/money';
import { PagedList } from '../../ui/paged-list';
import { Tabs } from '../../ui/tabs';
import { SignedIn, USDT } from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

type Move = PagedItem<'/api/shop/rechargeLog'>;

function MoveRow({ m }: { readonly m: Move }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const details: { label: string; value: ReactNode }[] = [];
  if (m.kind !== 'recharge') {
    details.push({ label: t('walletForm.fee'), value: `${registry.format(m.fee, USDT, EXACT)} ${USDT}` });
    details.push({
      label: t('walletForm.youReceive'),
      value: `${registry.format(m.received, USDT, EXACT)} ${USDT}`,
    });
  }
  if (m.done_at && m.kind === 'withdrawal')
    details.push({ label: t('shop.wallet.paidAt'), value: formatDateTime(m.done_at) });
  const tone = m.status === 'done' ? 'success' : 'warning';
  return (
    <div data-testid="move-row" data-kind={m.kind} data-status={m.status}>
      <RecordRow
        title={t(`shop.wallet.kind.${m.kind}`)}
        amount={`${registry.format(m.amount, USDT, EXACT)} ${USDT}`}
        time={m.created_at}
        tag={
          <span className={`status-tag status-tag--${tone}`}>
            {t(`shop.wallet.moveStatus.${m.kind === 'withdrawal' ? m.status : 'done'}`)}
          </span>
        }
        details={details}
      />
    </div>
  );
}

function Records(): ReactNode {
  const { t } = useTranslation('shop');
  const [tab, setTab] = useState<'recharge' | 'withdrawal'>('recharge');
  return (
    <div className="page page--tight shop shop--list">
      <Tabs
        className="stabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('screens.order3')}
        items={[
          { key: 'recharge', label: t('shop.wallet.rechargeLog') },
          { key: 'withdrawal', label: t('shop.wallet.withdrawalLog') },
        ]}
      />
      {tab === 'recharge' ? (
        <PagedList
          key="recharge"
          path="/api/shop/rechargeLog"
          filters={NO_BODY}
          itemKey={(m) => m.id}
          emptyTitle={t('shop.wallet.noRecharges')}
          emptyBody={t('shop.wallet.noRechargesBody')}
          className="slist slist--records"
          renderItem={(m) => <MoveRow m={m} />}
        />
      ) : (
        <PagedList
          key="withdrawal"
          path="/api/shop/withdrawalList"
          filters={NO_BODY}
          itemKey={(m) => m.id}
          emptyTitle={t('shop.wallet.noWithdrawals')}
          emptyBody={t('shop.wallet.noWithdrawalsBody')}
          className="slist slist--records"
          renderItem={(m) => <MoveRow m={m} />}
        />
      )}
    </div>
  );
}

/** Shop wallet records (/order3): recharges, and withdrawals with flashes (fee, what arrived, held or paid). */
export default function ShopWalletRecordsScreen(): ReactNode {
  return <SignedIn>{() => <Records />}</SignedIn>;
}
