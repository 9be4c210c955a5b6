import { formatDateTime, NEU_ASSET, SPA_ASSET } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts } from '../../lib/amounts';
import { useSession } from '../../session';
import { Field, Segments } from '../../ui/form';
import { IconMiner } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { epochDays, multiplyDown, quotaGranted } from './neu-math';
import {
  Amount,
  Chip,
  Figure,
  type Machine,
  type MachineOrder,
  type NeuPeriod,
  showBalance,
  showDay,
  showNeu,
  showPower,
  showSpa,
  showUsdt,
  useRefresh,
  useTabParam,
} from './neu-parts';
import './neu.css';

type Tab = 'machines' | 'mine' | 'periods' | 'income';
const TABS: readonly Tab[] = ['machines', 'mine', 'periods', 'income'];

/** The catalogue is short: one page holds it (and the answer carries my machines and power beside it). */
const CATALOGUE = { page: 1, size: 50 };
/** The most machines one purchase may hold (the contract's limit). */
const MAX_QUANTITY = 1000;
const REFRESH = ['/api/neu/machineList', '/api/neu/uinfo', '/api/neu/index'] as const;

type Catalogue = NonNullable<ReturnType<typeof useCatalogue>['data']>;
type Program = 'all' | 'pledge' | 'mining';

function useCatalogue() {
  return useApiQuery('/api/neu/machineList', CATALOGUE);
}

/** What one machine of the catalogue adds: its power and its bonus power. */
const powerOf = (m: Machine) => Number(m.power) + Number(m.bonus_power);
const maxOf = (m: Machine) => Math.min(MAX_QUANTITY, m.left ?? MAX_QUANTITY);

/** What is wrong with a quantity (empty, not a whole number in range, above the balance), or null. */
function useQuantityCheck() {
  const { t } = useTranslation('neu');
  return (text: string, m: Machine, available: string | null): string | null => {
    const q = text.trim();
    const max = maxOf(m);
    if (!q) return t('neu.machine.quantityPrompt');
    const n = Number(q);
    if (!/^\d+$/.test(q) || n < 1 || n > max) return t('neu.machine.quantityInvalid', { max });
    const total = multiplyDown(m.price, q, 6);
    if (available !== null && total !== null && compareAmounts(total, available) > 0)
      return t('messages.insufficientBalance');
    return null;
  };
}

function BuyForm({
  m,
  quotaPerPay,
  onCancel,
  onReview,
}: {
  readonly m: Machine;
  readonly quotaPerPay: string;
  readonly onCancel: () => void;
  readonly onReview: (quantity: number) => void;
}): ReactNode {
  const { t } = useTranslation('neu');
  const id = useId();
  const balances = useBalances();
  const check = useQuantityCheck();
  const [quantity, setQuantity] = useState('1');
  const [tried, setTried] = useState(false);
  const available = balances.available(m.pay_asset, 'spot');
  const problem = check(quantity, m, available);
  const n = Number(quantity.trim());
  const valid = /^\d+$/.test(quantity.trim()) && n >= 1;
  const max = maxOf(m);
  const step = (by: number) => setQuantity(String(Math.min(max, Math.max(1, (valid ? n : 0) + by))));
  const quota = valid ? quotaGranted(m.price, n, quotaPerPay) : null;
  const total = valid ? multiplyDown(m.price, String(n), 6) : null;
  return (
    <div className="neu-machine__form">
      <Field
        htmlFor={`${id}-qty`}
        label={t('neu.machine.quantity')}
        error={tried ? problem : null}
        extra={
          available !== null
            ? t('neu.availableAmount', { amount: showBalance(available, m.pay_asset), asset: m.pay_asset })
            : null
        }
      >
        <div className="wf__box neu-stepper">
          <button
            type="button"
            className="neu-stepper__btn"
            aria-label={t('neu.machine.decrease')}
            disabled={valid && n <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <input
            id={`${id}-qty`}
            className="wf__input neu-stepper__input num"
            value={quantity}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('neu.machine.quantityPrompt')}
            onChange={(e) => setQuantity(e.target.value)}
            data-testid="neu-machine-quantity"
          />
          <button
            type="button"
            className="neu-stepper__btn"
            aria-label={t('neu.machine.increase')}
            disabled={valid && n >= max}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
      </Field>
      <InfoRows
        rows={[
          { label: t('neu.machine.powerAdded'), value: valid ? showPower(String(n * powerOf(m))) : '--' },
          { label: t('neu.machine.term'), value: t('neu.machine.earnsFrom', { n: m.term_days }) },
          {
            label: t('neu.machine.quotaGranted'),
            value: quota ? `${showSpa(quota)} ${SPA_ASSET}` : '--',
          },
          {
            label: t('neu.machine.totalPrice'),
            value: total ? `${showUsdt(total)} ${m.pay_asset}` : '--',
            strong: true,
          },
        ]}
      />
      <div className="neu-actions">
        <button type="button" className="neu-btn neu-btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="neu-btn"
          onClick={() => {
            setTried(true);
            if (problem === null) onReview(n);
          }}
          data-testid="neu-machine-buy-submit"
        >
          {t('neu.machine.buy')}
        </button>
      </div>
    </div>
  );
}

