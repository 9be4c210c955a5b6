import { formatDate, formatNumber, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { pctOf, signed, TierBadge, tone } from './copy-parts';
import { Settlements } from './my-copies';

const DELAYS = [0, 5, 15, 60] as const;

type LeadStatus = ResponseData<'/v1/copy/lead'>;
type Tier = NonNullable<LeadStatus['tier']>;
type Follower = PagedItem<'/v1/copy/myFollowers'>;

/** A lead's desk: tier, what was earned, followers, share and delay (the delay set with a tap). */
function LeadDesk({
  s,
  tier,
  onDelay,
}: {
  readonly s: LeadStatus;
  readonly tier: Tier;
  readonly onDelay: (delay_min: number) => void;
}): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <section className="card box" data-testid="lead-desk">
      <header className="ccopy__head">
        <span>{t('copy.leadDesk')}</span>
        <TierBadge tier={tier} />
      </header>
      {s.suspended ? (
        <p className="clead__notice" role="status" data-testid="lead-suspended">
          {s.suspended.message}
        </p>
      ) : null}
      <div className="hero-figure ccopy__big num up">
        +{registry.format(s.earned, 'USDT')} <small>USDT</small>
      </div>
      <p className="ccopy__terms">{t('copy.earnedTotal')}</p>
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.figure.copy_count')}</dt>
          <dd className="num">
            {s.copy_count}/{s.max_followers}
          </dd>
        </div>
        <div>
          <dt>{t('copy.share')}</dt>
          <dd className="num">{pctOf(s.profit_share)}</dd>
        </div>
        <div>
          <dt>{t('copy.delay')}</dt>
          <dd className="num">{t('copy.minutes', { n: s.delay_min })}</dd>
        </div>
        <div>
          <dt>{t('copy.page')}</dt>
          <dd>
            <Link to={`${routePath('copyTrader')}?id=${s.id ?? ''}`}>{t('copy.view')} ›</Link>
          </dd>
        </div>
      </dl>
      <fieldset className="clead__delays">
        <legend>{t('copy.delayHint')}</legend>
        {DELAYS.map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={d === s.delay_min}
            className={d === s.delay_min ? 'copy__sort copy__sort--on' : 'copy__sort'}
            onClick={() => onDelay(d)}
          >
            {t('copy.minutes', { n: d })}
          </button>
        ))}
      </fieldset>
    </section>
  );
}

/** Becoming a lead: the criteria and my progress toward them, the application's state, and "Apply". */
function LeadApply({ s, onAsk }: { readonly s: LeadStatus; readonly onAsk: () => void }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const pending = s.application?.status === 'pending';
  const equityOk = Number(s.progress.equity) >= Number(s.criteria.min_equity);
  const closedOk = s.progress.closed_positions >= s.criteria.min_closed_positions;
  const criteriaMet = equityOk && closedOk;
  return (
    <section className="card box" data-testid="lead-apply">
      <h2 className="clead__h">{t('copy.becomeLead')}</h2>
      <p className="ccopy__terms">{t('copy.becomeLeadBody')}</p>
      {s.application ? (
        <p className="clead__notice" role="status" data-testid="lead-application">
          {s.application.message}
        </p>
      ) : null}
      <ul className="clead__criteria">
        <li className={closedOk ? 'clead__ok' : ''}>
          {t('copy.critClosed', { n: s.criteria.min_closed_positions })}
          <span className="num">
            {s.progress.closed_positions}/{s.criteria.min_closed_positions}
          </span>
        </li>
        <li className={equityOk ? 'clead__ok' : ''}>
          {t('copy.critEquity', { amount: registry.format(s.criteria.min_equity, 'USDT') })}
          <span className="num">{registry.format(s.progress.equity, 'USDT')}</span>
        </li>
      </ul>
      <button
        type="button"
        className="btn-primary clead__btn"
        disabled={!s.can_apply || pending}
        onClick={onAsk}
        data-testid="lead-apply-btn"
      >
        {pending ? t('copy.underReview') : t('copy.apply')}
      </button>
      {!s.can_apply && !pending ? (
        <p className="ccopy__terms" role="note" data-testid="lead-apply-why">
          {s.copying ? `${t('copy.notWhileCopying')} ` : null}
          {criteriaMet ? null : (
            <>
              {t('copy.notYet')} <Link to={routePath('contract')}>{t('copy.toFutures')} ›</Link>
            </>
          )}
        </p>
      ) : null}
    </section>
  );
}

