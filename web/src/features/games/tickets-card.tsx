import { formatUpTo } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { AmountInput, Field, PickerButton, Segments, SubmitButton } from '../../ui/form';
import { AssetIcon } from '../../ui/money';
import { ConfirmSheet, PickerSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { affordableCount, checkCount, notAbove, sanitizeCount, timesCount } from './game-math';
import { GAME_READS, type Lobby, useCountMessage, useTicketsText } from './game-parts';

type Way = 'buy' | 'exchange';

/** My tickets, my USDT and the ticket price, with the way to the match records. */
export function WalletCard({ lobby }: { readonly lobby: Lobby }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  return (
    <section className="card box">
      <div className="row row--between gwallet__head">
        <span className="gwallet__label">{t('games.myTickets')}</span>
        <Link className="glink" to={routePath('game1')}>
          {t('games.records')} ›
        </Link>
      </div>
      <div className="gwallet">
        <div>
          <div className="gwallet__big num" data-testid="ticket-balance">
            {lobby.tickets}
          </div>
        </div>
        <dl className="ggrid ggrid--2 gwallet__side">
          <div>
            <dt>{t('games.usdtAvailable')}</dt>
            <dd className="num" data-testid="usdt-available">
              {registry.format(lobby.usdt, 'USDT')}
            </dd>
          </div>
          <div>
            <dt>{t('games.ticketPrice')}</dt>
            <dd className="num">{registry.format(lobby.ticket_price, 'USDT', EXACT)} USDT</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** The form that gets more tickets: bought with USDT, or exchanged for a token. */
export function GetTicketsCard({ lobby }: { readonly lobby: Lobby }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const countMessage = useCountMessage();
  const tk = useTicketsText();
  const ids = useId();
  const balances = useBalances();
  const buy = useMoneyCall('/api/racer/buyTicket', GAME_READS);
  const exchange = useMoneyCall('/api/racer/exchangeTicket', GAME_READS);
  const [way, setWay] = useState<Way>('buy');
  const [count, setCount] = useState('');
  const [asset, setAsset] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
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

  const review = () => {
    setTried(true);
    if (problem) return;
    if (exchanging) exchange.open({ count: n, asset: rate.asset });
    else buy.open({ count: n });
  };
  const done = () => {
    setCount('');
    setTried(false);
  };
  const call = exchanging ? exchange : buy;
  const confirm = async () => {
    const ok = await call.confirm();
    if (!ok) return;
    showToast(exchanging ? t('games.exchangeSuccess') : t('messages.purchaseSuccess'));
    done();
  };

  return (
    <section className="card box">
      <div className="box__head">
        <h2 className="gh">{t('games.getTickets')}</h2>
        {rates.length > 0 ? (
          <Segments
            label={t('games.getTickets')}
            value={way}
            onChange={(w) => {
              setWay(w);
              setTried(false);
            }}
            options={[
              { value: 'buy', label: t('games.withUsdt') },
              { value: 'exchange', label: t('games.withToken') },
            ]}
          />
        ) : null}
      </div>
      {exchanging ? (
        <Field label={t('games.token')}>
          <PickerButton
            value={rate.asset}
            icon={<AssetIcon asset={rate.asset} size={20} />}
            onClick={() => setPicking(true)}
            label={t('prompts.tokenSelection')}
          />
        </Field>
      ) : null}
      <Field
        htmlFor={`${ids}-count`}
        label={t('games.count')}
        error={shown}
        extra={
          funds !== null
            ? t('games.available', { amount: registry.format(funds, payAsset), asset: payAsset })
            : null
        }
        hint={t('games.perTicket', { amount: registry.format(unit, payAsset, EXACT), asset: payAsset })}
      >
        <AmountInput
          id={`${ids}-count`}
          value={count}
          onChange={(v) => setCount(sanitizeCount(v))}
          placeholder={t('prompts.ticketCount')}
          onMax={() => setCount(String(Math.max(1, affordableCount(funds ?? '0', unit, lobby.max_tickets))))}
        />
      </Field>
      <dl className="ggrid ggrid--2 gget__est">
        <div>
          <dt>{t('games.cost')}</dt>
          <dd className="num" data-testid="ticket-cost">
            {n > 0 && !countProblem ? `${registry.format(cost, payAsset, EXACT)} ${payAsset}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('games.youGet')}</dt>
          <dd className="num">{n > 0 && !countProblem ? tk(n) : '--'}</dd>
        </div>
      </dl>
      <SubmitButton onClick={review}>{exchanging ? t('games.exchange') : t('games.buy')}</SubmitButton>
      <PickerSheet
        visible={picking}
        title={t('prompts.tokenSelection')}
        value={rate?.asset ?? null}
        onPick={(a) => setAsset(a)}
        onClose={() => setPicking(false)}
        options={rates.map((r) => ({
          value: r.asset,
          label: r.asset,
          icon: <AssetIcon asset={r.asset} size={28} />,
          note: t('games.perTicket', {
            amount: registry.format(r.per_ticket, r.asset, EXACT),
            asset: r.asset,
          }),
        }))}
      />
      <ConfirmSheet
        visible={call.content !== null}
        title={exchanging ? t('games.confirmExchange') : t('games.confirmBuy')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          { label: t('games.count'), value: tk(n || 0), strong: true },
          { label: t('games.unitPrice'), value: `${registry.format(unit, payAsset, EXACT)} ${payAsset}` },
          ...(exchanging
            ? [{ label: t('games.tokenPrice'), value: `${formatUpTo(rate.price_usdt, 6)} USDT` }]
            : []),
          {
            label: t('games.cost'),
            value: `${registry.format(cost, payAsset, EXACT)} ${payAsset}`,
            strong: true,
          },
          {
            label: t('walletForm.available'),
            value: funds !== null ? `${registry.format(funds, payAsset)} ${payAsset}` : '--',
          },
        ]}
        note={exchanging ? t('games.exchangeNote') : t('games.buyNote')}
      />
    </section>
  );
}
