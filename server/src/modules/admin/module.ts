import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import { type AdminDeps, createAdmin } from './service';
import { ADMIN_SETTINGS } from './settings';

/**
 * Operators: sign-in with a second factor, operator accounts, the solvency report (with every rewards program),
 * and the console's dashboard, settings and audit log.
 */
function buildAdmin(deps: AdminDeps) {
  const admin = createAdmin(deps);
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
        '/admin/auth/me': (ctx) => admin.me(ctx.op()),
        '/admin/operators/list': () => admin.operators(),
        '/admin/operators/setRoles': async (ctx) => {
          const out = await admin.setRoles(ctx.op(), ctx.body);
          return { ...out, operator: await admin.operator(ctx.body.operator_id) };
        },
        '/admin/operators/requests': () => admin.requests(),
        '/admin/operators/decide': (ctx) => admin.decide(ctx.op(), ctx.body),
        '/admin/operators/unlock': async (ctx) => {
          await admin.unlock(ctx.op(), ctx.body);
          return admin.operator(ctx.body.operator_id);
        },
        '/admin/operators/sponsors': () => admin.sponsors(),
        '/admin/auth/changePassword': (ctx) => admin.changePassword(ctx.op(), ctx.body),
        '/admin/operators/revokeSessions': (ctx) => admin.revokeSessions(ctx.op(), ctx.body),
        '/admin/operators/setDisabled': (ctx) => admin.setDisabled(ctx.op(), ctx.body),
        '/admin/dashboard': () => admin.dashboard(),
        '/admin/settings/list': () => admin.settingsList(),
        '/admin/settings/set': (ctx) => admin.setSetting(ctx.op(), ctx.body),
        '/admin/audit/list': (ctx) => admin.auditList(ctx.body),
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
