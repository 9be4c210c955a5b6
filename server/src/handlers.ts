import type { RequestOutput } from '@nexa/contract';
import type { AuthUser, Handlers } from './kernel/context';
import type { CandleService } from './market/candles';
import type { ReferenceMarket } from './market/reference';
import type { MarketService } from './market/service';
import type { AdminModule } from './modules/admin';
import type { AuthModule } from './modules/auth';
import type { ContentModule } from './modules/content';
import type { UsersModule } from './modules/users';
import type { WalletModule } from './modules/wallet';

/** What a shared handler reads of its context. */
interface CtxOf<P extends keyof Handlers> {
  readonly body: RequestOutput<P>;
  me(): AuthUser;
}

export interface Modules {
  readonly auth: AuthModule;
  readonly users: UsersModule;
  readonly content: ContentModule;
  readonly wallet: WalletModule;
  readonly admin: AdminModule;
  readonly market: MarketService;
  readonly candles: CandleService;
  /** The built-in reference market, when MARKET_SOURCE is sim. */
  readonly reference: ReferenceMarket | null;
}

/** Thin handlers: parse (done by the transport), call the domain, map the result. */
export function createHandlers(m: Modules): Handlers {
  const { wallet, admin, market } = m;
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

  return {
    '/api/auth/login': (ctx) => m.auth.login(ctx.body, { ip: ctx.ip }),
    '/api/auth/sendEmail': (ctx) => m.auth.sendEmail(ctx.body.email, ctx.body.scene, ctx.ip, ctx.user?.id),
    '/api/auth/logout': async (ctx) => {
      await m.auth.logout(ctx.me());
      return null;
    },
    '/api/user/info': (ctx) => m.users.info(ctx.me().id),
    '/api/user/shareList': (ctx) => m.users.directReferrals(ctx.me().id, ctx.body),
    '/api/basic/news': (ctx) => m.content.articles('news', ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/bulletin': (ctx) => m.content.articles('bulletin', ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/question': (ctx) => m.content.questions(ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/banner': (ctx) => m.content.banners(ctx.lang),
    '/v1/basic/currencyList': () => m.content.currencies(),

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
    '/api/moneylog/moneyDetail': (ctx) =>
      wallet.records(ctx.me().id, { transactionId: ctx.body.id }, ctx.body),
    '/api/exchange/getExchangeInfo': (ctx) => wallet.exchangeInfo(ctx.me().id, ctx.body),
    '/api/exchange/exchange': (ctx) => wallet.exchange(ctx.me().id, ctx.body),
    '/api/withdraw/receiveUsdt': (ctx) => wallet.deposits.receiveAddress(ctx.me().id, ctx.body.chain),
    '/api/recharge/recharge': (ctx) => wallet.deposits.report(ctx.me().id, ctx.body),
    '/v1/recharge/list': (ctx) => stripRows(wallet.deposits.list(ctx.me().id, ctx.body, ctx.body)),
    '/api/withdraw/index': withdraw,
    '/api/withdraw/withdrawCoin': withdraw,
    '/api/withdraw/list': async (ctx) => ({
      ...(await stripRows(wallet.withdrawals.list(ctx.me().id, ctx.body, ctx.body))),
      ...(await wallet.withdrawals.rulesView(ctx.me().id)),
    }),
    '/api/transfer/index': transfer,
    '/api/user/transfer': transfer,
    '/api/transfer/transferList': (ctx) => wallet.transfers(ctx.me().id, ctx.body, ctx.body),
    '/api/transferBalance/index': (ctx) => wallet.internalTransfer(ctx.me().id, ctx.body),

    '/v1/order/submitTrade': (ctx) => market.submit(ctx.me().id, ctx.body),
    '/v1/order/batchCancelOrder': async (ctx) => {
      const { order_id, order_ids = [], instId } = ctx.body;
      const orderIds = order_id === undefined ? order_ids : [order_id, ...order_ids];
      return { list: await market.cancel(ctx.me().id, { orderIds, instId }) };
    },
    '/v1/order/meTradeList': (ctx) =>
      market.orders(ctx.me().id, { open: ctx.body.state === 'open', instId: ctx.body.instId }, ctx.body),
    '/v1/order/list': (ctx) =>
      market.orders(
        ctx.me().id,
        { open: ctx.body.status === undefined ? undefined : ctx.body.status === 1, instId: ctx.body.instId },
        ctx.body,
      ),
    '/v1/market/instruments': async () => ({ list: await market.instruments() }),
    '/v1/market/depth': (ctx) => market.depth(ctx.body.instId, ctx.body.n),
    '/v1/market/candles': async (ctx) =>
      m.candles
        .bars(ctx.body.instId, ctx.body.bar, ctx.body.limit)
        .map(
          (c) =>
            [c.ts, c.open, c.high, c.low, c.close, c.vol] as [number, string, string, string, string, string],
        ),
    '/v1/market/tickers': async () => ({ list: m.candles.tickers() }),
    '/api/trade/sellList': (ctx) => market.p2p.listings(ctx.me().id, ctx.body, ctx.body),
    '/api/trade/sellDetail': (ctx) => market.p2p.sales(ctx.me().id, 'seller', ctx.body, ctx.body),
    '/api/trade/buyDetail': (ctx) => market.p2p.sales(ctx.me().id, 'buyer', ctx.body, ctx.body),
    '/api/trade/sell': (ctx) => market.p2p.sell(ctx.me().id, ctx.body),
    '/api/trade/buy': (ctx) => market.p2p.buy(ctx.me().id, ctx.body),
    '/api/trade/cancelSell': (ctx) => market.p2p.withdraw(ctx.me().id, ctx.body.id),

    '/admin/auth/login': (ctx) => admin.login(ctx.body.name, ctx.body.password, ctx.ip, ctx.body.totp),
    '/admin/auth/logout': (ctx) => admin.logout(ctx.op()),
    '/admin/auth/totpSetup': (ctx) => admin.totpSetup(ctx.op()),
    '/admin/auth/totpConfirm': (ctx) => admin.totpConfirm(ctx.op(), ctx.body.code),
    '/admin/operators/create': (ctx) => admin.createOperatorBy(ctx.op(), ctx.body),
    '/admin/deposits/list': (ctx) => admin.depositList(ctx.body),
    '/admin/deposits/confirm': async (ctx) => {
      return wallet.deposits.confirm(ctx.op().id, ctx.body);
    },
    '/admin/deposits/reject': async (ctx) => {
      return wallet.deposits.reject(ctx.op().id, ctx.body.deposit_id, ctx.body.reason);
    },
    '/admin/withdrawals/list': (ctx) => admin.withdrawalList(ctx.body),
    '/admin/withdrawals/approve': async (ctx) => {
      return wallet.withdrawals.approve(ctx.op().id, ctx.body.withdrawal_id, ctx.body.tx_hash);
    },
    '/admin/withdrawals/reject': async (ctx) => {
      return wallet.withdrawals.reject(ctx.op().id, ctx.body.withdrawal_id, ctx.body.reason);
    },
    '/admin/solvency': (ctx) => admin.solvency(),
  };
}
