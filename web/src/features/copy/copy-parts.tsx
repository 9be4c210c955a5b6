import { formatDateTime, formatNumber, type ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { copyMargin } from './copy-margin';

export type Trader = ResponseData<'/v1/copy/traders'>['list'][number];
export type Follow = ResponseData<'/v1/copy/follow'>;
export type CopyTrade = ResponseData<'/v1/copy/copyTrades'>['list'][number];
export type Position = ResponseData<'/v1/futures/positions'>['list'][number];

export const signed = (v: string, d = 2) => (Number(v) > 0 ? `+${formatNumber(v, d)}` : formatNumber(v, d));
export const tone = (v: string) => (Number(v) > 0 ? 'up' : Number(v) < 0 ? 'down' : '');
export const pctOf = (rate: string) => `${formatNumber(String(Number(rate) * 100), 0)}%`;

export function TierBadge({
  tier,
  short,
}: {
  readonly tier: Trader['tier'];
  readonly short?: boolean;
}): ReactNode {
  const { t } = useTranslation('copy');
  return (
    <span className={`ctier ctier--${tier}`}>
      {t(short ? `copy.tierShort.${tier}` : `copy.tier.${tier}`)}
    </span>
  );
}

/** "Demo" beside a lead trader that is one of the demo's own bots, wherever its name shows. */
export function DemoTag({ demo }: { readonly demo: boolean }): ReactNode {
  const { t } = useTranslation('copy');
  if (!demo) return null;
  return (
    <span className="cdemo" data-testid="demo-tag" title={t('copy.demoHint')}>
      {t('copy.demo')}
    </span>
  );
}

/** A name's initials: the first letters of its first two words, or a number's last two digits. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return name.slice(-2);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}

/** The trader's generated picture: their initials in a disc colored from their name (no pictures are kept). */
export function Avatar({ name, size = 40 }: { readonly name: string; readonly size?: number }): ReactNode {
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return (
    <span
      className="cavatar"
      aria-hidden="true"
      data-testid="copy-avatar"
      style={{ width: size, height: size, background: `hsl(${hue} 55% 40%)`, fontSize: size * 0.38 }}
    >
      {initials(name)}
    </span>
  );
}

/** A copied or lead position, compact: side, contract, size, entry, mark and PnL. */
export function PositionLine({ p }: { readonly p: Position }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const long = p.pos_side === 'long';
  return (
    <div className="cpos" data-testid="copy-position">
      <div className="row cpos__top">
        <span className={long ? 'cpos__side cpos__side--long' : 'cpos__side cpos__side--short'}>
          {t(long ? 'copy.long' : 'copy.short')} {p.lever}×
        </span>
        <span className="cpos__inst">{p.instId.replace('-SWAP', '')}</span>
        <span className={`cpos__upl num ${tone(p.upl)}`} data-testid="copy-upl">
          {signed(p.upl)} USDT
        </span>
      </div>
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.size')}</dt>
          <dd className="num">{p.pos}</dd>
        </div>
        <div>
          <dt>{t('copy.entry')}</dt>
          <dd className="num">{formatNumber(p.avg_px, 2)}</dd>
        </div>
        <div>
          <dt>{t('copy.mark')}</dt>
          <dd className="num">{p.mark_px ? formatNumber(p.mark_px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('copy.margin')}</dt>
          <dd className="num">{registry.format(p.margin, 'USDT')}</dd>
        </div>
      </dl>
    </div>
  );
}

/** One mirrored trade: what the lead got, what I got, the slippage, or why it was skipped. */
export function CopyTradeRow({ r }: { readonly r: CopyTrade }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const skipped = r.status === 'skipped' || r.status === 'failed';
  const margin = copyMargin(r);
  return (
    <article className="crec" data-testid="copy-trade">
      <div className="crec__top">
        <span className={r.side === 'buy' ? 'up' : 'down'}>
          {t(r.side === 'buy' ? 'copy.buy' : 'copy.sell')} {r.instId.replace('-SWAP', '')}
        </span>
        <span className={`cstatus cstatus--${r.status}`}>{t(`copy.tradeStatus.${r.status}`)}</span>
      </div>
      {(skipped || r.status === 'partial') && r.reason ? (
        <p className="crec__reason">{t(`copy.reason.${r.reason}`)}</p>
      ) : null}
      {margin ? (
        <p className="crec__margin" data-testid="copy-trade-margin">
          {margin.reason
            ? t('copy.marginWhy', {
                opened: margin.opened,
                asked: margin.asked,
                why: t(`copy.marginReason.${margin.reason}`),
              })
            : t('copy.marginOf', { opened: margin.opened, asked: margin.asked })}
        </p>
      ) : null}
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.contracts')}</dt>
          <dd className="num">
            {r.filled}/{r.sz}
          </dd>
        </div>
        <div>
          <dt>{t('copy.leadPx')}</dt>
          <dd className="num">{Number(r.lead_px) > 0 ? formatNumber(r.lead_px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('copy.myPx')}</dt>
          <dd className="num">{r.px ? formatNumber(r.px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('copy.slippage')}</dt>
          <dd className="num">{r.slippage === null ? '--' : `${formatNumber(r.slippage, 3)}%`}</dd>
        </div>
        <div>
          <dt>{t('copy.markSlippage')}</dt>
          <dd className="num">{r.mark_slippage === null ? '--' : `${formatNumber(r.mark_slippage, 3)}%`}</dd>
        </div>
        <div>
          <dt>{t('copy.limitPx')}</dt>
          <dd className="num">{r.limit_px === null ? '--' : formatNumber(r.limit_px, 2)}</dd>
        </div>
        <div>
          <dt>{t('copy.realized')}</dt>
          <dd className={`num ${tone(r.pnl)}`} data-testid="copy-trade-pnl">
            {signed(r.pnl)}
          </dd>
        </div>
        <div>
          <dt>{t('copy.fee')}</dt>
          <dd className="num">{registry.format(r.fee, 'USDT', EXACT)}</dd>
        </div>
        <div>
          <dt>{t('copy.venue')}</dt>
          <dd>{t(`copy.venues.${r.venue}`)}</dd>
        </div>
        <div>
          <dt>{t('copy.time')}</dt>
          <dd className="num">{formatDateTime(r.created_at).slice(5, 16)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** Daily PnL as bars and its running total as a line. */
export function PnlChart({
  points,
}: {
  readonly points: readonly { day: string; pnl: string; cumulative: string }[];
}): ReactNode {
  const { t } = useTranslation('copy');
  const w = 340;
  const h = 120;
  const pad = 6;
  const values = points.flatMap((p) => [Number(p.pnl), Number(p.cumulative)]);
  const max = Math.max(1e-9, ...values.map(Math.abs));
  const y = (v: number) => h / 2 - (v / max) * (h / 2 - pad);
  const step = points.length > 0 ? (w - pad * 2) / points.length : 0;
  const line = points
    .map(
      (p, i) =>
        `${i === 0 ? 'M' : 'L'}${(pad + step * (i + 0.5)).toFixed(1)},${y(Number(p.cumulative)).toFixed(1)}`,
    )
    .join(' ');
  const last = points[points.length - 1];
  return (
    <figure className="cchart">
      <figcaption className="cchart__cap">
        <span>{t('copy.pnlChart')}</span>
        {last ? <span className={`num ${tone(last.cumulative)}`}>{signed(last.cumulative)} USDT</span> : null}
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className="cchart__svg" role="img" aria-label={t('copy.pnlChart')}>
        <line x1={0} x2={w} y1={h / 2} y2={h / 2} className="cchart__axis" />
        {points.map((p, i) => {
          const v = Number(p.pnl);
          const top = Math.min(y(v), h / 2);
          return (
            <rect
              key={p.day}
              x={pad + step * i + step * 0.15}
              width={Math.max(1, step * 0.7)}
              y={top}
              height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - h / 2))}
              className={v >= 0 ? 'cchart__bar cchart__bar--up' : 'cchart__bar cchart__bar--down'}
            />
          );
        })}
        <path d={line} className="cchart__line" />
      </svg>
      <div className="cchart__days num">
        <span>{points[0]?.day.slice(5)}</span>
        <span>{last?.day.slice(5)}</span>
      </div>
    </figure>
  );
}
