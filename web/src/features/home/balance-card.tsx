import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, sumAmounts } from '../../lib/amounts';
import { readStored, STORAGE_KEYS } from '../../lib/storage';
import { routePath } from '../../paths';
import { useSession } from '../../session';

const HIDDEN = '******';
/** Closed positions read for today's figure: the newest page at its largest. */
const LATEST_CLOSES = { page: 1, size: 100 };

/** Midnight of today on this device, the start of "today". */
function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * Today's PnL: the net PnL of futures positions closed since midnight (fees and funding counted) plus the
 * unrealized PnL of the positions open now. Null until both are known.
 */
function useTodayPnl(): string | null {
  const account = useApiQuery('/v1/futures/account', NO_BODY);
  const closes = useApiQuery('/v1/futures/positionHistory', LATEST_CLOSES);
  if (!account.data || !closes.data) return null;
  const since = startOfToday();
  const today = closes.data.list.filter((p) => Date.parse(p.closed_at) >= since).map((p) => p.net_pnl);
  return sumAmounts([account.data.upl, ...today]);
}

/** The signed-in user's total balance in USDT (the wallet's valuation) and today's PnL; nothing for a guest. */
export function BalanceCard(): ReactNode {
  const { token } = useSession();
  if (!token) return null;
  return <SignedInBalance />;
}

function SignedInBalance(): ReactNode {
  const { t } = useTranslation('home');
  const registry = useAssets();
  const balances = useBalances();
  const pnl = useTodayPnl();
  const hidden = readStored(STORAGE_KEYS.hideBalances) === '1';
  const total = balances.data?.total_usdt;
  const sign = pnl === null ? 0 : compareAmounts(pnl, '0');
  const pnlText =
    pnl === null
      ? '--'
      : `${sign > 0 ? '+' : sign < 0 ? '−' : ''}${registry.format(pnl.replace('-', ''), 'USDT')}`;
  return (
    <Link to={routePath('wallet')} className="home-balance" data-testid="home-balance">
      <span className="home-balance__cell">
        <span className="home-balance__label">{t('home.balance.total')}</span>
        <span className="home-balance__value num" data-testid="home-balance-total">
          {total === undefined ? '--' : hidden ? HIDDEN : registry.format(total, 'USDT')}
          <small> USDT</small>
        </span>
      </span>
      <span className="home-balance__cell home-balance__cell--end">
        <span className="home-balance__label">{t('home.balance.today')}</span>
        <span
          className={`home-balance__pnl num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}
          data-testid="home-balance-pnl"
        >
          {hidden ? HIDDEN : pnlText}
        </span>
      </span>
    </Link>
  );
}
