import { formatDateTime } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiFailure, invalidateApi, NO_BODY, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { SubmitButton } from '../../ui/form';
import { IconClose } from '../../ui/icons';
import { HashText } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { InlineError, ListSkeleton } from '../../ui/states';
import { clock, fillPercent, secondsLeft } from './game-math';
import {
  EntryTag,
  GroupTag,
  isLive,
  LIVE_MS,
  type Lobby,
  pctText,
  type RaceGroup,
  raceLink,
  sharesText,
  useTicketsText,
} from './game-parts';
import { JoinSheet } from './join-sheet';
import { EntrantChips, Progress, RaceStage, raceDone } from './race-stage';
import { GetTicketsCard, WalletCard } from './tickets-card';
import { useLiveRace } from './use-race-info';

/** The race I joined last on this page: its card stays (with the result) after it settles. */
let lastJoined: number | null = null;

/** How often the lobby is asked again while nothing is filling or running (a group may start any time). */
const IDLE_MS = 10_000;

/** Something in the lobby changes by itself: my race, a group filling, a race running. */
function lobbyIsLive(d: Lobby, mine: boolean): boolean {
  return mine || (d.group !== null && d.group.entrants > 0) || d.recent.some((g) => g.status === 'formed');
}

/** The race tab: my tickets, the open group to join, the race I am in as it fills, runs and settles. */
export function RaceTab(): ReactNode {
  const client = useQueryClient();
  const [poll, setPoll] = useState(IDLE_MS);
  const lobby = useApiQuery('/api/racer/index', NO_BODY, { refetchInterval_ms: poll });
  const [watched, setWatched] = useState<number | null>(lastJoined);
  const [join, setJoin] = useState<{ readonly group: RaceGroup; readonly n: number } | null>(null);
  const [joinVisible, setJoinVisible] = useState(false);

  const d = lobby.data;
  // The race to follow: the one I am in now, else the one joined last here.
  const current = d ? (d.joined ?? d.active.find((e) => isLive(e.group_status)) ?? null) : null;
  const followId = current?.group_id ?? watched;
  const shouldPoll = d !== undefined && lobbyIsLive(d, current !== null) ? LIVE_MS : IDLE_MS;
  if (shouldPoll !== poll) setPoll(shouldPoll);
  useEffect(() => {
    if (current && current.group_id !== lastJoined) {
      lastJoined = current.group_id;
      setWatched(current.group_id);
    }
  }, [current]);

  if (!d) {
    return (
      <div className="page games__body">
        {lobby.isError ? <InlineError onRetry={() => void lobby.refetch()} /> : <ListSkeleton rows={4} />}
      </div>
    );
  }
  const groupIsMine = d.group !== null && d.group.id === followId;
  const others = d.active.filter((e) => e.group_id !== followId);
  const refresh = () => Promise.all([lobby.refetch(), invalidateApi(client, '/api/racer/racerInfo')]);
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page games__body">
        <WalletCard lobby={d} />
        {followId !== null ? (
          <LiveRace
            key={followId}
            id={followId}
            demoFill={d.demo_fill}
            onDismiss={() => {
              lastJoined = null;
              setWatched(null);
            }}
          />
        ) : null}
        {d.group && !groupIsMine ? (
          <GroupCard
            group={d.group}
            lobby={d}
            onJoin={(g) => {
              setJoin({ group: g, n: (join?.n ?? 0) + 1 });
              setJoinVisible(true);
            }}
          />
        ) : null}
        {!d.group ? <NoGroup /> : null}
        <RecentRaces groups={d.recent.filter((g) => g.id !== followId && g.id !== d.group?.id)} />
        <GetTicketsCard lobby={d} />
        <MyRaces entries={others} />
        <Rules lobby={d} />
        {join ? (
          <JoinSheet
            key={join.n}
            group={join.group}
            lobby={d}
            visible={joinVisible}
            onClose={() => setJoinVisible(false)}
            onJoined={(id) => {
              lastJoined = id;
              setWatched(id);
            }}
          />
        ) : null}
      </div>
    </PullToRefresh>
  );
}

