import { formatUpTo, NEU_ASSET } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import { useSession } from '../../session';
import { Figure } from '../../ui/figures';
import { IconDeposit, IconExchange, IconLock, IconMiner, IconRight } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { InlineError } from '../../ui/states';
import { Amount, LevelTag, showPower, showPrice, useRefresh } from './neu-parts';
import './neu.css';
import { useAssets } from '../../hooks/assets';

type IconType = ComponentType<{ className?: string }>;

const ENTRIES: readonly { readonly to: ScreenName; readonly icon: IconType; readonly note: EntryNote }[] = [
  { to: 'neuRecharge1', icon: IconDeposit, note: 'wallet' },
  { to: 'neuRecharge2', icon: IconLock, note: 'staking' },
  { to: 'neuRecharge3', icon: IconMiner, note: 'machines' },
  { to: 'neuRecharge4', icon: IconExchange, note: 'exchange' },
];
type EntryNote = 'wallet' | 'staking' | 'machines' | 'exchange';

/** My balances of the line, what they are worth, and what my stake and machines earn. */
function Mine({ entries }: { readonly entries: ReactNode }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const q = useApiQuery('/api/neu/uinfo', NO_BODY);
  if (!q.data) {
    return (
      <>
        {q.isError ? (
          <InlineError className="card box neu-card" onRetry={() => void q.refetch()} />
        ) : (
          <section className="card box neu-hero" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph animated lineCount={4} />
          </section>
        )}
        {entries}
      </>
    );
  }
  const d = q.data;
  return (
    <>
      <section className="card box neu-hero" aria-labelledby="neu-mine-title">
        <div className="row row--between">
          <h2 className="neu-hero__label" id="neu-mine-title">
            {t('neu.myNeu')}
          </h2>
          <LevelTag level={d.level} testId="neu-level" />
        </div>
        <div className="neu-hero__big num" data-testid="neu-balance">
          {registry.format(d.neu, 'NEU')} <small>NEU</small>
        </div>
        <p className="neu-hero__sub num" data-testid="neu-value">
          {d.neu_value_usdt === null
            ? t('neu.noPrice')
            : `≈ ${registry.format(d.neu_value_usdt, 'USDT')} USDT`}
        </p>
        <dl className="figures figures--2">
          <Figure
            label={t('neu.spaQuota')}
            value={<Amount value={registry.format(d.spa, 'SPA')} asset="SPA" />}
            testId="neu-spa"
          />
          <Figure
            label="USDT"
            value={<Amount value={registry.format(d.usdt, 'USDT')} asset="USDT" />}
            testId="neu-usdt"
          />
        </dl>
      </section>
      {entries}
      <section className="card box neu-card" aria-labelledby="neu-earn-title">
        <div className="box__head">
          <h2 className="neu-card__title" id="neu-earn-title">
            {t('neu.myLine')}
          </h2>
          <span className="neu-card__aside">{t('neu.ordersRunning', { count: d.machines })}</span>
        </div>
        <dl className="figures">
          <Figure label={t('neu.staked')} value={registry.format(d.staked, NEU_ASSET)} testId="neu-staked" />
          <Figure label={t('neu.power')} value={showPower(d.power)} testId="neu-power" />
          <Figure
            label={t('neu.stakingReceived')}
            value={registry.format(d.staking_received, NEU_ASSET)}
            tone="up"
          />
          <Figure
            label={t('neu.yesterdayIncome')}
            value={registry.format(d.yesterday_income, NEU_ASSET)}
            tone="up"
            testId="neu-yesterday"
          />
          <Figure
            label={t('neu.totalIncome')}
            value={registry.format(d.total_income, NEU_ASSET)}
            tone="up"
            testId="neu-total"
          />
        </dl>
      </section>
    </>
  );
}

/** The line's own figures: the NEU price, the epoch and today's output, what is staked and what was paid. */
function Line(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const q = useApiQuery('/api/neu/index', NO_BODY);
  if (!q.data) {
    return q.isError ? (
      <InlineError className="card box neu-card" onRetry={() => void q.refetch()} />
    ) : (
      <section className="card box neu-card" aria-busy="true">
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    );
  }
  const d = q.data;
  return (
    <section className="card box neu-card" aria-labelledby="neu-line-title">
      <div className="box__head">
        <h2 className="neu-card__title" id="neu-line-title">
          {t('neu.line')}
        </h2>
        <span className="neu-card__aside num" data-testid="neu-price">
          {d.price_usdt === null
            ? t('neu.noPrice')
            : t('neu.priceLine', { price: showPrice(d.price_usdt), asset: d.asset })}
        </span>
      </div>
      <dl className="figures">
        <Figure label={t('neu.epoch')} value={t('neu.epochN', { n: d.period })} testId="neu-epoch" />
        <Figure
          label={t('neu.todayOutput')}
          value={<Amount value={registry.format(d.daily_emission, NEU_ASSET)} asset={d.asset} />}
          testId="neu-today-output"
        />
        <Figure label={t('neu.networkPower')} value={showPower(d.network_power)} />
        <Figure
          label={t('neu.totalStaked')}
          value={<Amount value={registry.format(d.total_staked, NEU_ASSET)} asset={d.asset} />}
        />
        <Figure
          label={t('neu.totalOutput')}
          value={<Amount value={registry.format(d.total_output, NEU_ASSET)} asset={d.asset} />}
        />
        <Figure
          label={t('neu.spaRate')}
          value={t('neu.spaRateValue', {
            rate: formatUpTo(d.spa_rate, 8),
            asset: d.asset,
            quota: d.quota_asset,
          })}
        />
      </dl>
    </section>
  );
}

function Entries(): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <nav className="neu-entries" aria-label={t('neu.entries')}>
      {ENTRIES.map(({ to, icon: Icon, note }) => (
        <Link key={to} to={routePath(to)} className="card neu-entry" data-testid={`neu-entry-${to}`}>
          <span className="icon-disc neu-entry__icon" aria-hidden="true">
            <Icon />
          </span>
          <span className="fill lines">
            <span className="neu-entry__label">{t(`screens.${to}`)}</span>
            <span className="neu-entry__note">{t(`neu.entryNote.${note}`)}</span>
          </span>
          <IconRight className="neu-entry__chev" />
        </Link>
      ))}
    </nav>
  );
}

/** NEU (/neuRecharge): my NEU, SPA and USDT, their value, the line's price and epoch, my stake and power, the ways in. */
export default function NeuHomeScreen(): ReactNode {
  const { t } = useTranslation('neu');
  const { token } = useSession();
  const refresh = useRefresh('/api/neu/uinfo', '/api/neu/index');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page">
        {token ? (
          <Mine entries={<Entries />} />
        ) : (
          <>
            <SignInPrompt compact title={t('neu.signInTitle')} body={t('neu.signInBody')} />
            <Entries />
          </>
        )}
        <Line />
      </div>
    </PullToRefresh>
  );
}
