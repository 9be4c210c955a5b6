import { useState } from 'react';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { showToast } from '../../ui/toast';
import { checkCount, notAbove, timesCount } from './game-math';
import { GAME_READS, type Lobby, useCountMessage } from './game-parts';

/** How tickets are got: bought with USDT, or exchanged for a token. */
export type Way = 'buy' | 'exchange';

/**
 * The get-tickets form: the way, the token (for an exchange), the count, what it costs against what I have,
 * its problem (said once typed in, or once the user tried), and the buy or exchange confirmed in a sheet.
 */
export function useGetTickets(lobby: Lobby) {
  const { t } = useTranslation('games');
  const countMessage = useCountMessage();
  const balances = useBalances();
  const buy = useMoneyCall('/api/racer/buyTicket', GAME_READS);
  const exchange = useMoneyCall('/api/racer/exchangeTicket', GAME_READS);
  const [way, setWay] = useState<Way>('buy');
  const [count, setCount] = useState('');
  const [asset, setAsset] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const rates = lobby.exchange;
  const rate = rates.find((r) => r.asset === asset) ?? rates[0] ?? null;
  const exchanging = way === 'exchange' && rate !== null;
  const payAsset = exchanging ? rate.asset : 'USDT';
  const unit = exchanging ? rate.per_ticket : lobby.ticket_price;
  const funds = exchanging ? balances.available(rate.asset, 'spot') : lobby.usdt;
  const n = Number(count);
  const cost = timesCount(unit, Number.isInteger(n) ? n : 0);
  const countProblem = checkCount(count, lobby.max_tickets);
  const problem = countProblem
    ? countMessage(countProblem, lobby.max_tickets, lobby.tickets)
    : funds !== null && !notAbove(cost, funds)
      ? t('messages.insufficientBalance')
      : null;
  const shown = tried || (count !== '' && countProblem !== 'required') ? problem : null;

  const chooseWay = (w: Way) => {
    setWay(w);
    setTried(false);
  };
  const review = () => {
    setTried(true);
    if (problem) return;
    if (exchanging) exchange.open({ count: n, asset: rate.asset });
    else buy.open({ count: n });
  };
  const call = exchanging ? exchange : buy;
  const confirm = async () => {
    const ok = await call.confirm();
    if (!ok) return;
    showToast(exchanging ? t('games.exchangeSuccess') : t('messages.purchaseSuccess'));
    setCount('');
    setTried(false);
  };

  return {
    way,
    chooseWay,
    count,
    setCount,
    setAsset,
    rates,
    /** The token's rate chosen (the first while none is), null when no token is taken. */
    rate,
    /** An exchange for a token (else a purchase with USDT). */
    exchanging,
    payAsset,
    /** What one ticket costs in the pay asset. */
    unit,
    /** What I have of the pay asset, null while unknown. */
    funds,
    /** The count as typed, as a number. */
    n,
    cost,
    countProblem,
    shown,
    review,
    call,
    confirm,
  };
}

export type GetTickets = ReturnType<typeof useGetTickets>;
