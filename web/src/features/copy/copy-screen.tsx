import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { Avatar, DemoTag, pctOf, signed, TierBadge, type Trader, tone } from './copy-parts';
import { LeadPanel } from './lead-panel';
import { MyCopies } from './my-copies';
import './copy.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'traders' | 'mine' | 'lead';
type Sort = 'rate14' | 'follower_profit' | 'capital' | 'profit_days' | 'copy_count';
const SORTS: readonly Sort[] = ['rate14', 'follower_profit', 'capital', 'profit_days', 'copy_count'];
const TIERS = ['junior', 'intermediate', 'senior'] as const;

/** The Copy tab (/copy): lead traders by the chosen figure, my copies, and leading. */
export default function CopyScreen(): ReactNode {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'traders';
  const setTab = (next: Tab) => setParams(next === 'traders' ? {} : { tab: next }, { replace: true });
  if (!token) {
    return (
      <div className="copy">
        <SignInPrompt title={t('copy.signInTitle')} body={t('copy.signInBody')} />
      </div>
    );
  }
  return (
    <div className="copy">
      <Tabs
        className="sticky-bar copy__tabs"
        value={tab}
        onChange={setTab}
        label={t('copy.title')}
        items={[
          { key: 'traders', label: t('copy.tabTraders') },
          { key: 'mine', label: t('copy.tabMine') },
          { key: 'lead', label: t('copy.tabLead') },
        ]}
      />
      {tab === 'traders' ? <Traders /> : tab === 'mine' ? <MyCopies /> : <LeadPanel />}
    </div>
  );
}

function Traders(): ReactNode {
  const { t } = useTranslation('copy');
  const [sort, setSort] = useState<Sort>('rate14');
  const [tier, setTier] = useState<Trader['tier'] | 'all'>('all');
  const [picking, setPicking] = useState(false);
  const active = useApiQuery('/v1/copy/myFollows', { status: 'active', page: 1, size: 1 });
  const mine = active.data?.list[0] ?? null;
  return (
    <>
      {mine ? (
        <Link
          className="copy__mine card"
          to={`${routePath('copyTrader')}?id=${mine.trader_id}`}
          data-testid="copy-mine"
        >
          <Avatar name={mine.trader_name} size={28} />
          <span className="copy__mine-label">
            {t('copy.copying', { name: mine.trader_name })} <DemoTag demo={mine.trader_demo} />
          </span>
          <span className={`num ${tone(String(Number(mine.realized) + Number(mine.upl)))}`}>
            {signed(String(Number(mine.realized) + Number(mine.upl)))} USDT ›
          </span>
        </Link>
      ) : null}
      <div className="scroll-x copy__sorts" role="toolbar" aria-label={t('copy.sortBy')}>
        {SORTS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === sort}
            className={s === sort ? 'copy__sort copy__sort--on' : 'copy__sort'}
            onClick={() => setSort(s)}
          >
            {t(`copy.figure.${s}`)}
          </button>
        ))}
        <button type="button" className="copy__sort copy__sort--tier" onClick={() => setPicking(true)}>
          {tier === 'all' ? t('copy.allTiers') : t(`copy.tier.${tier}`)} ▾
        </button>
      </div>
      <PagedList
        key={`${sort}:${tier}`}
        path="/v1/copy/traders"
        filters={tier === 'all' ? { sort } : { sort, tier }}
        itemKey={(x) => x.id}
        emptyTitle={t('copy.noTraders')}
        emptyBody={t('copy.noTradersBody')}
        renderItem={(x) => <TraderRow x={x} />}
      />
      <PickerSheet
        visible={picking}
        title={t('copy.tierFilter')}
        value={tier}
        onPick={setTier}
        onClose={() => setPicking(false)}
        options={[
          { value: 'all', label: t('copy.allTiers') },
          ...TIERS.map((v) => ({ value: v, label: t(`copy.tier.${v}`) })),
        ]}
      />
    </>
  );
}

function TraderRow({ x }: { readonly x: Trader }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <Link className="list-row" to={`${routePath('copyTrader')}?id=${x.id}`} data-testid="copy-trader">
      <div className="ctrader__head">
        <Avatar name={x.name} />
        <div className="ctrader__who">
          <span className="ctrader__name">{x.name}</span>
          <span className="ctrader__meta">
            <DemoTag demo={x.demo} />
            <TierBadge tier={x.tier} />
            <span className="num">
              {x.copy_count}/{x.max_followers}
            </span>
          </span>
        </div>
        <div className="ctrader__rate">
          <span className={`num ${tone(x.rate14)}`}>{signed(x.rate14)}%</span>
          <span className="ctrader__small">{t('copy.figure.rate14')}</span>
        </div>
      </div>
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.figure.follower_profit')}</dt>
          <dd className={`num ${tone(x.follower_profit)}`}>{signed(x.follower_profit)}</dd>
        </div>
        <div>
          <dt>{t('copy.figure.capital')}</dt>
          <dd className="num">{registry.format(x.capital, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('copy.figure.profit_days')}</dt>
          <dd className="num">{x.profit_days}</dd>
        </div>
        <div>
          <dt>{t('copy.share')}</dt>
          <dd className="num">{pctOf(x.profit_share)}</dd>
        </div>
      </dl>
    </Link>
  );
}
