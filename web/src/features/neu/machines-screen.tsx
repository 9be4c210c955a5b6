import { formatDateTime, NEU_ASSET, SPA_ASSET } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, multiplyDown } from '../../lib/amounts';
import { useSession } from '../../session';
import { Figure } from '../../ui/figures';
import { Segments } from '../../ui/form';
import { MachineBuyForm, MachineBuySheet, MachineCard } from '../../ui/machine-card';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { StatusChip } from '../../ui/status-chip';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { epochDays, quotaGranted } from './neu-math';
import '../../ui/line-row.css';
import {
  Amount,
  type Machine,
  type MachineOrder,
  type NeuPeriod,
  showDay,
  showPower,
  useRefresh,
  useTabParam,
} from './neu-parts';
import './neu.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'machines' | 'mine' | 'periods' | 'income';
const TABS: readonly Tab[] = ['machines', 'mine', 'periods', 'income'];

/** The catalogue is short: one page holds it (and the answer carries my machines and power beside it). */
const CATALOGUE = { page: 1, size: 50 };
const REFRESH = ['/api/neu/machineList', '/api/neu/uinfo', '/api/neu/index'] as const;

type Catalogue = NonNullable<ReturnType<typeof useCatalogue>['data']>;
type Program = 'all' | 'pledge' | 'mining';

function useCatalogue() {
  return useApiQuery('/api/neu/machineList', CATALOGUE);
}

/** What one machine of the catalogue adds: its power and its bonus power. */
const powerOf = (m: Machine) => Number(m.power) + Number(m.bonus_power);

/** The quantity form under an opened machine, with the SPA quota it grants; Buy hands a good quantity on. */
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
  const registry = useAssets();
  const balances = useBalances();
  return (
    <MachineBuyForm
      left={m.left}
      available={balances.available(m.pay_asset, 'spot')}
      exceeds={(q, balance) => {
        const total = multiplyDown(m.price, q, registry.scale(m.pay_asset));
        return total !== null && compareAmounts(total, balance) > 0;
      }}
      rows={(n) => {
        const quota = n !== null ? quotaGranted(m.price, n, quotaPerPay, registry.scale(SPA_ASSET)) : null;
        const total = n !== null ? multiplyDown(m.price, String(n), registry.scale(m.pay_asset)) : null;
        return [
          {
            label: t('neu.machine.powerAdded'),
            value: n !== null ? showPower(String(n * powerOf(m))) : '--',
          },
          { label: t('neu.machine.term'), value: t('neu.machine.earnsFrom', { n: m.term_days }) },
          {
            label: t('neu.machine.quotaGranted'),
            value: quota ? `${registry.format(quota, SPA_ASSET)} ${SPA_ASSET}` : '--',
          },
          {
            label: t('neu.machine.totalPrice'),
            value: total ? `${registry.format(total, m.pay_asset)} ${m.pay_asset}` : '--',
            strong: true,
          },
        ];
      }}
      onCancel={onCancel}
      onReview={onReview}
      texts={{
        available: (balance) =>
          t('neu.availableAmount', { amount: registry.format(balance, m.pay_asset), asset: m.pay_asset }),
        buy: t('neu.machine.buy'),
      }}
      testIds={{ quantity: 'neu-machine-quantity', submit: 'neu-machine-buy-submit' }}
    />
  );
}

