import { formatDateTime } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { HashText } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { EntrantName, GroupTag, type RaceInfo, RankBadge, useBehindText, useTicketsText } from './game-parts';
import { RaceReplay } from './race-replay';
import { RaceStage } from './race-stage';
import { useRaceInfo } from './use-race-info';
import { VerifyPanel } from './verify-panel';

type View = 'replay' | 'verify';

/** The race's figures: entrants, pool, when it opened and formed or settled, the seed's hash and the seed. */
function RaceFigures({ g }: { readonly g: RaceInfo['group'] }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  return (
    <dl className="ggrid ggrid--2 gdetail__grid">
      <div>
        <dt>{t('games.entrants')}</dt>
        <dd className="num">{t('games.fill', { n: g.entrants, size: g.size })}</dd>
      </div>
      <div>
        <dt>{t('games.pool')}</dt>
        <dd className="num">{registry.format(g.pool, 'USDT', EXACT)} USDT</dd>
      </div>
      <div>
        <dt>{t('games.opened')}</dt>
        <dd className="num">{formatDateTime(g.opened_at)}</dd>
      </div>
      <div>
        <dt>{g.settled_at ? t('games.settledAt') : t('games.formedAt')}</dt>
        <dd className="num">
          {g.settled_at ? formatDateTime(g.settled_at) : g.formed_at ? formatDateTime(g.formed_at) : '--'}
        </dd>
      </div>
      <div className="ggrid__wide">
        <dt>{t('games.seedHash')}</dt>
        <dd>
          <HashText value={g.seed_hash} head={12} tail={10} />
        </dd>
      </div>
      <div className="ggrid__wide">
        <dt>{t('games.seed')}</dt>
        <dd>
          {g.seed ? (
            <HashText value={g.seed} head={12} tail={10} />
          ) : (
            <span className="gmuted">{t('games.seedHidden')}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** A settled race's replay and verification (each a toggle), or the way to ask again for one not settled. */
function RaceActions({
  settled,
  view,
  onView,
  refreshing,
  onRefresh,
}: {
  readonly settled: boolean;
  readonly view: View | null;
  readonly onView: (v: View | null) => void;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}): ReactNode {
  const { t } = useTranslation('games');
  return (
    <div className="gactions">
      {settled ? (
        <>
          <button
            type="button"
            className={view === 'replay' ? 'gbtn gbtn--primary' : 'gbtn'}
            aria-pressed={view === 'replay'}
            onClick={() => onView(view === 'replay' ? null : 'replay')}
            data-testid="replay-btn"
          >
            {t('games.replay')}
          </button>
          <button
            type="button"
            className={view === 'verify' ? 'gbtn gbtn--primary' : 'gbtn'}
            aria-pressed={view === 'verify'}
            onClick={() => onView(view === 'verify' ? null : 'verify')}
            data-testid="verify-btn"
          >
            {t('games.verify')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="gbtn gbtn--primary"
          onClick={onRefresh}
          disabled={refreshing}
          data-testid="refresh-btn"
        >
          {refreshing ? t('common.refreshing') : t('games.refresh')}
        </button>
      )}
    </div>
  );
}

/** One race (/game1?group=): the group, every entrant, and once settled its replay and its verification. */
export function RaceDetail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('games');
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: View | null = viewParam === 'replay' || viewParam === 'verify' ? viewParam : null;
  const setView = (v: View | null) =>
    setParams(v ? { group: String(id), view: v } : { group: String(id) }, { replace: true });
  const { q, live } = useRaceInfo(id);
  const now = useNow(live, 500);

  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('RaceNotFound')) {
      return <EmptyState title={t('games.noRace')} />;
    }
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ListSkeleton rows={5} />;
  }
  const { group: g, entrants } = q.data;
  const settled = g.status === 'settled' && g.seed !== null;
  return (
    <PullToRefresh onRefresh={() => q.refetch()}>
      <div className="games page games__body" data-testid="race-detail">
        <section className="card box">
          <div className="box__head">
            <h2 className="gh">{t('games.raceNo', { id: g.id })}</h2>
            <GroupTag status={g.status} />
          </div>
          <RaceStage g={g} me={entrants.find((e) => e.mine) ?? null} now={now} />
          <RaceFigures g={g} />
          <RaceActions
            settled={settled}
            view={view}
            onView={setView}
            refreshing={q.isFetching}
            onRefresh={() => void q.refetch()}
          />
        </section>

        {settled && view === 'replay' ? <RaceReplay seed={g.seed ?? ''} entrants={entrants} /> : null}
        {settled && view === 'verify' ? (
          <VerifyPanel seed={g.seed ?? ''} seedHash={g.seed_hash} entrants={entrants} />
        ) : null}

        <Entrants info={q.data} />
      </div>
    </PullToRefresh>
  );
}

function Entrants({ info }: { readonly info: RaceInfo }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  const behind = useBehindText();
  const settled = info.group.status === 'settled';
  const list = [...info.entrants].sort((a, b) =>
    settled ? (a.rank ?? 1e9) - (b.rank ?? 1e9) : a.join_order - b.join_order,
  );
  return (
    <section className="card box gcard--list">
      <h2 className="gh gcard__pad">
        {t('games.entrants')} <span className="gmuted num">{info.entrants.length}</span>
      </h2>
      {list.length === 0 ? (
        <p className="gmuted gcard__pad">{t('games.noEntrants')}</p>
      ) : (
        <ol className="gentrants">
          {list.map((e) => (
            <li
              key={e.entry_id}
              className={e.mine ? 'gentrant gentrant--mine' : 'gentrant'}
              data-testid="entrant"
              data-mine={e.mine}
              data-demo={e.demo}
            >
              <RankBadge rank={settled ? e.rank : null} />
              <div className="gentrant__main">
                <div className="gentrant__line">
                  {e.mine ? (
                    <>
                      <span className="gentrant__uid num">{e.uid}</span>
                      <span className="gyou">{t('games.you')}</span>
                    </>
                  ) : (
                    <span className="gentrant__uid">
                      <EntrantName e={e} />
                    </span>
                  )}
                  <span className="gentrant__tickets num">{tk(e.tickets)}</span>
                </div>
                <div className="gentrant__sub num">
                  {settled && e.finish_ms !== null && e.finish_ms > 0 ? (
                    <span className="gentrant__behind" data-testid="entrant-behind">
                      {behind(e.finish_ms)}
                    </span>
                  ) : null}
                  <span>{t('games.joinOrder', { n: e.join_order })}</span>
                  <span className="gentrant__seed" title={e.client_seed}>
                    {t('games.seedShort')} {e.client_seed.slice(0, 10)}…
                  </span>
                </div>
              </div>
              <span
                className={
                  Number(e.reward) > 0 && !e.demo ? 'gentrant__reward num up' : 'gentrant__reward num'
                }
              >
                {Number(e.reward) > 0
                  ? `+${registry.format(e.reward, 'USDT', EXACT)}`
                  : registry.format(e.reward, 'USDT', EXACT)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
