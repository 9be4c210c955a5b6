import { randomBytes } from 'node:crypto';
import {
  EVM_ADDRESS_PATTERN,
  formatAmount,
  maskAddress,
  remarkDetail,
  UID_PATTERN,
  USDT_SCALE,
} from '@nexa/contract';
import { and, count, desc, eq, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { createMoneyWriter, type HistoryQuery, type HistoryRow, type UserAccountKind } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type AssetInfo, createAssets, iso, type WalletDeps } from './common';
import { createDeposits } from './deposits';
import { confirmsQuote, exactOrder, settleExactly } from './exchange-exact';
import { createFunding } from './funding';
import { WALLET_SETTINGS } from './settings';
import { exchangeQuotes, walletExchanges, walletTransfers } from './tables';
import { createWithdrawals } from './withdrawals';

const { users, ledgerTransactions } = schema;

export const ACCOUNT_KINDS: readonly UserAccountKind[] = ['spot', 'futures', 'shop', 'card'];

export interface PageQuery {
  readonly page: number;
  readonly size: number;
}

/** The wallet a user sees: balances, records, transfers, internal transfers, exchange, deposits, withdrawals. */
export function createWallet(deps: WalletDeps) {
  const { ledger, store, clock } = deps;
  const settings = deps.settings.of(WALLET_SETTINGS);
  const assets = createAssets(deps);
  /** Transfers, internal transfers and withdrawals' holds are group-committed (see ledger/writer.ts). */
  const writer = createMoneyWriter({ store, ledger });
  const funding = createFunding(deps, assets);
  const deposits = createDeposits(deps, assets, funding);
  const withdrawals = createWithdrawals(deps, assets, funding, writer);

  async function balanceRow(asset: AssetInfo, kind: UserAccountKind, available: bigint, frozen: bigint) {
    return {
      asset: asset.symbol,
      name: asset.name,
      account: kind,
      available: assets.show(asset, available),
      frozen: assets.show(asset, frozen),
      usdt_value: formatAmount(await assets.usdtValue(asset, available + frozen), USDT_SCALE),
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
    return { total_usdt: formatAmount(total, USDT_SCALE), list };
  }

  async function oneBalance(tx: Tx, userId: number, asset: AssetInfo, kind: UserAccountKind) {
    const b = (await ledger.balances(userId, tx)).find((x) => x.asset === asset.symbol && x.kind === kind);
    return balanceRow(asset, kind, b?.available ?? 0n, b?.frozen ?? 0n);
  }

  /** Journal lines at their asset's scale: the registry's, the assets the wallet does not list included. */
  function recordRows(rows: readonly HistoryRow[]) {
    return rows.map((r) => {
      const { scale } = deps.assets.get(r.asset);
      return {
        id: r.id,
        transaction_id: r.transactionId,
        asset: r.asset,
        account: r.kind,
        type: r.cause,
        amount: formatAmount(r.amount, scale),
        balance_after: formatAmount(r.balanceAfter, scale),
        remark: r.remark,
        detail: remarkDetail(r.cause, r.remark),
        returned: formatAmount(r.returned, scale),
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
    return { list: recordRows(list), total };
  }

  async function findRecipient(tx: Tx | typeof store.db, to: string) {
    const key = to.trim().toLowerCase();
    const cond = EVM_ADDRESS_PATTERN.test(key)
      ? eq(users.address, key)
      : UID_PATTERN.test(key)
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

  /** Lookups a user may make per minute: enough to type an address, too few to walk the UID space. */
  const LOOKUPS_PER_MINUTE = 30;

  /** Who a transfer to `to` would reach; the address comes back masked. */
  async function recipient(userId: number, to: string) {
    if (!(await deps.limiter.hit(`recipient:${userId}`, LOOKUPS_PER_MINUTE, 60_000, clock.now().getTime())))
      throw new DomainError('RateLimited');
    const u = await findRecipient(store.db, to);
    return { uid: u.uid, address: maskAddress(u.address), self: u.id === userId };
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
    const min = amountSetting('transfer.min', await settings.get('transfer.min'), asset.scale);
    if (amount < min)
      throw new DomainError('BelowMinimum', { min: `${formatAmount(min, asset.scale)} ${asset.symbol}` });
    // Committed with the other money calls waiting (group commit); answered after that commit.
    let toUserId: number | null = null;
    return writer.submit({
      userId,
      requestId: body.request_id,
      scope: 'transfer',
      body,
      prepare: async (tx) => {
        const to = await findRecipient(tx, body.to);
        if (to.id === userId) throw new DomainError('RecipientNotFound');
        toUserId = to.id;
        const from = await ledger.account(tx, { userId, asset: asset.symbol, kind: 'spot' });
        const into = await ledger.account(tx, { userId: to.id, asset: asset.symbol, kind: 'spot' });
        return {
          cause: 'transfer',
          remark: body.remark,
          userId,
          requestId: body.request_id ?? null,
          postings: [
            { account: from, bucket: 'available', amount: -amount },
            { account: into, bucket: 'available', amount },
          ],
        };
      },
      finish: async (tx, ledgerTxId) => {
        if (toUserId === null) throw new Error('transfer without its recipient');
        const [t] = await tx
          .insert(walletTransfers)
          .values({
            fromUserId: userId,
            toUserId,
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
      },
    });
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
      onPage(store.db.select().from(walletTransfers).where(where).orderBy(desc(walletTransfers.id)), p),
      store.db.select({ n: count() }).from(walletTransfers).where(where),
    ]);
    return pageAnswer(await Promise.all(rows.map((r) => transferRow(r, userId))), total);
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
    return writer.submit({
      userId,
      requestId: body.request_id,
      scope: 'internal_transfer',
      body,
      prepare: async (tx) => ({
        cause: 'internal_transfer',
        remark: '',
        userId,
        requestId: body.request_id ?? null,
        postings: [
          {
            account: await ledger.account(tx, { userId, asset: asset.symbol, kind: body.from }),
            bucket: 'available',
            amount: -amount,
          },
          {
            account: await ledger.account(tx, { userId, asset: asset.symbol, kind: body.to }),
            bucket: 'available',
            amount,
          },
        ],
      }),
      finish: async (tx) => ({
        from: await oneBalance(tx, userId, asset, body.from),
        to: await oneBalance(tx, userId, asset, body.to),
      }),
    });
  }

  // ——— exchange ———

  const RATE_DECIMALS = 12;

  const QUOTES_PER_MINUTE = 60;

  /** Deletes quotes that expired over an hour ago unused (a used one stays with its exchange). */
  async function sweepQuotes(): Promise<number> {
    const before = new Date(clock.now().getTime() - 3_600_000);
    const gone = await store.db
      .delete(exchangeQuotes)
      .where(
        and(
          lt(exchangeQuotes.expiresAt, before),
          notExists(
            store.db
              .select({ one: sql`1` })
              .from(walletExchanges)
              .where(eq(walletExchanges.quoteId, exchangeQuotes.id)),
          ),
        ),
      )
      .returning({ id: exchangeQuotes.id });
    return gone.length;
  }

  /** The fee asset of an exchange: the market's quote asset. */
  const feeAssetOf = (fromAsset: string, toAsset: string) => (fromAsset === 'USDT' ? fromAsset : toAsset);

  function exchangeRow(e: typeof walletExchanges.$inferSelect, from: AssetInfo, to: AssetInfo) {
    const feeAsset = feeAssetOf(e.fromAsset, e.toAsset);
    return {
      id: e.id,
      from_asset: e.fromAsset,
      to_asset: e.toAsset,
      from_amount: assets.show(from, e.fromAmount),
      to_amount: assets.show(to, e.toAmount),
      fee: assets.show(feeAsset === from.symbol ? from : to, e.fee),
      fee_asset: feeAsset,
      rate: e.rate,
      time: iso(e.createdAt),
    };
  }

  function venueOrFail() {
    if (!deps.venue) throw new DomainError('ExchangeUnavailable');
    return deps.venue;
  }

  /** The book an exchange converts on: an enabled spot instrument of the two assets (X↔USDT). */
  async function pairOf(fromAsset: string, toAsset: string) {
    const list = await venueOrFail().instruments();
    const sell = list.find((i) => i.enabled && i.base === fromAsset && i.quote === toAsset);
    if (sell) return { instId: sell.instId, side: 'sell' as const };
    const buy = list.find((i) => i.enabled && i.base === toAsset && i.quote === fromAsset);
    if (buy) return { instId: buy.instId, side: 'buy' as const };
    throw new DomainError('ExchangeUnavailable');
  }

  /** The exchange's fee rate: its own, never below the market's taker rate. */
  async function exchangeFeeRate(): Promise<{ text: string; units: bigint }> {
    const own = await settings.get('exchange.fee_rate');
    const taker = await venueOrFail().takerFeeRate();
    return own.units >= taker.units ? own : taker;
  }

  /** Units of `to` per unit of `from`, at 12 decimals. */
  function rateText(from: AssetInfo, to: AssetInfo, spend: bigint, receive: bigint): string {
    const r =
      (receive * 10n ** BigInt(from.scale) * 10n ** BigInt(RATE_DECIMALS)) /
      (spend * 10n ** BigInt(to.scale));
    return formatAmount(r, RATE_DECIMALS);
  }

  /** A quote: what a market order of this amount gets on the live book now, fee included. */
  async function quote(userId: number, fromSymbol: string, toSymbol: string, amountText: string) {
    if (fromSymbol === toSymbol) throw new ValidationError('to', 'invalid_value');
    // Each quote is a row and a walk of the book: a screen asks about twice a minute while typing.
    if (
      !(await deps.limiter.hit(`exchange-quote:${userId}`, QUOTES_PER_MINUTE, 60_000, clock.now().getTime()))
    )
      throw new DomainError('RateLimited');
    const from = await assets.get(fromSymbol, 'from');
    const to = await assets.get(toSymbol, 'to');
    const amount = assets.toMinor(from, amountText);
    const { instId, side } = await pairOf(from.symbol, to.symbol);
    const fee = await exchangeFeeRate();
    const est = await venueOrFail().estimate(instId, side, amount, fee.text);
    if (est.receive <= 0n) throw new ValidationError('amount', 'too_small');
    const rate = rateText(from, to, est.spend, est.receive);
    const ttl = await settings.get('exchange.quote_ttl_s');
    const id = `q_${randomBytes(12).toString('hex')}`;
    const expiresAt = new Date(clock.now().getTime() + ttl * 1000);
    // The quote binds what the sheet shows: exactly `spend` is paid and `receive` arrives, or nothing moves.
    await store.db.insert(exchangeQuotes).values({
      id,
      userId,
      fromAsset: from.symbol,
      toAsset: to.symbol,
      fromAmount: est.spend,
      toAmount: est.receive,
      fee: est.fee,
      rate,
      expiresAt,
      createdAt: clock.now(),
    });
    const feeAsset = feeAssetOf(from.symbol, to.symbol);
    return {
      quote_id: id,
      from_asset: from.symbol,
      to_asset: to.symbol,
      from_amount: assets.show(from, est.spend),
      to_amount: assets.show(to, est.receive),
      fee: assets.show(feeAsset === from.symbol ? from : to, est.fee),
      fee_asset: feeAsset,
      rate,
      // The quote's amounts are exact: no tolerance either way.
      slippage: '0',
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
    /** Only exchanges from or into this asset (the NEU line's records). */
    only?: string,
  ) {
    const where = and(
      eq(walletExchanges.userId, userId),
      only ? or(eq(walletExchanges.fromAsset, only), eq(walletExchanges.toAsset, only)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(walletExchanges).where(where).orderBy(desc(walletExchanges.id)), q),
      store.db.select({ n: count() }).from(walletExchanges).where(where),
    ]);
    const list = [];
    for (const r of rows)
      list.push(exchangeRow(r, await assets.get(r.fromAsset), await assets.get(r.toAsset)));
    // The assets that can be exchanged: those with a live book against USDT, at the book's mid price.
    const prices: { asset: string; usdt_price: string }[] = [];
    for (const i of deps.venue ? await deps.venue.instruments() : []) {
      if (!i.enabled || i.quote !== 'USDT') continue;
      const p = deps.venue?.midPrice(i.instId);
      if (p) prices.push({ asset: i.base, usdt_price: formatAmount(p.price, p.scale) });
    }
    return {
      fee_rate: (await exchangeFeeRate()).text,
      quote_ttl_s: await settings.get('exchange.quote_ttl_s'),
      prices,
      quote: q.from && q.to && q.amount ? await quote(userId, q.from, q.to, q.amount) : null,
      ...pageAnswer(list, total),
    };
  }

  /**
   * Exchange at a quote: a market order on the quote's book, in the user's name, at the exchange's fee. The
   * quote's amounts are what moves (`exchange-exact.ts`); a book that gives less than the quote refuses the
   * whole exchange (PriceMoved) and nothing moves.
   */
  async function exchange(
    userId: number,
    body: {
      quote_id: string;
      request_id?: string | undefined;
      from_amount?: string | undefined;
      to_amount?: string | undefined;
    },
  ) {
    const [qt] = await store.db
      .select()
      .from(exchangeQuotes)
      .where(and(eq(exchangeQuotes.id, body.quote_id), eq(exchangeQuotes.userId, userId)));
    if (!qt) throw new DomainError('NotFound');
    // A used quote goes on only as the retry of the request that used it (which replays its first answer).
    const [used] = await store.db
      .select({ requestId: ledgerTransactions.requestId })
      .from(walletExchanges)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, walletExchanges.ledgerTxId))
      .where(eq(walletExchanges.quoteId, qt.id));
    const replay = used !== undefined && body.request_id !== undefined && used.requestId === body.request_id;
    if (used && !replay) throw new DomainError('QuoteExpired');
    if (!used && qt.expiresAt.getTime() <= clock.now().getTime()) throw new DomainError('QuoteExpired');

    const from = await assets.get(qt.fromAsset);
    const to = await assets.get(qt.toAsset);
    // The figures the sheet confirmed, when sent, must be this quote's: anything else is not what was shown.
    if (!confirmsQuote(from, to, qt, body)) throw new DomainError('QuoteExpired');
    const { instId, side } = await pairOf(from.symbol, to.symbol);
    const fee = await exchangeFeeRate();
    const order = exactOrder(instId, side, qt, from, body.request_id);
    return venueOrFail().submitFor(userId, order, {
      scope: 'exchange',
      body,
      takerRate: fee.text,
      cause: 'exchange',
      remark: `${from.symbol} → ${to.symbol}`,
      within: async (tx, fill, ledgerTxId) => {
        const [locked] = await tx
          .select()
          .from(exchangeQuotes)
          .where(eq(exchangeQuotes.id, qt.id))
          .for('update');
        if (!locked) throw new DomainError('NotFound');
        const [again] = await tx
          .select({ id: walletExchanges.id })
          .from(walletExchanges)
          .where(eq(walletExchanges.quoteId, qt.id));
        if (again || locked.expiresAt.getTime() <= clock.now().getTime())
          throw new DomainError('QuoteExpired');
        await settleExactly(tx, ledger, { userId, side, quote: locked, fill, from, to });
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
        return exchangeRow(row, from, to);
      },
    });
  }

  return {
    assets,
    finance,
    records,
    transfer,
    recipient,
    transfers,
    internalTransfer,
    exchangeInfo,
    exchange,
    sweepQuotes,
    deposits,
    withdrawals,
    funding,
  };
}

export type WalletModule = ReturnType<typeof createWallet>;
