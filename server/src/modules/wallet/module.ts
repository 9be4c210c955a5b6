import type { RequestOutput } from '@nexa/contract';
import { causeNames, WALLET_CAUSES } from '@nexa/contract';
import type { AuthUser } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { SYSTEM } from '../../ledger';
import type { WalletDeps } from './common';
import { FAUCET_CAPITAL, FAUCET_POOL } from './faucet';
import { createWallet } from './service';
import { WALLET_SETTINGS } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const WALLET_OWNS: ModuleOwnership = {
  causes: causeNames(WALLET_CAUSES),
  systemAccounts: [SYSTEM.deposits, SYSTEM.withdrawals, SYSTEM.fees, FAUCET_POOL, FAUCET_CAPITAL],
  publishes: [],
};

/** What a shared handler reads of its context. */
interface CtxOf<P extends '/api/user/usdtLog' | '/api/transfer/index' | '/api/withdraw/index'> {
  readonly body: RequestOutput<P>;
  me(): AuthUser;
}

/**
 * The hot wallets' payments followed on chain every chain poll interval while the work runs here, one step
 * at a time; only where a network pays through a payer.
 */
function followLoop(deps: WalletDeps, step: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  return {
    start() {
      const every = deps.config.chains?.pollMs;
      if (!every || !deps.chains.some((c) => c.payer)) return;
      timer = setInterval(() => {
        running ??= step()
          .catch((err: unknown) => deps.log.warn({ err }, 'withdrawal follow failed'))
          .finally(() => {
            running = null;
          });
      }, every);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Balances, records, deposits, withdrawals, transfers and the exchange; operators' money queues. */
function buildWallet(deps: WalletDeps) {
  const { admin, ...wallet } = createWallet(deps);
  // One handler serves calls of the same shape; typed by what it reads, so it fits each of them.
  const assetLog = (asset: string) => (ctx: CtxOf<'/api/user/usdtLog'>) =>
    wallet.records(
      ctx.me().id,
      { symbol: asset, account: 'spot', type: ctx.body.type, amount_type: ctx.body.amount_type },
      ctx.body,
    );
  const transfer = (ctx: CtxOf<'/api/transfer/index'>) => wallet.transfer(ctx.me().id, ctx.body);
  const withdraw = (ctx: CtxOf<'/api/withdraw/index'>) => wallet.withdrawals.request(ctx.me().id, ctx.body);
  const stripRows = async <T>(p: Promise<{ list: T[]; total: number }>) => {
    const { list, total } = await p;
    return { list, total };
  };

  const follower = followLoop(deps, () => wallet.withdrawals.follow());
  return {
    api: wallet,
    module: defineModule({
      domains: ['wallet'],
      handlers: {
        '/api/finance/userFinance': (ctx) => wallet.finance(ctx.me().id, ctx.body.account),
        '/api/user/usdtLog': assetLog('USDT'),
        '/api/user/bwcLog': assetLog('BWC'),
        '/api/user/bwtLog': assetLog('BWT'),
        '/api/user/aleoLog': assetLog('ALEO'),
        '/api/user/domiLog': assetLog('DOMI'),
        '/api/user/satsLog': assetLog('SATS'),
        '/api/user/incomeLog': (ctx) =>
          wallet.records(
            ctx.me().id,
            { symbol: ctx.body.symbol, amount_type: ctx.body.amount_type, causePrefix: 'reward.' },
            ctx.body,
          ),
        '/api/user/lock_coin': (ctx) =>
          wallet.records(ctx.me().id, { symbol: ctx.body.symbol, bucket: 'frozen' }, ctx.body),
        '/api/assets/moneyRecord': (ctx) => wallet.records(ctx.me().id, ctx.body, ctx.body),
        '/api/records/statement': (ctx) => wallet.statement(ctx.me().id, ctx.body),
        '/api/records/statementCsv': (ctx) => wallet.statementCsv(ctx.me().id, ctx.body, ctx.lang),
        '/api/moneylog/moneyDetail': (ctx) =>
          wallet.records(ctx.me().id, { transactionId: ctx.body.id }, ctx.body),
        '/api/exchange/getExchangeInfo': (ctx) => wallet.exchangeInfo(ctx.me().id, ctx.body),
        '/api/exchange/exchange': (ctx) => wallet.exchange(ctx.me().id, ctx.body),
        '/api/withdraw/receiveUsdt': (ctx) => wallet.deposits.receiveAddress(ctx.me().id, ctx.body.chain),
        '/api/recharge/recharge': (ctx) => wallet.deposits.report(ctx.me().id, ctx.body),
        '/api/recharge/networks': (ctx) => wallet.funding.networks(ctx.me().id),
        '/api/recharge/faucet': (ctx) => wallet.funding.claimFaucet(ctx.me().id, ctx.ip),
        '/v1/recharge/list': (ctx) => stripRows(wallet.deposits.list(ctx.me().id, ctx.body, ctx.body)),
        '/api/withdraw/index': withdraw,
        '/api/withdraw/withdrawCoin': withdraw,
        '/api/withdraw/list': async (ctx) => ({
          ...(await stripRows(wallet.withdrawals.list(ctx.me().id, ctx.body, ctx.body))),
          ...(await wallet.withdrawals.rulesView(ctx.me().id)),
        }),
        '/api/transfer/index': transfer,
        '/api/user/transfer': transfer,
        '/api/transfer/recipient': (ctx) => wallet.recipient(ctx.me().id, ctx.body.to),
        '/api/transfer/transferList': (ctx) => wallet.transfers(ctx.me().id, ctx.body, ctx.body),
        '/api/wallet/addresses': (ctx) => wallet.book.list(ctx.me().id, ctx.body.chain),
        '/api/wallet/addAddress': (ctx) => wallet.book.add(ctx.me().id, ctx.body),
        '/api/wallet/deleteAddress': (ctx) => wallet.book.remove(ctx.me().id, ctx.body.id),
        '/api/wallet/setWhitelist': (ctx) =>
          wallet.book.setWhitelist(ctx.me().id, ctx.body.on, ctx.body.totp_code),
        '/api/transferBalance/index': (ctx) => wallet.internalTransfer(ctx.me().id, ctx.body),

        // Operators' queues; the transport has checked each call's roles.
        '/admin/deposits/list': async (ctx) => {
          const { rows, total } = await wallet.deposits.list(null, { status: ctx.body.status }, ctx.body);
          return { list: await Promise.all(rows.map((r) => wallet.deposits.adminView(r))), total };
        },
        '/admin/deposits/confirm': (ctx) => wallet.deposits.confirm(ctx.op().id, ctx.body),
        '/admin/deposits/reject': (ctx) =>
          wallet.deposits.reject(ctx.op().id, ctx.body.deposit_id, ctx.body.reason),
        '/admin/withdrawals/list': async (ctx) => {
          const { rows, total } = await wallet.withdrawals.list(null, { status: ctx.body.status }, ctx.body);
          return { list: await wallet.withdrawals.adminViews(rows), total };
        },
        '/admin/withdrawals/approve': (ctx) =>
          wallet.withdrawals.approve(ctx.op().id, ctx.body.withdrawal_id, ctx.body.tx_hash, ctx.body.reason),
        '/admin/withdrawals/reject': (ctx) =>
          wallet.withdrawals.reject(ctx.op().id, ctx.body.withdrawal_id, ctx.body.reason),
        '/admin/wallet/balances': (ctx) => admin.balances(ctx.body.user_id),
        '/admin/wallet/journal': (ctx) => admin.journal(ctx.body.user_id, ctx.body, ctx.body),
        '/admin/wallet/addressUse': (ctx) => admin.addressUse(ctx.body.address),
      },
      dashboard: (since) => wallet.dashboard(since),
      sweep: async () => {
        await wallet.sweepQuotes();
      },
      start: async () => {
        await wallet.funding.fillFaucetPool();
        follower.start();
      },
      close: async () => follower.stop(),
    }),
  };
}

export const walletModule = defineEntry({
  name: 'wallet',
  settings: WALLET_SETTINGS,
  owns: WALLET_OWNS,
  build: buildWallet,
});
