import { formatUpTo } from '@nexa/contract';
import { Button } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type AssetBook, useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import { ALGO_KINDS, type AlgoKind } from '../../lib/algo-order';
import { EXACT, sanitizeAmountInput } from '../../lib/amounts';
import { formatPrice, stepDecimals } from '../../lib/market-data';
import { ChoiceChips, TIFS, type Tif } from '../../ui/choice-chips';
import { ConfirmSheet, type InfoRow } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { AlgoForm } from './algo-form';
import {
  amountAsset,
  amountForPercent,
  checkOrder,
  estimateFee,
  feeRate,
  floorToStep,
  type MarketContext,
  notional,
  type OrderDraft,
  type OrderProblem,
  type OrderRules,
  type OrderType,
  percentOfAvailable,
  type Side,
  spendAsset,
  stepPrice,
} from './order-math';

/** A limit order's time in force, in this form's words and looks. */
function TifRow({
  value,
  onChange,
}: {
  readonly value: Tif;
  readonly onChange: (v: Tif) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  return (
    <ChoiceChips
      options={TIFS}
      value={value}
      onChange={onChange}
      text={(k) => t(`algo.tifs.${k}`)}
      label={t('algo.tif')}
      block="oform__tifs"
      chip="oform__tif"
    />
  );
}

const MARKS = [0, 25, 50, 75, 100] as const;
/** A price put into the form from the book; `n` tells two taps of the same price apart. */
export interface PriceFill {
  readonly px: string;
  readonly n: number;
}

function percentText(rate: string): string {
  return formatUpTo(String(Number(rate) * 100), 4);
}

/** The share-of-balance slider: a range input over five marks. */
function PercentSlider({
  value,
  side,
  disabled,
  onChange,
  label,
}: {
  readonly value: number;
  readonly side: Side;
  readonly disabled: boolean;
  readonly onChange: (pct: number) => void;
  readonly label: string;
}): ReactNode {
  const pct = Math.round(value);
  return (
    <div className={`oslider oslider--${side}`} style={{ '--pct': `${pct}%` } as CSSProperties}>
      <div className="oslider__track">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={pct}
          disabled={disabled}
          aria-label={label}
          aria-valuetext={`${pct}%`}
          className="oslider__input"
          onChange={(e) => onChange(Number(e.target.value))}
        />
        {MARKS.map((m) => (
          <span
            key={m}
            className={pct >= m ? 'oslider__mark oslider__mark--on' : 'oslider__mark'}
            style={{ left: `${m}%` }}
            aria-hidden="true"
          />
        ))}
      </div>
      <div className="oslider__stops">
        {MARKS.slice(1).map((m) => (
          <button
            key={m}
            type="button"
            disabled={disabled}
            className="oslider__stop"
            onClick={() => onChange(m)}
          >
            {m}%
          </button>
        ))}
      </div>
    </div>
  );
}

/** What is wrong with the order, in words. */
function orderProblemText(
  t: Translate<'trade'>,
  registry: AssetBook,
  rules: OrderRules,
  p: OrderProblem,
): string {
  switch (p) {
    case 'priceRequired':
      return t('trade.pricePrompt');
    case 'priceInvalid':
      return t('trade.priceInvalid', { step: rules.tick_size });
    case 'amountRequired':
      return t('prompts.amount');
    case 'amountInvalid':
      return t('trade.amountInvalid', { step: rules.lot_size });
    case 'belowMinimum':
      return t('trade.minNotional', {
        amount: registry.format(rules.min_notional, rules.quote, EXACT),
        asset: rules.quote,
      });
    case 'insufficient':
      return t('messages.insufficientBalance');
  }
}

/** The form's state: side, type, price, amount, slider; what is wrong, what it costs; review and confirm. */
function useOrderForm({ instId, rules, last, bestAsk, bestBid, fill }: OrderFormProps) {
  const { t } = useTranslation('trade');
  const registry = useAssets();
  const balances = useBalances();
  const call = useMoneyCall('/v1/order/submitTrade', ['/v1/order/meTradeList', '/v1/order/list']);
  const [side, setSide] = useState<Side>('buy');
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [slider, setSlider] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [tif, setTif] = useState<Tif>('GTC');

  const priceDecimals = stepDecimals(rules.tick_size);
  const draft: OrderDraft = { side, type, price, amount };
  const asset = amountAsset(draft, rules);
  const quoteScale = registry.scale(rules.quote);
  const amountDecimals = asset === rules.quote ? quoteScale : stepDecimals(rules.lot_size);
  const spend = spendAsset(side, rules);
  const available = balances.available(spend, 'spot');
  const ctx: MarketContext = { rules, available, last, bestAsk, bestBid, quoteScale };
  const problem = checkOrder(draft, ctx);
  const value = notional(draft, ctx);
  const fee = estimateFee(draft, ctx);

  // The price starts at the last price, once it is known.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !last) return;
    prefilled.current = true;
    setPrice((p) => p || floorToStep(last, rules.tick_size));
  }, [last, rules.tick_size]);

  // A tap in the book: a limit order at that price.
  useEffect(() => {
    if (!fill) return;
    prefilled.current = true;
    setType('limit');
    setPrice(fill.px);
    setSlider(null);
  }, [fill]);

  const onAmount = (raw: string) => {
    setAmount(sanitizeAmountInput(raw, amountDecimals));
    setSlider(null);
  };
  const onSlide = (pct: number) => {
    setSlider(pct);
    setAmount(amountForPercent(pct, draft, ctx));
  };
  const switchTo = (next: Partial<Pick<OrderDraft, 'side' | 'type'>>) => {
    if (next.side) setSide(next.side);
    if (next.type) setType(next.type);
    // The amount means something else on the other side or type.
    setAmount('');
    setSlider(null);
    setTried(false);
  };

  const problemText = (p: OrderProblem) => orderProblemText(t, registry, rules, p);
  const shown = tried && problem ? problem : null;
  const priceError = shown === 'priceRequired' || shown === 'priceInvalid' ? problemText(shown) : null;
  const amountError = shown && !priceError ? problemText(shown) : null;

  const review = () => {
    setTried(true);
    if (problem) return;
    call.open({
      instId,
      side,
      type,
      ...(type === 'limit' ? { px: price, tif } : { tgtCcy: side === 'buy' ? 'quote_ccy' : 'base_ccy' }),
      sz: amount,
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('messages.submitSuccess'));
    setAmount('');
    setSlider(null);
    setTried(false);
  };

  const sideLabel = t(side === 'buy' ? 'trade.buyAsset' : 'trade.sellAsset', { asset: rules.base });
  const rate = feeRate(draft, ctx);
  const feeText = fee ? `${registry.format(fee, rules.quote, EXACT)} ${rules.quote}` : '--';
  const estimated = type === 'market' && side === 'sell';

  return {
    call,
    tif,
    setTif,
    side,
    type,
    price,
    setPrice,
    amount,
    slider,
    setSlider,
    priceDecimals,
    draft,
    asset,
    spend,
    available,
    ctx,
    value,
    priceError,
    amountError,
    onAmount,
    onSlide,
    switchTo,
    review,
    confirm,
    sideLabel,
    rate,
    feeText,
    estimated,
  };
}

