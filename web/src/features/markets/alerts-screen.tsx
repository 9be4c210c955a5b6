import {
  formatDateMinute,
  formatUpTo,
  PRICE_ALERT_CONDITIONS,
  type PriceAlertCondition,
  type ResponseData,
} from '@nexa/contract';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useMarkets } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { formatChange, formatPrice } from '../../lib/market-data';
import { useSession } from '../../session';
import { AmountInput, Field, PickerButton, Segments, SubmitButton } from '../../ui/form';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { SimulatedMark } from '../../ui/simulated-mark';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import './alerts.css';

type Alert = ResponseData<'/v1/market/alerts'>['list'][number];

const REFRESHES = ['/v1/market/alerts'] as const;
const DECIMAL = /^\d+(\.\d+)?$/;

const isChange = (c: PriceAlertCondition) => c === 'change_up' || c === 'change_down';

/** What an alert waits for, as the list shows it: "≥ 70000 USDT", "24h ≤ −5 %". */
function target(a: Pick<Alert, 'condition' | 'value'>, quote: string): string {
  const sign = a.condition === 'price_above' || a.condition === 'change_up' ? '≥' : '≤';
  if (!isChange(a.condition)) return `${sign} ${formatUpTo(a.value, 18)} ${quote}`;
  return `24h ${sign} ${a.condition === 'change_up' ? '+' : '−'}${formatUpTo(a.value, 18)} %`;
}

function AlertRow({ a, onCancel, busy }: { a: Alert; onCancel: () => void; busy: boolean }): ReactNode {
  const { t } = useTranslation('markets');
  const quote = a.instId.split('-')[1] ?? '';
  return (
    <li className="palert" data-testid="price-alert">
      <div className="palert__main">
        <span className="palert__inst">{a.instId}</span>
        <span className="palert__target num">{target(a, quote)}</span>
        <span className="palert__when num">
          {a.status === 'fired' && a.fired_at
            ? t('alerts.firedAt', {
                time: formatDateMinute(a.fired_at),
                value: isChange(a.condition)
                  ? `${formatUpTo(a.fired_value ?? '', 2)} %`
                  : `${formatUpTo(a.fired_value ?? '', 18)} ${quote}`,
              })
            : t('alerts.setAt', { time: formatDateMinute(a.created_at) })}
        </span>
      </div>
      {a.status === 'active' ? (
        <button type="button" className="palert__cancel" disabled={busy} onClick={onCancel}>
          {t('alerts.cancel')}
        </button>
      ) : (
        <span className={`palert__status palert__status--${a.status}`}>{t(`alerts.status.${a.status}`)}</span>
      )}
    </li>
  );
}

/** The user's alerts: waiting ones first, each waiting one with its cancel. */
function AlertList(): ReactNode {
  const { t } = useTranslation('markets');
  const alerts = useApiQuery('/v1/market/alerts', NO_BODY);
  const cancel = useApiMutation('/v1/market/cancelAlert', { refreshes: REFRESHES });
  let list: ReactNode;
  if (alerts.isPending) list = <ListSkeleton rows={3} />;
  else if (alerts.isError) list = <ErrorState onRetry={() => void alerts.refetch()} />;
  else if (alerts.data.list.length === 0)
    list = <EmptyState title={t('alerts.emptyTitle')} body={t('alerts.emptyBody')} />;
  else
    list = (
      <ul className="palerts">
        {alerts.data.list.map((a) => (
          <AlertRow
            key={a.id}
            a={a}
            busy={cancel.isPending}
            onCancel={() =>
              cancel.mutate({ id: a.id }, { onSuccess: () => showToast(t('alerts.cancelled')) })
            }
          />
        ))}
      </ul>
    );

  return list;
}

/**
 * Price alerts (/alerts): set one on a spot pair or a swap (last price above or below a price, or the 24-hour
 * change beyond a percentage), see those waiting and those fired, cancel one. A fired alert arrives as a
 * notice (the bell, and email or push as the user chose).
 */
export default function AlertsScreen(): ReactNode {
  const { t } = useTranslation('markets');
  const { token } = useSession();
  const valueId = useId();
  const [params] = useSearchParams();
  const markets = useMarkets();
  const swaps = useApiQuery('/v1/futures/instruments', NO_BODY);
  const set = useApiMutation('/v1/market/setAlert', { refreshes: REFRESHES });
  const [instId, setInstId] = useState(params.get('instId')?.toUpperCase() || 'BTC-USDT');
  const [condition, setCondition] = useState<PriceAlertCondition>('price_above');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const [picking, setPicking] = useState(false);

  const options = useMemo(
    () => [
      ...markets.rows.map((r) => ({ value: r.instId, label: `${r.base}/${r.quote}`, note: r.last ?? '' })),
      ...(swaps.data?.list ?? []).map((s) => ({
        value: s.instId,
        label: `${s.instId.replace(/-SWAP$/, '')} ${t('alerts.perp')}`,
      })),
    ],
    [markets.rows, swaps.data, t],
  );
  if (!token) return <SignInPrompt title={t('alerts.signInTitle')} body={t('alerts.signInBody')} />;

  const row = markets.rows.find((r) => r.instId === instId);
  const quote = instId.split('-')[1] ?? 'USDT';
  const valid = DECIMAL.test(value.trim()) && Number(value) > 0;
  const error = tried && !valid ? t('alerts.valueInvalid') : null;
  const submit = () => {
    setTried(true);
    if (!valid) return;
    set.mutate(
      { instId, condition, value: value.trim() },
      {
        onSuccess: () => {
          showToast(t('alerts.saved'));
          setValue('');
          setTried(false);
        },
      },
    );
  };

  return (
    <div className="alerts">
      <section className="alerts__form card" aria-label={t('alerts.new')}>
        <div className="alerts__head">
          <PickerButton
            label={t('alerts.market')}
            value={options.find((o) => o.value === instId)?.label ?? instId}
            onClick={() => setPicking(true)}
          />
          <SimulatedMark />
        </div>
        {row?.last ? (
          <p className="alerts__now num">
            {t('alerts.now', {
              price: `${formatPrice(row.last, row.priceDecimals)} ${quote}`,
              change: formatChange(row.changePct || '0'),
            })}
          </p>
        ) : null}
        <Segments
          label={t('alerts.condition')}
          options={PRICE_ALERT_CONDITIONS.map((c) => ({ value: c, label: t(`alerts.conditions.${c}`) }))}
          value={condition}
          onChange={setCondition}
        />
        <Field
          label={isChange(condition) ? t('alerts.percent') : t('alerts.price')}
          htmlFor={valueId}
          error={error}
        >
          <AmountInput
            id={valueId}
            value={value}
            onChange={setValue}
            placeholder={isChange(condition) ? '5' : (row?.last ?? '0')}
            asset={isChange(condition) ? '%' : quote}
          />
        </Field>
        <p className="alerts__hint">{t('alerts.hint')}</p>
        <SubmitButton disabled={set.isPending} onClick={submit}>
          {t('alerts.set')}
        </SubmitButton>
      </section>
      <h2 className="alerts__title">{t('alerts.mine')}</h2>
      <AlertList />
      <PickerSheet
        visible={picking}
        title={t('alerts.market')}
        options={options}
        value={instId}
        onPick={setInstId}
        onClose={() => setPicking(false)}
      />
    </div>
  );
}