function NoGroup(): ReactNode {
  const { t } = useTranslation('games');
  return (
    <section className="card box gcard--empty">
      <p className="gmuted">{t('games.noGroup')}</p>
    </section>
  );
}

/** The group taking entrants: fill, pool, prizes, the published seed hash, and the join button. */
function GroupCard({
  group: g,
  lobby,
  onJoin,
}: {
  readonly group: RaceGroup;
  readonly lobby: Lobby;
  readonly onJoin: (g: RaceGroup) => void;
}): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  // The wait for the group to fill starts with its first entrant.
  const counting = g.status === 'open' && g.entrants > 0;
  const now = useNow(counting, 1000);
  const left = counting ? secondsLeft(g.expires_at, now) : null;
  const fill = t('games.fill', { n: g.entrants, size: g.size });
  return (
    <section className="card box" data-testid="open-group">
      <div className="box__head">
        <h2 className="gh">{t('games.raceNo', { id: g.id })}</h2>
        <GroupTag status={g.status} />
      </div>
      <Progress value={fillPercent(g.entrants, g.size)} label={fill} />
      <div className="gcard__fill num">
        <span data-testid="group-fill">{fill}</span>
        {left !== null ? <span>{t('games.closesIn', { time: clock(left) })}</span> : null}
      </div>
      <dl className="ggrid ggrid--2">
        <div>
          <dt>{t('games.pool')}</dt>
          <dd className="num">{registry.format(g.pool, 'USDT', EXACT)} USDT</dd>
        </div>
        <div>
          <dt>{t('games.prizes')}</dt>
          <dd className="num">{sharesText(lobby.rewards)}</dd>
        </div>
        <div className="ggrid__wide">
          <dt>{t('games.seedHash')}</dt>
          <dd>
            <HashText value={g.seed_hash} head={10} tail={8} />
          </dd>
        </div>
      </dl>
      <DemoNote fill={lobby.demo_fill} />
      {g.status === 'open' ? (
        <SubmitButton onClick={() => onJoin(g)}>{t('games.joinRace')}</SubmitButton>
      ) : null}
    </section>
  );
}

/** Replay and verification once settled, else asking again; the race's details either way. */
function LiveRaceActions({
  g,
  refreshing,
  onRefresh,
}: {
  readonly g: RaceGroup;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}): ReactNode {
  const { t } = useTranslation('games');
  return (
    <div className="gactions">
      {g.status === 'settled' ? (
        <>
          <Link className="gbtn gbtn--primary" to={raceLink(g.id, 'replay')} data-testid="replay-link">
            {t('games.replay')}
          </Link>
          <Link className="gbtn" to={raceLink(g.id, 'verify')}>
            {t('games.verify')}
          </Link>
        </>
      ) : (
        <button type="button" className="gbtn" onClick={onRefresh} disabled={refreshing}>
          {t('games.refresh')}
        </button>
      )}
      <Link className="gbtn" to={raceLink(g.id)}>
        {t('games.details')}
      </Link>
    </div>
  );
}

/**
 * Whether demo racers fill the group: they do (their seats are the demo pool's, the odds and prizes are any
 * group's), or the demo pool is used up and the group waits for real players. Nothing where there are none.
 */
function DemoNote({ fill }: { readonly fill: Lobby['demo_fill'] }): ReactNode {
  const { t } = useTranslation('games');
  if (fill === 'off') return null;
  return (
    <p
      className={fill === 'empty' ? 'gdemo-note gdemo-note--empty' : 'gdemo-note'}
      data-testid="demo-note"
      data-fill={fill}
    >
      {fill === 'empty' ? t('games.demoEmpty') : t('games.demoOn')}
    </p>
  );
}