function MachineCard({
  m,
  quotaPerPay,
  open,
  onBuy,
  children,
}: {
  readonly m: Machine;
  readonly quotaPerPay: string;
  readonly open: boolean;
  readonly onBuy: () => void;
  readonly children: ReactNode;
}): ReactNode {
  const { t } = useTranslation('neu');
  const soldOut = m.left === 0;
  const hasBonus = Number(m.bonus_power) > 0;
  return (
    <article
      className={open ? 'card neu-machine neu-machine--open' : 'card neu-machine'}
      data-testid="neu-machine"
    >
      <div className="neu-machine__top">
        <span className="neu-machine__icon" aria-hidden="true">
          <IconMiner />
        </span>
        <h3 className="neu-machine__name">{m.name}</h3>
        {m.left !== null ? (
          <Chip tone="wait">{soldOut ? t('neu.machine.soldOut') : t('neu.machine.left', { n: m.left })}</Chip>
        ) : null}
      </div>
      <dl className="neu-grid neu-grid--2">
        <Figure
          label={t('neu.machine.price')}
          value={<Amount value={showUsdt(m.price)} asset={m.pay_asset} />}
          testId="neu-machine-price"
        />
        <Figure
          label={t('neu.machine.dailyOutput')}
          value={<Amount value={showNeu(m.daily_output)} asset={m.output_asset} />}
          tone="up"
        />
        <Figure
          label={t('neu.power')}
          value={
            <>
              {showPower(m.power)}
              {hasBonus ? (
                <span className="neu-bonus">
                  {t('neu.machine.bonusPower', { power: showPower(m.bonus_power) })}
                </span>
              ) : null}
            </>
          }
        />
        <Figure label={t('neu.machine.term')} value={t('neu.nDays', { n: m.term_days })} />
        <Figure
          label={t('neu.machine.quotaEach')}
          value={<Amount value={showSpa(quotaGranted(m.price, 1, quotaPerPay) ?? '0')} asset={SPA_ASSET} />}
        />
      </dl>
      {open ? (
        children
      ) : (
        <button
          type="button"
          className="neu-btn"
          disabled={soldOut}
          onClick={onBuy}
          data-testid="neu-machine-buy"
        >
          {soldOut ? t('neu.machine.soldOut') : t('neu.machine.buy')}
        </button>
      )}
    </article>
  );
}

function Catalogue({ d, onBought }: { readonly d: Catalogue; readonly onBought: () => void }): ReactNode {
  const { t } = useTranslation('neu');
  const call = useMoneyCall('/api/neu/buyMachine', REFRESH);
  const [openId, setOpenId] = useState<number | null>(null);
  const chosen = d.list.find((m) => m.id === call.content?.machine_id) ?? null;
  const n = call.content?.quantity ?? 1;
  const quota = chosen ? quotaGranted(chosen.price, n, d.quota_per_pay) : null;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(
      t('neu.machine.bought', {
        quota: showSpa(quotaGranted(done.amount, 1, d.quota_per_pay) ?? '0'),
        asset: SPA_ASSET,
      }),
    );
    setOpenId(null);
    onBought();
  };
  if (d.list.length === 0)
    return <EmptyState title={t('neu.machine.none')} body={t('neu.machine.noneBody')} />;
  return (
    <div className="neu-list">
      {d.list.map((m) => (
        <MachineCard
          key={m.id}
          m={m}
          quotaPerPay={d.quota_per_pay}
          open={m.id === openId}
          onBuy={() => setOpenId(m.id)}
        >
          <BuyForm
            m={m}
            quotaPerPay={d.quota_per_pay}
            onCancel={() => setOpenId(null)}
            onReview={(quantity) => call.open({ machine_id: m.id, quantity })}
          />
        </MachineCard>
      ))}
      <p className="neu-note neu-note--pad">{t('neu.machine.rules', { quota: showSpa(d.quota_per_pay) })}</p>
      <ConfirmSheet
        visible={call.content !== null && chosen !== null}
        title={t('neu.machine.confirmTitle')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={
          chosen
            ? [
                { label: t('neu.machine.name'), value: `${chosen.name} × ${n}` },
                { label: t('neu.machine.powerAdded'), value: showPower(String(n * powerOf(chosen))) },
                { label: t('neu.machine.term'), value: t('neu.nDays', { n: chosen.term_days }) },
                {
                  label: t('neu.machine.totalPrice'),
                  value: `${showUsdt(multiplyDown(chosen.price, String(n), 6) ?? '0')} ${chosen.pay_asset}`,
                  strong: true,
                },
                {
                  label: t('neu.machine.quotaGranted'),
                  value: (
                    <span data-testid="neu-confirm-quota">
                      {showSpa(quota ?? '0')} {SPA_ASSET}
                    </span>
                  ),
                  strong: true,
                },
              ]
            : []
        }
        note={t('neu.machine.confirmNote', { n: chosen?.term_days ?? 0 })}
      />
    </div>
  );
}

