import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import type { ProgramReport } from '../../programs/rewards';
import { type ConsoleDeps, createConsole } from './console';
import { createAdmin } from './service';
import { ADMIN_SETTINGS } from './settings';
import type { SolvencyDeps } from './solvency';

/**
 * Operators: sign-in with a second factor, operator accounts, the solvency report (with every rewards program),
 * and the console's dashboard, settings and audit log.
 */
function buildAdmin(
  deps: AppDeps &
    ConsoleDeps &
    SolvencyDeps & { readonly ledger: Ledger; readonly programs: () => Promise<readonly ProgramReport[]> },
) {
  const admin = createAdmin(deps);
  const desk = createConsole(deps);
  /** The console's operator rows with their four-eyes fields. */
  async function withLineage<T extends { id: number }>(rows: readonly T[]) {
    const lineage = await admin.fourEyes.lineage();
    return rows.map((r) => {
      const l = lineage.get(r.id);
      return {
        ...r,
        status: l?.status ?? 'active',
        created_by: l?.created_by ?? null,
        granted_by: l?.granted_by ?? null,
        active_from: l?.active_from ?? null,
        locked_at: l?.locked_at ?? null,
        failed_codes: l?.failed_codes ?? 0,
        single_admin: l?.single_admin ?? false,
      };
    });
  }
  const oneWithLineage = async (id: number) => {
    const [row] = await withLineage([await desk.operator(id)]);
    if (!row) throw new Error('operator row missing');
    return row;
  };
  return {
    api: admin,
    module: defineModule({
      domains: ['admin'],
      handlers: {
        '/admin/auth/login': (ctx) => admin.login(ctx.body.name, ctx.body.password, ctx.ip, ctx.body.totp),
        '/admin/auth/logout': (ctx) => admin.logout(ctx.op()),
        '/admin/auth/totpSetup': (ctx) => admin.totpSetup(ctx.op()),
        '/admin/auth/totpConfirm': (ctx) => admin.totpConfirm(ctx.op(), ctx.body.code),
        '/admin/operators/create': (ctx) => admin.createOperatorBy(ctx.op(), ctx.body),
        '/admin/solvency': () => admin.solvency(),
        '/admin/auth/me': (ctx) => desk.me(ctx.op()),
        '/admin/operators/list': async () => withLineage(await desk.operators()),
        '/admin/operators/setRoles': async (ctx) => {
          const out = await admin.fourEyes.setRoles(ctx.op(), ctx.body);
          return { ...out, operator: await oneWithLineage(ctx.body.operator_id) };
        },
        '/admin/operators/requests': () => admin.fourEyes.requests(),
        '/admin/operators/decide': (ctx) => admin.fourEyes.decide(ctx.op(), ctx.body),
        '/admin/operators/unlock': async (ctx) => {
          await admin.unlock(ctx.op(), ctx.body);
          return oneWithLineage(ctx.body.operator_id);
        },
        '/admin/operators/sponsors': () => admin.fourEyes.sponsors(),
        '/admin/auth/changePassword': (ctx) => admin.changePassword(ctx.op(), ctx.body),
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

export const adminModule = defineEntry({
  name: 'admin',
  settings: ADMIN_SETTINGS,
  owns: OWNS_NOTHING,
  build: buildAdmin,
});
