/** A batch's rows in one statement: new orders, the makers' fill state and the trades. */
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../store';
import type { OrderRow, TradeInsert } from './context';

const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());

/**
 * Writes a batch's rows in one statement: the new orders with their arrival order drawn in sequence,
 * the fill state of orders already stored, and the trades with their ids drawn in sequence. The rows
 * travel as JSON parameters. Answers the drawn order sequence numbers and trade ids, in input order.
 */
export async function writeBatch(
  tx: Tx,
  added: readonly OrderRow[],
  changed: readonly OrderRow[],
  trades: readonly TradeInsert[],
  now: Date,
): Promise<{ seqs: number[]; trades: number[] }> {
  const orders = JSON.stringify(
    added.map((o, k) => ({
      k,
      id: o.id,
      u: o.userId,
      i: o.instId,
      sd: o.side,
      ty: o.type,
      tf: o.tif,
      p: big(o.price),
      sz: big(o.size),
      qs: big(o.quoteSize),
      fs: big(o.filledSize),
      fq: big(o.filledQuote),
      fe: big(o.fee),
      st: o.status,
      cr: o.cancelReason,
      fa: o.frozenAsset,
      fm: big(o.frozenAmount),
      mr: o.makerFeeRate,
      tr: o.takerFeeRate,
      rq: o.requestId,
    })),
  );
  const fills = JSON.stringify(
    changed.map((m) => ({
      i: m.id,
      fs: m.filledSize.toString(),
      fq: m.filledQuote.toString(),
      f: m.fee.toString(),
      s: m.status,
      cr: m.cancelReason,
      fa: m.frozenAmount.toString(),
    })),
  );
  const prints = JSON.stringify(
    trades.map((t, k) => ({
      k,
      i: t.instId,
      p: t.price.toString(),
      sz: t.size.toString(),
      q: t.quote.toString(),
      sd: t.side,
      mo: t.makerOrderId,
      to: t.takerOrderId,
      mu: t.makerUserId,
      tu: t.takerUserId,
      mf: t.makerFee.toString(),
      tf: t.takerFee.toString(),
    })),
  );
  const rows = await queryRows<{ t: string; k: number; v: number | string }>(
    tx,
    sql`with
      seqs as materialized (
        select k, nextval('market_orders_seq_seq') as seq
        from generate_series(0, ${added.length - 1}::int) as k order by k),
      added as (
        insert into market_orders (id, seq, user_id, inst_id, side, type, tif, price, size, quote_size,
          filled_size, filled_quote, fee, status, cancel_reason, frozen_asset, frozen_amount,
          maker_fee_rate, taker_fee_rate, request_id, created_at, updated_at)
        select x.id, seqs.seq, x.u, x.i, x.sd, x.ty, x.tf, x.p::numeric, x.sz::numeric, x.qs::numeric,
          x.fs::numeric, x.fq::numeric, x.fe::numeric, x.st, x.cr, x.fa, x.fm::numeric, x.mr, x.tr, x.rq,
          ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${orders}::jsonb) as x(k int, id text, u integer, i text, sd text, ty text,
          tf text, p text, sz text, qs text, fs text, fq text, fe text, st text, cr text, fa text, fm text,
          mr text, tr text, rq text)
        join seqs on seqs.k = x.k
        returning id),
      filled as (
        update market_orders as o
        set filled_size = x.fs::numeric, filled_quote = x.fq::numeric, fee = x.f::numeric, status = x.s,
            cancel_reason = x.cr, frozen_amount = x.fa::numeric, updated_at = ${now}::timestamptz
        from jsonb_to_recordset(${fills}::jsonb) as x(i text, fs text, fq text, f text, s text, cr text, fa text)
        where o.id = x.i and o.status in ('new', 'partial_filled')
        returning o.id),
      tids as materialized (
        select k, nextval('market_trades_id_seq') as id
        from generate_series(0, ${trades.length - 1}::int) as k order by k),
      printed as (
        insert into market_trades (id, inst_id, price, size, quote, side, maker_order_id, taker_order_id,
          maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
        select tids.id, x.i, x.p::numeric, x.sz::numeric, x.q::numeric, x.sd, x.mo, x.to, x.mu, x.tu,
          x.mf::numeric, x.tf::numeric, ${now}::timestamptz
        from jsonb_to_recordset(${prints}::jsonb) as x(k int, i text, p text, sz text, q text, sd text,
          mo text, "to" text, mu integer, tu integer, mf text, tf text)
        join tids on tids.k = x.k
        returning id)
    select 'o' as t, k, seq as v from seqs
    union all select 't' as t, k, id as v from tids
    union all select 'n' as t, (select count(*)::int from added) + (select count(*)::int from printed), 0
    union all select 'f' as t, (select count(*)::int from filled), 0`,
  );
  const seqs = rows
    .filter((r) => r.t === 'o')
    .sort((a, b) => a.k - b.k)
    .map((r) => Number(r.v));
  const tradeIds = rows
    .filter((r) => r.t === 't')
    .sort((a, b) => a.k - b.k)
    .map((r) => Number(r.v));
  const written = rows.find((r) => r.t === 'n')?.k;
  const updated = rows.find((r) => r.t === 'f')?.k;
  assert.equal(written, added.length + trades.length, 'orders or trades not written');
  assert.equal(updated, changed.length, 'an open order changed outside its instrument queue');
  return { seqs, trades: tradeIds };
}
