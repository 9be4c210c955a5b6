import {
  type EndpointPath,
  formatDate,
  formatNumber,
  formatUpTo,
  NEU_ASSET,
  type ResponseData,
} from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { invalidateApi } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { Figure } from '../../ui/figures';
import '../../ui/line-row.css';
import { useAssets } from '../../hooks/assets';
import { StatusChip } from '../../ui/status-chip';

export type PledgeOrder = ResponseData<'/api/neuPledge/getOrder'>;
export type MachineOrder = ResponseData<'/api/neu/buyMachine'>;
export type Machine = ResponseData<'/api/neu/machineList'>['list'][number];
export type NeuPeriod = ResponseData<'/api/neu/periodList'>['list'][number];

/** Platform days start at 00:00 UTC+8: a day's date reads the same wherever the phone is. */
const PLATFORM_DAY_OFFSET_MIN = 480;

/** Hash power: two decimals and the unit ("12.50 T"). */
export const showPower = (value: string): string => `${formatNumber(value, 2)} T`;
/** A rate ("0.08") as a percentage ("8%"). */
export const pct = (rate: string, decimals = 2): string =>
  `${formatUpTo(String(Number(rate) * 100), decimals)}%`;
/** The platform day a time falls in. */
export const showDay = (time: string): string => formatDate(time, PLATFORM_DAY_OFFSET_MIN);

/** Asks again for the given reads (a whole screen, on a pull). */
export function useRefresh(...paths: readonly EndpointPath[]): () => Promise<void> {
  const client = useQueryClient();
  return () => invalidateApi(client, ...paths);
}

/** An amount with its asset in a smaller, dimmer type: "12.5000 NEU". */
export function Amount({ value, asset }: { readonly value: string; readonly asset: string }): ReactNode {
  return (
    <span className="neu-amount">
      {value} <small>{asset}</small>
    </span>
  );
}

/** V0 … V5: the team level. */
export function LevelTag({ level, testId }: { readonly level: number; readonly testId?: string }): ReactNode {
  return (
    <span className={level > 0 ? 'neu-level neu-level--on num' : 'neu-level num'} data-testid={testId}>
      V{level}
    </span>
  );
}

export function PledgeStatus({ status }: { readonly status: PledgeOrder['status'] }): ReactNode {
  const { t } = useTranslation('neu');
  const tone = status === 'in_progress' ? 'on' : status === 'expired' ? 'done' : 'off';
  return <StatusChip tone={tone}>{t(`neu.pledgeStatus.${status}`)}</StatusChip>;
}

/** One NEU staking order as a row: amount, term, rate, profit received, end; opens its detail. */
export function PledgeRow({ o }: { readonly o: PledgeOrder }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  return (
    <Link
      className="list-row line-row"
      to={`${routePath('neuRecharge2')}?id=${o.id}`}
      data-testid="neu-pledge-row"
    >
      <div className="list-row__top">
        <span className="line-row__title num">
          <Amount value={registry.format(o.amount, NEU_ASSET)} asset={o.asset} />
        </span>
        <PledgeStatus status={o.status} />
      </div>
      <dl className="figures figures--4">
        <Figure label={t('neu.days')} value={t('neu.nDays', { n: o.days })} />
        <Figure label={t('neu.apr')} value={pct(o.apr)} />
        <Figure label={t('neu.received')} value={registry.format(o.received, NEU_ASSET)} tone="up" />
        <Figure label={t('neu.end')} value={formatDate(o.end_at)} />
      </dl>
    </Link>
  );
}

/**
 * The tab a screen shows, kept in the address (`?tab=`), so a link can open it and going back returns to it;
 * switching tabs replaces the entry instead of stacking one per tap.
 */
export function useTabParam<K extends string>(keys: readonly K[], fallback: K): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = keys.find((k) => k === raw) ?? fallback;
  const set = (key: K) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return [tab, set];
}

/** Decimals of the NEU/USDT book's price (its tick, 0.0001): the one way the NEU price reads. */
const PRICE_DECIMALS = 4;
export const showPrice = (value: string): string => formatNumber(value, PRICE_DECIMALS);
