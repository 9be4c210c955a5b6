import { formatUpTo } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { AmountInput, Field, PickerButton, Segments, SubmitButton } from '../../ui/form';
import { AssetIcon } from '../../ui/money';
import { ConfirmSheet, PickerSheet } from '../../ui/sheet';
import { affordableCount, sanitizeCount } from './game-math';
import { type Lobby, useTicketsText } from './game-parts';
import { type GetTickets, useGetTickets } from './use-get-tickets';

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

/** The ticket count: what I have of the pay asset, what one ticket costs, and the most I can pay for. */
function CountField({ form, lobby }: { readonly form: GetTickets; readonly lobby: Lobby }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const ids = useId();
  const { funds, payAsset, unit } = form;
  return (
    <Field
      htmlFor={`${ids}-count`}
      label={t('games.count')}
      error={form.shown}
      extra={
        funds !== null
          ? t('games.available', { amount: registry.format(funds, payAsset), asset: payAsset })
          : null
      }
      hint={t('games.perTicket', { amount: registry.format(unit, payAsset, EXACT), asset: payAsset })}
    >
      <AmountInput
        id={`${ids}-count`}
        value={form.count}
        onChange={(v) => form.setCount(sanitizeCount(v))}
        placeholder={t('prompts.ticketCount')}
        onMax={() =>
          form.setCount(String(Math.max(1, affordableCount(funds ?? '0', unit, lobby.max_tickets))))
        }
      />
    </Field>
  );
}

/** What the count costs and the tickets it gets, once the count is good. */
function TicketsEstimate({ form }: { readonly form: GetTickets }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  const counted = form.n > 0 && !form.countProblem;
  return (
    <dl className="ggrid ggrid--2 gget__est">
      <div>
        <dt>{t('games.cost')}</dt>
        <dd className="num" data-testid="ticket-cost">
          {counted ? `${registry.format(form.cost, form.payAsset, EXACT)} ${form.payAsset}` : '--'}
        </dd>
      </div>
      <div>
        <dt>{t('games.youGet')}</dt>
        <dd className="num">{counted ? tk(form.n) : '--'}</dd>
      </div>
    </dl>
  );
}

/** The tokens tickets are exchanged for, each with what one ticket takes of it. */
function TokenPicker({
  form,
  visible,
  onClose,
}: {
  readonly form: GetTickets;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  return (
    <PickerSheet
      visible={visible}
      title={t('prompts.tokenSelection')}
      value={form.rate?.asset ?? null}
      onPick={(a) => form.setAsset(a)}
      onClose={onClose}
      options={form.rates.map((r) => ({
        value: r.asset,
        label: r.asset,
        icon: <AssetIcon asset={r.asset} size={28} />,
        note: t('games.perTicket', {
          amount: registry.format(r.per_ticket, r.asset, EXACT),
          asset: r.asset,
        }),
      }))}
    />
  );
}

/** The purchase or exchange to confirm: count, unit price (and the token's price), cost, what I have. */
function TicketsConfirm({ form }: { readonly form: GetTickets }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  const { call, exchanging, rate, payAsset, funds } = form;
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={exchanging ? t('games.confirmExchange') : t('games.confirmBuy')}
      busy={call.busy}
      onConfirm={() => void form.confirm()}
      onClose={call.close}
      rows={[
        { label: t('games.count'), value: tk(form.n || 0), strong: true },
        { label: t('games.unitPrice'), value: `${registry.format(form.unit, payAsset, EXACT)} ${payAsset}` },
        ...(exchanging && rate
          ? [{ label: t('games.tokenPrice'), value: `${formatUpTo(rate.price_usdt, 6)} USDT` }]
          : []),
        {
          label: t('games.cost'),
          value: `${registry.format(form.cost, payAsset, EXACT)} ${payAsset}`,
          strong: true,
        },
        {
          label: t('walletForm.available'),
          value: funds !== null ? `${registry.format(funds, payAsset)} ${payAsset}` : '--',
        },
      ]}
      note={exchanging ? t('games.exchangeNote') : t('games.buyNote')}
    />
  );
}

/** The form that gets more tickets: bought with USDT, or exchanged for a token. */
export function GetTicketsCard({ lobby }: { readonly lobby: Lobby }): ReactNode {
  const { t } = useTranslation('games');
  const form = useGetTickets(lobby);
  const [picking, setPicking] = useState(false);
  const { rate, exchanging } = form;
  return (
    <section className="card box">
      <div className="box__head">
        <h2 className="gh">{t('games.getTickets')}</h2>
        {form.rates.length > 0 ? (
          <Segments
            label={t('games.getTickets')}
            value={form.way}
            onChange={form.chooseWay}
            options={[
              { value: 'buy', label: t('games.withUsdt') },
              { value: 'exchange', label: t('games.withToken') },
            ]}
          />
        ) : null}
      </div>
      {exchanging && rate ? (
        <Field label={t('games.token')}>
          <PickerButton
            value={rate.asset}
            icon={<AssetIcon asset={rate.asset} size={20} />}
            onClick={() => setPicking(true)}
            label={t('prompts.tokenSelection')}
          />
        </Field>
      ) : null}
      <CountField form={form} lobby={lobby} />
      <TicketsEstimate form={form} />
      <SubmitButton onClick={form.review}>{exchanging ? t('games.exchange') : t('games.buy')}</SubmitButton>
      <TokenPicker form={form} visible={picking} onClose={() => setPicking(false)} />
      <TicketsConfirm form={form} />
    </section>
  );
}
