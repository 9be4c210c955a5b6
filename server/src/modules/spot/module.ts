import {
  causeNames,
  type ExactDecimal,
  isSwapInstId,
  type Lang,
  type RequestOutput,
  type ResponseData,
  SPOT_CAUSES,
} from '@nexa/contract';
import { ValidationError } from '../../kernel/errors';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { SYSTEM } from '../../ledger';
import { createSpot, type SpotDeps } from './service';
import { SPOT_SETTINGS, spotInstrumentsProblem } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const SPOT_OWNS: ModuleOwnership = {
  causes: causeNames(SPOT_CAUSES),
  // The exchange converts on the spot books: the fills it takes are recorded as the wallet's exchange.
  postsFor: ['exchange'],
  systemAccounts: [SYSTEM.fees],
  publishes: ['book.update', 'book.snapshot', 'trade', 'order.update'],
};

type OrderView = ResponseData<'/v1/order/submitTrade'>;
type AdminOrderView = ResponseData<'/admin/spot/orders'>['list'][number];

/** A user's spot order as operators see it on the user's page. */
function adminOrder(o: OrderView): AdminOrderView {
  const [base = '', quote = ''] = o.instId.split('-');
  return {
    id: o.trade_id,
    inst_id: o.instId,
    side: o.side,
    type: o.type,
    price: o.px,
    size: o.sz,
    size_ccy: o.tgt_ccy === 'quote_ccy' ? quote : base,
    filled: o.filled_sz,
    avg_price: o.avg_px,
    fee: o.fee,
    state: o.status,
    cancel_reason: o.cancel_reason,
    created_at: o.created_at,
  };
}
type Page = { page: number; size: number };
type AlgoView = ResponseData<'/v1/order/placeAlgo'>;
type AlgoFilter = {
  pending: boolean;
  instId?: string | undefined;
  ordType?: AlgoView['ordType'] | undefined;
  state?: 'effective' | 'canceled' | 'order_failed' | undefined;
};

/** The perpetual swaps' books, which the order calls reach for a swap instrument (or instType SWAP). */
export interface SwapVenue {
  submit(
    userId: number,
    o: {
      instId: string;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      px?: ExactDecimal | undefined;
      sz: ExactDecimal;
      tif?: 'GTC' | 'IOC' | 'FOK' | 'post_only' | undefined;
      reduceOnly?: boolean | undefined;
      tpTriggerPx?: ExactDecimal | undefined;
      slTriggerPx?: ExactDecimal | undefined;
      request_id?: string | undefined;
    },
  ): Promise<OrderView>;
  cancel(
    userId: number,
    q: { orderIds: readonly string[]; instId?: string | undefined },
  ): Promise<OrderView[]>;
  orders(
    userId: number,
    f: { open?: boolean | undefined; instId?: string | undefined },
    page: Page,
  ): Promise<{ list: OrderView[]; total: number }>;
  /** Conditional orders on the swaps (the same calls as spot's). */
  placeAlgo(userId: number, b: RequestOutput<'/v1/order/placeAlgo'>, lang: Lang): Promise<AlgoView>;
  cancelAlgos(
    userId: number,
    q: { algoIds: readonly string[]; instId: string },
    lang: Lang,
  ): Promise<AlgoView[]>;
  algoOrders(
    userId: number,
    f: AlgoFilter,
    page: Page,
    lang: Lang,
  ): Promise<{ list: AlgoView[]; total: number }>;
}

const isSwap = (q: { instId?: string | undefined; instType?: 'SPOT' | 'SWAP' | undefined }) =>
  q.instType === 'SWAP' || (q.instId !== undefined && isSwapInstId(q.instId));