/** The tiers: followers and assets each needs, its profit share and how many may follow. */
function TiersTable({ tiers }: { readonly tiers: LeadStatus['tiers'] }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <section className="card box">
      <h2 className="clead__h">{t('copy.tiers')}</h2>
      <table className="clead__table">
        <thead>
          <tr>
            <th>{t('copy.tierCol')}</th>
            <th>{t('copy.followersCol')}</th>
            <th>{t('copy.aumCol')}</th>
            <th>{t('copy.share')}</th>
            <th>{t('copy.capCol')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((x) => (
            <tr key={x.tier}>
              <td>
                <TierBadge tier={x.tier} short />
              </td>
              <td className="num">≥{x.min_followers}</td>
              <td className="num">≥{registry.format(x.min_aum, 'USDT')}</td>
              <td className="num">{pctOf(x.profit_share)}</td>
              <td className="num">{x.max_followers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One follower: since when, their budget, what they realized and what they shared. */
function FollowerRow({ f }: { readonly f: Follower }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <article className="crec">
      <div className="crec__top">
        <span>{f.follower}</span>
        <span className="num">{formatDate(f.since)}</span>
      </div>
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.budget')}</dt>
          <dd className="num">{registry.format(f.budget, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('copy.realized')}</dt>
          <dd className={`num ${tone(f.realized)}`}>{signed(f.realized)}</dd>
        </div>
        <div>
          <dt>{t('copy.shared')}</dt>
          <dd className="num">{formatNumber(f.shared, 2)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** Leading: the criteria and my progress toward them, or my tier, followers, earnings and delay. */
export function LeadPanel(): ReactNode {
  const { t } = useTranslation('copy');
  const status = useApiQuery('/v1/copy/lead', NO_BODY);
  const apply = useApiMutation('/v1/copy/applyLead', { refreshes: ['/v1/copy/lead', '/v1/copy/traders'] });
  const [asking, setAsking] = useState(false);
  const [tab, setTab] = useState<'followers' | 'earnings'>('followers');
  if (!status.data) {
    return status.isError ? <ErrorState onRetry={() => void status.refetch()} /> : <ListSkeleton rows={3} />;
  }
  const s = status.data;
  const setDelay = async (delay_min: number) => {
    try {
      await apply.mutateAsync({ delay_min });
      showToast(t('copy.saved'));
    } catch {
      // Toasted by the query client.
    }
  };
  const become = async () => {
    try {
      const answer = await apply.mutateAsync({});
      setAsking(false);
      showToast(answer.is_lead ? t('copy.nowLead') : t('copy.applied'));
    } catch {
      // Toasted by the query client.
    }
  };
  return (
    <div className="clead">
      {s.is_lead && s.tier ? (
        <LeadDesk s={s} tier={s.tier} onDelay={(d) => void setDelay(d)} />
      ) : (
        <LeadApply s={s} onAsk={() => setAsking(true)} />
      )}
      <TiersTable tiers={s.tiers} />
      {s.is_lead ? (
        <>
          <Tabs
            className="copy__subtabs"
            size="m"
            value={tab}
            onChange={setTab}
            label={t('copy.leadDesk')}
            items={[
              { key: 'followers', label: t('copy.followersTab') },
              { key: 'earnings', label: t('copy.earningsTab') },
            ]}
          />
          {tab === 'followers' ? (
            <PagedList
              path="/v1/copy/myFollowers"
              filters={{}}
              pullToRefresh={false}
              itemKey={(f) => f.follow_id}
              emptyTitle={t('copy.noFollowers')}
              renderItem={(f) => <FollowerRow f={f} />}
            />
          ) : (
            <Settlements side="lead" />
          )}
        </>
      ) : null}
      <ConfirmSheet
        visible={asking}
        title={t('copy.becomeLead')}
        busy={apply.isPending}
        onConfirm={() => void become()}
        onClose={() => setAsking(false)}
        rows={[
          { label: t('copy.share'), value: pctOf(s.profit_share) },
          { label: t('copy.capCol'), value: String(s.max_followers) },
        ]}
        note={t('copy.leadNote')}
      />
    </div>
  );
}
