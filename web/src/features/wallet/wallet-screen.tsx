import { ACCOUNT_KINDS, type AccountKind } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, isPositiveAmount, sumAmounts } from '../../lib/amounts';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { routePath, type ScreenName } from '../../paths';
import { useSession } from '../../session';
import {
  IconCheck,
  IconDeposit,
  IconExchange,
  IconEye,
  IconEyeOff,
  IconRecords,
  IconRight,
  IconSend,
  IconSwapVertical,
  IconWithdraw,
} from '../../ui/icons';
import { AssetIcon } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState } from '../../ui/states';
import './wallet.css';

const HIDDEN = '******';

type ActionKey = 'deposit' | 'withdraw' | 'transfer' | 'internalTransfer' | 'exchange';

const ACTIONS: readonly { key: ActionKey; icon: ReactNode }[] = [
  { key: 'deposit', icon: <IconDeposit /> },
  { key: 'withdraw', icon: <IconWithdraw /> },
  { key: 'transfer', icon: <IconSend /> },
  { key: 'internalTransfer', icon: <IconSwapVertical /> },
  { key: 'exchange', icon: <IconExchange /> },
];

function recordsLink(asset: string, account: AccountKind): string {
  return `${routePath('records')}?${new URLSearchParams({ symbol: asset, account }).toString()}`;
}

type BalanceRow = NonNullable<ReturnType<typeof useBalances>['data']>['list'][number];

