import { formatUpTo, type ResponseData } from '@nexa/contract';
import { type ReactNode, useEffect } from 'react';
import { ApiFailure } from '../api/failure';
import { type AssetBook, useAssets } from '../hooks/assets';
import { useNow } from '../hooks/money';
import { EXACT } from '../lib/amounts';
import { type QuotePanelState, quoteClock, quoteDeadline } from '../lib/quote-clock';
import { ConfirmSheet, type InfoRow, InfoRows } from './sheet';
import './exchange-quote.css';

/*
 * An exchange at a quote that lives a few seconds (the wallet's exchange, the NEU line's): the countdown that
 * keeps the quote true, the panel under the amount, the quote's lines and the sheet that confirms it. The
 * texts come in the feature's words.
 */

/** A quote as the server gives it (the contract's one quote shape, the wallet's and the NEU line's). */
export type ExchangeQuote = NonNullable<ResponseData<'/api/exchange/getExchangeInfo'>['quote']>;

/**
 * What confirming a quote sends: its id and the figures the sheet showed, which the server holds the quote to
 * (to the unit): what is paid and what arrives are exactly these, or the exchange is refused.
 */
export interface QuoteConfirmation {
  readonly quote_id: string;
  readonly from_amount: string;
  readonly to_amount: string;
}

export const confirmationOf = (quote: ExchangeQuote): QuoteConfirmation => ({
  quote_id: quote.quote_id,
  from_amount: quote.from_amount,
  to_amount: quote.to_amount,
});

/** The money call that takes a quote (the feature's `useMoneyCall` of its exchange). */
interface QuoteCall<D> {
  readonly content: { readonly quote_id: string } | null;
  readonly open: (content: QuoteConfirmation) => void;
  readonly close: () => void;
  readonly busy: boolean;
  readonly confirm: (onFailure?: (failure: ApiFailure) => void) => Promise<D | null>;
}

/** The words of an exchange's quote, its panel and its sheet, in the feature's texts. */
export interface QuoteTexts {
  readonly rate: string;
  /** The fee's label, naming the fee rate. */
  readonly fee: string;
  readonly receive: string;
  readonly requote: string;
  readonly refreshing: string;
  readonly refreshIn: (seconds: number) => string;
  readonly quoting: string;
  readonly noQuote: string;
  /** The terms before anything is quoted; null while unknown. */
  readonly hint: string | null;
  readonly confirmTitle: string;
  readonly pay: string;
  readonly confirmIn: (seconds: number) => string;
}

/**
 * The standing quote, kept true: its countdown ticks while it stands, an expired quote is asked again at once
 * (not in a loop when asking fails: then the panel's button does it), and the open sheet always confirms the
 * quote on screen (a new quote is a new submission). `confirm` sends the sheet's quote and asks again when the
 * server says it ran out. What the panel and the sheet show.
 */
export function useExchangeQuote<D>({
  quote,
  receivedAt_ms,
  ttl_s,
  refreshing,
  failed,
  error,
  refetch,
  call,
  texts,
  receiveTestId,
}: {
  readonly quote: ExchangeQuote | null;
  /** When the quote's answer arrived (the query's `dataUpdatedAt`). */
  readonly receivedAt_ms: number;
  readonly ttl_s: number;
  /** The quote is being asked. */
  readonly refreshing: boolean;
  /** Asking for the quote failed. */
  readonly failed: boolean;
  /** Why it failed (the query's error). */
  readonly error: Error | null;
  readonly refetch: () => Promise<unknown>;
  readonly call: QuoteCall<D>;
  readonly texts: QuoteTexts;
  /** Carried by what arrives, in the quote's lines. */
  readonly receiveTestId?: string;
}) {
  const registry = useAssets();
  const deadline = quote ? quoteDeadline(quote.expires_at, receivedAt_ms, ttl_s) : 0;
  const now = useNow(quote !== null);
  const clock = quoteClock(deadline, now, ttl_s);
  const expired = quote !== null && clock.expired;

  useEffect(() => {
    if (expired && !refreshing && !failed) void refetch();
  }, [expired, refreshing, failed, refetch]);

  const { content, open } = call;
  useEffect(() => {
    if (content && quote && content.quote_id !== quote.quote_id) open(confirmationOf(quote));
  }, [content, quote, open]);

  return {
    quote,
    clock,
    expired,
    refreshing,
    failed,
    /** The server's reason for refusing a quote, in the user's language (no live market, too large, …). */
    refusal: error instanceof ApiFailure && error.body ? error.body.msg : null,
    call,
    texts,
    rows: quoteRows(registry, quote, texts, receiveTestId),
    /** The registry the lines read their assets' decimals from. */
    registry,
    /** Asks for the quote again. */
    requote: () => void refetch(),
    confirm: () =>
      call.confirm((failure) => {
        if (failure.is('QuoteExpired')) void refetch();
      }),
  };
}