/** One purchase of machines: what was paid and the quota it granted, its power, what it earned, its term. */
function MachineOrderRow({
  o,
  quotaPerPay,
}: {
  readonly o: MachineOrder;
  readonly quotaPerPay: string;
}): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <article className="neu-row" data-testid="neu-machine-order">
      <div className="neu-row__top">
        <span className="neu-row__title">
          {o.name} <span className="neu-row__times num">× {o.quantity}</span>
        </span>
        <Chip tone={o.status === 'running' ? 'on' : 'off'}>{t(`neu.machine.status.${o.status}`)}</Chip>
      </div>
      <dl className="neu-grid">
        <Figure
          label={t('neu.machine.paid')}
          value={<Amount value={showUsdt(o.amount)} asset={o.pay_asset} />}
        />
        <Figure
          label={t('neu.machine.quotaGranted')}
          value={<Amount value={showSpa(quotaGranted(o.amount, 1, quotaPerPay) ?? '0')} asset={SPA_ASSET} />}
          testId="neu-order-quota"
        />
        <Figure label={t('neu.power')} value={showPower(String(Number(o.power) + Number(o.bonus_power)))} />
        <Figure
          label={t('neu.machine.outputSoFar')}
          value={<Amount value={showNeu(o.output)} asset={o.output_asset} />}
          tone="up"
        />
        <Figure label={t('neu.start')} value={showDay(o.start_at)} />
        <Figure label={t('neu.end')} value={showDay(o.end_at)} />
      </dl>
    </article>
  );
}

function MyMachines({ d }: { readonly d: Catalogue }): ReactNode {
  const { t } = useTranslation('neu');
  if (d.mine.length === 0)
    return <EmptyState title={t('neu.machine.noOrders')} body={t('neu.machine.noOrdersBody')} />;
  return (
    <div className="neu-rows">
      {d.mine.map((o) => (
        <MachineOrderRow key={o.id} o={o} quotaPerPay={d.quota_per_pay} />
      ))}
    </div>
  );
}

function PeriodRow({ p }: { readonly p: NeuPeriod }): ReactNode {
  const { t } = useTranslation('neu');
  const days = epochDays(p.first_day, p.last_day);
  const tone = p.status === 'current' ? 'on' : p.status === 'done' ? 'done' : 'wait';
  return (
    <article
      className={p.status === 'current' ? 'neu-row neu-row--current' : 'neu-row'}
      data-testid="neu-period"
      data-status={p.status}
    >
      <div className="neu-row__top">
        <span className="neu-row__title">{t('neu.epochN', { n: p.index })}</span>
        <Chip tone={tone}>{t(`neu.period.${p.status}`)}</Chip>
      </div>
      <div className="neu-row__sub num">
        {p.last_day === null
          ? t('neu.period.from', { from: p.first_day })
          : t('neu.period.range', { from: p.first_day, to: p.last_day, count: days ?? 0 })}
      </div>
      <dl className="neu-grid">
        <Figure
          label={t('neu.period.daily')}
          value={<Amount value={showNeu(p.daily_emission)} asset={NEU_ASSET} />}
        />
        <Figure
          label={t('neu.period.output')}
          value={<Amount value={showNeu(p.output)} asset={NEU_ASSET} />}
        />
        <Figure
          label={t('neu.period.mine')}
          value={<Amount value={showNeu(p.mine)} asset={NEU_ASSET} />}
          tone={Number(p.mine) > 0 ? 'up' : undefined}
        />
      </dl>
    </article>
  );
}

