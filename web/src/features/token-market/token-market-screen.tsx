import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PageFilters } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { BuySheet } from './buy-sheet';
import {
  LISTING_STATUSES,
  type Listing,
  type ListingStatus,
  listingPath,
  TABS,
  type Tab,
  useFreshLists,
  useMarketTerms,
} from './hooks';
import { MarketRow, MyListingRow, PickerFilter, SaleRow, TokenFilter } from './parts';
import { useWithdraw } from './withdraw';

function isTab(value: string | null): value is Tab {
  return value !== null && (TABS as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is ListingStatus {
  return value !== null && (LISTING_STATUSES as readonly string[]).includes(value);
}

function MarketTab({
  symbol,
  onSymbol,
}: {
  readonly symbol: string | null;
  readonly onSymbol: (symbol: string | null) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const navigate = useNavigate();
  const terms = useMarketTerms();
  const [buying, setBuying] = useState<Listing | null>(null);
  const filters: PageFilters<'/api/trade/sellList'> = symbol ? { symbol } : {};
  return (
    <>
      <div className="tm-filters">
        <TokenFilter symbols={terms.symbols} value={symbol} onChange={onSymbol} />
        <SellLink />
      </div>
      <PagedList
        path="/api/trade/sellList"
        filters={filters}
        emptyTitle={t('tokenMarket.emptyMarketTitle')}
        emptyBody={t('tokenMarket.emptyMarketBody')}
        itemKey={(l) => l.id}
        renderItem={(l) => (
          <MarketRow
            listing={l}
            onOpen={(x) =>
              // My own listing cannot be bought (OwnListing): it opens its page instead.
              x.mine ? navigate(listingPath(x.id)) : setBuying(x)
            }
          />
        )}
      />
      <BuySheet listing={buying} onClose={() => setBuying(null)} />
    </>
  );
}

function MineTab({
  status,
  onStatus,
}: {
  readonly status: ListingStatus | null;
  readonly onStatus: (status: ListingStatus | null) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const withdraw = useWithdraw();
  const filters: PageFilters<'/api/trade/sellList'> = status ? { mine: 1, status } : { mine: 1 };
  return (
    <>
      <div className="tm-filters">
        <PickerFilter
          title={t('tokenMarket.statusFilter')}
          allLabel={t('tokenMarket.allStatuses')}
          value={status}
          onChange={onStatus}
          options={LISTING_STATUSES.map((s) => ({ value: s, label: t(`tokenMarket.status.${s}`) }))}
        />
        <SellLink />
      </div>
      <PagedList
        path="/api/trade/sellList"
        filters={filters}
        emptyTitle={t('tokenMarket.emptyMineTitle')}
        emptyBody={t('tokenMarket.emptyMineBody')}
        itemKey={(l) => l.id}
        renderItem={(l) => <MyListingRow listing={l} onWithdraw={withdraw.ask} />}
      />
      {withdraw.sheet}
    </>
  );
}

function BuysTab({
  symbol,
  onSymbol,
}: {
  readonly symbol: string | null;
  readonly onSymbol: (symbol: string | null) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const terms = useMarketTerms();
  return (
    <>
      <div className="tm-filters">
        <TokenFilter symbols={terms.symbols} value={symbol} onChange={onSymbol} />
      </div>
      <PagedList
        path="/api/trade/buyDetail"
        filters={symbol ? { symbol } : {}}
        emptyTitle={t('tokenMarket.emptyBuysTitle')}
        emptyBody={t('tokenMarket.emptyBuysBody')}
        itemKey={(s) => s.id}
        renderItem={(s) => <SaleRow sale={s} />}
      />
    </>
  );
}

function SellLink(): ReactNode {
  const { t } = useTranslation('tokenMarket');
  return (
    <Link to={routePath('tokenSell')} className="tap tm-sell">
      {t('tokenMarket.sell')}
    </Link>
  );
}

function TokenMarket(): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'market';
  const symbol = params.get('symbol')?.toUpperCase() || null;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;

  // Other users buy and list all the time: each tab shows fresh lists when opened, whatever the cache holds.
  const freshen = useFreshLists();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to refresh on every tab change
  useEffect(() => {
    freshen();
  }, [tab]);

  const update = (changes: Readonly<Record<string, string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="tm">
      <Tabs
        className="tm-tabs"
        items={TABS.map((k) => ({ key: k, label: t(`tokenMarket.tabs.${k}`) }))}
        value={tab}
        onChange={(k) => update({ tab: k === 'market' ? null : k, status: null })}
      />
      <div role="tabpanel">
        {tab === 'market' ? (
          <MarketTab symbol={symbol} onSymbol={(s) => update({ symbol: s })} />
        ) : tab === 'mine' ? (
          <MineTab status={status} onStatus={(s) => update({ status: s })} />
        ) : (
          <BuysTab symbol={symbol} onSymbol={(s) => update({ symbol: s })} />
        )}
      </div>
    </div>
  );
}

/** Token market (/tokenMarket): open listings to buy from, my listings (withdraw, sales), my purchases. */
export default function TokenMarketScreen(): ReactNode {
  const { token } = useSession();
  return token ? <TokenMarket /> : <SignInPrompt />;
}