export type ExchangeQuoteState<D> = ReturnType<typeof useExchangeQuote<D>>;

/** The quote's lines: the rate, the fee (its label names the fee rate), what arrives. */
function quoteRows(
  registry: AssetBook,
  quote: ExchangeQuote | null,
  texts: QuoteTexts,
  receiveTestId?: string,
): InfoRow[] {
  if (!quote) return [];
  const receive = `${registry.format(quote.to_amount, quote.to_asset, EXACT)} ${quote.to_asset}`;
  return [
    { label: texts.rate, value: `1 ${quote.from_asset} ≈ ${formatUpTo(quote.rate, 8)} ${quote.to_asset}` },
    { label: texts.fee, value: `${registry.format(quote.fee, quote.fee_asset, EXACT)} ${quote.fee_asset}` },
    {
      label: texts.receive,
      value: receiveTestId ? <span data-testid={receiveTestId}>{receive}</span> : receive,
      strong: true,
    },
  ];
}

/** A ring that empties as the quote's life runs out, with the seconds left in it. */
export function CountdownRing({
  share,
  seconds,
}: {
  readonly share: number;
  readonly seconds: number;
}): ReactNode {
  const r = 9;
  const c = 2 * Math.PI * r;
  return (
    <span className="quote-ring" aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
        <circle cx="11" cy="11" r={r} className="quote-ring__track" />
        <circle
          cx="11"
          cy="11"
          r={r}
          className="quote-ring__bar"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - share)}
          transform="rotate(-90 11 11)"
        />
      </svg>
      <span className="quote-ring__text num">{seconds}</span>
    </span>
  );
}

export type { QuotePanelState } from '../lib/quote-clock';

/**
 * The panel under the amount, read out as it changes: the quote's lines with the countdown (or, when renewing
 * an expired one failed, the button that asks again); the server's refusal with that button; that a quote is
 * coming; that none is to be had; or the terms (`texts.hint`, none while unknown).
 */
export function QuotePanel<D>({
  exchange,
  shows,
  className,
  timerTestId,
}: {
  readonly exchange: ExchangeQuoteState<D>;
  readonly shows: QuotePanelState;
  readonly className?: string;
  readonly timerTestId?: string;
}): ReactNode {
  const { clock, expired, refreshing, failed, refusal, texts } = exchange;
  const requote = (
    <button type="button" className="quote-panel__retry" onClick={exchange.requote}>
      {texts.requote}
    </button>
  );
  return (
    <div className={className ? `quote-panel ${className}` : 'quote-panel'} aria-live="polite">
      {shows === 'ready' ? (
        <>
          <InfoRows rows={exchange.rows} />
          {expired && failed && !refreshing ? (
            requote
          ) : (
            <p className="quote-panel__timer" data-testid={timerTestId}>
              <CountdownRing share={clock.share} seconds={clock.seconds} />
              <span>{refreshing || expired ? texts.refreshing : texts.refreshIn(clock.seconds)}</span>
            </p>
          )}
        </>
      ) : shows === 'failed' ? (
        <>
          {refusal ? (
            <p className="wf__error" role="alert">
              {refusal}
            </p>
          ) : null}
          {requote}
        </>
      ) : shows === 'loading' ? (
        <p className="quote-panel__hint spinning">{texts.quoting}</p>
      ) : shows === 'unavailable' ? (
        <p className="quote-panel__hint">{texts.noQuote}</p>
      ) : texts.hint !== null ? (
        <p className="quote-panel__hint">{texts.hint}</p>
      ) : null}
    </div>
  );
}

/**
 * The confirmation of an exchange at the quote on screen: what is paid, then the quote's lines; its button
 * counts the quote's seconds down and waits while the quote is renewed.
 */
export function QuoteSheet<D>({
  exchange,
  onConfirm,
  children,
}: {
  readonly exchange: ExchangeQuoteState<D>;
  readonly onConfirm: () => void;
  /** Above the lines (what arrives, large). */
  readonly children?: ReactNode;
}): ReactNode {
  const { quote, expired, refreshing, call, texts, registry } = exchange;
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={texts.confirmTitle}
      busy={call.busy}
      disabled={!quote || expired || refreshing}
      onClose={call.close}
      onConfirm={onConfirm}
      confirmText={
        quote && !expired && !refreshing ? texts.confirmIn(exchange.clock.seconds) : texts.refreshing
      }
      rows={
        quote
          ? [
              {
                label: texts.pay,
                value: `${registry.format(quote.from_amount, quote.from_asset, EXACT)} ${quote.from_asset}`,
              },
              ...exchange.rows,
            ]
          : []
      }
    >
      {children}
    </ConfirmSheet>
  );
}
