import type { ReactNode } from 'react';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { clock, fillPercent, secondsLeft } from './game-math';
import { type Entrant, EntrantName, type RaceGroup, RankBadge } from './game-parts';

export function Progress({ value, label }: { readonly value: number; readonly label: string }): ReactNode {
  return (
    <div
      className="bar gbar"
      role="progressbar"
      aria-valuenow={Math.round(value)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <span style={{ width: `${value}%` }} />
    </div>
  );
}

/** How far a formed group's race has run at `now`, 0–100 (0 before it formed or when it has no length). */
export function raceDone(g: RaceGroup, now: number): number {
  if (g.status !== 'formed' || !g.formed_at || !g.race_ends_at) return 0;
  const total = Date.parse(g.race_ends_at) - Date.parse(g.formed_at);
  if (!(total > 0)) return 100;
  return Math.min(100, Math.max(0, ((now - Date.parse(g.formed_at)) / total) * 100));
}

/**
 * Where a race is, as the server has it: filling (seats left, until when), running (how long it still runs),
 * settled (my result, when I am in it), or expired.
 */
export function RaceStage({
  g,
  me,
  now,
}: {
  readonly g: RaceGroup;
  readonly me: Entrant | null;
  readonly now: number;
}): ReactNode {
  const { t } = useTranslation('games');
  const registry = useAssets();
  const fill = t('games.fill', { n: g.entrants, size: g.size });
  const raceLeft = g.status === 'formed' ? secondsLeft(g.race_ends_at, now) : null;
  const openLeft = g.status === 'open' && g.entrants > 0 ? secondsLeft(g.expires_at, now) : null;
  return (
    <div className="gstage" data-testid="race-stage" data-stage={g.status}>
      {g.status === 'open' ? (
        <>
          <Progress value={fillPercent(g.entrants, g.size)} label={fill} />
          <div className="gcard__fill num">
            <span data-testid="my-race-fill">
              {fill} · {t('games.waiting', { count: Math.max(0, g.size - g.entrants) })}
            </span>
            {openLeft !== null ? <span>{t('games.closesIn', { time: clock(openLeft) })}</span> : null}
          </div>
        </>
      ) : null}
      {g.status === 'formed' ? (
        <>
          <Progress value={raceDone(g, now)} label={t('games.racing')} />
          <div className="gcard__fill num">
            <span className="grunning">{t('games.racing')}</span>
            {raceLeft !== null ? (
              <span data-testid="race-left">
                {raceLeft > 0 ? t('games.raceEndsIn', { time: clock(raceLeft) }) : t('games.settling')}
              </span>
            ) : null}
          </div>
        </>
      ) : null}
      {g.status === 'settled' && me ? (
        <div className="gresult" data-testid="my-result">
          <RankBadge rank={me.rank} />
          <div className="gresult__text">
            <strong>
              {me.rank !== null ? t('games.yourRank', { rank: me.rank }) : t('games.entryStatus.not_drawn')}
            </strong>
            <span className="num">
              {t('games.reward')} {registry.format(me.reward, 'USDT', EXACT)} USDT
            </span>
          </div>
        </div>
      ) : null}
      {g.status === 'expired' ? <p className="gmuted">{t('games.expiredNote')}</p> : null}
    </div>
  );
}

/** The entrants in the order they joined (ranked once settled), and the seats still empty while it fills. */
export function EntrantChips({
  g,
  entrants,
}: {
  readonly g: RaceGroup;
  readonly entrants: readonly Entrant[];
}): ReactNode {
  const { t } = useTranslation('games');
  const settled = g.status === 'settled';
  const list = settled
    ? [...entrants].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9))
    : [...entrants].sort((a, b) => a.join_order - b.join_order);
  return (
    <ul className="gchips" aria-label={t('games.entrants')}>
      {list.map((e) => (
        <li
          key={e.entry_id}
          className={e.mine ? 'gchip gchip--mine' : e.demo ? 'gchip gchip--demo' : 'gchip'}
          data-testid="entrant-chip"
          data-demo={e.demo}
        >
          {settled ? <RankBadge rank={e.rank} /> : <span className="gchip__n num">{e.join_order}</span>}
          <EntrantName e={e} />
          <span className="gchip__t num">×{e.tickets}</span>
        </li>
      ))}
      {g.status === 'open'
        ? Array.from({ length: Math.max(0, g.size - entrants.length) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: empty seats have no identity
            <li key={`seat-${i}`} className="gchip gchip--empty" aria-hidden="true">
              <span className="gchip__n num">{entrants.length + i + 1}</span>
            </li>
          ))
        : null}
    </ul>
  );
}
