import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import { useSession } from '../../session';
import {
  IconCandles,
  IconChart,
  IconClock,
  IconDoc,
  IconLock,
  IconMiner,
  IconNft,
  IconNode,
  IconRecords,
  IconStar,
} from '../../ui/icons';
import '../../ui/figures.css';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { pct, showPower } from './mining-parts';
import './mining.css';
import { useAssets } from '../../hooks/assets';

type IconType = ComponentType<{ className?: string }>;

const ENTRIES: readonly { readonly to: ScreenName; readonly icon: IconType }[] = [
  { to: 'miner', icon: IconMiner },
  { to: 'miner1', icon: IconNode },
  { to: 'miner2', icon: IconRecords },
  { to: 'node1', icon: IconCandles },
  { to: 'node5', icon: IconStar },
  { to: 'node2', icon: IconLock },
  { to: 'node3', icon: IconChart },
  { to: 'nft', icon: IconNft },
  { to: 'nft6', icon: IconDoc },
  { to: 'nft7', icon: IconClock },
];

const KINDS = ['base', 'bonus', 'personal', 'direct', 'level', 'team', 'cumulative', 'network'] as const;

/** Node center (/node): my hash power of every kind, my level and output, and the ways into mining and earn. */
export default function NodeScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const { token } = useSession();
  return (
    <div className="page">
      {token ? (
        <Power />
      ) : (
        <SignInPrompt compact title={t('mining.signInTitle')} body={t('mining.signInBody')} />
      )}
      <nav className="card mn-entries" aria-label={t('mining.entries')}>
        {ENTRIES.map(({ to, icon: Icon }) => (
          <Link key={to} to={routePath(to)} className="tile mn-entry" data-testid={`node-entry-${to}`}>
            <span className="tile__icon mn-entry__icon" aria-hidden="true">
              <Icon />
            </span>
            <span className="tile__label">{t(`screens.${to}`)}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

function Power(): ReactNode {
  const { t } = useTranslation('mining');
  const registry = useAssets();
  const info = useApiQuery('/api/machine/machinePowerInfo', NO_BODY);
  if (!info.data) {
    return info.isError ? <ErrorState onRetry={() => void info.refetch()} /> : <ListSkeleton rows={3} />;
  }
  const d = info.data;
  const values: Record<(typeof KINDS)[number], string> = {
    base: d.base,
    bonus: d.bonus,
    personal: d.personal,
    direct: d.direct,
    level: d.level_power,
    team: d.team,
    cumulative: d.cumulative,
    network: d.network,
  };
  return (
    <>
      <section className="card box mn-hero">
        <div className="row row--between">
          <span className="mn-hero__label">{t('mining.effective')}</span>
          <span className="mn-level num" data-testid="team-level">
            {t('mining.levelTag', { n: d.level })}
          </span>
        </div>
        <div className="hero-figure num" data-testid="power-effective">
          {showPower(d.effective)}
        </div>
        <dl className="figures">
          <div>
            <dt>{t('mining.estimatedDaily')}</dt>
            <dd className="num up" data-testid="output-estimated">
              {registry.format(d.estimated_daily, d.output_asset)} <small>{d.output_asset}</small>
            </dd>
          </div>
          <div>
            <dt>{t('mining.yesterday')}</dt>
            <dd className="num" data-testid="output-yesterday">
              {registry.format(d.yesterday_output, d.output_asset)} <small>{d.output_asset}</small>
            </dd>
          </div>
          <div>
            <dt>{t('mining.totalOutput')}</dt>
            <dd className="num" data-testid="output-total">
              {registry.format(d.total_output, d.output_asset)} <small>{d.output_asset}</small>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card box">
        <div className="mn-card__head">
          <h2 className="mn-card__title">{t('mining.myPower')}</h2>
          <span className="mn-card__aside">{t('mining.running', { n: d.running_orders })}</span>
        </div>
        <dl className="figures figures--4">
          {KINDS.map((k) => (
            <div key={k}>
              <dt>{t(`mining.kind.${k}`)}</dt>
              <dd className="num" data-testid={`power-${k}`}>
                {showPower(values[k])}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="mn-lines">
          <div>
            <dt>{t('mining.dailyEmission')}</dt>
            <dd className="num">
              {registry.format(d.daily_emission, d.output_asset)} {d.output_asset}
            </dd>
          </div>
          <div>
            <dt>{t('mining.directShare')}</dt>
            <dd className="num">{pct(d.direct_rate)}</dd>
          </div>
          <div>
            <dt>{t('mining.levelShare', { n: d.level })}</dt>
            <dd className="num">{pct(d.level_rate)}</dd>
          </div>
        </dl>
        <p className="note note--xs">{t('mining.powerRule')}</p>
      </section>
    </>
  );
}
