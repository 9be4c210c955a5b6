import { formatDateMinute, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { NftArt, RarityChip } from './nft-parts';
import './nft.css';
import { useAssets } from '../../hooks/assets';

type Order = ResponseData<'/api/cast/cast'>;
type Tab = 'all' | 'nameplate';

/** Cast orders (/nft5): my cast and nameplate orders; with `?id=` one order. */
export default function OrdersScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const { token } = useSession();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>('all');
  const id = Number(params.get('id'));
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  if (Number.isInteger(id) && id > 0) return <OrderDetail id={id} />;
  return (
    <div className="page nft page--flush nft--records">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('nft.all') },
          { key: 'nameplate', label: t('nft.nameplates') },
        ]}
      />
      <PagedList
        key={tab}
        path="/v1/nft/orders"
        filters={tab === 'all' ? {} : { kind: 'nameplate' }}
        itemKey={(o) => o.id}
        emptyTitle={t('nft.noOrders')}
        renderItem={(o) => <OrderRow o={o} />}
      />
    </div>
  );
}

function OrderRow({ o }: { readonly o: Order }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  return (
    <Link className="nft-row nft-row--link" to={`${routePath('nft5')}?id=${o.id}`} data-testid="order-row">
      <div className="row row--between">
        <span className="nft-row__title">{o.nft.name}</span>
        <RarityChip rarity={o.nft.rarity} />
      </div>
      <div className="nft-row__foot num">
        <span>
          {o.collection} · {t('nft.feeN', { fee: registry.format(o.fee, o.fee_asset), asset: o.fee_asset })}
        </span>
        <span>{formatDateMinute(o.created_at)}</span>
      </div>
    </Link>
  );
}

function OrderDetail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const q = useApiQuery('/api/nameplate/getOrderDetail', { id }, { handles: ['NftOrderNotFound'] });
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('NftOrderNotFound'))
      return <MissingState title={t('nft.noOrder')} back="/nft5" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const o = q.data;
  return (
    <div className="page nft">
      <section className="card nft-detail" data-testid="order-detail">
        <NftArt symbol={o.nft.symbol} serial={o.nft.serial} rarity={o.nft.rarity} label={o.nft.name} />
        <div className="row row--between">
          <h1 className="nft-detail__name">{o.name ?? o.nft.name}</h1>
          <RarityChip rarity={o.nft.rarity} />
        </div>
        <dl className="fig-grid nft-grid2">
          <div>
            <dt>{t('nft.order')}</dt>
            <dd className="num">#{o.id}</dd>
          </div>
          <div>
            <dt>{t('nft.collection')}</dt>
            <dd>{o.collection}</dd>
          </div>
          <div>
            <dt>{t('nft.fee')}</dt>
            <dd className="num">
              {registry.format(o.fee, o.fee_asset)} {o.fee_asset}
            </dd>
          </div>
          <div>
            <dt>{t('nft.time')}</dt>
            <dd className="num">{formatDateMinute(o.created_at)}</dd>
          </div>
        </dl>
        <Link className="nft-link" to={`${routePath('nft2')}?id=${o.nft.id}`}>
          {t('nft.view')} ›
        </Link>
      </section>
    </div>
  );
}
