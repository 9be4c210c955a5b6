import type { AppDeps } from '../../kernel/context';
import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import type { ProgramReport } from '../../kernel/rewards';
import type { Ledger } from '../../ledger';
import { createAdmin } from '.';
import { type ConsoleDeps, createConsole } from './console';
import type { SolvencyDeps } from './solvency';

/**
 * Operators: sign-in with a second factor, operator accounts, the solvency report (with every rewards program),
 * and the console's dashboard, settings and audit log.
 */
export function adminModule(
  deps: AppDeps &
    ConsoleDeps &
    SolvencyDeps & { readonly ledger: Ledger; readonly programs: () => Promise<readonly ProgramReport[]> },
) {
  const admin = createAdmin(deps);
  const desk = createConsole(deps);
  return {
    api: admin,
    module: defineModule({
      domains: ['admin'],
      owns: OWNS_NOTHING,
      handlers: {
        '/admin/auth/login': (ctx) => admin.login(ctx.body.name, ctx.body.password, ctx.ip, ctx.body.totp),
        '/admin/auth/logout': (ctx) => admin.logout(ctx.op()),
        '/admin/auth/totpSetup': (ctx) => admin.totpSetup(ctx.op()),
        '/admin/auth/totpConfirm': (ctx) => admin.totpConfirm(ctx.op(), ctx.body.code),
        '/admin/operators/create': (ctx) => admin.createOperatorBy(ctx.op(), ctx.body),
        '/admin/solvency': () => admin.solvency(),
        '/admin/auth/me': (ctx) => desk.me(ctx.op()),
        '/admin/operators/list': () => desk.operators(),
        '/admin/operators/revokeSessions': (ctx) => desk.revokeSessions(ctx.op(), ctx.body),
        '/admin/operators/setDisabled': (ctx) => desk.setDisabled(ctx.op(), ctx.body),
        '/admin/dashboard': () => desk.dashboard(),
        '/admin/settings/list': () => desk.settingsList(),
        '/admin/settings/set': (ctx) => desk.setSetting(ctx.op(), ctx.body),
        '/admin/audit/list': (ctx) => desk.auditList(ctx.body),
      },
    }),
  };
}