/** The total in USDT (or stars), the eye that hides the amounts, and the way to the records. */
function TotalCard({
  hidden,
  onToggle,
  total,
  failed,
}: {
  readonly hidden: boolean;
  readonly onToggle: () => void;
  /** Undefined while the balances load (or failed to). */
  readonly total: string | undefined;
  readonly failed: boolean;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  return (
    <section className="wallet-total">
      <div className="wallet-total__head">
        <span className="wallet-total__label">{t('wallet.totalAssets', { asset: 'USDT' })}</span>
        <button
          type="button"
          className="round-btn wallet-total__eye"
          onClick={onToggle}
          aria-pressed={hidden}
          aria-label={hidden ? t('wallet.showBalances') : t('wallet.hideBalances')}
        >
          {hidden ? <IconEyeOff /> : <IconEye />}
        </button>
        <Link to={routePath('records')} className="wallet-total__records">
          <IconRecords />
          <span>{t('wallet.records')}</span>
        </Link>
      </div>
      {total !== undefined ? (
        <p className="wallet-total__value num">{hidden ? HIDDEN : registry.format(total, 'USDT')}</p>
      ) : failed ? (
        <p className="wallet-total__value num">--</p>
      ) : (
        <Skeleton.Title animated className="wallet-total__skeleton" />
      )}
    </section>
  );
}

/** One asset of the account: its total and worth, available and frozen; opens its records. */
function AssetRow({
  b,
  account,
  show,
}: {
  readonly b: BalanceRow;
  readonly account: AccountKind;
  readonly show: (text: string) => string;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  return (
    <Link to={recordsLink(b.asset, account)} className="asset-row">
      <AssetIcon asset={b.asset} size={36} />
      <span className="asset-row__name">
        <span className="asset-row__symbol">{b.asset}</span>
        <span className="asset-row__full">{b.name}</span>
      </span>
      <span className="asset-row__amounts">
        <span className="asset-row__total num">
          {show(registry.format(sumAmounts([b.available, b.frozen]), b.asset))}
        </span>
        <span className="asset-row__value num">≈ {show(registry.format(b.usdt_value, 'USDT'))} USDT</span>
      </span>
      <span className="asset-row__split">
        <span>
          <span className="asset-row__k">{t('wallet.available')}</span>
          <span className="num">{show(registry.format(b.available, b.asset))}</span>
        </span>
        <span>
          <span className="asset-row__k">{t('wallet.frozen')}</span>
          <span className="num">{show(registry.format(b.frozen, b.asset))}</span>
        </span>
      </span>
      <IconRight className="asset-row__arrow" />
    </Link>
  );
}

function Balances(): ReactNode {
  const { t } = useTranslation('wallet');
  const [hidden, setHidden] = useState(() => readStored(STORAGE_KEYS.hideBalances) === '1');
  const [account, setAccount] = useState<AccountKind>('spot');
  const [showZero, setShowZero] = useState(() => readStored(STORAGE_KEYS.showZeroBalances) === '1');
  const balances = useBalances();
  const registry = useAssets();

  const toggle = () => {
    writeStored(STORAGE_KEYS.hideBalances, hidden ? null : '1');
    setHidden(!hidden);
  };
  const show = (text: string) => (hidden ? HIDDEN : text);
  const toggleZero = () => {
    writeStored(STORAGE_KEYS.showZeroBalances, showZero ? null : '1');
    setShowZero(!showZero);
  };

  const data = balances.data;
  const inAccount = (data?.list ?? []).filter((b) => b.account === account);
  const accountValue = sumAmounts(inAccount.map((r) => r.usdt_value));
  const rows = inAccount
    .filter((b) => showZero || isPositiveAmount(sumAmounts([b.available, b.frozen])))
    .sort(
      (a, b) =>
        compareAmounts(b.usdt_value, a.usdt_value) ||
        Number(b.asset === 'USDT') - Number(a.asset === 'USDT') ||
        a.asset.localeCompare(b.asset),
    );

  return (
    <PullToRefresh onRefresh={() => balances.refetch()}>
      <div className="wallet">
        <TotalCard hidden={hidden} onToggle={toggle} total={data?.total_usdt} failed={balances.isError} />

        {data && compareAmounts(data.total_usdt, '0') === 0 ? <DemoFundsEntry /> : null}

        <nav className="wallet-actions" aria-label={t('wallet.actionsLabel')}>
          {ACTIONS.map((a) => (
            <Link key={a.key} to={routePath(a.key as ScreenName)} className="tile wallet-actions__item">
              <span className="tile__icon wallet-actions__icon" aria-hidden="true">
                {a.icon}
              </span>
              <span className="wallet-actions__label">{t(`wallet.actions.${a.key}`)}</span>
            </Link>
          ))}
        </nav>

        <div className="acct-tabs" role="tablist" aria-label={t('wallet.accountsLabel')}>
          {ACCOUNT_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={k === account}
              className={k === account ? 'acct-tabs__tab acct-tabs__tab--on' : 'acct-tabs__tab'}
              onClick={() => setAccount(k)}
            >
              {t(`wallet.accounts.${k}`)}
            </button>
          ))}
        </div>

        <div className="acct-summary">
          <span className="muted">
            {t('wallet.accountValue', { account: t(`wallet.accounts.${account}`) })}
          </span>
          <span className="acct-summary__value num">
            {data ? `${show(registry.format(accountValue, 'USDT'))} USDT` : '--'}
          </span>
        </div>

        <div className="asset-list" role="tabpanel">
          {!data ? (
            balances.isError ? (
              <ErrorState onRetry={() => void balances.refetch()} />
            ) : (
              <div className="asset-list__skeleton">
                {[0, 1, 2].map((i) => (
                  <Skeleton.Paragraph key={i} animated lineCount={2} />
                ))}
              </div>
            )
          ) : (
            <>
              <div className="asset-list__cols">
                <button type="button" className="zero-toggle" aria-pressed={!showZero} onClick={toggleZero}>
                  <span className={showZero ? 'zero-toggle__box' : 'zero-toggle__box zero-toggle__box--on'}>
                    {showZero ? null : <IconCheck />}
                  </span>
                  {t('wallet.hideZero')}
                </button>
                <span aria-hidden="true">{t('wallet.colAmount')}</span>
              </div>
              {rows.length === 0 ? (
                <div className="asset-list__empty">
                  <EmptyState title={t('wallet.emptyTitle')} body={t('wallet.emptyBody')} />
                  {inAccount.length > 0 && !showZero ? (
                    <button type="button" className="asset-list__show" onClick={toggleZero}>
                      {t('wallet.showAll')}
                    </button>
                  ) : null}
                </div>
              ) : null}
              {rows.map((b) => (
                <AssetRow key={b.asset} b={b} account={account} show={show} />
              ))}
            </>
          )}
        </div>
      </div>
    </PullToRefresh>
  );
}

/** With nothing in the wallet and demo funds to claim: the way to them, above everything else. */
function DemoFundsEntry(): ReactNode {
  const { t } = useTranslation('wallet');
  const query = useApiQuery('/api/recharge/networks', {});
  const registry = useAssets();
  const faucet = query.data?.faucet;
  if (!faucet || faucet.next_at) return null;
  return (
    <Link to={routePath('deposit')} className="demo-funds-entry">
      <span className="faucet__badge">{t('faucet.badge')}</span>
      <span className="demo-funds-entry__text">
        {t('faucet.cta', {
          amount: registry.format(faucet.amount, faucet.asset, { exact: true }),
          asset: faucet.asset,
        })}
      </span>
      <IconRight />
    </Link>
  );
}

/** The wallet tab: total in USDT, the money actions, balances per account. */
export default function WalletScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Balances /> : <SignInPrompt />;
}
