import { randomBytes } from 'node:crypto';
import { formatAmount, parseAmount } from '@nexa/contract';
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { HistoryQuery, HistoryRow, UserAccountKind } from '../../ledger';
import { SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { DomainError, ValidationError } from '../../transport/errors';
import { type AssetInfo, createAssets, iso, type WalletDeps } from './common';
import { createDeposits } from './deposits';
import { createWithdrawals } from './withdrawals';

const { users, walletTransfers, walletExchanges, exchangeQuotes } = schema;

export const ACCOUNT_KINDS: readonly UserAccountKind[] = ['spot', 'futures', 'shop', 'card'];

export interface PageQuery {
  readonly page: number;
  readonly size: number;
}

/** The wallet a user sees: balances, records, transfers, internal transfers, exchange, deposits, withdrawals. */
export function createWallet(deps: WalletDeps) {
  const { ledger, store, clock, settings } = deps;
  const assets = createAssets(deps);
  const deposits = createDeposits(deps, assets);
  const withdrawals = createWithdrawals(deps, assets);

  async function balanceRow(asset: AssetInfo, kind: UserAccountKind, available: bigint, frozen: bigint) {
    return {
      asset: asset.symbol,
      name: asset.name,
      account: kind,
      available: assets.show(asset, available),
      frozen: assets.show(asset, frozen),
      usdt_value: formatAmount(await assets.usdtValue(asset, available + frozen), 6),
      display_precision: asset.displayPrecision,
    };
  }

  /** Every asset of every account (or of one), zeros included, and the total in USDT. */
  async function finance(userId: number, account?: UserAccountKind) {
    const all = await assets.all();
    const held = new Map((await ledger.balances(userId)).map((b) => [`${b.asset}:${b.kind}`, b]));
    const kinds = account ? [account] : ACCOUNT_KINDS;
    const list = [];
    let total = 0n;
    for (const kind of kinds) {
      for (const asset of all.values()) {
        const b = held.get(`${asset.symbol}:${kind}`);
        const available = b?.available ?? 0n;
        const frozen = b?.frozen ?? 0n;
        total += await assets.usdtValue(asset, available + frozen);
        list.push(await balanceRow(asset, kind, available, frozen));
      }
    }
    return { total_usdt: formatAmount(total, 6), list };
  }

  async function oneBalance(tx: Tx, userId: number, asset: AssetInfo, kind: UserAccountKind) {
    const b = (await ledger.balances(userId, tx)).find((x) => x.asset === asset.symbol && x.kind === kind);
    return balanceRow(asset, kind, b?.available ?? 0n, b?.frozen ?? 0n);
  }

  async function recordRows(rows: readonly HistoryRow[]) {
    const all = await assets.all();
    return rows.map((r) => {
      const scale = all.get(r.asset)?.scale ?? 8;
      return {
        id: r.id,
        transaction_id: r.transactionId,
        asset: r.asset,
        account: r.kind,
        type: r.cause,
        amount: formatAmount(r.amount, scale),
        balance_after: formatAmount(r.balanceAfter, scale),
        remark: r.remark,
        time: iso(r.createdAt),
      };
    });
  }

  interface RecordFilter {
    symbol?: string | undefined;
    account?: UserAccountKind | undefined;
    type?: string | undefined;
    amount_type?: number | undefined;
    causePrefix?: string;
    bucket?: 'available' | 'frozen';
    transactionId?: number | undefined;
  }

  /** Asset records: the user's journal lines (spendable balance unless a bucket is named), newest first. */
  async function records(userId: number, f: RecordFilter, page: PageQuery) {
    if (f.symbol) await assets.get(f.symbol, 'symbol');
    const q: HistoryQuery = {
      page: page.page,
      size: page.size,
      bucket: f.bucket ?? 'available',
      ...(f.symbol ? { asset: f.symbol } : {}),
      ...(f.account ? { kind: f.account } : {}),
      ...(f.type ? { cause: f.type } : {}),
      ...(f.causePrefix ? { causePrefix: f.causePrefix } : {}),
      ...(f.amount_type === 2
        ? { direction: 'in' as const }
        : f.amount_type === 3
          ? { direction: 'out' as const }
          : {}),
      ...(f.transactionId ? { transactionId: f.transactionId } : {}),
    };
    if (f.transactionId) delete (q as { bucket?: string }).bucket;
    const { list, total } = await ledger.history(userId, q);
    return { list: await recordRows(list), total };
  }

  async function findRecipient(tx: Tx, to: string) {
    const key = to.trim().toLowerCase();
    const cond = /^0x[0-9a-f]{40}$/.test(key)
      ? eq(users.address, key)
      : /^\d{6,12}$/.test(key)
        ? eq(users.uid, key)
        : null;
    if (!cond) throw new DomainError('RecipientNotFound');
    const [u] = await tx
      .select({ id: users.id, uid: users.uid, address: users.address })
      .from(users)
      .where(cond);
    if (!u) throw new DomainError('RecipientNotFound');
    return u;
  }

  async function transferRow(
    t: typeof walletTransfers.$inferSelect,
    userId: number,
    db: Tx | typeof store.db = store.db,
  ) {
    const out = t.fromUserId === userId;
    const other = out ? t.toUserId : t.fromUserId;
    const [cp] = await db
      .select({ uid: users.uid, address: users.address })
      .from(users)
      .where(eq(users.id, other));
    const asset = await assets.get(t.asset);
    return {
      id: t.id,
      direction: out ? ('out' as const) : ('in' as const),
      counterparty: cp ?? { uid: '', address: '' },
      asset: t.asset,
      amount: assets.show(asset, t.amount),
      remark: t.remark,
      time: iso(t.createdAt),
    };
  }

  /** To another user by address or UID: spot to spot, no fee. */
  async function transfer(
    userId: number,
    body: { to: string; asset: string; amount: string; remark: string; request_id?: string | undefined },
  ) {
    const asset = await assets.get(body.asset);
    const amount = assets.toMinor(asset, body.amount);
    const min = parseAmount(await settings.get('transfer.min'), asset.scale) ?? 0n;
    if (amount < min)
      throw new DomainError('BelowMinimum', { min: `${formatAmount(min, asset.scale)} ${asset.symbol}` });
    const row = await deps.ledger.withIdempotency(userId, body.request_id, 'transfer', body, async (tx) => {
      const to = await findRecipient(tx, body.to);
      if (to.id === userId) throw new DomainError('RecipientNotFound');
      const ledgerTxId = await ledger.transfer(tx, {
        from: { userId, asset: asset.symbol, kind: 'spot' },
        to: { userId: to.id, asset: asset.symbol, kind: 'spot' },
        amount,
        cause: 'transfer',
        remark: body.remark,
        userId,
        requestId: body.request_id ?? null,
      });
      const [t] = await tx
        .insert(walletTransfers)
        .values({
          fromUserId: userId,
          toUserId: to.id,
          asset: asset.symbol,
          amount,
          remark: body.remark,
          ledgerTxId,
          createdAt: clock.now(),
        })
        .returning();
      if (!t) throw new Error('transfer row not written');
      // The answer is built inside the transaction, so a retry replays exactly this first answer.
      return transferRow(t, userId, tx);
    });
    return row;
  }

  async function transfers(
    userId: number,
    f: { direction?: 'in' | 'out' | undefined; symbol?: string | undefined },
    p: PageQuery,
  ) {
    const conds: SQL[] = [];
    const mine =
      f.direction === 'in'
        ? eq(walletTransfers.toUserId, userId)
        : f.direction === 'out'
          ? eq(walletTransfers.fromUserId, userId)
          : or(eq(walletTransfers.toUserId, userId), eq(walletTransfers.fromUserId, userId));
    if (mine) conds.push(mine);
    if (f.symbol) conds.push(eq(walletTransfers.asset, f.symbol));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      store.db
        .select()
        .from(walletTransfers)
        .where(where)
        .orderBy(desc(walletTransfers.id))
        .limit(p.size)
        .offset((p.page - 1) * p.size),
      store.db.select({ n: count() }).from(walletTransfers).where(where),
    ]);
    return { list: await Promise.all(rows.map((r) => transferRow(r, userId))), total: total?.n ?? 0 };
  }

  /** Between the user's own accounts: instant, no fee. */
  async function internalTransfer(
    userId: number,
    body: {
      asset: string;
      from: UserAccountKind;
      to: UserAccountKind;
      amount: string;
      request_id?: string | undefined;
    },
  ) {
    if (body.from === body.to) throw new DomainError('SameAccount');
    const asset = await assets.get(body.asset);
    const amount = assets.toMinor(asset, body.amount);
    return deps.ledger.withIdempotency(userId, body.request_id, 'internal_transfer', body, async (tx) => {
      await ledger.transfer(tx, {
        from: { userId, asset: asset.symbol, kind: body.from },
        to: { userId, asset: asset.symbol, kind: body.to },
        amount,
        cause: 'internal_transfer',
        remark: '',
        userId,
        requestId: body.request_id ?? null,
      });
      return {
        from: await oneBalance(tx, userId, asset, body.from),
        to: await oneBalance(tx, userId, asset, body.to),
      };
    });
  }

  // ——— exchange ———

  const RATE_DECIMALS = 12;

  function exchangeRow(e: typeof walletExchanges.$inferSelect, from: AssetInfo, to: AssetInfo) {
    return {
      id: e.id,
      from_asset: e.fromAsset,
      to_asset: e.toAsset,
      from_amount: assets.show(from, e.fromAmount),
      to_amount: assets.show(to, e.toAmount),
      fee: assets.show(to, e.fee),
      rate: e.rate,
      time: iso(e.createdAt),
    };
  }

  async function quote(userId: number, fromSymbol: string, toSymbol: string, amountText: string) {
    if (fromSymbol === toSymbol) throw new ValidationError('to', 'invalid_value');
    const from = await assets.get(fromSymbol, 'from');
    const to = await assets.get(toSymbol, 'to');
    const fromAmount = assets.toMinor(from, amountText);
    const pFrom = await assets.priceUsdt18(from.symbol);
    const pTo = await assets.priceUsdt18(to.symbol);
    const gross = (fromAmount * pFrom * 10n ** BigInt(to.scale)) / (pTo * 10n ** BigInt(from.scale));
    const feeRate = parseAmount(await settings.get('exchange.fee_rate'), 18) ?? 0n;
    const fee = (gross * feeRate + 10n ** 18n - 1n) / 10n ** 18n;
    const net = gross - fee;
    if (net <= 0n) throw new ValidationError('amount', 'too_small');
    const rate = formatAmount((pFrom * 10n ** BigInt(RATE_DECIMALS)) / pTo, RATE_DECIMALS);
    const ttl = await settings.get('exchange.quote_ttl_s');
    const id = `q_${randomBytes(12).toString('hex')}`;
    const expiresAt = new Date(clock.now().getTime() + ttl * 1000);
    await store.db.insert(exchangeQuotes).values({
      id,
      userId,
      fromAsset: from.symbol,
      toAsset: to.symbol,
      fromAmount,
      toAmount: net,
      fee,
      rate,
      expiresAt,
      createdAt: clock.now(),
    });
    return {
      quote_id: id,
      from_asset: from.symbol,
      to_asset: to.symbol,
      from_amount: assets.show(from, fromAmount),
      to_amount: assets.show(to, net),
      fee: assets.show(to, fee),
      rate,
      expires_at: iso(expiresAt),
    };
  }

  async function exchangeInfo(
    userId: number,
    q: {
      from?: string | undefined;
      to?: string | undefined;
      amount?: string | undefined;
      page: number;
      page_num: number;
    },
  ) {
    const prices = await settings.get('exchange.prices_usdt');
    const where = eq(walletExchanges.userId, userId);
    const [rows, [total]] = await Promise.all([
      store.db
        .select()
        .from(walletExchanges)
        .where(where)
        .orderBy(desc(walletExchanges.id))
        .limit(q.page_num)
        .offset((q.page - 1) * q.page_num),
      store.db.select({ n: count() }).from(walletExchanges).where(where),
    ]);
    const list = [];
    for (const r of rows)
      list.push(exchangeRow(r, await assets.get(r.fromAsset), await assets.get(r.toAsset)));
    return {
      fee_rate: await settings.get('exchange.fee_rate'),
      quote_ttl_s: await settings.get('exchange.quote_ttl_s'),
      prices: Object.entries(prices).map(([asset, usdt_price]) => ({ asset, usdt_price })),
      quote: q.from && q.to && q.amount ? await quote(userId, q.from, q.to, q.amount) : null,
      list,
      total: total?.n ?? 0,
    };
  }

  async function exchange(userId: number, body: { quote_id: string; request_id?: string | undefined }) {
    const result = await deps.ledger.withIdempotency(
      userId,
      body.request_id,
      'exchange',
      body,
      async (tx) => {
        const [qt] = await tx
          .select()
          .from(exchangeQuotes)
          .where(and(eq(exchangeQuotes.id, body.quote_id), eq(exchangeQuotes.userId, userId)))
          .for('update');
        if (!qt) throw new DomainError('NotFound');
        const [used] = await tx
          .select({ id: walletExchanges.id })
          .from(walletExchanges)
          .where(eq(walletExchanges.quoteId, qt.id));
        if (used) throw new DomainError('QuoteExpired');
        if (qt.expiresAt.getTime() <= clock.now().getTime()) throw new DomainError('QuoteExpired');
        const from = await ledger.account(tx, { userId, asset: qt.fromAsset, kind: 'spot' });
        const to = await ledger.account(tx, { userId, asset: qt.toAsset, kind: 'spot' });
        const exFrom = await ledger.systemAccount(tx, SYSTEM.exchange, qt.fromAsset);
        const exTo = await ledger.systemAccount(tx, SYSTEM.exchange, qt.toAsset);
        const fees = await ledger.systemAccount(tx, SYSTEM.fees, qt.toAsset);
        const postings = [
          { account: from, bucket: 'available' as const, amount: -qt.fromAmount },
          { account: exFrom, bucket: 'available' as const, amount: qt.fromAmount },
          { account: to, bucket: 'available' as const, amount: qt.toAmount },
          { account: exTo, bucket: 'available' as const, amount: -(qt.toAmount + qt.fee) },
        ];
        if (qt.fee > 0n) postings.push({ account: fees, bucket: 'available' as const, amount: qt.fee });
        const ledgerTxId = await ledger.post(tx, {
          cause: 'exchange',
          ref: qt.id,
          remark: '',
          userId,
          requestId: body.request_id ?? null,
          postings,
        });
        const [row] = await tx
          .insert(walletExchanges)
          .values({
            userId,
            fromAsset: qt.fromAsset,
            toAsset: qt.toAsset,
            fromAmount: qt.fromAmount,
            toAmount: qt.toAmount,
            fee: qt.fee,
            rate: qt.rate,
            quoteId: qt.id,
            ledgerTxId,
            createdAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('exchange row not written');
        return exchangeRow(row, await assets.get(row.fromAsset), await assets.get(row.toAsset));
      },
    );
    return result;
  }

  return {
    assets,
    finance,
    records,
    transfer,
    transfers,
    internalTransfer,
    exchangeInfo,
    exchange,
    deposits,
    withdrawals,
  };
}

export type WalletModule = ReturnType<typeof createWallet>;