/** The race I am in, asked again every 2 s until it settles: fill, the race running, then my result. */
function LiveRace({
  id,
  demoFill,
  onDismiss,
}: {
  readonly id: number;
  readonly demoFill: Lobby['demo_fill'];
  readonly onDismiss: () => void;
}): ReactNode {
  const { t } = useTranslation('games');
  const { q, live, now } = useLiveRace(id);
  const g = q.data?.group;

  if (!q.data || !g) {
    if (q.error instanceof ApiFailure && q.error.is('RaceNotFound')) return null;
    return (
      <section className="card box">
        {q.isError ? <InlineError onRetry={() => void q.refetch()} /> : <ListSkeleton rows={1} />}
      </section>
    );
  }
  const entrants = [...q.data.entrants].sort((a, b) => a.join_order - b.join_order);
  const me = entrants.find((e) => e.mine) ?? null;

  return (
    <section className="card box gcard--mine" data-testid="my-race">
      <div className="box__head">
        <h2 className="gh">
          {t('games.myRace')} · {t('games.raceNo', { id: g.id })}
        </h2>
        <span className="gcard__tags">
          <GroupTag status={g.status} />
          {!live ? (
            <button type="button" className="gicon-btn" onClick={onDismiss} aria-label={t('common.close')}>
              <IconClose />
            </button>
          ) : null}
        </span>
      </div>

      <RaceStage g={g} me={me} now={now} />
      {g.status === 'open' && demoFill === 'empty' ? <DemoNote fill={demoFill} /> : null}

      <EntrantChips g={g} entrants={entrants} />

      <LiveRaceActions g={g} refreshing={q.isFetching} onRefresh={() => void q.refetch()} />
    </section>
  );
}

/**
 * The races that left the lobby lately (other than mine): each as it runs, with the time it still runs, then
 * settled or expired; each opens its race.
 */
function RecentRaces({ groups }: { readonly groups: readonly RaceGroup[] }): ReactNode {
  const { t } = useTranslation('games');
  const now = useNow(
    groups.some((g) => g.status === 'formed'),
    500,
  );
  if (groups.length === 0) return null;
  return (
    <section className="card box gcard--list" data-testid="recent-races">
      <h2 className="gh gcard__pad">{t('games.recentRaces')}</h2>
      {groups.map((g) => {
        const left = g.status === 'formed' ? secondsLeft(g.race_ends_at, now) : null;
        return (
          <Link
            key={g.id}
            className="gentry"
            to={raceLink(g.id)}
            data-testid="recent-race"
            data-status={g.status}
          >
            <div className="row row--between">
              <span className="gentry__title">{t('games.raceNo', { id: g.id })}</span>
              <GroupTag status={g.status} />
            </div>
            {g.status === 'formed' ? <Progress value={raceDone(g, now)} label={t('games.racing')} /> : null}
            <div className="gentry__sub num">
              <span>{t('games.fill', { n: g.entrants, size: g.size })}</span>
              {left !== null ? (
                <span className="grunning">
                  {left > 0 ? t('games.raceEndsIn', { time: clock(left) }) : t('games.settling')}
                </span>
              ) : null}
              {g.status === 'settled' ? <span>{t('games.seeResult')}</span> : null}
            </div>
          </Link>
        );
      })}
    </section>
  );
}

/** My other entries not finished yet (each opens its race). */
function MyRaces({ entries }: { readonly entries: Lobby['active'] }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const tk = useTicketsText();
  if (entries.length === 0) return null;
  return (
    <section className="card box gcard--list">
      <h2 className="gh gcard__pad">{t('games.myRaces')}</h2>
      {entries.map((e) => (
        <Link key={e.id} className="gentry" to={raceLink(e.group_id)} data-testid="active-entry">
          <div className="row row--between">
            <span className="gentry__title">{t('games.raceNo', { id: e.group_id })}</span>
            <span className="gcard__tags">
              <GroupTag status={e.group_status} />
              <EntryTag status={e.status} />
            </span>
          </div>
          <div className="gentry__sub num">
            <span>{tk(e.tickets)}</span>
            <span>
              {t('games.principal')} {registry.format(e.principal, 'USDT', EXACT)} USDT
            </span>
            <span>{formatDateTime(e.created_at).slice(5, 16)}</span>
          </div>
        </Link>
      ))}
    </section>
  );
}

function Rules({ lobby }: { readonly lobby: Lobby }): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  return (
    <p className="gnote">
      {t('games.rules', {
        size: lobby.group_size,
        price: registry.format(lobby.ticket_price, 'USDT', EXACT),
        share: pctText(lobby.prize_share),
      })}
    </p>
  );
}
