import { formatNumber, formatUpTo } from '@nexa/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { ALGO_KINDS, type AlgoKind } from '../../lib/algo-order';
import { formatPrice } from '../../lib/market-data';
import { ChoiceChips, TIFS, type Tif } from '../../ui/choice-chips';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet, type InfoRow } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { SwapAlgoForm } from './algo-form';
import {
  crossBacking,
  estimateOpen,
  isContractCount,
  type MarginMode,
  maxContracts,
  money,
  type Position,
  rulesOf,
  type SwapInstrument,
  tickDecimals,
} from './futures-math';
import { TermsRow } from './margin-mode';
import { EMPTY_TPSL, OrderTpSl, type TpSlDraft, tpslProblem, triggersFor } from './order-tpsl';
import { pnlFromTrigger, pnlText } from './tpsl-math';

/** A limit order's time in force, in this form's words and looks. */
function TifRow({
  value,
  onChange,
}: {
  readonly value: Tif;
  readonly onChange: (v: Tif) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <ChoiceChips
      options={TIFS}
      value={value}
      onChange={onChange}
      text={(k) => t(`swapAlgo.tifs.${k}`)}
      label={t('swapAlgo.tif')}
      block="faform__row"
      chip="faform__chip"
    />
  );
}

const REFRESH = [
  '/v1/futures/positions',
  '/v1/futures/account',
  '/v1/order/meTradeList',
  '/v1/order/list',
] as const;

/** What is available, the most that can be opened, what it costs, and one contract's size. */
function OrderFacts({
  inst,
  available,
  max,
  cost,
}: {
  readonly inst: SwapInstrument;
  readonly available: string;
  readonly max: number;
  readonly cost: string;
}): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <dl className="fform__facts">
      <div>
        <dt>{t('futures.available')}</dt>
        <dd className="num">{available}</dd>
      </div>
      <div>
        <dt>{t('futures.maxOpen')}</dt>
        <dd className="num">
          {max} {t('futures.cont')}
        </dd>
      </div>
      <div>
        <dt>{t('futures.cost')}</dt>
        <dd className="num">{cost}</dd>
      </div>
      <div>
        <dt>{t('futures.perContract')}</dt>
        <dd className="num">
          {formatUpTo(inst.ct_val, 8)} {inst.ct_val_ccy}
        </dd>
      </div>
    </dl>
  );
}

type OpenEstimate = ReturnType<typeof estimateOpen>;

