/**
 * Loss covers on futures positions.
 *
 * A user buys a cover of `limit` USDT of losses for a premium (`premium_rate` × limit) paid from the spot
 * account into the insurance pool, `system:insurance:pool` (separate from the futures insurance fund). The
 * futures module writes an outbox event in the transaction that ends a position by liquidation or by its
 * stop-loss with a loss; this module's consumer finds the user's cover in force for that position (opened
 * after the cover's waiting period, before its expiry, at no more than its maximum leverage), takes the
 * covered part of the loss (up to what is left of the limit) off the cover and pays `share` of it from the
 * pool into the futures account. The claim's key is the position, so a loss pays once whatever the outbox
 * redelivers. A claim the pool cannot pay is kept queued (operators see it) and paid, oldest first, by the
 * minute's sweep once the pool holds enough: the pool never pays more than it holds.
 */
import { formatAmount, parseAmount, RATE_ONE, type ResponseData, USDT_SCALE } from '@nexa/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { INSURANCE_SETTINGS } from './settings';
import { insuranceClaims, insuranceCovers } from './tables';

export const INSURANCE_POOL = 'system:insurance:pool';
export const INSURANCE_CAPITAL = SYSTEM.capital('insurance');
/** The outbox topic the futures module writes when a position ends in a liquidation or stop-out loss. */
export const POSITION_LOSS_TOPIC = 'futures.position_loss';

export interface PositionLoss {
  readonly userId: number;
  readonly positionId: number;
  readonly instId: string;
  readonly kind: 'liquidation' | 'stop_out';
  /** USDT minor units, positive. */
  readonly loss: string;
  readonly lever: number;
  /** Milliseconds since the epoch. */
  readonly openedAt: number;
  readonly closedAt: number;
}

type CoverRow = typeof insuranceCovers.$inferSelect;
type ClaimRow = typeof insuranceClaims.$inferSelect;
type CoverView = ResponseData<'/v1/user/buyInsurance'>;
type ClaimView = ResponseData<'/v1/user/insuranceCompensationList'>['list'][number];

const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

