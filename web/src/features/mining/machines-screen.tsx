import { formatNumber } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import '../../ui/figures.css';
import { MachineBuyForm, MachineBuySheet, MachineCard } from '../../ui/machine-card';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { type Machine, showPower } from './mining-parts';
import './mining.css';
import { useAssets } from '../../hooks/assets';
import { EXACT, multiplyDown } from '../../lib/amounts';

/** The catalogue is short: one page holds it. */
const CATALOGUE = { page: 1, size: 50 };
const REFRESH = [
  '/api/machine/list',
  '/api/machine/machinePowerOrderList',
  '/api/machine/machinePowerInfo',
  '/api/user/userPowerCate',
  '/api/user/userPower',
  '/api/mine/buyLog',
  '/api/moneylog/investLog',
] as const;

/** What one machine of the catalogue adds: its power and its bonus power. */
const powerOf = (m: Machine) => Number(m.power) + Number(m.bonus_power);

/**
 * Mining machines (/miner): the catalogue with each machine's price, power, term and the output it would
 * earn today; Buy opens the quantity form under the machine, and a confirmation before money moves.
 */
export default function MachinesScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const { token } = useSession();
  const list = useApiQuery('/api/machine/list', CATALOGUE);
  const balances = useBalances();
  const call = useMoneyCall('/api/machine/getMachinePowerOrder', REFRESH);
  const [openId, setOpenId] = useState<number | null>(null);
  if (!list.data) {
    return (
      <div className="page">
        {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : <ListSkeleton rows={4} />}
      </div>
    );
  }
  const d = list.data;
  const chosen = d.list.find((m) => m.id === openId) ?? null;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('mining.buySuccess'));
    setOpenId(null);
  };
  const n = call.content?.quantity ?? 1;
  return (
    <div className="page">
      <section className="card box mn-hero">
        <dl className="figures figures--2">
          <div>
            <dt>{t('mining.dailyEmission')}</dt>
            <dd className="mn-hero__mid num" data-testid="catalogue-emission">
              {registry.format(d.daily_emission, d.output_asset)} <small>{d.output_asset}</small>
            </dd>
          </div>
          <div>
            <dt>{t('mining.networkPower')}</dt>
            <dd className="mn-hero__mid num" data-testid="catalogue-network">
              {showPower(d.network)}
            </dd>
          </div>
        </dl>
        {token ? (
          <div className="mn-links">
            <Link className="mn-link" to={routePath('miner1')}>
              {t('mining.myMachines')} ›
            </Link>
            <Link className="mn-link" to={routePath('miner2')}>
              {t('mining.miningRecords')} ›
            </Link>
          </div>
        ) : null}
      </section>
      {d.list.length === 0 ? (
        <EmptyState title={t('mining.noMachines')} body={t('mining.noMachinesBody')} />
      ) : (
        d.list.map((m) => (
          <CatalogueCard key={m.id} m={m} open={m.id === openId} onBuy={() => setOpenId(m.id)}>
            {m.id !== openId ? null : token ? (
              <BuyForm
                m={m}
                available={balances.available(m.pay_asset, 'spot')}
                onCancel={() => setOpenId(null)}
                onReview={(quantity) => call.open({ machine_id: m.id, quantity })}
              />
            ) : (
              <SignInPrompt compact title={t('mining.signInBuyTitle')} body={t('mining.signInBuyBody')} />
            )}
          </CatalogueCard>
        ))
      )}
      <p className="note note--xs mn-note--pad">{t('mining.rules')}</p>
      <MachineBuySheet
        call={call}
        purchase={
          chosen
            ? {
                name: chosen.name,
                quantity: n,
                power: showPower((n * powerOf(chosen)).toFixed(4)),
                term: t('mining.nDays', { n: chosen.term_days }),
                total: `${registry.format(multiplyDown(chosen.price, String(n), registry.scale(chosen.pay_asset)) ?? '0', chosen.pay_asset, EXACT)} ${chosen.pay_asset}`,
              }
            : null
        }
        onConfirm={() => void confirm()}
        texts={{
          title: t('mining.confirmBuy'),
          machine: t('mining.machine'),
          powerAdded: t('mining.powerAdded'),
          term: t('mining.term'),
          totalPrice: t('mining.totalPrice'),
          note: t('mining.confirmNote', { n: chosen?.term_days ?? 0 }),
        }}
      />
    </div>
  );
}

/** A machine's price and daily output (large), its power with any bonus, its term. */
function MachineFigures({ m }: { readonly m: Machine }): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const hasBonus = Number(m.bonus_power) > 0;
  return (
    <dl className="figures figures--2 mn-machine__grid">
      <div>
        <dt>{t('mining.price')}</dt>
        <dd className="mn-machine__price num" data-testid="machine-price">
          {formatNumber(m.price, 2)} <small>{m.pay_asset}</small>
        </dd>
      </div>
      <div>
        <dt>{t('mining.dailyOutput')}</dt>
        <dd className="mn-machine__price num up">
          {registry.format(m.daily_output, m.output_asset)} <small>{m.output_asset}</small>
        </dd>
      </div>
      <div>
        <dt>{t('mining.power')}</dt>
        <dd className="num">
          {showPower(m.power)}
          {hasBonus ? (
            <span className="machine-card__bonus">
              {t('mining.bonusPower', { power: formatNumber(m.bonus_power, 2) })}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('mining.term')}</dt>
        <dd className="num">{t('mining.nDays', { n: m.term_days })}</dd>
      </div>
    </dl>
  );
}

/** A machine of the catalogue as its card. */
function CatalogueCard({
  m,
  open,
  onBuy,
  children,
}: {
  readonly m: Machine;
  readonly open: boolean;
  readonly onBuy: () => void;
  readonly children: ReactNode;
}): ReactNode {
  const { t } = useTranslation('mining');
  return (
    <MachineCard
      name={m.name}
      heading="h2"
      left={m.left}
      open={open}
      onBuy={onBuy}
      figures={<MachineFigures m={m} />}
      texts={{ left: (n) => t('mining.left', { n }), soldOut: t('mining.soldOut'), buy: t('mining.buy') }}
      testIds={{ card: 'machine-card', buy: 'machine-buy' }}
    >
      {children}
    </MachineCard>
  );
}

/** The quantity form under an opened machine; Buy hands a good quantity on for review. */
function BuyForm({
  m,
  available,
  onCancel,
  onReview,
}: {
  readonly m: Machine;
  readonly available: string | null;
  readonly onCancel: () => void;
  readonly onReview: (quantity: number) => void;
}): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  return (
    <MachineBuyForm
      left={m.left}
      available={available}
      exceeds={(q, balance) => Number(q) * Number(m.price) > Number(balance)}
      rows={(n) => [
        {
          label: t('mining.powerAdded'),
          value: n !== null ? showPower((n * powerOf(m)).toFixed(4)) : '--',
        },
        { label: t('mining.term'), value: t('mining.earnsFrom', { n: m.term_days }) },
        {
          label: t('mining.totalPrice'),
          value:
            n !== null
              ? `${registry.format(multiplyDown(m.price, String(n), registry.scale(m.pay_asset)) ?? '0', m.pay_asset, EXACT)} ${m.pay_asset}`
              : '--',
          strong: true,
        },
      ]}
      rowsClassName="mn-est"
      onCancel={onCancel}
      onReview={onReview}
      texts={{
        available: (balance) =>
          t('mining.available', { amount: registry.format(balance, m.pay_asset), asset: m.pay_asset }),
        buy: t('mining.buy'),
      }}
      testIds={{ quantity: 'machine-quantity', submit: 'machine-buy-submit' }}
    />
  );
}
