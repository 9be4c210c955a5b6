import { ACCOUNT_KINDS, isAccountKind } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PagedItem, PageFilters } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useLang, useTranslation } from '../../i18n';
import { isNegative, isPositiveAmount } from '../../lib/amounts';
import { causeLabel } from '../../lib/causes';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { FilterChip } from '../../ui/filter-chip';
import { Segments } from '../../ui/form';
import { AssetIcon, HashText, Money, RecordRow } from '../../ui/money';
import { PagedList } from '../../ui/paged-list';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { returnedWhyKey } from './returned';
import './wallet-screens.css';

type AssetRecord = PagedItem<'/api/assets/moneyRecord'>;
type Direction = 'all' | 'in' | 'out';

const AMOUNT_TYPE: Readonly<Record<Direction, 1 | 2 | 3>> = { all: 1, in: 2, out: 3 };
const ALL = 'all';

/** The cause in the user's language (named by the contract); one the app does not know is shown as written. */
function useCauseLabel(): (type: string) => string {
  const lang = useLang();
  return (type) => causeLabel(type, lang);
}

type Detail = NonNullable<AssetRecord['detail']>;

/** A pair id as users read it: BTC-USDT → BTC/USDT. */
const pairName = (inst: string) => inst.replace('-', '/');

/** The remark's facts in the user's language; null where the remark has none (it is shown as written). */
function useDetailText(): (d: Detail) => ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  return (d) => {
    switch (d.kind) {
      case 'order': {
        const order =
          d.side === 'buy'
            ? d.type === 'market'
              ? t('recordDetail.buyMarket')
              : t('recordDetail.buyLimit')
            : d.type === 'market'
              ? t('recordDetail.sellMarket')
              : t('recordDetail.sellLimit');
        return t('recordDetail.order', { order, pair: pairName(d.inst) });
      }
      case 'cancel':
        return t('recordDetail.cancel', { count: d.count, pair: pairName(d.inst) });
      case 'instrumentChanged':
        return t('recordDetail.instrumentChanged');
      case 'exchange':
        return `${d.from} → ${d.to}`;
      case 'p2pList':
        return t('recordDetail.p2pList', {
          asset: d.asset,
          price: registry.format(d.price, 'USDT', { exact: true }),
        });
      case 'p2pTrade':
        return t('recordDetail.p2pTrade', { asset: d.asset, listing: d.listing });
      case 'tx':
        return <HashText value={d.hash} />;
      case 'address':
        return <HashText value={d.address} />;
    }
  };
}

/** The record's name: its cause's, except a token-market trade, named by which side the user was on. */
function useRecordTitle(): (r: AssetRecord) => string {
  const { t } = useTranslation('wallet');
  const causeLabel = useCauseLabel();
  return (r) => {
    if (r.type === 'p2p.buy') {
      return r.asset === 'USDT' && !isNegative(r.amount)
        ? t('records.tokenSale')
        : t('records.tokenPurchase');
    }
    return causeLabel(r.type);
  };
}

function RecordLine({ r }: { readonly r: AssetRecord }): ReactNode {
  const { t } = useTranslation('wallet');
  const title = useRecordTitle();
  const detailText = useDetailText();
  const negative = isNegative(r.amount);
  const registry = useAssets();
  const exact = (amount: string) => registry.format(amount, r.asset, { exact: true });
  const account = isAccountKind(r.account) ? t(`wallet.accounts.${r.account}`) : r.account;
  const details: { label: string; value: ReactNode }[] = [];
  if (r.detail) details.push({ label: t('records.what'), value: detailText(r.detail) });
  else if (r.remark) details.push({ label: t('records.remark'), value: r.remark });
  if (isPositiveAmount(r.returned)) {
    // An order that did not use all it held: how much came back, and why.
    details.push({
      label: t('records.returned'),
      value: (
        <span className="record__returned">
          <span className="num">
            +{exact(r.returned)} {r.asset}
          </span>
          <span className="record__why" data-testid="record-returned-why">
            {t(returnedWhyKey(r.detail))}
          </span>
        </span>
      ),
    });
  }
  details.push({
    label: t('records.balanceAfter'),
    value: <span className="num">{exact(r.balance_after)}</span>,
  });
  return (
    <RecordRow
      title={title(r)}
      amount={<Money value={r.amount} asset={r.asset} sign />}
      amountTone={negative ? 'down' : 'up'}
      time={r.time}
      tag={
        <span className="record__tag">
          {r.asset} · {account}
        </span>
      }
      details={details}
    />
  );
}

