import { type EndpointPath, formatUpTo, type ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { type CountProblem, rankTone } from './game-math';

export type Lobby = ResponseData<'/api/racer/index'>;
export type RaceGroup = NonNullable<Lobby['group']>;
export type RaceEntry = Lobby['active'][number];
export type RaceInfo = ResponseData<'/api/racer/racerInfo'>;
export type Entrant = RaceInfo['entrants'][number];
export type GroupStatus = RaceGroup['status'];
export type EntryStatus = RaceEntry['status'];

/** How often a race still filling or running is asked again. */
export const LIVE_MS = 2000;
/** What a ticket or race call changes: refreshed once it settles. */
export const GAME_READS: readonly EndpointPath[] = [
  '/api/racer/index',
  '/api/racer/ticketOrderList',
  '/api/racer/lockLog',
  '/api/racer/playLog',
  '/api/game/orderList',
  '/api/finance/userFinance',
];

/** Where a race is shown in full: the match records with its group. */
export function raceLink(groupId: number, view?: 'replay' | 'verify'): string {
  return `${routePath('game1')}?group=${groupId}${view ? `&view=${view}` : ''}`;
}

/** A group still changing by itself (filling, or its race running). */
export function isLive(status: GroupStatus): boolean {
  return status === 'open' || status === 'formed';
}

export function GroupTag({ status }: { readonly status: GroupStatus }): ReactNode {
  const { t } = useTranslation('games');
  return (
    <span className={`gtag gtag--${status}`} data-testid="group-status">
      {t(`games.groupStatus.${status}`)}
    </span>
  );
}

export function EntryTag({ status }: { readonly status: EntryStatus }): ReactNode {
  const { t } = useTranslation('games');
  return (
    <span className={`gtag gtag--${status}`} data-testid="entry-status">
      {t(`games.entryStatus.${status}`)}
    </span>
  );
}

/** The small "Demo" tag beside a demo racer: a seat the demo pool paid for, never a real user. */
export function DemoTag(): ReactNode {
  const { t } = useTranslation('games');
  return (
    <span className="gdemo" data-testid="demo-tag">
      {t('games.demo')}
    </span>
  );
}

/** A demo racer's number from its `demo-NN` UID. */
export function demoNumber(uid: string): string {
  return /(\d+)$/.exec(uid)?.[1] ?? uid;
}

/** An entrant as the race lists show it: "You", a demo racer's tag and number, or the masked UID. */
export function EntrantName({ e }: { readonly e: Entrant }): ReactNode {
  const { t } = useTranslation('games');
  if (e.mine) return <span className="gname num">{t('games.you')}</span>;
  if (e.demo)
    return (
      <span className="gname num">
        <DemoTag /> {demoNumber(e.uid)}
      </span>
    );
  return <span className="gname num">{e.uid}</span>;
}

/** The same as text (labels, the verify view): "You", "Demo racer 07", or the masked UID. */
export function useEntrantText() {
  const { t } = useTranslation('games');
  return (e: Pick<Entrant, 'mine' | 'demo' | 'uid'>): string =>
    e.mine ? t('games.you') : e.demo ? t('games.demoName', { n: demoNumber(e.uid) }) : e.uid;
}

/** How far behind the winner an entrant crossed the line: "+0.42 s" ("" for the winner or before settling). */
export function useBehindText() {
  const { t } = useTranslation('games');
  return (finish_ms: number | null): string =>
    finish_ms === null || finish_ms <= 0 ? '' : t('games.behind', { time: (finish_ms / 1000).toFixed(2) });
}

/** A rank in a medal color for the first three. */
export function RankBadge({ rank }: { readonly rank: number | null }): ReactNode {
  return <span className={`grank grank--${rankTone(rank)} num`}>{rank ?? '–'}</span>;
}

/** "1 ticket", "3 tickets" in the user's language. */
export function useTicketsText() {
  const { t } = useTranslation('games');
  return (n: number): string => (n === 1 ? t('games.oneTicket') : t('games.nTickets', { count: n }));
}

/** The message for a ticket count problem, in the user's language. */
export function useCountMessage() {
  const { t } = useTranslation('games');
  return (problem: CountProblem, max: number, have: number): string => {
    switch (problem) {
      case 'required':
        return t('prompts.ticketCount');
      case 'invalid':
        return t('games.countInvalid');
      case 'tooMany':
        return t('games.countTooMany', { max });
      case 'notEnough':
        return t('games.countNotEnough', { have });
    }
  };
}

/** A share as a percentage: "0.5" → "50%". */
export function pctText(share: string): string {
  return `${formatUpTo((Number(share) * 100).toFixed(4), 2)}%`;
}

/** The prize shares of ranks 1, 2, 3 as "50% · 30% · 20%". */
export function sharesText(rewards: readonly string[]): string {
  return rewards.map(pctText).join(' · ');
}
