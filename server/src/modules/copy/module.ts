import { COPY_CAUSES, causeNames } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { createDemoLeads, DEMO_LEADS_CAPITAL, type DemoFutures } from './demo';
import type { OkxClient } from './okx';
import { type CopyDeps, createCopy, type FuturesPort } from './service';
import { COPY_SETTINGS } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const COPY_OWNS: ModuleOwnership = {
  causes: causeNames(COPY_CAUSES),
  systemAccounts: [DEMO_LEADS_CAPITAL],
  publishes: [],
};

/** Copy trading: lead traders, copies mirrored in the futures writer, profit share, the OKX account link. */
function buildCopy(
  deps: Omit<CopyDeps, 'futures'> & { futures: () => FuturesPort & DemoFutures; okx?: OkxClient },
) {
  const copy = createCopy(deps);
  let timer: NodeJS.Timeout | null = null;
  let demoTimer: NodeJS.Timeout | null = null;
  let closing = false;
  return {
    api: copy,
    module: defineModule({
      domains: ['copy'],
      handlers: {
        '/v1/copy/traders': (ctx) => copy.traders(ctx.body),
        '/v1/copy/trader': (ctx) => copy.trader(ctx.me().id, ctx.body),
        '/v1/copy/traderHistory': (ctx) => copy.traderHistory(ctx.body.id, ctx.body),
        '/v1/copy/follow': (ctx) => copy.follow(ctx.me().id, ctx.body),
        '/v1/copy/cancel': (ctx) => copy.cancel(ctx.me().id, ctx.body.follow_id, ctx.body.close),
        '/v1/copy/myFollows': (ctx) => copy.myFollows(ctx.me().id, ctx.body),
        '/v1/copy/copyTrades': (ctx) => copy.trades(ctx.me().id, ctx.body),
        '/v1/copy/settlements': (ctx) => copy.settlements(ctx.me().id, ctx.body),
        '/v1/copy/lead': (ctx) => copy.leadStatus(ctx.me().id, ctx.lang),
        '/v1/copy/applyLead': (ctx) => copy.applyLead(ctx.me().id, ctx.body, ctx.lang),
        '/v1/copy/myFollowers': (ctx) => copy.myFollowers(ctx.me().id, ctx.body),
        '/v1/user/bindOkxApiKey': (ctx) => copy.bindOkx(ctx.me().id, ctx.body),
        '/v1/user/okxLink': (ctx) => copy.okxLink(ctx.me().id),
        '/v1/user/unbindOkxApiKey': (ctx) => copy.unbindOkx(ctx.me().id),
        '/admin/copy/follows': (ctx) => copy.adminFollows(ctx.body.user_id, ctx.body),
        '/admin/copy/leadApplications': (ctx) => copy.leadApplications(ctx.body),
        '/admin/copy/reviewLead': (ctx) => copy.reviewLead(ctx.op().id, ctx.body),
        '/admin/copy/suspendLead': (ctx) => copy.suspendLead(ctx.op().id, ctx.body),
      },
      // Applications to lead waiting for an operator.
      dashboard: async () => ({ queues: [{ key: 'leads', ...(await copy.pendingApplications()) }] }),
      start: async () => {
        const { config, log } = deps;
        if (config.seedDemo) await copy.demoDefaults();
        await copy.start();
        const demoCount = await deps.settings.of(COPY_SETTINGS).get('copy.demo_leads');
        // The demo's leads trade on the books the demo's market maker quotes (not in tests, which drive the market).
        if (config.seedDemo && demoCount > 0 && config.marketSource !== 'off') {
          const demo = createDemoLeads({ ...deps, copy }, demoCount);
          await demo.start();
          demoTimer = setInterval(() => {
            if (!closing) void demo.step().catch((err) => log.warn({ err }, 'demo lead step failed'));
          }, 20_000);
          demoTimer.unref();
        }
        // Copies' stop-loss and take-profit, and copies waiting to reach OKX.
        timer = setInterval(() => {
          if (closing) return;
          void copy.checkStops().catch((err) => log.error({ err }, 'copy stop check failed'));
          void copy.sendOkx().catch((err) => log.error({ err }, 'OKX copy sender failed'));
        }, 2000);
        timer.unref();
      },
      close: async () => {
        closing = true;
        if (timer) clearInterval(timer);
        if (demoTimer) clearInterval(demoTimer);
      },
      sweep: async () => {
        await copy.recomputeTiers();
        await copy.settleDue();
      },
    }),
  };
}

// The demo's leads trade on the rebuilt swap books, and their past runs over the market's walked past.
export const copyModule = defineEntry({
  name: 'copy',
  settings: COPY_SETTINGS,
  owns: COPY_OWNS,
  startsAfter: ['futures', 'market-data'],
  build: buildCopy,
});
