/**
 * Each user's effective power on a day of a line: what the day's emission is shared by.
 *
 * A user with machines running that day weighs their personal power (own machines: power and bonus), plus what
 * their referrals' power adds: direct (`direct` of each direct referral's personal power) and level (the user's
 * team level rate of every descendant's personal power). Only users running machines of their own count, and
 * add anything.
 *
 * A unit of power is counted at most once, plus a set share (`mining.referral_share`) for everyone above it
 * together, whatever path it is counted through: for each miner, the rates all the ancestors who count it would
 * apply (the parent's direct rate and each ancestor's level rate) add up to R; when R exceeds the share S, each
 * ancestor's part is scaled by S ÷ R. So the day's total weight never exceeds the personal power running that day
 * × (1 + S), and a chain of one person's accounts, however long, never adds more than S of what they bought.
 * Each part is rounded down. Rates are units of 10^-8.
 */
import { RATE_ONE } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';

export interface PowerRates {
  /** The direct rate (of a direct referral's personal power). */
  readonly direct: bigint;
  /** The level rates, V0 … V5 (of the whole downline's personal power). */
  readonly levels: readonly bigint[];
  /** The most all the ancestors of a unit of power together count of it (`mining.referral_share`). */
  readonly share: bigint;
}

export function powerWeights(line: string, day: number, r: PowerRates): SQL {
  const levelCase = sql.join(
    r.levels.map((rate, level) => sql`when ${level} then ${rate}::numeric`),
    sql` `,
  );
  return sql`
    with p as (
      select user_id, sum(power + bonus_power) as personal from mining_orders
      where line = ${line} and first_day <= ${day} and end_day > ${day} group by user_id
    ),
    e as (
      select p.user_id as src, a.ancestor_id as dst, p.personal as base,
        (case when a.distance = 1 then ${r.direct}::numeric else 0 end)
          + (case u.level ${levelCase} else 0 end) as rate
      from p
      join user_ancestors a on a.descendant_id = p.user_id
      join p pa on pa.user_id = a.ancestor_id
      join users u on u.id = a.ancestor_id
    ),
    r as (select src, sum(rate) as total from e group by src),
    c as (
      select e.dst as user_id,
        sum(div(e.base * e.rate * least(r.total, ${r.share}::numeric), r.total * ${RATE_ONE}::numeric)) as s
      from e join r on r.src = e.src
      where e.rate > 0
      group by e.dst
    )
    select p.user_id, p.personal + coalesce(c.s, 0) as weight
    from p left join c on c.user_id = p.user_id`;
}