function Records(): ReactNode {
  const { t } = useTranslation('wallet');
  const causeLabel = useCauseLabel();
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState<'asset' | 'account' | null>(null);
  const balances = useBalances();

  const symbol = params.get('symbol')?.toUpperCase() || null;
  const accountParam = params.get('account');
  const account = isAccountKind(accountParam) ? accountParam : null;
  const dirParam = params.get('dir');
  const direction: Direction = dirParam === 'in' || dirParam === 'out' ? dirParam : 'all';
  const type = params.get('type') || null;

  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === ALL) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const filters: PageFilters<'/api/assets/moneyRecord'> = {
    amount_type: AMOUNT_TYPE[direction],
    ...(symbol ? { symbol } : {}),
    ...(account ? { account } : {}),
    ...(type ? { type } : {}),
  };

  const held = [...new Set((balances.data?.list ?? []).map((b) => b.asset))].sort();
  const assets = symbol && !held.includes(symbol) ? [...held, symbol] : held;

  return (
    <div className="records">
      <div className="records__filters">
        <div className="records__chips">
          <FilterChip
            label={symbol ?? t('records.allAssets')}
            active={symbol !== null}
            onClick={() => setPicking('asset')}
          />
          <FilterChip
            label={account ? t(`wallet.accounts.${account}`) : t('records.allAccounts')}
            active={account !== null}
            onClick={() => setPicking('account')}
          />
        </div>
        <Segments
          label={t('records.direction')}
          value={direction}
          onChange={(d) => update('dir', d)}
          options={[
            { value: 'all', label: t('records.all') },
            { value: 'in', label: t('records.in') },
            { value: 'out', label: t('records.out') },
          ]}
        />
      </div>
      <div className="records__stmt">
        <Link to={routePath('statement')} data-testid="statement-link">
          {t('records.statementLink')} ›
        </Link>
      </div>
      {type ? (
        <div className="records__type">
          <FilterChip
            label={causeLabel(type)}
            active
            clears
            clearLabel={t('records.clearType')}
            onClick={() => update('type', null)}
          />
        </div>
      ) : null}

      <PagedList
        path="/api/assets/moneyRecord"
        filters={filters}
        emptyTitle={t('records.emptyTitle')}
        emptyBody={t('records.emptyBody')}
        itemKey={(r) => r.id}
        renderItem={(r) => <RecordLine r={r} />}
      />

      <PickerSheet
        visible={picking === 'asset'}
        title={t('records.pickAsset')}
        value={symbol ?? ALL}
        onClose={() => setPicking(null)}
        onPick={(v) => update('symbol', v)}
        options={[
          { value: ALL, label: t('records.allAssets') },
          ...assets.map((a) => ({ value: a, label: a, icon: <AssetIcon asset={a} size={28} /> })),
        ]}
      />
      <PickerSheet
        visible={picking === 'account'}
        title={t('records.pickAccount')}
        value={account ?? ALL}
        onClose={() => setPicking(null)}
        onPick={(v) => update('account', v)}
        options={[
          { value: ALL, label: t('records.allAccounts') },
          ...ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`wallet.accounts.${k}`) })),
        ]}
      />
    </div>
  );
}

/** Asset records: the journal by asset and account, money in or out, with their causes. */
export default function RecordsScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Records /> : <SignInPrompt />;
}
