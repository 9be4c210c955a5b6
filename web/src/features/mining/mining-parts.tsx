import { formatDate, formatDateTime, formatNumber, formatUpTo, type ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import '../../ui/figures.css';
import '../../ui/line-row.css';
import { useAssets } from '../../hooks/assets';
import { StatusChip } from '../../ui/status-chip';

export type Machine = ResponseData<'/api/machine/list'>['list'][number];
export type MachineOrder = ResponseData<'/api/machine/getMachinePowerOrder'>;
export type MiningDay = ResponseData<'/api/mine/mineList'>['list'][number];
export type PowerRecord = ResponseData<'/api/user/userPower'>['list'][number];
export type Investment = ResponseData<'/api/moneylog/investLog'>['list'][number];

/** Platform days start at 00:00 UTC+8: a day's date reads the same wherever the phone is. */
const PLATFORM_DAY_OFFSET_MIN = 480;

/** Hash power: two decimals and the unit ("12.50 T"). */
export const showPower = (value: string): string => `${formatNumber(value, 2)} T`;
/** The platform day a time falls in. */
export const showDay = (time: string): string => formatDate(time, PLATFORM_DAY_OFFSET_MIN);
/** A rate ("0.1") as a percentage ("10%"). */
export const pct = (rate: string): string => `${formatUpTo(String(Number(rate) * 100), 2)}%`;

/** One purchase of machines on "My machines": what was paid, its power, what it earned, its term. */
export function MachineOrderRow({ o }: { readonly o: MachineOrder }): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  return (
    <article className="list-row line-row" data-testid="machine-order-row">
      <div className="list-row__top">
        <span className="line-row__title">
          {o.name} <span className="line-row__times num">× {o.quantity}</span>
        </span>
        <StatusChip tone={o.status === 'running' ? 'on' : 'off'}>{t(`mining.status.${o.status}`)}</StatusChip>
      </div>
      <dl className="figures">
        <div>
          <dt>{t('mining.amountPaid')}</dt>
          <dd className="num">
            {registry.format(o.amount, o.pay_asset)} <small>{o.pay_asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('mining.power')}</dt>
          <dd className="num">{showPower(o.power)}</dd>
        </div>
        <div>
          <dt>{t('mining.bonus')}</dt>
          <dd className="num">{showPower(o.bonus_power)}</dd>
        </div>
        <div>
          <dt>{t('mining.outputSoFar')}</dt>
          <dd className="num up" data-testid="machine-order-output">
            {registry.format(o.output, o.output_asset)} <small>{o.output_asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('mining.start')}</dt>
          <dd className="num">{showDay(o.start_at)}</dd>
        </div>
        <div>
          <dt>{t('mining.end')}</dt>
          <dd className="num">{showDay(o.end_at)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** One purchase in the purchase log: machines, price paid, power added, when. */
export function PurchaseRow({ o }: { readonly o: MachineOrder }): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const total = (Number(o.power) + Number(o.bonus_power)).toFixed(4);
  return (
    <article className="list-row line-row" data-testid="purchase-row">
      <div className="list-row__top">
        <span className="line-row__title">
          {o.name} <span className="line-row__times num">× {o.quantity}</span>
        </span>
        <span className="line-row__amount num down">
          −{registry.format(o.amount, o.pay_asset)} <small>{o.pay_asset}</small>
        </span>
      </div>
      <div className="line-row__sub">
        <span className="num">{formatDateTime(o.created_at)}</span>
        <span className="num">
          {t('mining.powerAdded')} {showPower(total)}
        </span>
      </div>
    </article>
  );
}

/** One platform day of my mining output: my power against the network's, the amount, paid or queued. */
export function MiningDayRow({ d }: { readonly d: MiningDay }): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  return (
    <article className="list-row line-row" data-testid="mine-row">
      <div className="list-row__top">
        <span className="line-row__title num">{showDay(d.day)}</span>
        <span className="line-row__amount num up" data-testid="mine-amount">
          +{registry.format(d.amount, d.asset)} <small>{d.asset}</small>
        </span>
      </div>
      <dl className="figures figures--wide">
        <div>
          <dt>{t('mining.powerVsNetwork')}</dt>
          <dd className="num">
            {showPower(d.power)} / {showPower(d.network)}
          </dd>
        </div>
        <div>
          <dt>{t('mining.state')}</dt>
          <dd>
            <StatusChip tone={d.status === 'paid' ? 'done' : 'wait'}>
              {t(`mining.payStatus.${d.status}`)}
            </StatusChip>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The total a record screen heads with ("Total paid 1,234.5678 BWC"). */
export function TotalHead({
  items,
  testId,
}: {
  readonly items: readonly { readonly label: string; readonly value: ReactNode; readonly testId?: string }[];
  readonly testId?: string;
}): ReactNode {
  return (
    <section className="card mn-head" data-testid={testId}>
      {items.map((i) => (
        <div key={i.label} className="mn-head__item">
          <div className="mn-head__label">{i.label}</div>
          <div className="mn-head__value num" data-testid={i.testId}>
            {i.value}
          </div>
        </div>
      ))}
    </section>
  );
}
