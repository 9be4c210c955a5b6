import type { ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useLang, useTranslation } from '../../i18n';
import { isPositiveAmount } from '../../lib/amounts';
import { useSession } from '../../session';
import { Figure } from '../../ui/figures';
import { FilterChip } from '../../ui/filter-chip';
import { SubmitButton } from '../../ui/form';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import './wallet-screens.css';

type Account = ResponseData<'/api/records/statement'>['accounts'][number];

/** This device's time zone (what the statement's month and times are in); UTC where the browser has none. */
function deviceZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The last twelve months, newest first, as `2026-11`. */
function recentMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

function monthName(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** Saves a text as a file on the device (the browser's download). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function AccountRow({ a }: { readonly a: Account }): ReactNode {
  const { t } = useTranslation('wallet');
  const assets = useAssets();
  const show = (v: string) => assets.format(v, a.asset, { exact: true });
  const account = t(`wallet.accounts.${a.account as 'spot'}`, { defaultValue: a.account });
  return (
    <li className="stmt__row" data-testid="statement-account">
      <div className="stmt__head">
        <span className="stmt__asset">{a.asset}</span>
        <span className="record__tag">{account}</span>
      </div>
      <dl className="figures figures--2">
        <Figure label={t('statement.opening')} value={show(a.opening)} />
        <Figure label={t('statement.closing')} value={show(a.closing)} className="stmt__closing" />
        <Figure
          label={t('statement.in')}
          value={isPositiveAmount(a.credits) ? `+${show(a.credits)}` : show(a.credits)}
          tone={isPositiveAmount(a.credits) ? 'up' : undefined}
        />
        <Figure
          label={t('statement.out')}
          value={isPositiveAmount(a.debits) ? `−${show(a.debits)}` : show(a.debits)}
        />
      </dl>
    </li>
  );
}

const TRADE_EXPORTS = [
  { key: 'spotOrders', path: '/v1/order/exportCsv', kind: 'orders' },
  { key: 'spotFills', path: '/v1/order/exportCsv', kind: 'fills' },
  { key: 'swapOrders', path: '/v1/futures/exportCsv', kind: 'orders' },
  { key: 'swapFills', path: '/v1/futures/exportCsv', kind: 'fills' },
  { key: 'funding', path: '/v1/futures/exportCsv', kind: 'funding' },
] as const;

/** The month's orders, fills and funding payments, each as a CSV file. */
function TradeExports({ month, tz }: { readonly month: string; readonly tz: string }): ReactNode {
  const { t } = useTranslation('wallet');
  const spot = useApiMutation('/v1/order/exportCsv');
  const swaps = useApiMutation('/v1/futures/exportCsv');
  const [busy, setBusy] = useState<string | null>(null);
  const saved = (file: { file_name: string; csv: string; rows: number; truncated: boolean }) => {
    saveFile(file.file_name, file.csv);
    showToast(
      file.truncated
        ? t('statement.truncated', { count: file.rows })
        : t('statement.saved', { count: file.rows }),
    );
  };
  const run = (e: (typeof TRADE_EXPORTS)[number]) => {
    setBusy(e.key);
    const done = { onSuccess: saved, onSettled: () => setBusy(null) };
    if (e.path === '/v1/order/exportCsv') spot.mutate({ month, tz, kind: e.kind }, done);
    else swaps.mutate({ month, tz, kind: e.kind }, done);
  };
  return (
    <section className="stmt__exports" aria-label={t('statement.exports')}>
      <h2 className="stmt__title">{t('statement.exports')}</h2>
      <div className="stmt__buttons">
        {TRADE_EXPORTS.map((e) => (
          <button
            key={e.key}
            type="button"
            className="chip"
            data-testid={`export-${e.key}`}
            disabled={busy !== null}
            onClick={() => run(e)}
          >
            {busy === e.key ? t('statement.downloading') : t(`statement.${e.key}`)}
          </button>
        ))}
      </div>
    </section>
  );
}

function Statement(): ReactNode {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const months = recentMonths();
  const [month, setMonth] = useState(months[0] ?? '');
  const [picking, setPicking] = useState(false);
  const tz = deviceZone();
  const statement = useApiQuery('/api/records/statement', { month, tz });
  const csv = useApiMutation('/api/records/statementCsv');
  const data = statement.data;
  const download = () =>
    csv.mutate(
      { month, tz },
      {
        onSuccess: (file) => {
          saveFile(file.file_name, file.csv);
          showToast(
            file.truncated
              ? t('statement.truncated', { count: file.rows })
              : t('statement.saved', { count: file.rows }),
          );
        },
      },
    );
  return (
    <div className="stmt">
      <div className="records__filters">
        <FilterChip label={monthName(month, lang)} active onClick={() => setPicking(true)} />
        <span className="stmt__zone">{t('statement.zone', { zone: tz })}</span>
      </div>
      <p className="stmt__lead">{t('statement.lead')}</p>
      {statement.isError && !data ? (
        <ErrorState onRetry={() => void statement.refetch()} />
      ) : !data ? (
        <ListSkeleton rows={3} />
      ) : data.accounts.length === 0 ? (
        <EmptyState title={t('statement.emptyTitle')} body={t('statement.emptyBody')} />
      ) : (
        <>
          <ul className="stmt__list">
            {data.accounts.map((a) => (
              <AccountRow key={`${a.asset}:${a.account}`} a={a} />
            ))}
          </ul>
          <div className="stmt__foot">
            <p className="note" data-testid="statement-lines">
              {t('statement.lines', { count: data.lines })}
            </p>
            <SubmitButton disabled={csv.isPending || data.lines === 0} onClick={download}>
              {csv.isPending ? t('statement.downloading') : t('statement.download')}
            </SubmitButton>
          </div>
        </>
      )}
      {data ? <TradeExports month={month} tz={tz} /> : null}
      <PickerSheet
        visible={picking}
        title={t('statement.month')}
        value={month}
        onClose={() => setPicking(false)}
        onPick={(v) => setMonth(v)}
        options={months.map((m) => ({ value: m, label: monthName(m, lang) }))}
      />
    </div>
  );
}

/** A month's statement: each account's opening and closing balance, what came in and went out; its CSV. */
export default function StatementScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Statement /> : <SignInPrompt />;
}
