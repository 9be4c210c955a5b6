import assert from 'node:assert/strict';
import { maskAddress, parseAmount, type ResponseData } from '@nexa/contract';
import { and, asc, count, desc, eq, inArray, min, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type AssetScale, feeOf, fmt, parseRate } from '../../kernel/units';
import { type Ledger, SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { TOKEN_MARKET_SETTINGS } from './settings';
import { p2pListings, p2pSales } from './tables';

const { users } = schema;

type ListingRow = typeof p2pListings.$inferSelect;
type SaleRow = typeof p2pSales.$inferSelect;
export type ListingView = ResponseData<'/api/trade/sell'>;
export type SaleView = ResponseData<'/api/trade/buy'>;

const QUOTE = 'USDT';

interface Seller {
  readonly uid: string;
  readonly address: string;
  readonly sales: number;
}
const NO_SELLER: Seller = { uid: '', address: '', sales: 0 };

/**
 * The peer-to-peer token market. A listing freezes the seller's tokens (ledger hold); a purchase is one
 * journal transaction — tokens from the seller's hold to the buyer, USDT from the buyer to the seller minus
 * the seller's fee, the fee to `system:fees`; the seller can withdraw what is unsold (hold released). The
 * listing row is locked for the purchase, so two buyers can never take the same tokens.
 * Price is USDT per whole token; a purchase costs price × amount rounded up to the USDT minor unit, and the
 * seller's fee on it is rounded up too (never zero). A listing is worth at least the minimum trade value
 * (`p2p.min_usdt`), and so is every purchase: a part must be worth the minimum and leave at least that much,
 * or take all that is left.
 */
export interface TokenMarketDeps extends AppDeps {
  readonly ledger: Ledger;
  /** The platform's price of one unit in USDT at 18 decimals (the one source wallet values read), or null. */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
}

export function createTokenMarket(deps: TokenMarketDeps) {
  const { store, clock, ledger } = deps;
  const settings = deps.settings.of(TOKEN_MARKET_SETTINGS);
  const scaleOf = (symbol: string): AssetScale => deps.assets.get(symbol);

  async function listedAsset(symbol: string): Promise<AssetScale> {
    if (!(await settings.get('p2p.assets')).includes(symbol))
      throw new ValidationError('symbol', 'invalid_value');
    return scaleOf(symbol);
  }

  function amountIn(a: AssetScale, text: string, field: string): bigint {
    const v = parseAmount(text, a.scale);
    if (v === null) throw new ValidationError(field, 'invalid_format');
    if (v <= 0n) throw new ValidationError(field, 'too_small');
    return v;
  }

  const costOf = (a: AssetScale, price: bigint, amount: bigint) => {
    const unit = 10n ** BigInt(a.scale);
    return (price * amount + unit - 1n) / unit;
  };

  async function uids(db: Tx | typeof store.db, ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, uid: users.uid })
      .from(users)
      .where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, r.uid]));
  }

  /** Who the sellers are, as buyers see them: UID, masked address, completed sales. */
  async function sellers(
    ids: readonly number[],
    db: Tx | typeof store.db = store.db,
  ): Promise<Map<number, Seller>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    // One after another: inside a transaction its connection runs one statement at a time.
    const people = await db
      .select({ id: users.id, uid: users.uid, address: users.address })
      .from(users)
      .where(inArray(users.id, unique));
    const counts = await db
      .select({ id: p2pSales.sellerId, n: count() })
      .from(p2pSales)
      .where(inArray(p2pSales.sellerId, unique))
      .groupBy(p2pSales.sellerId);
    const sales = new Map(counts.map((c) => [c.id, c.n]));
    return new Map(
      people.map((p) => [p.id, { uid: p.uid, address: maskAddress(p.address), sales: sales.get(p.id) ?? 0 }]),
    );
  }

  /** Market, cheapest listing and suggested price of each listable token. */
  async function prices(symbols: readonly string[]) {
    const usdt = scaleOf(QUOTE);
    const lowest = await store.db
      .select({ asset: p2pListings.asset, price: min(p2pListings.price) })
      .from(p2pListings)
      .where(and(eq(p2pListings.status, 'open'), inArray(p2pListings.asset, [...symbols])))
      .groupBy(p2pListings.asset);
    const cheapest = new Map(lowest.map((l) => [l.asset, l.price]));
    return Promise.all(
      symbols.map(async (symbol) => {
        const p18 = await deps.priceUsdt18(symbol);
        // USDT per token at the quote's scale, rounded to the nearest minor unit.
        const unit = 10n ** BigInt(18 - usdt.scale);
        const market = p18 === null ? null : (p18 + unit / 2n) / unit;
        const low = cheapest.get(symbol) ?? null;
        const suggested = low ?? (market !== null && market > 0n ? market : null);
        return {
          symbol,
          market: market === null ? null : fmt(usdt, market),
          lowest: low === null ? null : fmt(usdt, low),
          suggested: suggested === null ? null : fmt(usdt, suggested),
        };
      }),
    );
  }

  function listingView(row: ListingRow, userId: number, seller: Seller): ListingView {
    const a = scaleOf(row.asset);
    const usdt = scaleOf(QUOTE);
    return {
      id: row.id,
      symbol: row.asset,
      price: fmt(usdt, row.price),
      amount: fmt(a, row.amount),
      remaining: fmt(a, row.remaining),
      sold: fmt(a, row.amount - row.remaining),
      status: row.status,
      fee_rate: row.feeRate,
      seller_uid: seller.uid,
      seller_address: seller.address,
      seller_sales: seller.sales,
      mine: row.userId === userId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  function saleView(row: SaleRow, role: 'buyer' | 'seller', counterpartyUid: string): SaleView {
    const a = scaleOf(row.asset);
    const usdt = scaleOf(QUOTE);
    return {
      id: row.id,
      listing_id: row.listingId,
      symbol: row.asset,
      role,
      counterparty_uid: counterpartyUid,
      price: fmt(usdt, row.price),
      amount: fmt(a, row.amount),
      total: fmt(usdt, row.total),
      fee: fmt(usdt, row.fee),
      net: fmt(usdt, row.total - row.fee),
      created_at: row.createdAt.toISOString(),
    };
  }

  /** Lists tokens for sale; they are frozen on the seller's spot account until sold or withdrawn. */
  async function sell(
    userId: number,
    b: { symbol: string; price: string; amount: string; request_id?: string | undefined },
  ): Promise<ListingView> {
    const asset = await listedAsset(b.symbol);
    const usdt = scaleOf(QUOTE);
    const price = amountIn(usdt, b.price, 'price');
    const amount = amountIn(asset, b.amount, 'amount');
    const min = await settings.get('p2p.min_usdt');
    if (costOf(asset, price, amount) < min.units) {
      throw new DomainError('BelowMinimum', { min: `${min.text} ${QUOTE}` });
    }
    const feeRate = (await settings.get('p2p.fee_rate')).text;
    return ledger.withIdempotency(userId, b.request_id, 'p2p.sell', b, async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .insert(p2pListings)
        .values({
          userId,
          asset: asset.symbol,
          price,
          amount,
          remaining: amount,
          status: 'open',
          feeRate,
          requestId: b.request_id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      assert(row, 'listing not written');
      await ledger.freeze(tx, {
        account: { userId, asset: asset.symbol, kind: 'spot' },
        amount,
        cause: 'p2p.list',
        ref: String(row.id),
        remark: `${asset.symbol} @ ${b.price}`,
        userId,
        requestId: b.request_id ?? null,
      });
      return listingView(row, userId, (await sellers([userId], tx)).get(userId) ?? NO_SELLER);
    });
  }

  async function lockListing(tx: Tx, id: number): Promise<ListingRow | undefined> {
    const [row] = await tx.select().from(p2pListings).where(eq(p2pListings.id, id)).for('update');
    return row;
  }

  /** Buys all (no amount) or part of someone else's open listing, atomically. */
  async function buy(
    userId: number,
    b: { id: number; amount?: string | undefined; request_id?: string | undefined },
  ): Promise<SaleView> {
    return ledger.withIdempotency(userId, b.request_id, 'p2p.buy', b, async (tx) => {
      const l = await lockListing(tx, b.id);
      if (!l) throw new DomainError('NotFound');
      if (l.userId === userId) throw new DomainError('OwnListing');
      if (l.status !== 'open') throw new DomainError('InvalidState');
      const asset = scaleOf(l.asset);
      const amount = b.amount === undefined ? l.remaining : amountIn(asset, b.amount, 'amount');
      if (amount > l.remaining) throw new ValidationError('amount', 'too_big');
      const total = costOf(asset, l.price, amount);
      // Every purchase is worth at least the minimum trade value, and leaves none or at least that much.
      const { text: minText, units: min } = await settings.get('p2p.min_usdt');
      const left = l.remaining - amount;
      if (left > 0n && total < min) throw new DomainError('BelowMinimum', { min: `${minText} ${QUOTE}` });
      if (left > 0n && costOf(asset, l.price, left) < min) {
        throw new DomainError('RemainderTooSmall', { min: `${minText} ${QUOTE}` });
      }
      const fee = feeOf(total, parseRate(l.feeRate));
      const account = (u: number, a: string) => ledger.account(tx, { userId: u, asset: a, kind: 'spot' });
      const sellerTokens = await account(l.userId, l.asset);
      const buyerTokens = await account(userId, l.asset);
      const buyerUsdt = await account(userId, QUOTE);
      const sellerUsdt = await account(l.userId, QUOTE);
      const fees = await ledger.systemAccount(tx, SYSTEM.fees, QUOTE);
      const postings = [
        { account: sellerTokens, bucket: 'frozen' as const, amount: -amount },
        { account: buyerTokens, bucket: 'available' as const, amount },
        { account: buyerUsdt, bucket: 'available' as const, amount: -total },
        { account: sellerUsdt, bucket: 'available' as const, amount: total - fee },
        { account: fees, bucket: 'available' as const, amount: fee },
      ].filter((p) => p.amount !== 0n);
      const ledgerTxId = await ledger.post(tx, {
        cause: 'p2p.buy',
        ref: String(l.id),
        remark: `${l.asset} listing ${l.id}`,
        userId,
        requestId: b.request_id ?? null,
        postings,
      });
      const now = clock.now();
      const remaining = l.remaining - amount;
      await tx
        .update(p2pListings)
        .set({ remaining, status: remaining === 0n ? 'sold' : 'open', updatedAt: now })
        .where(eq(p2pListings.id, l.id));
      const [sale] = await tx
        .insert(p2pSales)
        .values({
          listingId: l.id,
          sellerId: l.userId,
          buyerId: userId,
          asset: l.asset,
          price: l.price,
          amount,
          total,
          fee,
          ledgerTxId,
          createdAt: now,
        })
        .returning();
      assert(sale, 'sale not written');
      return saleView(sale, 'buyer', (await uids(tx, [l.userId])).get(l.userId) ?? '');
    });
  }

  /** Withdraws what is unsold of one's own listing: the tokens are released. */
  async function withdraw(userId: number, id: number): Promise<ListingView> {
    return store.db.transaction(async (tx) => {
      const l = await lockListing(tx, id);
      if (!l || l.userId !== userId) throw new DomainError('NotFound');
      if (l.status !== 'open') throw new DomainError('InvalidState');
      await ledger.release(tx, {
        account: { userId, asset: l.asset, kind: 'spot' },
        amount: l.remaining,
        cause: 'p2p.withdraw',
        ref: String(l.id),
        userId,
      });
      const [row] = await tx
        .update(p2pListings)
        .set({ status: 'withdrawn', updatedAt: clock.now() })
        .where(eq(p2pListings.id, l.id))
        .returning();
      assert(row, 'listing vanished');
      return listingView(row, userId, (await sellers([userId], tx)).get(userId) ?? NO_SELLER);
    });
  }

  /** Open listings cheapest first; or (mine) the caller's own in every status, newest first. */
  async function listings(
    userId: number,
    f: {
      symbol?: string | undefined;
      mine: number;
      status?: ListingRow['status'] | undefined;
      id?: number | undefined;
    },
    page: { page: number; size: number },
  ) {
    const conds: SQL[] = [];
    if (f.symbol) conds.push(eq(p2pListings.asset, f.symbol));
    // One listing by id is one of mine, whatever its status: someone else's is not found.
    if (f.id !== undefined) conds.push(eq(p2pListings.id, f.id), eq(p2pListings.userId, userId));
    else if (f.mine === 1) {
      conds.push(eq(p2pListings.userId, userId));
      if (f.status) conds.push(eq(p2pListings.status, f.status));
    } else {
      conds.push(eq(p2pListings.status, 'open'));
    }
    const where = and(...conds);
    const order = f.mine === 1 ? [desc(p2pListings.id)] : [asc(p2pListings.price), asc(p2pListings.id)];
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(p2pListings)
          .where(where)
          .orderBy(...order),
        page,
      ),
      store.db.select({ n: count() }).from(p2pListings).where(where),
    ]);
    const who = await sellers(rows.map((r) => r.userId));
    const symbols = await settings.get('p2p.assets');
    return {
      ...pageAnswer(
        rows.map((r) => listingView(r, userId, who.get(r.userId) ?? NO_SELLER)),
        total,
      ),
      fee_rate: (await settings.get('p2p.fee_rate')).text,
      min_usdt: (await settings.get('p2p.min_usdt')).text,
      symbols,
      prices: await prices(symbols),
    };
  }

  /** The caller's sales (as seller, optionally of one listing) or purchases (as buyer), newest first. */
  async function sales(
    userId: number,
    role: 'buyer' | 'seller',
    f: { symbol?: string | undefined; id?: number | undefined },
    page: { page: number; size: number },
  ) {
    const conds: SQL[] = [eq(role === 'buyer' ? p2pSales.buyerId : p2pSales.sellerId, userId)];
    if (f.symbol) conds.push(eq(p2pSales.asset, f.symbol));
    if (f.id !== undefined) conds.push(eq(p2pSales.listingId, f.id));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(p2pSales).where(where).orderBy(desc(p2pSales.id)), page),
      store.db.select({ n: count() }).from(p2pSales).where(where),
    ]);
    const other = (r: SaleRow) => (role === 'buyer' ? r.sellerId : r.buyerId);
    const names = await uids(store.db, rows.map(other));
    return pageAnswer(
      rows.map((r) => saleView(r, role, names.get(other(r)) ?? '')),
      total,
    );
  }

  return { sell, buy, withdraw, listings, sales };
}

export type TokenMarket = ReturnType<typeof createTokenMarket>;