type OrderFormState = ReturnType<typeof useOrderForm>;

/** Buy or sell, then limit or market: switching either clears the amount. */
function OrderTabs({
  side,
  type,
  algo,
  onSwitch,
  onAlgo,
}: {
  readonly side: Side;
  readonly type: OrderType;
  readonly algo: AlgoKind | null;
  readonly onSwitch: (next: Partial<Pick<OrderDraft, 'side' | 'type'>>) => void;
  readonly onAlgo: (kind: AlgoKind | null) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  return (
    <>
      <div className="oform__sides" role="tablist" aria-label={t('trade.side')}>
        {(['buy', 'sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={
              side === s ? `oform__side oform__side--${s} oform__side--on` : `oform__side oform__side--${s}`
            }
            onClick={() => side !== s && onSwitch({ side: s })}
          >
            {t(s === 'buy' ? 'trade.buy' : 'trade.sell')}
          </button>
        ))}
      </div>
      <div className="oform__types" role="tablist" aria-label={t('trade.orderType')}>
        {(['limit', 'market'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={algo === null && type === k}
            className={algo === null && type === k ? 'oform__type oform__type--on' : 'oform__type'}
            onClick={() => {
              onAlgo(null);
              if (type !== k) onSwitch({ type: k });
            }}
          >
            {t(k === 'limit' ? 'trade.limit' : 'trade.market')}
          </button>
        ))}
        {ALGO_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={algo === k}
            className={algo === k ? 'oform__type oform__type--on' : 'oform__type'}
            onClick={() => onAlgo(k)}
          >
            {t(`algo.kind.${k}`)}
          </button>
        ))}
      </div>
    </>
  );
}

