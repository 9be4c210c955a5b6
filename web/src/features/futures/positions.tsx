import { formatNumber } from '@nexa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect, useId, useState } from 'react';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { useBook } from '../../live/hooks';
import { AmountInput, Field, Segments } from '../../ui/form';
import { ConfirmSheet, type InfoRow } from '../../ui/sheet';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { type CloseEstimate, estimateClose, type Position, tickDecimals } from './futures-math';
import { pnlFromTrigger, pnlText } from './tpsl-math';

const REFRESH = [
  '/v1/futures/positions',
  '/v1/futures/account',
  '/v1/futures/positionHistory',
  '/v1/order/list',
  '/v1/order/meTradeList',
] as const;

const signed = (v: string) => (Number(v) > 0 ? `+${formatNumber(v, 2)}` : formatNumber(v, 2));
const tone = (v: string) => (Number(v) > 0 ? 'up' : Number(v) < 0 ? 'down' : '');

/** The auto-deleveraging queue as OKX shows it: five lights, as many lit as the rank (0: none). */
function AdlLights({ rank }: { readonly rank: number }): ReactNode {
  const { t } = useTranslation('futures');
  const label = t('futures.adlLights', { rank });
  return (
    <span
      className="fpos__adl"
      title={`${label}. ${t('futures.adlHint')}`}
      data-testid="fut-adl"
      data-rank={rank}
    >
      <span className="fpos__adl-text">ADL</span>
      <span className="fpos__lights" role="img" aria-label={label}>
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={i <= rank ? 'fpos__light fpos__light--on' : 'fpos__light'} />
        ))}
      </span>
    </span>
  );
}

