/**
 * NFTs and liquidity.
 *
 * Casting: each user has a base quota of casts (more can be bought); a cast pays the collection's fee from the
 * spot account, takes one cast of the quota and makes the collection's next NFT, whose rarity is drawn at
 * random (chances and weights are settings). A nameplate collection's NFT carries the name its caster chose.
 *
 * Pools: an NFT staked in one of its collection's pools weighs from the next platform day until the day it is
 * taken out; each pool's daily budget is shared by weight through the shared-emission mechanism of the rewards
 * engine, paid from the NFT rewards account.
 *
 * Liquidity inside the platform: a position puts USDT and the base token (BWC) of the same value, at the
 * market price the wallet reads everywhere, into the liquidity account; it weighs by that value from the next
 * platform day, sharing the liquidity budget the same way; removing it returns the same amounts. Liquidity on
 * chain is read from the configured pair for the user's own address.
 */
import { randomInt } from 'node:crypto';
import { formatAmount, parseAmount, type ResponseData } from '@nexa/contract';
import { and, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { platformDays } from '../../programs/days';
import { createRewards, type ProgramReport } from '../../programs/rewards';
import { createSharedEmission, type SharedEmission } from '../../programs/shared-emission';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type LpChainReader, underlying } from './lp-chain';
import { NFT_SETTINGS } from './settings';
import { lpPositions, nftCollections, nftOrders, nftPools, nftQuota, nftStakes, nfts } from './tables';

export const NFT_SYSTEM = {
  /** Casting fees and quota bought. */
  fees: 'system:nft:fees',
  /** What NFT pools pay from. */
  rewards: 'system:nft:rewards',
  /** Liquidity provided inside the platform. */
  liquidity: 'system:lp:liquidity',
  /** What the liquidity pool pays from. */
  lpRewards: 'system:lp:rewards',
  capital: SYSTEM.capital('nft'),
} as const;

type Rarity = (typeof nfts.$inferSelect)['rarity'];
type NftRow = typeof nfts.$inferSelect;
type NftView = ResponseData<'/v1/nft/detail'>;
type StakeView = ResponseData<'/v1/nft/stake'>;
type OrderView = ResponseData<'/api/cast/cast'>;
type LpView = ResponseData<'/v1/lp/add'>;

/** The rarity a draw from 0 to 99 gives, by the chances in order common → legendary. */
export function rarityOf(draw: number, chances: Record<Rarity, { chance: number }>): Rarity {
  let edge = 0;
  for (const r of ['common', 'rare', 'epic', 'legendary'] as const) {
    edge += chances[r].chance;
    if (draw < edge) return r;
  }
  return 'common';
}

/** How much of the base token matches `usdt` at `priceUsdt18` (USDT per whole token × 10^18), rounded down. */
export function baseFor(usdt: bigint, priceUsdt18: bigint, baseScale: number, usdtScale: number): bigint {
  return (usdt * 10n ** BigInt(baseScale) * 10n ** 18n) / (priceUsdt18 * 10n ** BigInt(usdtScale));
}

export interface NftDeps extends AppDeps {
  readonly ledger: Ledger;
  /** The one price source: USDT per whole unit × 10^18, or null when there is none. */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
  /** Reads positions in the configured on-chain pair; null when none is configured. */
  readonly lpChain: LpChainReader | null;
}