/** A limit order's price: typed, or stepped down and up by the tick. */
function PriceBox({
  id,
  price,
  invalid,
  quote,
  onStep,
  onChange,
}: {
  readonly id: string;
  readonly price: string;
  readonly invalid: boolean;
  readonly quote: string;
  readonly onStep: (direction: 1 | -1) => void;
  readonly onChange: (raw: string) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  return (
    <div className={invalid ? 'obox obox--error' : 'obox'}>
      <button
        type="button"
        className="obox__step"
        aria-label={t('trade.priceDown')}
        onClick={() => onStep(-1)}
      >
        −
      </button>
      <label htmlFor={id} className="visually-hidden">
        {t('trade.priceLabel')}
      </label>
      <input
        id={id}
        className="obox__input num"
        value={price}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="next"
        placeholder={t('trade.pricePlaceholder', { asset: quote })}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="button" className="obox__step" aria-label={t('trade.priceUp')} onClick={() => onStep(1)}>
        +
      </button>
    </div>
  );
}

/** The confirmation: what is bought or sold, at what price, for how much, and the fee. */
function OrderConfirm({
  form,
  rules,
}: {
  readonly form: OrderFormState;
  readonly rules: OrderRules;
}): ReactNode {
  const { t } = useTranslation('trade');
  const registry = useAssets();
  const {
    call,
    side,
    type,
    price,
    priceDecimals,
    asset,
    amount,
    estimated,
    value,
    rate,
    feeText,
    sideLabel,
  } = form;
  const rows: InfoRow[] = call.content
    ? [
        { label: t('trade.pair'), value: `${rules.base}/${rules.quote}` },
        {
          label: t('trade.orderType'),
          value: `${t(side === 'buy' ? 'trade.buy' : 'trade.sell')} · ${t(type === 'limit' ? 'trade.limit' : 'trade.market')}`,
        },
        {
          label: t('trade.priceLabel'),
          value:
            type === 'limit' ? `${formatPrice(price, priceDecimals)} ${rules.quote}` : t('trade.marketPrice'),
        },
        {
          label: asset === rules.quote ? t('trade.totalLabel') : t('trade.amountLabel'),
          value: `${registry.format(amount, asset, EXACT)} ${asset}`,
        },
        ...(type === 'limit' || estimated
          ? [
              {
                label: t('trade.totalLabel'),
                value: value
                  ? `${estimated ? '≈ ' : ''}${registry.format(value, rules.quote)} ${rules.quote}`
                  : '--',
              },
            ]
          : []),
        { label: t('trade.feeWithRate', { rate: percentText(rate) }), value: `≈ ${feeText}` },
      ]
    : [];
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t('trade.confirmTitle')}
      busy={call.busy}
      onClose={call.close}
      onConfirm={() => void form.confirm()}
      confirmText={sideLabel}
      confirmTone={side === 'buy' ? 'up' : 'down'}
      rows={rows}
      note={type === 'market' ? t('trade.marketNote') : undefined}
    >
      {call.content ? (
        <p className="sheet__hero">
          <span className="sheet__hero-label">{sideLabel}</span>
          <span className={`sheet__hero-value num ${side === 'buy' ? 'up' : 'down'}`}>
            {registry.format(amount, asset, EXACT)} {asset}
          </span>
        </p>
      ) : null}
    </ConfirmSheet>
  );
}

