import { formatDateTime } from '@nexa/contract';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent } from '../../lib/amounts';
import { useSession } from '../../session';
import { AssetIcon } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { RecordsSection } from '../../ui/records-section';
import { InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState } from '../../ui/states';
import { type Listing, tokenMarketPath, useMyListing, useRefreshMarket } from './hooks';
import { QUOTE } from './p2p-math';
import { ListingStatusTag, remainingValue, SaleRow } from './parts';
import { useWithdraw } from './withdraw';

function ListingCard({ listing }: { readonly listing: Listing }): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const withdraw = useWithdraw();
  const l = listing;
  const open = l.status === 'open';
  return (
    <section className="wform__card tm-listing">
      <header className="row row--3">
        <AssetIcon asset={l.symbol} size={32} />
        <div className="fill">
          <h2 className="tm-listing__title">
            {l.symbol}
            <span className="tm-listing__no">{t('tokenMarket.listingNo', { id: l.id })}</span>
          </h2>
          <p className="tm-listing__time num">{formatDateTime(l.created_at)}</p>
        </div>
        <ListingStatusTag status={l.status} />
      </header>
      <div className="tm-listing__price">
        <span className="tm-listing__price-label">{t('tokenMarket.price')}</span>
        <span className="tm-listing__price-value num">
          {registry.format(l.price, QUOTE, EXACT)} <span className="tm-row__unit">{QUOTE}</span>
        </span>
      </div>
      <InfoRows
        rows={[
          {
            label: t('tokenMarket.listedAmount'),
            value: `${registry.format(l.amount, l.symbol, EXACT)} ${l.symbol}`,
          },
          { label: t('tokenMarket.sold'), value: `${registry.format(l.sold, l.symbol, EXACT)} ${l.symbol}` },
          {
            label: l.status === 'withdrawn' ? t('tokenMarket.returned') : t('tokenMarket.remaining'),
            value: `${registry.format(l.status === 'sold' ? '0' : l.remaining, l.symbol, EXACT)} ${l.symbol}`,
          },
          ...(open
            ? [
                {
                  label: t('tokenMarket.totalValue'),
                  value: `${registry.format(remainingValue(l, registry.scale(l.symbol)), QUOTE, EXACT)} ${QUOTE}`,
                },
              ]
            : []),
          {
            label: t('tokenMarket.fee'),
            value: t('tokenMarket.perSale', { rate: ratePercent(l.fee_rate) }),
          },
        ]}
      />
      {open ? (
        <Button block fill="outline" className="tm-listing__withdraw" onClick={() => withdraw.ask(l)}>
          {t('tokenMarket.withdraw')}
        </Button>
      ) : null}
      {withdraw.sheet}
    </section>
  );
}

function ListingPage({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const { listing, loading, missing, isError, refetch } = useMyListing(id);
  const refresh = useRefreshMarket();
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="wform">
        {listing ? (
          <ListingCard listing={listing} />
        ) : loading ? (
          <section className="wform__card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph animated lineCount={4} />
          </section>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : missing ? (
          <NotFound />
        ) : null}
      </div>
      {listing ? (
        <RecordsSection
          texts={{
            title: t('tokenMarket.sales'),
            emptyTitle: t('tokenMarket.emptySalesTitle'),
            emptyBody: t('tokenMarket.emptySalesBody'),
          }}
          path="/api/trade/sellDetail"
          filters={{ id }}
          renderItem={(s) => <SaleRow sale={s} />}
        />
      ) : null}
    </PullToRefresh>
  );
}

function NotFound(): ReactNode {
  const { t } = useTranslation('tokenMarket');
  return (
    <>
      <EmptyState title={t('tokenMarket.notFoundTitle')} body={t('tokenMarket.notFoundBody')} />
      <Link to={tokenMarketPath('mine')} className="tm-back">
        {t('tokenMarket.toMyListings')}
      </Link>
    </>
  );
}

/** Listing (/tokenListing?id=N): one of my listings, withdraw what is left, and its sales. */
export default function TokenListingScreen(): ReactNode {
  const { token } = useSession();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  if (!token) return <SignInPrompt />;
  if (id === null) {
    return (
      <div className="wform">
        <NotFound />
      </div>
    );
  }
  return <ListingPage id={id} />;
}
