/**
 * Cluster mode: a cancel by order ids that names no instrument reaches each spot book's holder with that book's
 * ids. The instance it arrived at reads which instrument each id is on (the store's rows), then hands each book
 * its part and answers the orders in the order asked, as one instance does (one transaction per instrument
 * there too). Ids that are not all the caller's spot orders go on unsplit, and are refused where they land.
 */
import type { Ctx, Handler, Handlers } from '../kernel/context';
import type { Modules } from '../modules';

const PATH = '/v1/order/batchCancelOrder';
type CancelCtx = Ctx<typeof PATH>;
type CancelAnswer = Awaited<ReturnType<Handler<typeof PATH>>>;

export function splitCancels(routed: Handlers, modules: Modules): Handlers {
  const inner = routed[PATH] as Handler<typeof PATH>;
  const handler = async (ctx: CancelCtx): Promise<CancelAnswer> => {
    const { order_id, order_ids = [], instId, instType } = ctx.body;
    const asked = order_id === undefined ? order_ids : [order_id, ...order_ids];
    if (instId !== undefined || instType === 'SWAP' || asked.length === 0) return inner(ctx);
    const ids = [...new Set(asked)];
    const on = await modules.spot.instrumentsOfOrders(ctx.me().id, ids);
    if (on.size !== ids.length) return inner(ctx);
    const byInst = new Map<string, string[]>();
    for (const id of ids) {
      const inst = on.get(id) as string;
      byInst.set(inst, [...(byInst.get(inst) ?? []), id]);
    }
    const parts = await Promise.all(
      [...byInst].map(([inst, part]) =>
        inner({ ...ctx, body: { order_ids: part, instId: inst, instType: ctx.body.instType } }),
      ),
    );
    const byId = new Map(parts.flatMap((p) => p.list).map((o) => [o.trade_id, o]));
    return { list: ids.flatMap((id) => byId.get(id) ?? []) };
  };
  return { ...routed, [PATH]: handler } as Handlers;
}