/** Spot trading on the order books; the order calls hand swap orders to the swap venue. */
function buildSpot(deps: SpotDeps & { readonly swaps: () => SwapVenue }) {
  const spot = createSpot(deps);
  return {
    api: spot,
    module: defineModule({
      domains: ['spot'],
      checkSetting: (key, value) =>
        key === 'market.instruments'
          ? spotInstrumentsProblem(SPOT_SETTINGS['market.instruments'].parse(value), (symbol) =>
              deps.assets.find(symbol),
            )
          : null,
      handlers: {
        '/v1/order/exportCsv': (ctx) => spot.exportCsv(ctx.me().id, ctx.body, ctx.lang),
        '/v1/order/submitTrade': (ctx) => {
          const b = ctx.body;
          if (isSwapInstId(b.instId)) {
            if (b.tdMode === 'cash') throw new ValidationError('tdMode', 'invalid_value');
            if (b.tgtCcy === 'quote_ccy') throw new ValidationError('tgtCcy', 'invalid_value');
            return deps.swaps().submit(ctx.me().id, b);
          }
          if (b.tdMode !== undefined && b.tdMode !== 'cash')
            throw new ValidationError('tdMode', 'invalid_value');
          if (b.reduceOnly) throw new ValidationError('reduceOnly', 'invalid_value');
          // Attached take-profit and stop-loss are a swap position's.
          if (b.tpTriggerPx !== undefined) throw new ValidationError('tpTriggerPx', 'invalid_value');
          if (b.slTriggerPx !== undefined) throw new ValidationError('slTriggerPx', 'invalid_value');
          return spot.submit(ctx.me().id, b);
        },
        '/v1/order/batchCancelOrder': async (ctx) => {
          const { order_id, order_ids = [], instId } = ctx.body;
          const orderIds = order_id === undefined ? order_ids : [order_id, ...order_ids];
          if (isSwap(ctx.body)) return { list: await deps.swaps().cancel(ctx.me().id, { orderIds, instId }) };
          return { list: await spot.cancel(ctx.me().id, { orderIds, instId }) };
        },
        '/v1/order/meTradeList': (ctx) => {
          const f = { open: ctx.body.state === 'open', instId: ctx.body.instId };
          if (isSwap(ctx.body)) return deps.swaps().orders(ctx.me().id, f, ctx.body);
          return spot.orders(ctx.me().id, f, ctx.body);
        },
        '/v1/order/list': (ctx) => {
          const f = {
            open: ctx.body.status === undefined ? undefined : ctx.body.status === 1,
            instId: ctx.body.instId,
          };
          if (isSwap(ctx.body)) return deps.swaps().orders(ctx.me().id, f, ctx.body);
          return spot.orders(ctx.me().id, f, ctx.body);
        },
        '/v1/order/placeAlgo': (ctx) =>
          isSwapInstId(ctx.body.instId)
            ? deps.swaps().placeAlgo(ctx.me().id, ctx.body, ctx.lang)
            : spot.placeAlgo(ctx.me().id, ctx.body, ctx.lang),
        '/v1/order/cancelAlgos': async (ctx) => ({
          list: isSwapInstId(ctx.body.instId)
            ? await deps.swaps().cancelAlgos(ctx.me().id, ctx.body, ctx.lang)
            : await spot.cancelAlgos(ctx.me().id, ctx.body, ctx.lang),
        }),
        '/v1/order/algoPending': (ctx) => {
          const f = { pending: true, instId: ctx.body.instId, ordType: ctx.body.ordType };
          if (isSwap(ctx.body)) return deps.swaps().algoOrders(ctx.me().id, f, ctx.body, ctx.lang);
          return spot.algoOrders(ctx.me().id, f, ctx.body, ctx.lang);
        },
        '/v1/order/algoHistory': (ctx) => {
          const f = {
            pending: false,
            instId: ctx.body.instId,
            ordType: ctx.body.ordType,
            state: ctx.body.state,
          };
          if (isSwap(ctx.body)) return deps.swaps().algoOrders(ctx.me().id, f, ctx.body, ctx.lang);
          return spot.algoOrders(ctx.me().id, f, ctx.body, ctx.lang);
        },
        '/v1/market/instruments': async () => ({ list: await spot.instruments() }),
        '/v1/market/depth': (ctx) => spot.depth(ctx.body.instId, ctx.body.n),
        '/admin/spot/orders': async (ctx) => {
          const { user_id, state } = ctx.body;
          const open = state === undefined ? undefined : state === 'open';
          const page = await spot.orders(user_id, { open }, ctx.body);
          return { list: page.list.map(adminOrder), total: page.total };
        },
      },
      // Today's spot trading in USDT: volume and the fees both sides paid.
      dashboard: async (since) => {
        const t = await spot.tradedSince(since);
        return {
          figures: [
            { key: 'spot_volume', asset: 'USDT', count: t.count, amount: t.volume },
            { key: 'spot_fees', asset: 'USDT', count: t.count, amount: t.fees },
          ],
        };
      },
      // Every book is rebuilt from the store's open orders (its snapshot reaches the live feed).
      start: () => spot.start(),
      close: () => spot.close(),
    }),
  };
}

export const spotModule = defineEntry({
  name: 'spot',
  settings: SPOT_SETTINGS,
  owns: SPOT_OWNS,
  build: buildSpot,
});