interface OrderFormProps {
  readonly instId: string;
  readonly rules: OrderRules;
  readonly last: string | null;
  readonly bestAsk: string | null;
  readonly bestBid: string | null;
  readonly fill: PriceFill | null;
}

/**
 * The spot order form: buy or sell, limit or market, price (stepped by the tick), amount (a market
 * buy's is what it spends in the quote asset), a slider over the available balance, the estimated
 * fee, then a confirmation sheet; the button is off while the order is in flight.
 */
export function OrderForm(props: OrderFormProps): ReactNode {
  const { t } = useTranslation('trade');
  const registry = useAssets();
  const priceId = useId();
  const amountId = useId();
  const form = useOrderForm(props);
  const [algo, setAlgo] = useState<AlgoKind | null>(null);
  const { rules, last } = props;
  const { side, type, asset, amount, spend, available, value, priceError, amountError, rate, feeText } = form;
  const tabs = <OrderTabs side={side} type={type} algo={algo} onSwitch={form.switchTo} onAlgo={setAlgo} />;
  if (algo !== null)
    return (
      <section className="oform">
        {tabs}
        <AlgoForm
          key={`${algo}:${side}`}
          instId={props.instId}
          rules={rules}
          last={last}
          side={side}
          kind={algo}
        />
      </section>
    );

  return (
    <section className="oform">
      {tabs}

      {type === 'limit' ? (
        <PriceBox
          id={priceId}
          price={form.price}
          invalid={priceError !== null}
          quote={rules.quote}
          onStep={(direction) => form.setPrice((p) => stepPrice(p, rules.tick_size, direction, last))}
          onChange={(raw) => {
            form.setPrice(sanitizeAmountInput(raw, form.priceDecimals));
            form.setSlider(null);
          }}
        />
      ) : (
        <div className="obox obox--static">{t('trade.marketPrice')}</div>
      )}
      {priceError ? (
        <p className="oform__error" role="alert">
          {priceError}
        </p>
      ) : null}
      {type === 'limit' ? <TifRow value={form.tif} onChange={form.setTif} /> : null}

      <div className={amountError ? 'obox obox--error' : 'obox'}>
        <label htmlFor={amountId} className="visually-hidden">
          {asset === rules.quote ? t('trade.totalLabel') : t('trade.amountLabel')}
        </label>
        <input
          id={amountId}
          className="obox__input obox__input--left num"
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          placeholder={asset === rules.quote ? t('trade.totalLabel') : t('trade.amountLabel')}
          onChange={(e) => form.onAmount(e.target.value)}
        />
        <span className="obox__unit">{asset}</span>
      </div>
      {amountError ? (
        <p className="oform__error" role="alert">
          {amountError}
        </p>
      ) : null}

      <PercentSlider
        value={form.slider ?? percentOfAvailable(form.draft, form.ctx)}
        side={side}
        disabled={!available || available === '0'}
        onChange={form.onSlide}
        label={t('trade.percentOfAvailable')}
      />

      {type === 'limit' ? (
        <div className="oform__line">
          <span>{t('trade.totalLabel')}</span>
          <span className="num">
            {value ? `${registry.format(value, rules.quote)} ${rules.quote}` : `-- ${rules.quote}`}
          </span>
        </div>
      ) : null}
      <div className="oform__line oform__available">
        <span>{t('trade.available')}</span>
        <span className="num">
          {available === null ? '--' : registry.format(available, spend)} {spend}
        </span>
      </div>
      <div className="oform__line">
        <span>{t('trade.feeWithRate', { rate: percentText(rate) })}</span>
        <span className="num">{feeText}</span>
      </div>

      <Button
        block
        className={`oform__submit oform__submit--${side}`}
        loading={form.call.busy}
        disabled={form.call.busy}
        onClick={form.review}
      >
        {form.sideLabel}
      </Button>

      <OrderConfirm form={form} rules={rules} />
    </section>
  );
}