const Row = memo(function Row({
  p,
  onClose,
  onTpSl,
}: {
  readonly p: Position;
  readonly onClose: (p: Position) => void;
  readonly onTpSl: (p: Position) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const registry = useAssets();
  const long = p.pos_side === 'long';
  const base = p.instId.split('-')[0] ?? p.instId;
  const ratio = p.margin_ratio === null ? '--' : `${formatNumber(p.margin_ratio, 2)}%`;
  // Maintenance margin over equity: liquidation at 100 %, a warning from half of it.
  const risky = p.margin_ratio === null || Number(p.margin_ratio) >= 50;
  return (
    <article className="fpos" data-testid="fut-position">
      <header className="fpos__head">
        <span className={long ? 'fpos__side fpos__side--long' : 'fpos__side fpos__side--short'}>
          {t(long ? 'futures.long' : 'futures.short')}
        </span>
        <span className="fpos__pair">
          {base}USDT {t('futures.perpetual')}
        </span>
        <span className="fpos__lever num" data-testid="fut-pos-mode" data-mode={p.mgn_mode}>
          {t(p.mgn_mode === 'cross' ? 'futures.cross' : 'futures.isolated')} {p.lever}×
        </span>
        <AdlLights rank={p.adl} />
      </header>
      <div className="fpos__pnl">
        <div>
          <div className="fpos__label">{t('futures.upl')}</div>
          <div className={`fpos__upl num ${tone(p.upl)}`} data-testid="fut-upl">
            {signed(p.upl)} USDT
          </div>
        </div>
        <div className="fpos__right">
          <div className="fpos__label">{t('futures.uplRatio')}</div>
          <div className={`fpos__ratio num ${tone(p.upl_ratio)}`}>{signed(p.upl_ratio)}%</div>
        </div>
      </div>
      <dl className="fpos__grid">
        <div>
          <dt>{t('futures.size')}</dt>
          <dd className="num">
            {p.pos} {t('futures.cont')}
          </dd>
        </div>
        <div>
          <dt>{t('futures.margin')}</dt>
          <dd className="num">{registry.format(p.margin, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('futures.marginRatio')}</dt>
          <dd className={`num ${risky ? 'down' : ''}`}>{ratio}</dd>
        </div>
        <div>
          <dt>{t('futures.avgPx')}</dt>
          <dd className="num">{formatNumber(p.avg_px, 2)}</dd>
        </div>
        <div>
          <dt>{t('futures.markPrice')}</dt>
          <dd className="num">{p.mark_px ? formatNumber(p.mark_px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('futures.liqPx')}</dt>
          <dd className="num">{p.liq_px ? formatNumber(p.liq_px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('futures.realized')}</dt>
          <dd className={`num ${tone(p.realized_pnl)}`}>{signed(p.realized_pnl)}</dd>
        </div>
        <div>
          <dt>{t('futures.fee')}</dt>
          <dd className="num">{registry.format(p.fee, 'USDT', EXACT)}</dd>
        </div>
        <div>
          <dt>{t('futures.fundingSoFar')}</dt>
          <dd className={`num ${tone(p.funding_fee)}`} data-testid="fut-funding">
            {signed(p.funding_fee)}
          </dd>
        </div>
      </dl>
      {p.tp_trigger_px || p.sl_trigger_px ? (
        <p className="fpos__triggers num">
          {t('futures.tp')} {p.tp_trigger_px ? formatNumber(p.tp_trigger_px, 2) : '--'} · {t('futures.sl')}{' '}
          {p.sl_trigger_px ? formatNumber(p.sl_trigger_px, 2) : '--'}
        </p>
      ) : null}
      <div className="fpos__actions">
        <button type="button" className="fpos__btn" onClick={() => onTpSl(p)}>
          {t('futures.tpsl')}
        </button>
        <button type="button" className="fpos__btn" onClick={() => onClose(p)}>
          {t('futures.close')}
        </button>
      </div>
    </article>
  );
});

/**
 * The close preview: the fill a market close is expected to get from the visible book, its slippage against
 * the best price, and the realized PnL and fee at that fill (estimates: the book moves before the order lands).
 */
function useCloseEstimate(
  p: Position | null,
  count: number,
): { est: CloseEstimate; decimals: number } | null {
  const book = useBook(p?.instId ?? null);
  const instruments = useApiQuery('/v1/futures/instruments', NO_BODY);
  const inst = instruments.data?.list.find((i) => i.instId === p?.instId);
  if (!p || !inst) return null;
  const levels = p.pos_side === 'long' ? (book?.bids ?? []) : (book?.asks ?? []);
  const rules = { ctVal: Number(inst.ct_val), takerRate: Number(inst.taker_fee_rate) };
  return {
    est: estimateClose(levels, p.pos_side, count, Number(p.avg_px), rules),
    decimals: tickDecimals(inst.tick_size),
  };
}

function closeRows(
  t: Translate<'futures'>,
  p: Position,
  count: number,
  preview: { est: CloseEstimate; decimals: number } | null,
): InfoRow[] {
  const est = preview?.est;
  const d = preview?.decimals ?? 2;
  const num = (v: number | null | undefined, places: number) =>
    v === null || v === undefined ? '--' : formatNumber(v.toFixed(places), places);
  return [
    { label: t('futures.size'), value: `${p.pos} ${t('futures.cont')}` },
    { label: t('futures.closing'), value: `${count} ${t('futures.cont')}`, strong: true },
    { label: t('futures.markPrice'), value: p.mark_px ? formatNumber(p.mark_px, d) : '--' },
    { label: t('futures.estFill'), value: num(est?.fillPx, d) },
    {
      label: t('futures.estSlippage'),
      value: est?.slippagePct == null ? '--' : `${num(est.slippagePct, 2)}%`,
    },
    {
      label: t('futures.estRealized'),
      value: est?.pnl == null ? '--' : `${signed(est.pnl.toFixed(2))} USDT`,
      strong: true,
    },
    { label: t('futures.estFee'), value: est?.fee == null ? '--' : `${num(est.fee, 4)} USDT` },
  ];
}

/** How much to close: contracts typed (up to the position), a slider of its share, and quick shares. */
function CloseAmount({
  held,
  count,
  typed,
  share,
  onAmount,
}: {
  readonly held: number;
  readonly count: number;
  readonly typed: string;
  readonly share: number;
  readonly onAmount: (amount: string) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  const setAmount = onAmount;
  return (
    <>
      <Field
        htmlFor={`${ids}-sz`}
        label={t('futures.closeAmount')}
        error={count < 1 ? t('futures.countInvalid') : null}
      >
        <AmountInput
          id={`${ids}-sz`}
          value={typed}
          onChange={(v) => setAmount(v.replace(/[^\d]/g, ''))}
          placeholder={t('futures.countPrompt')}
          onMax={() => setAmount(String(held))}
        />
      </Field>
      <label className="fclose__slider">
        <span className="visually-hidden">{t('futures.closeShare')}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={share}
          aria-valuetext={`${share}%`}
          data-testid="fut-close-slider"
          onChange={(e) => setAmount(String(Math.round((held * Number(e.target.value)) / 100)))}
        />
        <span className="num">{share}%</span>
      </label>
      <div className="fclose__quick">
        {[25, 50, 75, 100].map((q) => (
          <button
            key={q}
            type="button"
            className={share === q ? 'fclose__pct fclose__pct--on' : 'fclose__pct'}
            onClick={() => setAmount(String(q === 100 ? held : Math.max(1, Math.floor((held * q) / 100))))}
          >
            {q}%
          </button>
        ))}
      </div>
    </>
  );
}

/** The close sheet: at market or at a limit price, a share of the position by amount or by slider, the expected fill first. */
function CloseSheet({ p, onDone }: { readonly p: Position | null; readonly onDone: () => void }): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  const call = useMoneyCall('/v1/futures/closePosition', REFRESH);
  const held = p ? Number(p.pos) : 0;
  const [amount, setAmount] = useState<string | null>(null);
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const typed = amount ?? String(held);
  const count = /^\d+$/.test(typed) ? Math.min(Number(typed), held) : 0;
  const share = held > 0 ? Math.round((count / held) * 100) : 0;
  const priceOk = kind === 'market' || Number(price) > 0;
  const instId = p?.instId ?? null;
  const preview = useCloseEstimate(p, count);
  const { open, close } = call;
  // The call's content follows the position, the amount and the price (a retry of the same keeps its request id).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is new each render; the content is what matters
  useEffect(() => {
    if (!instId || count < 1 || !priceOk) close();
    else open({ instId, sz: String(count), ...(kind === 'limit' ? { px: price.trim() } : {}) });
  }, [instId, count, kind, price, priceOk]);
  const finish = () => {
    call.close();
    setAmount(null);
    setKind('market');
    setPrice('');
    onDone();
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    if (done.type === 'limit' && done.status === 'new')
      showToast(t('futures.closePlaced', { px: done.px ?? '' }));
    else
      showToast(
        done.filled_sz === '0'
          ? t('futures.notFilled')
          : t('futures.closed', { pnl: signed(done.pnl ?? '0') }),
      );
    finish();
  };
  const covered = preview?.est.covered ?? 0;
  const thin = kind === 'market' && preview !== null && covered < count;
  const rows = p ? closeRows(t, p, count, kind === 'market' ? preview : null) : [];
  return (
    <ConfirmSheet
      visible={p !== null}
      title={t('futures.closeTitle')}
      busy={call.busy}
      confirmTone={p?.pos_side === 'long' ? 'down' : 'up'}
      confirmText={t('futures.closeConfirm', { count })}
      onConfirm={() => void confirm()}
      onClose={finish}
      rows={kind === 'market' ? rows : rows.slice(0, 3)}
      note={
        <span data-testid="fut-close-note">
          {kind === 'limit' ? (
            t('futures.closeLimitNote')
          ) : (
            <>
              {t('futures.estimateNote')}
              {thin ? ` ${t('futures.bookThin', { covered, count })}` : ''} {t('futures.closeNote')}
            </>
          )}
        </span>
      }
    >
      <Segments
        label={t('futures.orderType')}
        value={kind}
        onChange={setKind}
        options={[
          { value: 'market', label: t('futures.market') },
          { value: 'limit', label: t('futures.limit') },
        ]}
      />
      {kind === 'limit' ? (
        <Field
          htmlFor={`${ids}-px`}
          label={t('futures.price')}
          error={priceOk ? null : t('futures.pricePrompt')}
        >
          <AmountInput
            id={`${ids}-px`}
            value={price}
            onChange={setPrice}
            placeholder={t('futures.pricePlaceholder')}
            asset="USDT"
          />
        </Field>
      ) : null}
      <CloseAmount held={held} count={count} typed={typed} share={share} onAmount={setAmount} />
    </ConfirmSheet>
  );
}

/** The take-profit and stop-loss sheet: trigger prices by the mark, empty to clear. */
function TpSlSheet({ p, onDone }: { readonly p: Position | null; readonly onDone: () => void }): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  const set = useApiMutation('/v1/futures/setTpSl', {
    refreshes: ['/v1/futures/positions'],
    handles: ['TriggerPriceInvalid'],
  });
  const [tp, setTp] = useState<string | null>(null);
  const [sl, setSl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tpText = tp ?? p?.tp_trigger_px ?? '';
  const slText = sl ?? p?.sl_trigger_px ?? '';
  const close = () => {
    setTp(null);
    setSl(null);
    setError(null);
    onDone();
  };
  const save = async () => {
    if (!p) return;
    setError(null);
    try {
      await set.mutateAsync({
        instId: p.instId,
        tp_trigger_px: tpText.trim() ? tpText.trim() : null,
        sl_trigger_px: slText.trim() ? slText.trim() : null,
      });
      showToast(t('futures.tpslSaved'));
      close();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const long = p?.pos_side === 'long';
  // What each trigger would make of the position's margin, as its PnL ratio shows it.
  const pnlOf = (text: string) =>
    p && Number(text) > 0
      ? pnlText(pnlFromTrigger(p.pos_side, Number(p.avg_px), p.lever, Number(text)))
      : '--';
  return (
    <ConfirmSheet
      visible={p !== null}
      title={t('futures.tpslTitle')}
      busy={set.isPending}
      confirmText={t('futures.save')}
      onConfirm={() => void save()}
      onClose={close}
      rows={
        p ? [{ label: t('futures.markPrice'), value: p.mark_px ? formatNumber(p.mark_px, 2) : '--' }] : []
      }
      note={error ?? t(long ? 'futures.tpslNoteLong' : 'futures.tpslNoteShort')}
    >
      <Field htmlFor={`${ids}-tp`} label={t('futures.tpPrice')}>
        <AmountInput
          id={`${ids}-tp`}
          value={tpText}
          onChange={setTp}
          placeholder={t('futures.triggerPlaceholder')}
          asset="USDT"
        />
        <span className="ftpsl__hint num" data-testid="fut-tp-pnl">
          {t('futures.byPnl')} {pnlOf(tpText)}
        </span>
      </Field>
      <Field htmlFor={`${ids}-sl`} label={t('futures.slPrice')}>
        <AmountInput
          id={`${ids}-sl`}
          value={slText}
          onChange={setSl}
          placeholder={t('futures.triggerPlaceholder')}
          asset="USDT"
        />
        <span className="ftpsl__hint num">
          {t('futures.byPnl')} {pnlOf(slText)}
        </span>
      </Field>
    </ConfirmSheet>
  );
}

/** My open positions, live; close, close all, TP/SL. */
export function PositionList({ query }: { readonly query: UseQueryResult<{ list: Position[] }> }): ReactNode {
  const { t } = useTranslation('futures');
  const [closing, setClosing] = useState<Position | null>(null);
  const [tpsl, setTpsl] = useState<Position | null>(null);
  const [all, setAll] = useState(false);
  const closeAll = useApiMutation('/v1/futures/closeAll', { refreshes: [...REFRESH] });
  const list = query.data?.list ?? [];
  let body: ReactNode;
  if (!query.data) {
    body = query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <ListSkeleton rows={2} />;
  } else if (list.length === 0) {
    body = <EmptyState title={t('futures.noPositions')} body={t('futures.noPositionsBody')} />;
  } else {
    body = list.map((p) => <Row key={p.instId} p={p} onClose={setClosing} onTpSl={setTpsl} />);
  }
  return (
    <div className="fposlist">
      {list.length > 0 ? (
        <div className="fposlist__bar">
          <button type="button" className="fposlist__all" onClick={() => setAll(true)}>
            {t('futures.closeAll')}
          </button>
        </div>
      ) : null}
      {body}
      <CloseSheet p={closing} onDone={() => setClosing(null)} />
      <TpSlSheet p={tpsl} onDone={() => setTpsl(null)} />
      <ConfirmSheet
        visible={all}
        title={t('futures.closeAllTitle')}
        rows={[{ label: t('futures.positionsCount'), value: String(list.length) }]}
        note={t('futures.closeAllNote')}
        busy={closeAll.isPending}
        confirmTone="down"
        onConfirm={() =>
          void closeAll
            .mutateAsync({})
            .then((r) => {
              showToast(t('futures.closedAll', { count: r.list.length }));
              setAll(false);
            })
            .catch(() => undefined)
        }
        onClose={() => setAll(false)}
      />
    </div>
  );
}