export function createInsurance(deps: AppDeps & { readonly ledger: Ledger }) {
  const { store, clock, ledger, log } = deps;
  const settings = deps.settings.of(INSURANCE_SETTINGS);

  function coverView(c: CoverRow, now = clock.now()): CoverView {
    const status =
      c.remaining === 0n
        ? 'used'
        : now >= c.expiresAt
          ? 'expired'
          : now < c.activeFrom
            ? 'waiting'
            : 'active';
    return {
      id: c.id,
      limit: usdt(c.limit),
      remaining: usdt(c.remaining),
      premium: usdt(c.premium),
      share: formatAmount(c.share, 8),
      max_lever: c.maxLever,
      paid: usdt(c.paid),
      status,
      active_from: c.activeFrom.toISOString(),
      expires_at: c.expiresAt.toISOString(),
      created_at: c.createdAt.toISOString(),
    };
  }

  function claimView(c: ClaimRow): ClaimView {
    return {
      id: c.id,
      cover_id: c.coverId,
      instId: c.instId,
      position_id: c.positionId,
      kind: c.kind,
      loss: usdt(c.loss),
      covered_loss: usdt(c.coveredLoss),
      amount: usdt(c.amount),
      status: c.status,
      created_at: c.createdAt.toISOString(),
      paid_at: c.paidAt?.toISOString() ?? null,
    };
  }

  async function terms() {
    const premiumRate = await settings.get('insurance.premium_rate');
    const share = await settings.get('insurance.share');
    return {
      premiumRate,
      share,
      minLimit: parseAmount(await settings.get('insurance.min_limit'), USDT_SCALE) ?? 0n,
      maxLimit: parseAmount(await settings.get('insurance.max_limit'), USDT_SCALE) ?? 0n,
      validDays: await settings.get('insurance.valid_days'),
      waitingH: await settings.get('insurance.waiting_h'),
      maxLever: await settings.get('insurance.max_lever'),
    };
  }

  async function buy(
    userId: number,
    body: { limit: string; request_id?: string | undefined },
  ): Promise<CoverView> {
    const t = await terms();
    // A share at or above the premium rate would let a deliberate loser get more than the premium back.
    if (t.share.units >= t.premiumRate.units) {
      log.error('insurance: share must stay below the premium rate; covers are not sold');
      throw new DomainError('NotAvailable');
    }
    const limit = parseAmount(body.limit, USDT_SCALE);
    if (limit === null) throw new ValidationError('limit', 'invalid_value');
    if (limit < t.minLimit) throw new ValidationError('limit', 'too_small');
    if (limit > t.maxLimit) throw new ValidationError('limit', 'too_big');
    const premium = (limit * t.premiumRate.units + RATE_ONE - 1n) / RATE_ONE;
    return ledger.withIdempotency(userId, body.request_id, 'insurance.buy', body, async (tx) => {
      const now = clock.now();
      // One cover in force at a time (the user's row lock serializes two purchases at once).
      await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
        .for('update');
      const [current] = await tx
        .select()
        .from(insuranceCovers)
        .where(eq(insuranceCovers.userId, userId))
        .orderBy(desc(insuranceCovers.id))
        .limit(1);
      if (current && current.remaining > 0n && now < current.expiresAt) throw new DomainError('CoverActive');
      await ledger.transfer(tx, {
        from: { userId, asset: 'USDT', kind: 'spot' },
        to: { system: INSURANCE_POOL, asset: 'USDT' },
        amount: premium,
        cause: 'insurance.premium',
        remark: `cover ${usdt(limit)} USDT`,
        userId,
        requestId: body.request_id ?? null,
      });
      const [row] = await tx
        .insert(insuranceCovers)
        .values({
          userId,
          limit,
          remaining: limit,
          premium,
          share: t.share.units,
          maxLever: t.maxLever,
          activeFrom: new Date(now.getTime() + t.waitingH * 3_600_000),
          expiresAt: new Date(now.getTime() + t.validDays * 86_400_000),
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('cover not written');
      return coverView(row, now);
    });
  }

  /** Pays a claim from the pool in the caller's transaction; false (nothing moved) when the pool is short. */
  async function pay(tx: Tx, claim: ClaimRow): Promise<boolean> {
    if (claim.amount === 0n) return true;
    const pool = await ledger.systemAccount(tx, INSURANCE_POOL, 'USDT');
    const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
    if (held < claim.amount) return false;
    await ledger.transfer(tx, {
      from: pool,
      to: { userId: claim.userId, asset: 'USDT', kind: 'futures' },
      amount: claim.amount,
      cause: 'insurance.payout',
      ref: `claim:${claim.id}`,
      remark: `position ${claim.positionId} ${claim.instId}`,
      userId: claim.userId,
    });
    return true;
  }

  /** The outbox consumer: one claim per position that ended in a covered loss. */
  async function onLoss(tx: Tx, e: PositionLoss): Promise<void> {
    const loss = BigInt(e.loss);
    if (loss <= 0n) return;
    const opened = new Date(e.openedAt);
    const closed = new Date(e.closedAt);
    const covers = await tx
      .select()
      .from(insuranceCovers)
      .where(eq(insuranceCovers.userId, e.userId))
      .orderBy(asc(insuranceCovers.id))
      .for('update');
    const cover = covers.find(
      (c) => c.remaining > 0n && c.activeFrom <= opened && closed < c.expiresAt && e.lever <= c.maxLever,
    );
    if (!cover) return;
    const covered = loss < cover.remaining ? loss : cover.remaining;
    const amount = (covered * cover.share) / RATE_ONE;
    const [claim] = await tx
      .insert(insuranceClaims)
      .values({
        coverId: cover.id,
        userId: e.userId,
        instId: e.instId,
        positionId: e.positionId,
        kind: e.kind,
        loss,
        coveredLoss: covered,
        amount,
        status: 'queued',
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!claim) return; // this position was claimed already
    await tx
      .update(insuranceCovers)
      .set({ remaining: cover.remaining - covered, paid: cover.paid + amount })
      .where(eq(insuranceCovers.id, cover.id));
    if (await pay(tx, claim)) {
      await tx
        .update(insuranceClaims)
        .set({ status: 'paid', paidAt: clock.now() })
        .where(eq(insuranceClaims.id, claim.id));
    } else {
      log.warn({ claim: claim.id, amount: usdt(amount) }, 'insurance pool short: compensation queued');
    }
  }

  /** Pays queued claims, oldest first, while the pool holds enough for the next one. */
  async function payQueued(): Promise<number> {
    let paid = 0;
    for (;;) {
      const done = await store.db.transaction(async (tx) => {
        const [next] = await tx
          .select()
          .from(insuranceClaims)
          .where(eq(insuranceClaims.status, 'queued'))
          .orderBy(asc(insuranceClaims.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return false;
        if (!(await pay(tx, next))) return false;
        await tx
          .update(insuranceClaims)
          .set({ status: 'paid', paidAt: clock.now() })
          .where(eq(insuranceClaims.id, next.id));
        return true;
      });
      if (!done) return paid;
      paid++;
    }
  }

  async function covers(userId: number, page: { page: number; size: number }) {
    const where = eq(insuranceCovers.userId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(insuranceCovers).where(where).orderBy(desc(insuranceCovers.id)), page),
      store.db.select({ n: count() }).from(insuranceCovers).where(where),
    ]);
    const t = await terms();
    return {
      ...pageAnswer(
        rows.map((r) => coverView(r)),
        total,
      ),
      premium_rate: t.premiumRate.text,
      share: t.share.text,
      min_limit: usdt(t.minLimit),
      max_limit: usdt(t.maxLimit),
      valid_days: t.validDays,
      waiting_h: t.waitingH,
      max_lever: t.maxLever,
    };
  }

  async function claims(
    userId: number | null,
    status: ClaimRow['status'] | null,
    page: { page: number; size: number },
  ) {
    const where = and(
      userId === null ? undefined : eq(insuranceClaims.userId, userId),
      status === null ? undefined : eq(insuranceClaims.status, status),
    );
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ c: insuranceClaims, uid: schema.users.uid })
          .from(insuranceClaims)
          .innerJoin(schema.users, eq(schema.users.id, insuranceClaims.userId))
          .where(where)
          .orderBy(userId === null ? asc(insuranceClaims.id) : desc(insuranceClaims.id)),
        page,
      ),
      store.db.select({ n: count() }).from(insuranceClaims).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async function queue(page: { page: number; size: number }, status: ClaimRow['status']) {
    const { rows, total } = await claims(null, status, page);
    const pool = await store.db.transaction((tx) => ledger.systemAccount(tx, INSURANCE_POOL, 'USDT'));
    const held = (await ledger.accountBalances(store.db, [pool.id])).get(pool.id)?.available ?? 0n;
    const [sum] = await store.db
      .select({ s: sql<string>`coalesce(sum(${insuranceClaims.amount}), 0)::text` })
      .from(insuranceClaims)
      .where(eq(insuranceClaims.status, 'queued'));
    return {
      list: rows.map((r) => ({ ...claimView(r.c), uid: r.uid })),
      total,
      pool: usdt(held),
      queued_total: usdt(BigInt(sum?.s ?? '0')),
    };
  }

  /** Compensation paid per position (the futures history shows it as the position's compensation fee). */
  async function compensationOf(positionIds: readonly number[]): Promise<Map<number, bigint>> {
    if (positionIds.length === 0) return new Map();
    const rows = await store.db
      .select({ p: insuranceClaims.positionId, a: insuranceClaims.amount })
      .from(insuranceClaims)
      .where(and(eq(insuranceClaims.status, 'paid'), sql`${insuranceClaims.positionId} in ${positionIds}`));
    return new Map(rows.map((r) => [r.p, r.a]));
  }

  /** The demo's first start puts money into the pool, so the first claims do not wait on premiums. */
  async function seedPool(): Promise<void> {
    if (!deps.config.seedDemo) return;
    const amount = parseAmount(await settings.get('insurance.demo_pool'), USDT_SCALE);
    if (!amount || amount <= 0n) return;
    await store.db.transaction(async (tx) => {
      const capital = await ledger.systemAccount(tx, INSURANCE_CAPITAL, 'USDT');
      const seen = (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
      if (seen !== 0n) return;
      await ledger.transfer(tx, {
        from: capital,
        to: { system: INSURANCE_POOL, asset: 'USDT' },
        amount,
        cause: 'insurance.fund',
        remark: 'insurance pool (demo)',
        userId: null,
      });
    });
  }

  /** Claims waiting because the pool cannot pay them, and the oldest's time (the operators' dashboard). */
  async function dryClaims(): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await store.db
      .select({ n: count(), oldest: sql<string | Date | null>`min(${insuranceClaims.createdAt})` })
      .from(insuranceClaims)
      .where(eq(insuranceClaims.status, 'queued'));
    const oldest = row?.oldest ?? null;
    return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
  }

  return { buy, onLoss, payQueued, covers, claims, claimView, queue, compensationOf, seedPool, dryClaims };
}

export type Insurance = ReturnType<typeof createInsurance>;
