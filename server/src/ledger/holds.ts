/**
 * The audit of holds: every amount the ledger keeps held against what justifies it, in one snapshot.
 *
 * The journal can be perfectly balanced while a hold is wrong: an order's reserve released by a bug, or an
 * account frozen for nothing. So each user account's frozen bucket is compared with the records that justify
 * it, and each pool that holds money for open positions with those positions:
 *
 * - spot account, per asset: the open spot orders' `frozen_amount` (in their `frozen_asset`), resting
 *   conditional orders' `frozen_amount` (`spot_algo_orders`, state live), pending withdrawals (amount + fee),
 *   chain deposits credited and not yet final, open token-market listings (what is unsold), race entries not
 *   yet paid out or
 *   refunded (their principal, USDT);
 * - futures account (USDT): the open futures orders' `hold` (margin and fee of their open contracts);
 * - shop account (USDT): withdrawals waiting for their hold to pass;
 * - card account (USDT): card authorisations held and not settled;
 * - `system:futures:margin` (USDT): Σ over open positions of margin − direction × entry value;
 * - `system:earn:staked`, per asset: the principal of the staking orders in progress.
 *
 * Any difference is a mismatch (held ≠ justified), reported by `npm run audit` and the console's solvency
 * report. The tables are read by name: the ledger imports no module.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../store';

export interface HoldMismatch {
  /** `user:<id>` for a user account, the system account's name for a pool. */
  readonly owner: string;
  readonly userId: number | null;
  /** spot, futures, shop, card, or system. */
  readonly kind: string;
  readonly asset: string;
  /** What the ledger holds (a user account's frozen bucket, a pool's balance). */
  readonly held: bigint;
  /** What the open orders, positions and requests justify. */
  readonly justified: bigint;
}

type Row = { user_id: number | string | null; kind: string; asset: string; held: string; justified: string };

/** Every hold that differs from what justifies it (empty: every hold matches). */
export async function findHoldMismatches(db: Db | Tx): Promise<HoldMismatch[]> {
  const users = await queryRows<Row>(
    db,
    sql`with j as (
          select user_id, frozen_asset as asset, 'spot' as kind, frozen_amount as amount
            from market_orders where status in ('new', 'partial_filled')
          union all select user_id, frozen_asset, 'spot', frozen_amount from spot_algo_orders where state = 'live'
          union all select user_id, 'USDT', 'futures', hold
            from swap_orders where status in ('new', 'partial_filled')
          union all select user_id, asset, 'spot', amount + fee from wallet_withdrawals where status = 'pending'
          union all select user_id, asset, 'spot', amount from wallet_deposits
            where status = 'pending' and ledger_tx_id is not null and chain <> 'manual'
          union all select user_id, asset, 'spot', remaining from p2p_listings where status = 'open'
          union all select e.user_id, 'USDT', 'spot', e.principal
            from race_entries e join race_groups g on g.id = e.group_id
            where e.status <> 'refunded' and g.paid_at is null
          union all select user_id, 'USDT', 'shop', amount
            from shop_moves where kind = 'withdrawal' and status = 'pending'
          union all select user_id, 'USDT', 'card', held from card_spends where status = 'held'
        ),
        js as (select user_id, asset, kind, sum(amount) as s from j group by user_id, asset, kind having sum(amount) <> 0),
        a as (select user_id, asset, kind, frozen from ledger_accounts where kind <> 'system' and frozen <> 0)
        select coalesce(a.user_id, js.user_id) as user_id, coalesce(a.kind, js.kind) as kind,
          coalesce(a.asset, js.asset) as asset, coalesce(a.frozen, 0)::text as held,
          coalesce(js.s, 0)::text as justified
        from a full outer join js on js.user_id = a.user_id and js.asset = a.asset and js.kind = a.kind
        where coalesce(a.frozen, 0) <> coalesce(js.s, 0)
        order by 1, 3, 2`,
  );
  const pools = await queryRows<Row & { name: string }>(
    db,
    sql`with j as (
          select 'system:futures:margin' as name, 'USDT' as asset,
            margin - case when size > 0 then entry else -entry end as amount
            from swap_positions where status = 'open'
          union all select 'system:earn:staked', asset, amount from pledge_orders where status = 'in_progress'
        ),
        js as (select name, asset, sum(amount) as s from j group by name, asset),
        a as (select system_name as name, asset, available + frozen as held from ledger_accounts
              where kind = 'system' and system_name in ('system:futures:margin', 'system:earn:staked'))
        select null as user_id, 'system' as kind, coalesce(a.name, js.name) as name,
          coalesce(a.asset, js.asset) as asset, coalesce(a.held, 0)::text as held,
          coalesce(js.s, 0)::text as justified
        from a full outer join js on js.name = a.name and js.asset = a.asset
        where coalesce(a.held, 0) <> coalesce(js.s, 0)
        order by 3, 4`,
  );
  return [
    ...users.map((r) => ({
      owner: `user:${Number(r.user_id)}`,
      userId: Number(r.user_id),
      kind: r.kind,
      asset: r.asset,
      held: BigInt(r.held),
      justified: BigInt(r.justified),
    })),
    ...pools.map((r) => ({
      owner: r.name,
      userId: null,
      kind: 'system',
      asset: r.asset,
      held: BigInt(r.held),
      justified: BigInt(r.justified),
    })),
  ];
}

/** One line for people: whose hold, of what, and both figures (scale from the caller). */
export function describeHold(m: HoldMismatch, fmt: (asset: string, minor: bigint) => string): string {
  const whose = m.userId === null ? m.owner : `${m.owner} ${m.kind}`;
  return `${whose} ${m.asset}: held ${fmt(m.asset, m.held)}, justified by open orders, positions and requests ${fmt(m.asset, m.justified)}`;
}

/** Open loans against stakes with no staking order in progress of the borrower's behind them. */
export async function findUnsecuredLoans(
  db: Db | Tx,
): Promise<{ id: number; userId: number; asset: string; amount: bigint; pledgeId: number }[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    asset: string;
    amount: string;
    pledge_id: string;
  }>(
    db,
    sql`select l.id::text as id, l.user_id::text as user_id, l.asset, l.amount::text as amount,
          l.pledge_id::text as pledge_id
        from earn_loans l left join pledge_orders o on o.id = l.pledge_id
        where l.status = 'open'
          and (o.id is null or o.status <> 'in_progress' or o.user_id <> l.user_id or o.asset <> l.asset)
        order by l.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    asset: r.asset,
    amount: BigInt(r.amount),
    pledgeId: Number(r.pledge_id),
  }));
}
