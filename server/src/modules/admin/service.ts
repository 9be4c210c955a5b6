/**
 * Operators: sign-in with a second factor (TOTP, or a one-time recovery code), sessions that expire and
 * can be revoked, roles, a limit on actions per minute, and the operator side of deposits, withdrawals and
 * solvency. Where the second factor is required (production by default), an operator without one may
 * only enrol it. Also the console's own calls: who is signed in, the operators, the dashboard (each module's
 * figures and queues), the typed settings with their history, and the audit log.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `sign-in.ts` (login, the token's session, logout), `own-account.ts` (the second factor's enrolment, the
 * password), `authorize.ts` (an operator call's declared access), `four-eyes.ts` (money roles approved by a
 * second admin, the cooldown), `lineage.ts` (the requests and operators as the console shows them),
 * `operators.ts` (the list, sessions revoked, disabled), `dashboard.ts`, `console-settings.ts`,
 * `audit-log.ts`; `lockout.ts` counts wrong codes, `solvency.ts` is the solvency report, `passwords.ts` and
 * `totp.ts` hold the arithmetic.
 */
import type { OperatorRole, OperatorUser } from '../../kernel/context';
import { platformDays } from '../../programs/days';
import { auditList } from './audit-log';
import { authorize } from './authorize';
import { setSetting, settingsList } from './console-settings';
import type { AdminCtx, AdminDeps } from './context';
import { dashboard } from './dashboard';
import { createOperatorBy, decide, setRoles } from './four-eyes';
import { operatorsWithLineage, operatorWithLineage, requestViews, sponsors } from './lineage';
import { createLockout, operatorSessionsOf } from './lockout';
import { createOperator, me, revokeSessions, setDisabled } from './operators';
import { changePassword, totpConfirm, totpSetup } from './own-account';
import { ADMIN_SETTINGS } from './settings';
import { authenticate, login, logout } from './sign-in';
import { createSolvency } from './solvency';

export type { AdminDeps, ConsoleDeps } from './context';
export type { OperatorRole, OperatorUser };

export function createAdmin(deps: AdminDeps) {
  const ctx: AdminCtx = {
    store: deps.store,
    clock: deps.clock,
    limiter: deps.limiter,
    config: deps.config,
    assets: deps.assets,
    settings: deps.settings.of(ADMIN_SETTINGS),
    allSettings: deps.settings,
    catalogue: deps.catalogue,
    checkSetting: deps.checkSetting,
    dashboardParts: deps.dashboard,
    days: platformDays(deps),
    lockout: createLockout(deps),
    sessions: operatorSessionsOf(deps),
    solvency: createSolvency(deps),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: AdminCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    createOperator: op(createOperator),
    /** An admin creates an operator; with a money role it waits for a second admin (four-eyes.ts). */
    createOperatorBy: op(createOperatorBy),
    setRoles: op(setRoles),
    decide: op(decide),
    requests: () => requestViews(ctx),
    sponsors: op(sponsors),
    changePassword: op(changePassword),
    unlock: ctx.lockout.unlock,
    login: op(login),
    logout: op(logout),
    authenticate: op(authenticate),
    totpSetup: op(totpSetup),
    totpConfirm: op(totpConfirm),
    authorize: op(authorize),
    /** The solvency report (admin/solvency.ts). */
    solvency: () => ctx.solvency.report(),
    me: op(me),
    operators: op(operatorsWithLineage),
    operator: op(operatorWithLineage),
    revokeSessions: op(revokeSessions),
    setDisabled: op(setDisabled),
    dashboard: op(dashboard),
    settingsList: op(settingsList),
    setSetting: op(setSetting),
    auditList: op(auditList),
  };
}

export type AdminModule = ReturnType<typeof createAdmin>;