export function createNft(deps: NftDeps) {
  const { store, clock, ledger, log, assets } = deps;
  const settings = deps.settings.of(NFT_SETTINGS);
  const rewards = createRewards({ store, clock, ledger, log });
  const shared = createSharedEmission({ store, clock, rewards });
  const days = platformDays(deps);
  const usdt = () => assets.get('USDT');

  async function rewardAsset() {
    return assets.get(await settings.get('nft.reward_asset'));
  }
  async function lpBase() {
    return assets.get(await settings.get('lp.base'));
  }

  // ---------------------------------------------------------------- views

  async function nftViews(rows: readonly NftRow[]): Promise<NftView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [cols, stakes, earned] = await Promise.all([
      store.db
        .select()
        .from(nftCollections)
        .where(inArray(nftCollections.id, [...new Set(rows.map((r) => r.collectionId))])),
      store.db
        .select({ nftId: nftStakes.nftId, poolId: nftStakes.poolId, pool: nftPools.name })
        .from(nftStakes)
        .innerJoin(nftPools, eq(nftPools.id, nftStakes.poolId))
        .where(and(inArray(nftStakes.nftId, ids), eq(nftStakes.status, 'staking'))),
      store.db
        .select({ nftId: nftStakes.nftId, s: sql<string>`sum(${nftStakes.earned})::text` })
        .from(nftStakes)
        .where(inArray(nftStakes.nftId, ids))
        .groupBy(nftStakes.nftId),
    ]);
    const scale = (await rewardAsset()).scale;
    return rows.map((r) => {
      const c = cols.find((x) => x.id === r.collectionId);
      const s = stakes.find((x) => x.nftId === r.id);
      return {
        id: r.id,
        collection_id: r.collectionId,
        collection: c?.name ?? '',
        symbol: c?.symbol ?? '',
        serial: r.serial,
        name: r.name,
        rarity: r.rarity,
        weight: r.weight,
        status: r.status,
        pool_id: s?.poolId ?? null,
        pool: s?.pool ?? null,
        earned: formatAmount(BigInt(earned.find((x) => x.nftId === r.id)?.s ?? '0'), scale),
        minted_at: r.mintedAt.toISOString(),
      };
    });
  }

  async function stakeView(s: typeof nftStakes.$inferSelect, nft: string, pool: string): Promise<StakeView> {
    return {
      id: s.id,
      nft_id: s.nftId,
      nft,
      pool_id: s.poolId,
      pool,
      weight: s.weight,
      asset: s.asset,
      earned: formatAmount(s.earned, assets.get(s.asset).scale),
      status: s.status,
      start_at: (await days.dayStart(s.startDay)).toISOString(),
      ended_at: s.endedAt?.toISOString() ?? null,
    };
  }

  async function poolViews(collectionId?: number) {
    const rows = await store.db
      .select()
      .from(nftPools)
      .where(collectionId === undefined ? undefined : eq(nftPools.collectionId, collectionId))
      .orderBy(nftPools.id);
    const weights = await store.db
      .select({ poolId: nftStakes.poolId, w: sql<number>`coalesce(sum(${nftStakes.weight}), 0)::int` })
      .from(nftStakes)
      .where(eq(nftStakes.status, 'staking'))
      .groupBy(nftStakes.poolId);
    return rows.map((p) => ({
      id: p.id,
      collection_id: p.collectionId,
      name: p.name,
      asset: p.asset,
      daily_budget: formatAmount(p.dailyBudget, assets.get(p.asset).scale),
      staked_weight: weights.find((w) => w.poolId === p.id)?.w ?? 0,
      status: p.status,
    }));
  }

  async function collections() {
    const [cols, pools] = await Promise.all([
      store.db.select().from(nftCollections).orderBy(nftCollections.id),
      poolViews(),
    ]);
    return {
      list: cols.map((c) => ({
        id: c.id,
        name: c.name,
        symbol: c.symbol,
        kind: c.kind,
        fee: formatAmount(c.fee, assets.get(c.feeAsset).scale),
        fee_asset: c.feeAsset,
        cap: c.cap,
        minted: c.minted,
        pools: pools.filter((p) => p.collection_id === c.id),
      })),
    };
  }

  // ---------------------------------------------------------------- quota and casting

  async function quotaOf(db: typeof store.db | Tx, userId: number) {
    const [row] = await db.select().from(nftQuota).where(eq(nftQuota.userId, userId));
    const base = await settings.get('nft.base_quota');
    const max = await settings.get('nft.max_bought');
    const bought = row?.bought ?? 0;
    const used = row?.used ?? 0;
    return {
      quota: Math.max(0, base + bought - used),
      base,
      bought,
      used,
      price: await settings.get('nft.quota_price'),
      asset: usdt().symbol,
      can_buy: Math.max(0, max - bought),
    };
  }

  const getQuota = (userId: number) => quotaOf(store.db, userId);

  async function addQuota(userId: number, body: { count: number; request_id?: string | undefined }) {
    const price = parseAmount(await settings.get('nft.quota_price'), usdt().scale) ?? 0n;
    await settings.get('nft.max_bought');
    await settings.get('nft.base_quota');
    return ledger.withIdempotency(userId, body.request_id, 'nft.quota', body, async (tx) => {
      await tx.insert(nftQuota).values({ userId }).onConflictDoNothing();
      await tx.select().from(nftQuota).where(eq(nftQuota.userId, userId)).for('update');
      const q = await quotaOf(tx, userId);
      if (body.count > q.can_buy) throw new DomainError('CastQuotaLimit', { max: String(q.can_buy) });
      if (price > 0n) {
        await ledger.transfer(tx, {
          from: { userId, asset: usdt().symbol, kind: 'spot' },
          to: { system: NFT_SYSTEM.fees, asset: usdt().symbol },
          amount: price * BigInt(body.count),
          cause: 'nft.quota',
          remark: `× ${body.count}`,
          userId,
          requestId: body.request_id ?? null,
        });
      }
      await tx
        .update(nftQuota)
        .set({ bought: sql`${nftQuota.bought} + ${body.count}` })
        .where(eq(nftQuota.userId, userId));
      return quotaOf(tx, userId);
    });
  }

  async function orderView(o: typeof nftOrders.$inferSelect): Promise<OrderView> {
    const [[c], [n]] = await Promise.all([
      store.db.select().from(nftCollections).where(eq(nftCollections.id, o.collectionId)),
      store.db.select().from(nfts).where(eq(nfts.id, o.nftId)),
    ]);
    if (!c || !n) throw new DomainError('NftOrderNotFound');
    const [nft] = await nftViews([n]);
    if (!nft) throw new DomainError('NftOrderNotFound');
    return {
      id: o.id,
      collection: c.name,
      kind: c.kind,
      fee: formatAmount(o.fee, assets.get(o.feeAsset).scale),
      fee_asset: o.feeAsset,
      name: o.name,
      nft,
      created_at: o.createdAt.toISOString(),
    };
  }

  async function cast(
    userId: number,
    body: { collection_id: number; name?: string | undefined; request_id?: string | undefined },
  ): Promise<OrderView> {
    const [c0] = await store.db
      .select()
      .from(nftCollections)
      .where(eq(nftCollections.id, body.collection_id));
    if (!c0) throw new DomainError('CollectionNotFound');
    if (c0.kind === 'nameplate' && !body.name) throw new ValidationError('name', 'required');
    const rarities = await settings.get('nft.rarities');
    await quotaOf(store.db, userId);
    const draw = randomInt(0, 100);
    const orderId = await ledger.withIdempotency(userId, body.request_id, 'nft.cast', body, async (tx) => {
      const [c] = await tx
        .select()
        .from(nftCollections)
        .where(eq(nftCollections.id, body.collection_id))
        .for('update');
      if (!c) throw new DomainError('CollectionNotFound');
      if (c.cap !== null && c.minted >= c.cap) throw new DomainError('CollectionSoldOut');
      await tx.insert(nftQuota).values({ userId }).onConflictDoNothing();
      await tx.select().from(nftQuota).where(eq(nftQuota.userId, userId)).for('update');
      if ((await quotaOf(tx, userId)).quota <= 0) throw new DomainError('CastQuotaExhausted');
      const rarity = rarityOf(draw, rarities);
      const serial = c.minted + 1;
      const name = c.kind === 'nameplate' && body.name ? body.name : `${c.name} #${serial}`;
      const [n] = await tx
        .insert(nfts)
        .values({
          collectionId: c.id,
          serial,
          ownerId: userId,
          name,
          rarity,
          weight: rarities[rarity].weight,
          status: 'held',
          mintedAt: clock.now(),
        })
        .returning();
      if (!n) throw new Error('nft not written');
      const [o] = await tx
        .insert(nftOrders)
        .values({
          userId,
          collectionId: c.id,
          nftId: n.id,
          feeAsset: c.feeAsset,
          fee: c.fee,
          name: c.kind === 'nameplate' ? name : null,
          createdAt: clock.now(),
        })
        .returning();
      if (!o) throw new Error('cast order not written');
      await tx.update(nftCollections).set({ minted: serial }).where(eq(nftCollections.id, c.id));
      await tx
        .update(nftQuota)
        .set({ used: sql`${nftQuota.used} + 1` })
        .where(eq(nftQuota.userId, userId));
      if (c.fee > 0n) {
        await ledger.transfer(tx, {
          from: { userId, asset: c.feeAsset, kind: 'spot' },
          to: { system: NFT_SYSTEM.fees, asset: c.feeAsset },
          amount: c.fee,
          cause: 'nft.cast',
          ref: `nft:${n.id}`,
          remark: name,
          userId,
          requestId: body.request_id ?? null,
        });
      }
      return o.id;
    });
    return order(userId, orderId);
  }

  async function order(userId: number, id: number): Promise<OrderView> {
    const [o] = await store.db
      .select()
      .from(nftOrders)
      .where(and(eq(nftOrders.id, id), eq(nftOrders.userId, userId)));
    if (!o) throw new DomainError('NftOrderNotFound');
    return orderView(o);
  }

  async function orders(
    userId: number,
    q: { kind?: 'art' | 'nameplate' | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(nftOrders.userId, userId),
      q.kind
        ? sql`${nftOrders.collectionId} in (select id from nft_collections where kind = ${q.kind})`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(nftOrders).where(where).orderBy(desc(nftOrders.id)), q),
      store.db.select({ n: count() }).from(nftOrders).where(where),
    ]);
    const list: OrderView[] = [];
    for (const o of rows) list.push(await orderView(o));
    return pageAnswer(list, total);
  }

  async function myNfts(
    userId: number,
    q: { status?: NftRow['status'] | undefined; page: number; size: number },
  ) {
    const where = and(eq(nfts.ownerId, userId), q.status ? eq(nfts.status, q.status) : undefined);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(nfts).where(where).orderBy(desc(nfts.id)), q),
      store.db.select({ n: count() }).from(nfts).where(where),
    ]);
    return pageAnswer(await nftViews(rows), total);
  }

  async function detail(userId: number, id: number): Promise<NftView> {
    const [n] = await store.db
      .select()
      .from(nfts)
      .where(and(eq(nfts.id, id), eq(nfts.ownerId, userId)));
    if (!n) throw new DomainError('NftNotFound');
    const [v] = await nftViews([n]);
    if (!v) throw new DomainError('NftNotFound');
    return v;
  }

  // ---------------------------------------------------------------- pools

  async function stake(
    userId: number,
    body: { nft_id: number; pool_id: number; request_id?: string | undefined },
  ): Promise<StakeView> {
    const startDay = (await days.today()) + 1;
    await days.dayStart(startDay);
    const result = await ledger.withIdempotency(userId, body.request_id, 'nft.stake', body, async (tx) => {
      const [n] = await tx.select().from(nfts).where(eq(nfts.id, body.nft_id)).for('update');
      if (n?.ownerId !== userId) throw new DomainError('NftNotFound');
      if (n.status === 'staked') throw new DomainError('NftStaked');
      const [p] = await tx.select().from(nftPools).where(eq(nftPools.id, body.pool_id));
      if (p?.status !== 'active' || p.collectionId !== n.collectionId)
        throw new DomainError('NftPoolNotFound');
      const [s] = await tx
        .insert(nftStakes)
        .values({
          nftId: n.id,
          poolId: p.id,
          userId,
          weight: n.weight,
          asset: p.asset,
          startDay,
          status: 'staking',
          createdAt: clock.now(),
        })
        .returning();
      if (!s) throw new Error('stake not written');
      await tx.update(nfts).set({ status: 'staked' }).where(eq(nfts.id, n.id));
      return stakeView(s, n.name, p.name);
    });
    return result;
  }

  async function unstake(userId: number, body: { nft_id: number; request_id?: string | undefined }) {
    const today = await days.today();
    return ledger.withIdempotency(userId, body.request_id, 'nft.unstake', body, async (tx) => {
      const [n] = await tx.select().from(nfts).where(eq(nfts.id, body.nft_id)).for('update');
      if (n?.ownerId !== userId) throw new DomainError('NftNotFound');
      const [open] = await tx
        .select()
        .from(nftStakes)
        .where(and(eq(nftStakes.nftId, n.id), eq(nftStakes.status, 'staking')))
        .for('update');
      if (!open) throw new DomainError('NftNotStaked');
      // Today does not count (it was not staked for the whole of it); a stake that had not started never does.
      const endDay = today < open.startDay ? open.startDay : today;
      const [s] = await tx
        .update(nftStakes)
        .set({ status: 'ended', endDay, endedAt: clock.now() })
        .where(eq(nftStakes.id, open.id))
        .returning();
      await tx.update(nfts).set({ status: 'held' }).where(eq(nfts.id, n.id));
      const [p] = await tx.select({ name: nftPools.name }).from(nftPools).where(eq(nftPools.id, open.poolId));
      return stakeView(s ?? open, n.name, p?.name ?? '');
    });
  }

  async function stakes(
    userId: number,
    q: { status?: 'staking' | 'ended' | undefined; page: number; size: number },
  ) {
    const where = and(eq(nftStakes.userId, userId), q.status ? eq(nftStakes.status, q.status) : undefined);
    const [rows, [total], sums] = await Promise.all([
      onPage(
        store.db
          .select({ s: nftStakes, nft: nfts.name, pool: nftPools.name })
          .from(nftStakes)
          .innerJoin(nfts, eq(nfts.id, nftStakes.nftId))
          .innerJoin(nftPools, eq(nftPools.id, nftStakes.poolId))
          .where(where)
          .orderBy(desc(nftStakes.id)),
        q,
      ),
      store.db.select({ n: count() }).from(nftStakes).where(where),
      store.db
        .select({ asset: nftStakes.asset, s: sql<string>`sum(${nftStakes.earned})::text` })
        .from(nftStakes)
        .where(eq(nftStakes.userId, userId))
        .groupBy(nftStakes.asset),
    ]);
    const list: StakeView[] = [];
    for (const r of rows) list.push(await stakeView(r.s, r.nft, r.pool));
    return {
      ...pageAnswer(list, total),
      totals: sums.map((t) => ({
        asset: t.asset,
        earned: formatAmount(BigInt(t.s), assets.get(t.asset).scale),
      })),
    };
  }

  /** A pool's daily budget, shared by the weight of the NFTs staked in it that day. */
  const poolPrograms = new Map<number, SharedEmission>();
  function poolProgram(p: typeof nftPools.$inferSelect): SharedEmission {
    const known = poolPrograms.get(p.id);
    if (known) return known;
    const e: SharedEmission = {
      key: `nft:pool:${p.id}`,
      asset: p.asset,
      pool: NFT_SYSTEM.rewards,
      cause: 'nft.reward',
      emission: async () => {
        const [now] = await store.db.select().from(nftPools).where(eq(nftPools.id, p.id));
        return now?.status === 'active' ? now.dailyBudget : 0n;
      },
      weights: (day) => sql`
        select user_id, sum(weight) as weight from nft_stakes
        where pool_id = ${p.id} and start_day <= ${day} and (end_day is null or end_day > ${day})
        group by user_id`,
      // Each stake of the user in the pool that day gets its part, by its weight.
      earned: async (tx, rows, day) => {
        const values = sql.join(
          rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
          sql`, `,
        );
        await tx.execute(sql`
          update nft_stakes as s set earned = s.earned + div(v.amount * s.weight, v.weight)
          from (values ${values}) as v(user_id, amount, weight)
          where s.user_id = v.user_id and s.pool_id = ${p.id} and s.start_day <= ${day}
            and (s.end_day is null or s.end_day > ${day})`);
      },
      firstDay: async () =>
        (
          await store.db
            .select({ d: min(nftStakes.startDay) })
            .from(nftStakes)
            .where(and(eq(nftStakes.poolId, p.id), eq(nftStakes.status, 'staking')))
        )[0]?.d ?? null,
    };
    poolPrograms.set(p.id, e);
    return e;
  }

  // ---------------------------------------------------------------- liquidity inside

  let lpEmission: SharedEmission | null = null;
  async function lpProgram(): Promise<SharedEmission> {
    const reward = await rewardAsset();
    if (lpEmission && lpEmission.asset === reward.symbol) return lpEmission;
    lpEmission = {
      key: `lp:${(await lpBase()).symbol}-USDT`,
      asset: reward.symbol,
      pool: NFT_SYSTEM.lpRewards,
      cause: 'lp.reward',
      emission: async () => parseAmount(await settings.get('lp.daily_budget'), reward.scale) ?? 0n,
      weights: (day) => sql`
        select user_id, sum(value) as weight from lp_positions
        where start_day <= ${day} and (end_day is null or end_day > ${day}) group by user_id`,
      earned: async (tx, rows, day) => {
        const values = sql.join(
          rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
          sql`, `,
        );
        await tx.execute(sql`
          update lp_positions as p set earned = p.earned + div(v.amount * p.value, v.weight)
          from (values ${values}) as v(user_id, amount, weight)
          where p.user_id = v.user_id and p.start_day <= ${day} and (p.end_day is null or p.end_day > ${day})`);
      },
      firstDay: async () =>
        (
          await store.db
            .select({ d: min(lpPositions.startDay) })
            .from(lpPositions)
            .where(eq(lpPositions.status, 'active'))
        )[0]?.d ?? null,
    };
    return lpEmission;
  }

  function lpView(p: typeof lpPositions.$inferSelect, baseScale: number, rewardScale: number): LpView {
    return {
      id: p.id,
      usdt: formatAmount(p.usdt, usdt().scale),
      bwc: formatAmount(p.base, baseScale),
      value: formatAmount(p.value, usdt().scale),
      earned: formatAmount(p.earned, rewardScale),
      status: p.status,
      created_at: p.createdAt.toISOString(),
      removed_at: p.removedAt?.toISOString() ?? null,
    };
  }

  async function lpInner(userId: number) {
    const base = await lpBase();
    const reward = await rewardAsset();
    const [price, rows, [sums]] = await Promise.all([
      deps.priceUsdt18(base.symbol),
      store.db
        .select()
        .from(lpPositions)
        .where(eq(lpPositions.userId, userId))
        .orderBy(desc(lpPositions.id))
        .limit(50),
      store.db
        .select({ total: sql<string>`coalesce(sum(${lpPositions.value}), 0)::text` })
        .from(lpPositions)
        .where(eq(lpPositions.status, 'active')),
    ]);
    const mine = rows.filter((r) => r.status === 'active').reduce((a, r) => a + r.value, 0n);
    const earned = rows.reduce((a, r) => a + r.earned, 0n);
    return {
      pair: `${base.symbol}/USDT`,
      price: price === null ? null : formatAmount(price, 18),
      reward_asset: reward.symbol,
      daily_budget: await settings.get('lp.daily_budget'),
      total_value: formatAmount(BigInt(sums?.total ?? '0'), usdt().scale),
      min_usdt: await settings.get('lp.min_usdt'),
      my_value: formatAmount(mine, usdt().scale),
      earned: formatAmount(earned, reward.scale),
      list: rows.map((r) => lpView(r, base.scale, reward.scale)),
    };
  }

  async function lpAdd(
    userId: number,
    body: { usdt: string; request_id?: string | undefined },
  ): Promise<LpView> {
    const base = await lpBase();
    const reward = await rewardAsset();
    const u = parseAmount(body.usdt, usdt().scale);
    if (u === null || u <= 0n) throw new ValidationError('usdt', 'invalid_value');
    if (u < (parseAmount(await settings.get('lp.min_usdt'), usdt().scale) ?? 0n))
      throw new ValidationError('usdt', 'too_small');
    const price = await deps.priceUsdt18(base.symbol);
    if (price === null || price <= 0n) throw new DomainError('LpPriceUnavailable');
    const amount = baseFor(u, price, base.scale, usdt().scale);
    if (amount <= 0n) throw new ValidationError('usdt', 'too_small');
    const startDay = (await days.today()) + 1;
    return ledger.withIdempotency(userId, body.request_id, 'lp.add', body, async (tx) => {
      const [p] = await tx
        .insert(lpPositions)
        .values({
          userId,
          usdt: u,
          base: amount,
          value: u * 2n,
          startDay,
          status: 'active',
          createdAt: clock.now(),
        })
        .returning();
      if (!p) throw new Error('liquidity position not written');
      // One after another: a transaction's connection runs one statement at a time.
      const fromUsdt = await ledger.account(tx, { userId, asset: usdt().symbol, kind: 'spot' });
      const fromBase = await ledger.account(tx, { userId, asset: base.symbol, kind: 'spot' });
      const toUsdt = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, usdt().symbol);
      const toBase = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, base.symbol);
      await ledger.post(tx, {
        cause: 'lp.add',
        ref: `lp:${p.id}`,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: fromUsdt, bucket: 'available', amount: -u },
          { account: toUsdt, bucket: 'available', amount: u },
          { account: fromBase, bucket: 'available', amount: -amount },
          { account: toBase, bucket: 'available', amount },
        ],
      });
      return lpView(p, base.scale, reward.scale);
    });
  }

  async function lpRemove(
    userId: number,
    body: { id: number; request_id?: string | undefined },
  ): Promise<LpView> {
    const base = await lpBase();
    const reward = await rewardAsset();
    const today = await days.today();
    return ledger.withIdempotency(userId, body.request_id, 'lp.remove', body, async (tx) => {
      const [p] = await tx.select().from(lpPositions).where(eq(lpPositions.id, body.id)).for('update');
      if (p?.userId !== userId || p.status !== 'active') throw new DomainError('LpPositionNotFound');
      const [row] = await tx
        .update(lpPositions)
        .set({ status: 'removed', endDay: today < p.startDay ? p.startDay : today, removedAt: clock.now() })
        .where(eq(lpPositions.id, p.id))
        .returning();
      // One after another: a transaction's connection runs one statement at a time.
      const toUsdt = await ledger.account(tx, { userId, asset: usdt().symbol, kind: 'spot' });
      const toBase = await ledger.account(tx, { userId, asset: base.symbol, kind: 'spot' });
      const fromUsdt = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, usdt().symbol);
      const fromBase = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, base.symbol);
      await ledger.post(tx, {
        cause: 'lp.remove',
        ref: `lp:${p.id}`,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: fromUsdt, bucket: 'available', amount: -p.usdt },
          { account: toUsdt, bucket: 'available', amount: p.usdt },
          { account: fromBase, bucket: 'available', amount: -p.base },
          { account: toBase, bucket: 'available', amount: p.base },
        ],
      });
      return lpView(row ?? p, base.scale, reward.scale);
    });
  }

  async function lpRecords(userId: number, q: { page: number; size: number }) {
    const e = await lpProgram();
    const reward = await rewardAsset();
    const mine = await shared.myDays(e.key, userId, q);
    const list = [];
    for (const r of mine.rows) {
      list.push({
        id: r.id,
        day: (await days.dayStart(r.period)).toISOString(),
        value: formatAmount(r.weight, usdt().scale),
        total: formatAmount(r.total, usdt().scale),
        asset: reward.symbol,
        amount: formatAmount(r.amount, reward.scale),
        status: r.status,
      });
    }
    return { list, total: mine.total, total_paid: formatAmount(mine.paid, reward.scale) };
  }

  /** My position in the configured on-chain pair, for my own address. */
  async function lpChain(userId: number) {
    const [u] = await store.db
      .select({ address: schema.users.address })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    const address = u?.address ?? '';
    const reader = deps.lpChain;
    if (!reader) {
      return {
        configured: false,
        chain_id: null,
        pair: null,
        address,
        token0: null,
        token1: null,
        lp_balance: '0',
        total_supply: '0',
        share: '0',
        amount0: '0',
        amount1: '0',
      };
    }
    let p: Awaited<ReturnType<LpChainReader['position']>>;
    try {
      p = await reader.position(address);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'liquidity pair unreadable');
      throw new DomainError('NotAvailable');
    }
    const { amount0, amount1 } = underlying(p);
    const share = p.totalSupply > 0n ? (p.balance * 10n ** 8n) / p.totalSupply : 0n;
    return {
      configured: true,
      chain_id: reader.chainId,
      pair: reader.pair,
      address,
      token0: p.symbol0,
      token1: p.symbol1,
      lp_balance: formatAmount(p.balance, p.lpDecimals),
      total_supply: formatAmount(p.totalSupply, p.lpDecimals),
      share: formatAmount(share, 8),
      amount0: formatAmount(amount0, p.decimals0),
      amount1: formatAmount(amount1, p.decimals1),
    };
  }

  // ---------------------------------------------------------------- settlement

  async function settleDue(): Promise<void> {
    const today = await days.today();
    const pools = await store.db.select().from(nftPools);
    for (const p of pools) await shared.settleDue(poolProgram(p), today);
    await shared.settleDue(await lpProgram(), today);
  }

  // ---------------------------------------------------------------- operators

  async function balanceOf(account: string, asset: string): Promise<bigint> {
    return store.db.transaction(async (tx) => {
      const acc = await ledger.systemAccount(tx, account, asset);
      return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
    });
  }

  /** Every pool's and the liquidity pool's rewards as the solvency report shows them. */
  async function programReports(): Promise<ProgramReport[]> {
    const list: ProgramReport[] = [];
    const reward = await rewardAsset();
    const nftBalance = await balanceOf(NFT_SYSTEM.rewards, reward.symbol);
    for (const p of await store.db.select().from(nftPools).orderBy(nftPools.id)) {
      const e = poolProgram(p);
      const r = await shared.report(e.key);
      list.push({
        program: e.key,
        pool: e.pool,
        asset: e.asset,
        poolBalance: nftBalance,
        paid: r.paid,
        owed: r.queued,
        lastDay: r.lastDay,
      });
    }
    const lp = await lpProgram();
    const r = await shared.report(lp.key);
    list.push({
      program: lp.key,
      pool: lp.pool,
      asset: lp.asset,
      poolBalance: await balanceOf(NFT_SYSTEM.lpRewards, reward.symbol),
      paid: r.paid,
      owed: r.queued,
      lastDay: r.lastDay,
    });
    return list;
  }

  async function adminPools() {
    const reward = await rewardAsset();
    const fmt = (v: bigint) => formatAmount(v, reward.scale);
    const views = await poolViews();
    const rows = await store.db.select().from(nftPools);
    const list = [];
    for (const v of views) {
      const p = rows.find((r) => r.id === v.id);
      const r = p ? await shared.report(poolProgram(p).key) : { paid: 0n, queued: 0n };
      list.push({ ...v, paid: fmt(r.paid), queued: fmt(r.queued) });
    }
    const lp = await shared.report((await lpProgram()).key);
    const [total] = await store.db
      .select({ s: sql<string>`coalesce(sum(${lpPositions.value}), 0)::text` })
      .from(lpPositions)
      .where(eq(lpPositions.status, 'active'));
    return {
      list,
      lp: {
        daily_budget: await settings.get('lp.daily_budget'),
        paid: fmt(lp.paid),
        queued: fmt(lp.queued),
        total_value: formatAmount(BigInt(total?.s ?? '0'), usdt().scale),
      },
      accounts: [
        {
          account: NFT_SYSTEM.rewards,
          asset: reward.symbol,
          balance: fmt(await balanceOf(NFT_SYSTEM.rewards, reward.symbol)),
        },
        {
          account: NFT_SYSTEM.lpRewards,
          asset: reward.symbol,
          balance: fmt(await balanceOf(NFT_SYSTEM.lpRewards, reward.symbol)),
        },
      ],
    };
  }

  async function saveCollection(
    operatorId: number | null,
    body: { name: string; symbol: string; kind: 'art' | 'nameplate'; fee: string; cap: number | null },
  ) {
    const fee = parseAmount(body.fee, usdt().scale);
    if (fee === null || fee <= 0n) throw new ValidationError('fee', 'invalid_value');
    const id = await store.db.transaction(async (tx) => {
      const [c] = await tx
        .insert(nftCollections)
        .values({
          name: body.name,
          symbol: body.symbol,
          kind: body.kind,
          feeAsset: usdt().symbol,
          fee,
          cap: body.cap,
          createdAt: clock.now(),
        })
        .returning();
      if (!c) throw new Error('collection not written');
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: 'nft.collection.create',
          subject: `collection:${c.id}`,
          before: null,
          after: c,
        });
      return c.id;
    });
    const all = await collections();
    const c = all.list.find((x) => x.id === id);
    if (!c) throw new DomainError('CollectionNotFound');
    return c;
  }

  async function savePool(
    operatorId: number | null,
    body: {
      id?: number | undefined;
      collection_id: number;
      name: string;
      daily_budget: string;
      status: 'active' | 'paused' | 'closed';
    },
  ) {
    const reward = await rewardAsset();
    const budget = parseAmount(body.daily_budget, reward.scale);
    if (budget === null || budget <= 0n) throw new ValidationError('daily_budget', 'invalid_value');
    const id = await store.db.transaction(async (tx) => {
      const [c] = await tx
        .select({ id: nftCollections.id })
        .from(nftCollections)
        .where(eq(nftCollections.id, body.collection_id));
      if (!c) throw new DomainError('CollectionNotFound');
      const fields = { collectionId: c.id, name: body.name, dailyBudget: budget, status: body.status };
      if (body.id === undefined) {
        const [p] = await tx
          .insert(nftPools)
          .values({ ...fields, asset: reward.symbol, createdAt: clock.now() })
          .returning();
        if (!p) throw new Error('pool not written');
        if (operatorId !== null)
          await auditOperator(tx, clock.now(), {
            operatorId,
            action: 'nft.pool.create',
            subject: `pool:${p.id}`,
            before: null,
            after: p,
          });
        return p.id;
      }
      const [before] = await tx.select().from(nftPools).where(eq(nftPools.id, body.id)).for('update');
      if (!before) throw new DomainError('NftPoolNotFound');
      const [p] = await tx.update(nftPools).set(fields).where(eq(nftPools.id, body.id)).returning();
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: 'nft.pool.update',
          subject: `pool:${body.id}`,
          before,
          after: p,
        });
      return body.id;
    });
    const v = (await poolViews()).find((p) => p.id === id);
    if (!v) throw new DomainError('NftPoolNotFound');
    return v;
  }

  async function fund(
    operatorId: number | null,
    body: { account: 'nft' | 'lp'; amount: string; reason?: string | undefined },
  ) {
    const reward = await rewardAsset();
    const amount = parseAmount(body.amount, reward.scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    const account = body.account === 'nft' ? NFT_SYSTEM.rewards : NFT_SYSTEM.lpRewards;
    await store.db.transaction(async (tx) => {
      await fundPoolAudited(tx, ledger, clock.now(), {
        operatorId,
        action: 'nft.fund',
        subject: account,
        pool: account,
        asset: reward.symbol,
        scale: reward.scale,
        amount,
        reason: body.reason,
        from: NFT_SYSTEM.capital,
        remark: account,
      });
    });
    return {
      account,
      asset: reward.symbol,
      balance: formatAmount(await balanceOf(account, reward.symbol), reward.scale),
    };
  }

  /** At start: settings read once; the demo lists its collections and pools and funds the rewards, once. */
  async function start(): Promise<void> {
    for (const key of Object.keys(NFT_SETTINGS) as (keyof typeof NFT_SETTINGS)[]) await settings.get(key);
    await days.offsetMs();
    await lpProgram();
    if (!deps.config.seedDemo) return;
    const [any] = await store.db.select({ id: nftCollections.id }).from(nftCollections).limit(1);
    if (any) return;
    for (const c of await settings.get('nft.demo_collections')) {
      const made = await saveCollection(null, {
        name: c.name,
        symbol: c.symbol,
        kind: c.kind,
        fee: c.fee,
        cap: c.cap,
      });
      await savePool(null, {
        collection_id: made.id,
        name: c.pool.name,
        daily_budget: c.pool.daily_budget,
        status: 'active',
      });
    }
    const amount = await settings.get('nft.demo_fund');
    await fund(null, { account: 'nft', amount });
    await fund(null, { account: 'lp', amount });
  }

  return {
    collections,
    getQuota,
    addQuota,
    cast,
    order,
    orders,
    myNfts,
    detail,
    stake,
    unstake,
    stakes,
    lpInner,
    lpAdd,
    lpRemove,
    lpRecords,
    lpChain,
    settleDue,
    adminPools,
    programReports,
    saveCollection,
    savePool,
    fund,
    start,
  };
}

export type Nft = ReturnType<typeof createNft>;