function Income(): ReactNode {
  const { t } = useTranslation('neu');
  const [program, setProgram] = useState<Program>('all');
  const filters = program === 'all' ? {} : { program };
  const head = useApiQuery('/api/neu/incomeLog', { ...filters, page: 1, size: 1 });
  return (
    <>
      <section className="card neu-head">
        <div>
          <div className="neu-head__label">{t('neu.totalPaid')}</div>
          <div className="neu-head__value num up" data-testid="neu-income-total">
            {head.data ? <Amount value={showNeu(head.data.total_paid)} asset={NEU_ASSET} /> : '--'}
          </div>
        </div>
        <Segments
          label={t('neu.income.kind')}
          value={program}
          onChange={setProgram}
          options={[
            { value: 'all', label: t('neu.all') },
            { value: 'pledge', label: t('neu.income.pledge') },
            { value: 'mining', label: t('neu.income.mining') },
          ]}
        />
      </section>
      <PagedList
        key={program}
        path="/api/neu/incomeLog"
        filters={filters}
        pullToRefresh={false}
        skeletonRows={3}
        itemKey={(r) => r.id}
        emptyTitle={t('neu.income.none')}
        emptyBody={t('neu.income.noneBody')}
        renderItem={(r) => (
          <article className="neu-row" data-testid="neu-income-row">
            <div className="neu-row__top">
              <span className="neu-row__title">
                {t(`neu.income.${r.program === 'pledge' ? 'pledge' : 'mining'}`)}
              </span>
              <span className="neu-row__amount num up">
                +<Amount value={showNeu(r.amount)} asset={r.asset} />
              </span>
            </div>
            <div className="neu-row__sub num">
              <span>{showDay(r.day)}</span>
              <span>{formatDateTime(r.created_at).slice(11, 16)}</span>
              <Chip tone={r.status === 'paid' ? 'done' : 'wait'}>{t(`neu.income.status.${r.status}`)}</Chip>
            </div>
          </article>
        )}
      />
    </>
  );
}

function Machines(): ReactNode {
  const { t } = useTranslation('neu');
  const q = useCatalogue();
  const [tab, setTab] = useTabParam(TABS, 'machines');
  const refresh = useRefresh('/api/neu/machineList', '/api/neu/periodList', '/api/neu/incomeLog');
  const d = q.data;
  const running = d ? d.mine.filter((o) => o.status === 'running').reduce((n, o) => n + o.quantity, 0) : 0;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="neu-screen">
        {d ? (
          <section className="card neu-hero neu-hero--inset">
            <div className="neu-hero__top">
              <span className="neu-hero__label">{t('neu.myPower')}</span>
              <span className="neu-card__aside">{t('neu.machinesRunning', { count: running })}</span>
            </div>
            <div className="neu-hero__big num" data-testid="neu-my-power">
              {showPower(d.power)}
            </div>
            <dl className="neu-grid neu-grid--2">
              <Figure
                label={t('neu.todayOutput')}
                value={<Amount value={showNeu(d.daily_emission)} asset={d.output_asset} />}
              />
              <Figure label={t('neu.networkPower')} value={showPower(d.network)} />
            </dl>
          </section>
        ) : q.isError ? (
          <ErrorState onRetry={() => void q.refetch()} />
        ) : (
          <ListSkeleton rows={3} />
        )}
        <Tabs
          className="neu-tabs neu-tabs--scroll"
          size="m"
          value={tab}
          onChange={setTab}
          label={t('screens.neuRecharge3')}
          items={TABS.map((k) => ({ key: k, label: t(`neu.tabs.${k}`) }))}
        />
        {tab === 'periods' ? (
          <PagedList
            path="/api/neu/periodList"
            filters={{}}
            pullToRefresh={false}
            skeletonRows={3}
            itemKey={(p) => p.index}
            emptyTitle={t('neu.period.none')}
            renderItem={(p) => <PeriodRow p={p} />}
          />
        ) : tab === 'income' ? (
          <Income />
        ) : !d ? null : tab === 'mine' ? (
          <MyMachines d={d} />
        ) : (
          <Catalogue d={d} onBought={() => setTab('mine')} />
        )}
      </div>
    </PullToRefresh>
  );
}

/** NEU machines (/neuRecharge3): the catalogue and purchase (with the SPA quota it grants), my machines, the epochs, my income. */
export default function NeuMachinesScreen(): ReactNode {
  const { t } = useTranslation('neu');
  const { token } = useSession();
  return token ? <Machines /> : <SignInPrompt title={t('neu.signInTitle')} body={t('neu.signInBody')} />;
}