/** A machine of the catalogue as its card, with the SPA quota one machine grants. */
function CatalogueCard({
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
  const registry = useAssets();
  const hasBonus = Number(m.bonus_power) > 0;
  return (
    <MachineCard
      name={m.name}
      heading="h3"
      left={m.left}
      open={open}
      onBuy={onBuy}
      texts={{
        left: (n) => t('neu.machine.left', { n }),
        soldOut: t('neu.machine.soldOut'),
        buy: t('neu.machine.buy'),
      }}
      testIds={{ card: 'neu-machine', buy: 'neu-machine-buy' }}
      figures={
        <dl className="figures figures--2">
          <Figure
            label={t('neu.machine.price')}
            value={<Amount value={registry.format(m.price, m.pay_asset)} asset={m.pay_asset} />}
            testId="neu-machine-price"
          />
          <Figure
            label={t('neu.machine.dailyOutput')}
            value={<Amount value={registry.format(m.daily_output, NEU_ASSET)} asset={m.output_asset} />}
            tone="up"
          />
          <Figure
            label={t('neu.power')}
            value={
              <>
                {showPower(m.power)}
                {hasBonus ? (
                  <span className="machine-card__bonus">
                    {t('neu.machine.bonusPower', { power: showPower(m.bonus_power) })}
                  </span>
                ) : null}
              </>
            }
          />
          <Figure label={t('neu.machine.term')} value={t('neu.nDays', { n: m.term_days })} />
          <Figure
            label={t('neu.machine.quotaEach')}
            value={
              <Amount
                value={registry.format(
                  quotaGranted(m.price, 1, quotaPerPay, registry.scale(SPA_ASSET)) ?? '0',
                  SPA_ASSET,
                )}
                asset={SPA_ASSET}
              />
            }
          />
        </dl>
      }
    >
      {children}
    </MachineCard>
  );
}

function Catalogue({ d, onBought }: { readonly d: Catalogue; readonly onBought: () => void }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const call = useMoneyCall('/api/neu/buyMachine', REFRESH);
  const [openId, setOpenId] = useState<number | null>(null);
  const chosen = d.list.find((m) => m.id === call.content?.machine_id) ?? null;
  const n = call.content?.quantity ?? 1;
  const quota = chosen ? quotaGranted(chosen.price, n, d.quota_per_pay, registry.scale(SPA_ASSET)) : null;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(
      t('neu.machine.bought', {
        quota: registry.format(
          quotaGranted(done.amount, 1, d.quota_per_pay, registry.scale(SPA_ASSET)) ?? '0',
          SPA_ASSET,
        ),
        asset: SPA_ASSET,
      }),
    );
    setOpenId(null);
    onBought();
  };
  if (d.list.length === 0)
    return <EmptyState title={t('neu.machine.none')} body={t('neu.machine.noneBody')} />;
  return (
    <div className="page page--no-bottom neu-list">
      {d.list.map((m) => (
        <CatalogueCard
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
        </CatalogueCard>
      ))}
      <p className="note note--xs neu-note--pad">
        {t('neu.machine.rules', { quota: registry.format(d.quota_per_pay, SPA_ASSET) })}
      </p>
      <MachineBuySheet
        call={call}
        purchase={
          chosen
            ? {
                name: chosen.name,
                quantity: n,
                power: showPower(String(n * powerOf(chosen))),
                term: t('neu.nDays', { n: chosen.term_days }),
                total: `${registry.format(multiplyDown(chosen.price, String(n), registry.scale(chosen.pay_asset)) ?? '0', chosen.pay_asset)} ${chosen.pay_asset}`,
              }
            : null
        }
        more={[
          {
            label: t('neu.machine.quotaGranted'),
            value: (
              <span data-testid="neu-confirm-quota">
                {registry.format(quota ?? '0', SPA_ASSET)} {SPA_ASSET}
              </span>
            ),
            strong: true,
          },
        ]}
        onConfirm={() => void confirm()}
        texts={{
          title: t('neu.machine.confirmTitle'),
          machine: t('neu.machine.name'),
          powerAdded: t('neu.machine.powerAdded'),
          term: t('neu.machine.term'),
          totalPrice: t('neu.machine.totalPrice'),
          note: t('neu.machine.confirmNote', { n: chosen?.term_days ?? 0 }),
        }}
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
  const registry = useAssets();
  return (
    <article className="list-row line-row" data-testid="neu-machine-order">
      <div className="list-row__top">
        <span className="line-row__title">
          {o.name} <span className="line-row__times num">× {o.quantity}</span>
        </span>
        <StatusChip tone={o.status === 'running' ? 'on' : 'off'}>
          {t(`neu.machine.status.${o.status}`)}
        </StatusChip>
      </div>
      <dl className="figures">
        <Figure
          label={t('neu.machine.paid')}
          value={<Amount value={registry.format(o.amount, o.pay_asset)} asset={o.pay_asset} />}
        />
        <Figure
          label={t('neu.machine.quotaGranted')}
          value={
            <Amount
              value={registry.format(
                quotaGranted(o.amount, 1, quotaPerPay, registry.scale(SPA_ASSET)) ?? '0',
                SPA_ASSET,
              )}
              asset={SPA_ASSET}
            />
          }
          testId="neu-order-quota"
        />
        <Figure label={t('neu.power')} value={showPower(String(Number(o.power) + Number(o.bonus_power)))} />
        <Figure
          label={t('neu.machine.outputSoFar')}
          value={<Amount value={registry.format(o.output, NEU_ASSET)} asset={o.output_asset} />}
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
  const registry = useAssets();
  const days = epochDays(p.first_day, p.last_day);
  const tone = p.status === 'current' ? 'on' : p.status === 'done' ? 'done' : 'wait';
  return (
    <article
      className={p.status === 'current' ? 'list-row line-row neu-row--current' : 'list-row line-row'}
      data-testid="neu-period"
      data-status={p.status}
    >
      <div className="list-row__top">
        <span className="line-row__title">{t('neu.epochN', { n: p.index })}</span>
        <StatusChip tone={tone}>{t(`neu.period.${p.status}`)}</StatusChip>
      </div>
      <div className="line-row__sub num">
        {p.last_day === null
          ? t('neu.period.from', { from: p.first_day })
          : t('neu.period.range', { from: p.first_day, to: p.last_day, count: days ?? 0 })}
      </div>
      <dl className="figures">
        <Figure
          label={t('neu.period.daily')}
          value={<Amount value={registry.format(p.daily_emission, NEU_ASSET)} asset={NEU_ASSET} />}
        />
        <Figure
          label={t('neu.period.output')}
          value={<Amount value={registry.format(p.output, NEU_ASSET)} asset={NEU_ASSET} />}
        />
        <Figure
          label={t('neu.period.mine')}
          value={<Amount value={registry.format(p.mine, NEU_ASSET)} asset={NEU_ASSET} />}
          tone={Number(p.mine) > 0 ? 'up' : undefined}
        />
      </dl>
    </article>
  );
}

function Income(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const [program, setProgram] = useState<Program>('all');
  const filters = program === 'all' ? {} : { program };
  const head = useApiQuery('/api/neu/incomeLog', { ...filters, page: 1, size: 1 });
  return (
    <>
      <section className="card neu-head">
        <div>
          <div className="neu-head__label">{t('neu.totalPaid')}</div>
          <div className="neu-head__value num up" data-testid="neu-income-total">
            {head.data ? (
              <Amount value={registry.format(head.data.total_paid, NEU_ASSET)} asset={NEU_ASSET} />
            ) : (
              '--'
            )}
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
          <article className="list-row line-row" data-testid="neu-income-row">
            <div className="list-row__top">
              <span className="line-row__title">
                {t(`neu.income.${r.program === 'pledge' ? 'pledge' : 'mining'}`)}
              </span>
              <span className="line-row__amount num up">
                +<Amount value={registry.format(r.amount, NEU_ASSET)} asset={r.asset} />
              </span>
            </div>
            <div className="line-row__sub num">
              <span>{showDay(r.day)}</span>
              <span>{formatDateTime(r.created_at).slice(11, 16)}</span>
              <StatusChip tone={r.status === 'paid' ? 'done' : 'wait'}>
                {t(`neu.income.status.${r.status}`)}
              </StatusChip>
            </div>
          </article>
        )}
      />
    </>
  );
}

function Machines(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const q = useCatalogue();
  const [tab, setTab] = useTabParam(TABS, 'machines');
  const refresh = useRefresh('/api/neu/machineList', '/api/neu/periodList', '/api/neu/incomeLog');
  const d = q.data;
  const running = d ? d.mine.filter((o) => o.status === 'running').reduce((n, o) => n + o.quantity, 0) : 0;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="neu-screen">
        {d ? (
          <section className="card box neu-hero neu-hero--inset">
            <div className="row row--between">
              <span className="neu-hero__label">{t('neu.myPower')}</span>
              <span className="neu-card__aside">{t('neu.machinesRunning', { count: running })}</span>
            </div>
            <div className="neu-hero__big num" data-testid="neu-my-power">
              {showPower(d.power)}
            </div>
            <dl className="figures figures--2">
              <Figure
                label={t('neu.todayOutput')}
                value={<Amount value={registry.format(d.daily_emission, NEU_ASSET)} asset={d.output_asset} />}
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