/** The confirmation: contract, direction and leverage, price, size, margin, fee, estimated liquidation. */
function ConfirmOpen({
  open,
  inst,
  side,
  lever,
  mode,
  type,
  price,
  n,
  e,
  triggers,
  busy,
  onConfirm,
  onClose,
}: {
  readonly open: boolean;
  readonly inst: SwapInstrument;
  readonly side: 'long' | 'short';
  readonly lever: number;
  readonly mode: MarginMode;
  readonly type: 'market' | 'limit';
  readonly price: string;
  readonly n: number;
  readonly e: OpenEstimate | null;
  readonly triggers: { tp: string | null; sl: string | null; ref: number };
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const d = tickDecimals(inst.tick_size);
  // Each trigger with the PnL % it would give this side (shown both ways).
  const trig = (v: string | null) =>
    v === null
      ? null
      : `${formatPrice(v, d)} (${pnlText(pnlFromTrigger(side, triggers.ref, lever, Number(v)))})`;
  const tp = trig(triggers.tp);
  const sl = trig(triggers.sl);
  const rows: InfoRow[] = open
    ? [
        { label: t('futures.contract'), value: `${inst.ct_val_ccy}USDT ${t('futures.perpetual')}` },
        {
          label: t('futures.direction'),
          value: `${t(side === 'long' ? 'futures.openLong' : 'futures.openShort')} · ${t(mode === 'cross' ? 'futures.cross' : 'futures.isolated')} ${lever}×`,
        },
        {
          label: t('futures.price'),
          value: type === 'limit' ? `${formatPrice(price, d)} USDT` : t('futures.marketPrice'),
        },
        {
          label: t('futures.size'),
          value: `${n} ${t('futures.cont')} ≈ ${formatNumber(String(e?.qty ?? 0), 4)} ${inst.ct_val_ccy}`,
        },
        { label: t('futures.margin'), value: `${money(e?.margin)} USDT`, strong: true },
        { label: t('futures.fee'), value: `${money(e?.fee, 4)} USDT` },
        { label: t('futures.estLiq'), value: `${money(e?.liqPx, d)} USDT` },
        ...(tp ? [{ label: t('futures.tpPrice'), value: tp }] : []),
        ...(sl ? [{ label: t('futures.slPrice'), value: sl }] : []),
      ]
    : [];
  return (
    <ConfirmSheet
      visible={open}
      title={t(side === 'long' ? 'futures.confirmLong' : 'futures.confirmShort')}
      rows={rows}
      note={t(mode === 'cross' ? 'futures.confirmNoteCross' : 'futures.confirmNote')}
      busy={busy}
      confirmTone={side === 'long' ? 'up' : 'down'}
      confirmText={t(side === 'long' ? 'futures.openLong' : 'futures.openShort')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** A limit order's price, and the number of contracts (up to the most that can be opened). */
function OpenFields({
  type,
  price,
  count,
  max,
  priceError,
  countError,
  onPrice,
  onCount,
}: {
  readonly type: 'market' | 'limit';
  readonly price: string;
  readonly count: string;
  readonly max: number;
  readonly priceError: string | null;
  readonly countError: string | null;
  readonly onPrice: (price: string) => void;
  readonly onCount: (count: string) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  return (
    <>
      {type === 'limit' ? (
        <Field htmlFor={`${ids}-px`} label={t('futures.price')} error={priceError}>
          <AmountInput
            id={`${ids}-px`}
            value={price}
            onChange={onPrice}
            placeholder={t('futures.pricePlaceholder')}
            asset="USDT"
          />
        </Field>
      ) : null}
      <Field htmlFor={`${ids}-sz`} label={t('futures.count')} error={countError}>
        <AmountInput
          id={`${ids}-sz`}
          value={count}
          onChange={(v) => onCount(v.replace(/[^\d]/g, ''))}
          // Short: the form is a narrow column beside the book; the label says what it counts.
          placeholder={t('futures.countHint')}
          onMax={max > 0 ? () => onCount(String(max)) : undefined}
        />
      </Field>
    </>
  );
}

/** The TP/SL draft of the form with its check and the prices it sends, for the price the order is counted from. */
function useTpSl(refPx: number, lever: number, tick: string) {
  const { t } = useTranslation('futures');
  const [draft, setDraft] = useState<TpSlDraft>(EMPTY_TPSL);
  const [error, setError] = useState<string | null>(null);
  return {
    draft,
    error,
    onChange: (d: TpSlDraft) => {
      setDraft(d);
      setError(null);
    },
    check: (s: 'long' | 'short') => {
      const bad = tpslProblem(t, draft, s, refPx, lever, tick);
      setError(bad);
      return bad;
    },
    triggers: (s: 'long' | 'short') => triggersFor(draft, s, refPx, lever, tick),
    clear: () => setDraft((d) => ({ ...d, tp: '', sl: '' })),
    /** What the form's TP/SL part needs to show both faces of each entry. */
    view: { refPx, lever, tick },
  };
}

/** A price picked in the book turns the form to a limit order at it. */
function useBookFill(
  fill: { readonly px: string; readonly n: number } | null | undefined,
  setType: (type: 'limit') => void,
  setPrice: (px: string) => void,
): void {
  useEffect(() => {
    if (!fill) return;
    setType('limit');
    setPrice(fill.px);
  }, [fill, setType, setPrice]);
}

/** What opening costs (margin and fee), as the facts show it. */
const costText = (e: OpenEstimate | null) => (e ? `${money(e.margin + e.fee)} USDT` : '--');

/** What is wrong with the price and the contract count as typed (localized), each or null. */
function formProblems(
  t: ReturnType<typeof useTranslation<'futures'>>['t'],
  type: 'market' | 'limit',
  price: string,
  count: string,
  beyondMax: boolean,
): { priceProblem: string | null; countProblem: string | null } {
  const priceProblem = type === 'limit' && !(Number(price) > 0) ? t('futures.pricePrompt') : null;
  const countProblem = !count.trim()
    ? t('futures.countPrompt')
    : !isContractCount(count)
      ? t('futures.countInvalid')
      : beyondMax
        ? t('futures.insufficient')
        : null;
  return { priceProblem, countProblem };
}

/** Leverage, order type, contract count with max and cost, and the long and short buttons with their confirmation. */
/** The conditional kinds beside market and limit; a limit order's time in force. */
function KindChips({
  algo,
  onAlgo,
}: {
  readonly algo: AlgoKind | null;
  readonly onAlgo: (k: AlgoKind | null) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <div className="faform__kinds" role="tablist" aria-label={t('futures.orderType')}>
      {algo !== null ? (
        <button
          type="button"
          role="tab"
          aria-selected={false}
          className="faform__chip"
          onClick={() => onAlgo(null)}
        >
          {t('futures.market')} / {t('futures.limit')}
        </button>
      ) : null}
      {ALGO_KINDS.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={algo === k}
          className={algo === k ? 'faform__chip faform__chip--on' : 'faform__chip'}
          onClick={() => onAlgo(algo === k ? null : k)}
        >
          {t(`swapAlgo.kind.${k}`)}
        </button>
      ))}
    </div>
  );
}

interface PanelProps {
  readonly inst: SwapInstrument;
  /** The last trade price, which a conditional order may watch. */
  readonly lastPx?: string | null;
  readonly markPx: string | null;
  readonly position: Position | null;
  /** A price picked in the book: the form turns to a limit order at it. */
  readonly fill?: { readonly px: string; readonly n: number } | null;
}

/** The order form: market or limit (with its time in force), or a conditional order (stop, OCO, trailing). */
export function OrderPanel(props: PanelProps): ReactNode {
  const { t } = useTranslation('futures');
  const [algo, setAlgo] = useState<AlgoKind | null>(null);
  const kinds = <KindChips algo={algo} onAlgo={setAlgo} />;
  if (algo === null) return <BasicPanel {...props} kinds={kinds} />;
  const { inst, markPx, lastPx } = props;
  return (
    <section className="fform card" aria-label={t('futures.orderForm')}>
      {kinds}
      <SwapAlgoForm
        key={algo}
        instId={inst.instId}
        tick={inst.tick_size}
        last={lastPx ?? null}
        mark={markPx}
        kind={algo}
      />
    </section>
  );
}

/** The contract's leverage and margin mode (the open position's, else the chosen ones) and the available balance. */
function useTerms(instId: string, position: Position | null) {
  const account = useApiQuery('/v1/futures/account', NO_BODY);
  const chosen = account.data?.levers.find((l) => l.instId === instId);
  return {
    lever: position?.lever ?? chosen?.lever ?? 10,
    mode: position?.mgn_mode ?? chosen?.mgnMode ?? 'isolated',
    available: account.data ? Number(account.data.available) : null,
  };
}

function BasicPanel({
  inst,
  markPx,
  position,
  fill,
  kinds,
}: PanelProps & { readonly kinds: ReactNode }): ReactNode {
  const { t } = useTranslation('futures');
  const call = useMoneyCall('/v1/order/submitTrade', REFRESH);
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [count, setCount] = useState('');
  const [tried, setTried] = useState(false);
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [tif, setTif] = useState<Tif>('GTC');
  const { lever, mode, available } = useTerms(inst.instId, position);
  const rules = rulesOf(inst);
  const refPx = type === 'limit' && Number(price) > 0 ? Number(price) : Number(markPx ?? 0);
  const max = available === null ? 0 : maxContracts(rules, available, refPx, lever);
  const n = isContractCount(count) ? Number(count) : 0;
  // A cross position's liquidation counts what stays available after this order.
  const est = (s: 'long' | 'short') => {
    const e = estimateOpen(rules, s, n, refPx, lever);
    return mode === 'cross' ? crossBacking(rules, s, e, available ?? 0) : e;
  };
  const { priceProblem, countProblem } = formProblems(
    t,
    type,
    price,
    count,
    available !== null && n > max && !position,
  );
  const problem = priceProblem ?? countProblem;
  useBookFill(fill, setType, setPrice);
  const tpsl = useTpSl(refPx, lever, inst.tick_size);

  const review = (s: 'long' | 'short') => {
    setTried(true);
    const bad = tpsl.check(s);
    if (problem || bad || !markPx) return;
    setSide(s);
    const { tp, sl } = tpsl.triggers(s);
    call.open({
      instId: inst.instId,
      side: s === 'long' ? 'buy' : 'sell',
      type,
      ...(type === 'limit' ? { px: price, tif } : {}),
      sz: String(n),
      tdMode: mode,
      ...(tp ? { tpTriggerPx: tp } : {}),
      ...(sl ? { slTriggerPx: sl } : {}),
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(done.status === 'new' ? t('futures.placed') : t('futures.openedToast'));
    setCount('');
    setTried(false);
    tpsl.clear();
  };

  const showErr = tried ? problem : null;
  return (
    <section className="fform card" aria-label={t('futures.orderForm')}>
      <TermsRow type={type} onType={setType} inst={inst} markPx={markPx} lever={lever} mode={mode} />
      {kinds}
      {type === 'limit' ? <TifRow value={tif} onChange={setTif} /> : null}
      <OpenFields
        type={type}
        price={price}
        count={count}
        max={max}
        priceError={tried ? priceProblem : null}
        countError={showErr && showErr !== priceProblem ? showErr : null}
        onPrice={setPrice}
        onCount={setCount}
      />
      <OrderFacts
        inst={inst}
        available={available !== null ? `${money(available)} USDT` : '--'}
        max={max}
        cost={costText(est('long'))}
      />
      <OrderTpSl draft={tpsl.draft} onChange={tpsl.onChange} error={tpsl.error} {...tpsl.view} />
      {available !== null && available <= 0 ? <p className="fform__hint">{t('futures.fundHint')}</p> : null}
      <div className="fform__actions">
        <button type="button" className="fbtn fbtn--long" onClick={() => review('long')} disabled={!markPx}>
          {t('futures.openLong')}
        </button>
        <button type="button" className="fbtn fbtn--short" onClick={() => review('short')} disabled={!markPx}>
          {t('futures.openShort')}
        </button>
      </div>
      <ConfirmOpen
        open={call.content !== null}
        inst={inst}
        side={side}
        lever={lever}
        mode={mode}
        type={type}
        price={price}
        n={n}
        e={call.content ? est(side) : null}
        triggers={{ ...tpsl.triggers(side), ref: refPx }}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
      />
    </section>
  );
}
