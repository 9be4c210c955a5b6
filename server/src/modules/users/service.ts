/**
 * Users: the account and its referrals, the referral team's kept figures and levels (the team port other
 * modules report to), and what operators see and do on users (search, a user's profile and team, sessions,
 * freezing, notes; every action audited with the operator's reason in its own transaction).
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `referrals.ts` (the account, direct referrals, the team), `team.ts` (figures and levels recorded),
 * `team-summary.ts` (the invitation screen), `admin-search.ts`, `admin-detail.ts`, `admin-sessions.ts`,
 * `admin-freeze.ts`, `admin-notes.ts` and `dashboard.ts`.
 */
import type { TeamPort } from '../../ports/team';
import { platformDays } from '../../programs/days';
import { detail, referrals } from './admin-detail';
import { freeze, unfreeze } from './admin-freeze';
import { addNote, notes } from './admin-notes';
import { search } from './admin-search';
import { revokeSession, sessionList } from './admin-sessions';
import type { UsersCtx, UsersDeps } from './context';
import { dashboard } from './dashboard';
import { directReferrals, info, team, teamList } from './referrals';
import { USERS_SETTINGS } from './settings';
import { record, terms } from './team';
import { summary } from './team-summary';

export type { Page, UserSessions, UsersDeps } from './context';

export function createUsers(deps: UsersDeps) {
  const ctx: UsersCtx = {
    store: deps.store,
    clock: deps.clock,
    settings: deps.settings.of(USERS_SETTINGS),
    days: platformDays(deps),
    sessions: deps.sessions,
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: UsersCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  const port: TeamPort = { record: op(record) };
  return {
    info: op(info),
    directReferrals: op(directReferrals),
    team: op(team),
    teamList: op(teamList),
    /** The referral team's figures: the port products report to, the invitation screen's summary. */
    teams: { port, record: port.record, summary: op(summary), terms: op(terms) },
    dashboard: op(dashboard),
    /** Operators' calls on users. */
    admin: {
      search: op(search),
      detail: op(detail),
      referrals: op(referrals),
      sessions: op(sessionList),
      revokeSession: op(revokeSession),
      freeze: op(freeze),
      unfreeze: op(unfreeze),
      notes: op(notes),
      addNote: op(addNote),
    },
  };
}

export type UsersModule = ReturnType<typeof createUsers>;
