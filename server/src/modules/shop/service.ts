/**
 * The merchant shop.
 *
 * Buyers pay from their shop wallet (the USDT account of kind `shop`) into escrow; the product's row is locked
 * while its stock is taken, so stock never goes below zero whatever the number of buyers. The merchant ships;
 * the buyer signs for it (or it completes by itself `auto_confirm_days` after shipping) and the escrow is
 * released: the merchant's shop wallet gets the amount less the platform fee; the fee goes to the platform's
 * revenue, less the share that funds the consumer dividend pool. A paid order not yet shipped can be
 * canceled: the whole payment returns, and the stock. Each platform day's pool part is paid out after the
 * day by consumption weight (what each buyer's completed orders came to that day, doubled for a VIP) through
 * the shared emission of the rewards engine: once per day, whatever restarts or instances.
 */
import {
  formatAmount,
  type Lang,
  maskAddress,
  parseAmount,
  RATE_ONE,
  type ResponseData,
  USDT_SCALE,
} from '@nexa/contract';
import { and, asc, count, desc, eq, ilike, inArray, lte, min, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { DAY_MS, platformDays } from '../../programs/days';
import { createRewards, type ProgramReport } from '../../programs/rewards';
import { createSharedEmission, type SharedEmission } from '../../programs/shared-emission';
import { queryRows, schema, type Tx } from '../../store';
import { onPage, pageAnswer, pageClause, pageWindow } from '../../store/paging';
import { SHOP_SETTINGS } from './settings';
import {
  shopAddresses,
  shopCategories,
  shopMerchants,
  shopMoves,
  shopOrders,
  shopProducts,
  shopVip,
} from './tables';

export const SHOP_SYSTEM = {
  escrow: 'system:shop:escrow',
  revenue: 'system:shop:revenue',
  dividend: 'system:shop:dividend',
  capital: SYSTEM.capital('shop'),
} as const;

/** Uploaded images, through the module that keeps uploads. */
export interface ShopUploadsPort {
  begin(
    userId: number,
    body: { purpose: 'product'; content_type: string; size: number },
  ): Promise<ResponseData<'/api/shop/uploadImg'>>;
  /** Takes a stored goods image of the user for `by` (inside the caller's transaction); false when it cannot. */
  claim(tx: Tx, userId: number, id: string, by: string): Promise<boolean>;
  /** A link anyone may open, for a goods image. */
  publicLink(id: string): Promise<{ upload_id: string; url: string } | null>;
}

export interface ShopDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly uploads: ShopUploadsPort;
}

type MerchantRow = typeof shopMerchants.$inferSelect;
type ProductRow = typeof shopProducts.$inferSelect;
type OrderRow = typeof shopOrders.$inferSelect;
type MoveRow = typeof shopMoves.$inferSelect;
type OrderView = ResponseData<'/v1/shop/orderDetail'>;

const USDT = 'USDT';
const fmt = (v: bigint) => formatAmount(v, USDT_SCALE);
const PROGRAM = 'shop:dividend';

/** The platform fee of an order and the part of it for the dividend pool (both rounded down). */
export function splitFee(amount: bigint, rate: bigint, share: bigint) {
  const fee = (amount * rate) / RATE_ONE;
  const dividend = (fee * share) / RATE_ONE;
  return { fee, dividend, revenue: fee - dividend, net: amount - fee };
}

const CATEGORIES: { icon: string; names: Record<Lang, string> }[] = [
  {
    icon: 'phone',
    names: {
      en: 'Electronics',
      zh: '数码电子',
      ko: '전자제품',
      th: 'อิเล็กทรอนิกส์',
      vi: 'Điện tử',
      ja: '電子機器',
      de: 'Elektronik',
    },
  },
  {
    icon: 'shirt',
    names: {
      en: 'Fashion',
      zh: '服饰',
      ko: '패션',
      th: 'แฟชั่น',
      vi: 'Thời trang',
      ja: 'ファッション',
      de: 'Mode',
    },
  },
  {
    icon: 'home',
    names: {
      en: 'Home',
      zh: '家居',
      ko: '홈·리빙',
      th: 'ของใช้ในบ้าน',
      vi: 'Nhà cửa',
      ja: 'ホーム',
      de: 'Wohnen',
    },
  },
  {
    icon: 'food',
    names: {
      en: 'Food',
      zh: '食品',
      ko: '식품',
      th: 'อาหาร',
      vi: 'Thực phẩm',
      ja: '食品',
      de: 'Lebensmittel',
    },
  },
  {
    icon: 'beauty',
    names: { en: 'Beauty', zh: '美妆', ko: '뷰티', th: 'ความงาม', vi: 'Làm đẹp', ja: '美容', de: 'Beauty' },
  },
  {
    icon: 'sport',
    names: { en: 'Sports', zh: '运动', ko: '스포츠', th: 'กีฬา', vi: 'Thể thao', ja: 'スポーツ', de: 'Sport' },
  },
];

export function createShop(deps: ShopDeps) {
  const { store, clock, ledger, config, log } = deps;
  const settings = deps.settings.of(SHOP_SETTINGS);
  const days = platformDays(deps);
  const rewards = createRewards({ store, clock, ledger, log });
  const shared = createSharedEmission({ store, clock, rewards });
  const money = (text: string, field = 'amount') => {
    const v = parseAmount(text, USDT_SCALE);
    if (v === null || v <= 0n) throw new ValidationError(field, 'invalid_value');
    return v;
  };
  const setting = async (key: 'shop.merchant_fee' | 'shop.vip_fee' | 'shop.min_move') =>
    money(await settings.get(key));
  const shopAcc = (userId: number) => ({ userId, asset: USDT, kind: 'shop' as const });

  /** The consumer dividend: each day's pool part shared by that day's consumption weight. */
  const dividend: SharedEmission = {
    key: PROGRAM,
    asset: USDT,
    pool: SHOP_SYSTEM.dividend,
    cause: 'shop.dividend',
    emission: async (day) => {
      const [r] = await store.db
        .select({ s: sql<string>`coalesce(sum(${shopOrders.dividend}), 0)::text` })
        .from(shopOrders)
        .where(and(eq(shopOrders.status, 'completed'), eq(shopOrders.settleDay, day)));
      return BigInt(r?.s ?? '0');
    },
    weights: (day) => sql`
      select buyer_id as user_id, sum(weight) as weight from shop_orders
      where status = 'completed' and settle_day = ${day} group by buyer_id`,
    firstDay: async () =>
      (
        await store.db
          .select({ d: min(shopOrders.settleDay) })
          .from(shopOrders)
          .where(eq(shopOrders.status, 'completed'))
      )[0]?.d ?? null,
  };

  // ---------------------------------------------------------------- views

  async function merchantView(m: MerchantRow) {
    const [n] = await store.db
      .select({ n: count() })
      .from(shopProducts)
      .where(and(eq(shopProducts.merchantId, m.id), eq(shopProducts.status, 'on_sale')));
    return {
      id: m.id,
      name: m.name,
      intro: m.intro,
      status: m.status,
      reason: m.reason,
      products: n?.n ?? 0,
      sales: m.sales,
      turnover: fmt(m.turnover),
      created_at: m.createdAt.toISOString(),
    };
  }

  async function productView(p: ProductRow, merchantName?: string) {
    const ids = JSON.parse(p.images) as string[];
    const images = [];
    for (const id of ids) {
      const l = await deps.uploads.publicLink(id);
      if (l) images.push({ upload_id: l.upload_id, url: l.url });
    }
    let name = merchantName;
    if (name === undefined) {
      const [m] = await store.db
        .select({ name: shopMerchants.name })
        .from(shopMerchants)
        .where(eq(shopMerchants.id, p.merchantId));
      name = m?.name ?? '';
    }
    return {
      id: p.id,
      merchant_id: p.merchantId,
      merchant_name: name,
      category_id: p.categoryId,
      title: p.title,
      description: p.description,
      price: fmt(p.price),
      stock: p.stock,
      sold: p.sold,
      images,
      status: p.status,
      created_at: p.createdAt.toISOString(),
    };
  }

  async function orderView(o: OrderRow): Promise<OrderView> {
    const [m] = await store.db
      .select({ name: shopMerchants.name })
      .from(shopMerchants)
      .where(eq(shopMerchants.id, o.merchantId));
    const image = o.image ? await deps.uploads.publicLink(o.image) : null;
    const rate = (await settings.get('shop.platform_fee_rate')).units;
    const fee = o.status === 'completed' ? o.fee : (o.amount * rate) / RATE_ONE;
    return {
      id: o.id,
      product_id: o.productId,
      merchant_id: o.merchantId,
      merchant_name: m?.name ?? '',
      title: o.title,
      image: image?.url ?? null,
      quantity: o.quantity,
      unit_price: fmt(o.unitPrice),
      amount: fmt(o.amount),
      fee: fmt(o.status === 'canceled' ? 0n : fee),
      net: fmt(o.status === 'canceled' ? 0n : o.amount - fee),
      status: o.status,
      address: JSON.parse(o.address) as OrderView['address'],
      company: o.company,
      tracking: o.tracking,
      created_at: o.createdAt.toISOString(),
      shipped_at: o.shippedAt?.toISOString() ?? null,
      auto_confirm_at: o.autoConfirmAt?.toISOString() ?? null,
      completed_at: o.completedAt?.toISOString() ?? null,
      canceled_at: o.canceledAt?.toISOString() ?? null,
    };
  }

  const moveView = (m: MoveRow) => ({
    id: m.id,
    kind: m.kind,
    amount: fmt(m.amount),
    fee: fmt(m.fee),
    received: fmt(m.amount - m.fee),
    status: m.status,
    created_at: m.createdAt.toISOString(),
    done_at: m.doneAt?.toISOString() ?? null,
  });

  async function views<T, V>(rows: readonly T[], f: (r: T) => Promise<V>): Promise<V[]> {
    const out: V[] = [];
    for (const r of rows) out.push(await f(r));
    return out;
  }

  // ---------------------------------------------------------------- terms, catalogue

  async function terms() {
    return {
      merchant_fee: await settings.get('shop.merchant_fee'),
      vip_fee: await settings.get('shop.vip_fee'),
      vip_days: await settings.get('shop.vip_days'),
      platform_fee_rate: (await settings.get('shop.platform_fee_rate')).text,
      dividend_share: (await settings.get('shop.dividend_share')).text,
      auto_confirm_days: await settings.get('shop.auto_confirm_days'),
      withdraw_fee_rate: (await settings.get('shop.withdraw_fee_rate')).text,
      withdraw_hold_s: await settings.get('shop.withdraw_hold_s'),
      flash_fee_rate: (await settings.get('shop.flash_fee_rate')).text,
      min_move: await settings.get('shop.min_move'),
    };
  }

  async function categories(lang: Lang) {
    const rows = await store.db
      .select()
      .from(shopCategories)
      .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
    return {
      list: rows.map((c) => {
        const names = JSON.parse(c.names) as Partial<Record<Lang, string>>;
        return { id: c.id, name: names[lang] ?? names.en ?? '', icon: c.icon };
      }),
    };
  }

  async function companies() {
    return { list: await settings.get('shop.companies') };
  }

  async function productList(q: {
    category_id?: number | undefined;
    merchant_id?: number | undefined;
    keyword?: string | undefined;
    sort: 'newest' | 'price_asc' | 'price_desc' | 'sales';
    page: number;
    size: number;
  }) {
    const where = and(
      eq(shopProducts.status, 'on_sale'),
      q.category_id ? eq(shopProducts.categoryId, q.category_id) : undefined,
      q.merchant_id ? eq(shopProducts.merchantId, q.merchant_id) : undefined,
      q.keyword ? ilike(shopProducts.title, `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
      inArray(
        shopProducts.merchantId,
        store.db
          .select({ id: shopMerchants.id })
          .from(shopMerchants)
          .where(eq(shopMerchants.status, 'active')),
      ),
    );
    const order = {
      newest: [desc(shopProducts.id)],
      price_asc: [asc(shopProducts.price), desc(shopProducts.id)],
      price_desc: [desc(shopProducts.price), desc(shopProducts.id)],
      sales: [desc(shopProducts.sold), desc(shopProducts.id)],
    }[q.sort];
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(shopProducts)
          .where(where)
          .orderBy(...order),
        q,
      ),
      store.db.select({ n: count() }).from(shopProducts).where(where),
    ]);
    return pageAnswer(await views(rows, (p) => productView(p)), total);
  }

  async function productDetail(id: number) {
    const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, id));
    if (p?.status !== 'on_sale') throw new DomainError('ProductNotFound');
    const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, p.merchantId));
    if (m?.status !== 'active') throw new DomainError('ProductNotFound');
    return { ...(await productView(p, m.name)), merchant: await merchantView(m) };
  }

  async function myMerchant(userId: number): Promise<MerchantRow | null> {
    const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.userId, userId));
    return m ?? null;
  }

  async function merchantInfo(userId: number, id?: number) {
    if (id === undefined) {
      const m = await myMerchant(userId);
      if (!m) throw new DomainError('MerchantNotFound');
      return merchantView(m);
    }
    const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, id));
    if (!m || (m.status !== 'active' && m.userId !== userId)) throw new DomainError('MerchantNotFound');
    return merchantView(m);
  }

  async function ranking(q: { page: number; size: number }) {
    const where = eq(shopMerchants.status, 'active');
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(shopMerchants)
          .where(where)
          .orderBy(desc(shopMerchants.turnover), asc(shopMerchants.id)),
        q,
      ),
      store.db.select({ n: count() }).from(shopMerchants).where(where),
    ]);
    const list = [];
    for (const [i, m] of rows.entries())
      list.push({ ...(await merchantView(m)), rank: pageWindow(q).offset + i + 1 });
    return pageAnswer(list, total);
  }

  // ---------------------------------------------------------------- addresses

  const addressView = (a: typeof shopAddresses.$inferSelect) => ({
    id: a.id,
    name: a.name,
    phone: a.phone,
    region: a.region,
    detail: a.detail,
    is_default: a.isDefault,
  });
  async function addresses(userId: number, q: { page: number; size: number }) {
    const where = and(eq(shopAddresses.userId, userId), eq(shopAddresses.deleted, false));
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(shopAddresses)
          .where(where)
          .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id)),
        q,
      ),
      store.db.select({ n: count() }).from(shopAddresses).where(where),
    ]);
    return pageAnswer(rows.map(addressView), total);
  }
  async function myAddress(userId: number, id: number) {
    const [a] = await store.db
      .select()
      .from(shopAddresses)
      .where(
        and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId), eq(shopAddresses.deleted, false)),
      );
    if (!a) throw new DomainError('AddressNotFound');
    return a;
  }
  async function editAddress(
    userId: number,
    body: {
      id?: number | undefined;
      name: string;
      phone: string;
      region: string;
      detail: string;
      is_default: boolean;
    },
  ) {
    if (body.id !== undefined) await myAddress(userId, body.id);
    return store.db.transaction(async (tx) => {
      if (body.is_default)
        await tx.update(shopAddresses).set({ isDefault: false }).where(eq(shopAddresses.userId, userId));
      const fields = {
        name: body.name,
        phone: body.phone,
        region: body.region,
        detail: body.detail,
        isDefault: body.is_default,
      };
      const [a] =
        body.id !== undefined
          ? await tx.update(shopAddresses).set(fields).where(eq(shopAddresses.id, body.id)).returning()
          : await tx
              .insert(shopAddresses)
              .values({ ...fields, userId, createdAt: clock.now() })
              .returning();
      if (!a) throw new DomainError('AddressNotFound');
      return addressView(a);
    });
  }
  async function delAddress(userId: number, id: number) {
    await myAddress(userId, id);
    await store.db
      .update(shopAddresses)
      .set({ deleted: true, isDefault: false })
      .where(eq(shopAddresses.id, id));
    return { id };
  }

  // ---------------------------------------------------------------- orders

  async function purchase(
    userId: number,
    body: {
      product_id: number;
      quantity: number;
      address_id: number;
      price: string;
      request_id?: string | undefined;
    },
  ): Promise<OrderView> {
    const address = await myAddress(userId, body.address_id);
    const seen = money(body.price, 'price');
    const row = await ledger.withIdempotency(userId, body.request_id, 'shop.purchase', body, async (tx) => {
      // The product's row is locked while its stock is taken: buyers of the last piece queue here.
      const [p] = await tx
        .select()
        .from(shopProducts)
        .where(eq(shopProducts.id, body.product_id))
        .for('update');
      if (p?.status !== 'on_sale') throw new DomainError('ProductNotFound');
      const [m] = await tx.select().from(shopMerchants).where(eq(shopMerchants.id, p.merchantId));
      if (m?.status !== 'active') throw new DomainError('ProductNotFound');
      if (m.userId === userId) throw new DomainError('OwnProduct');
      if (p.price !== seen) throw new DomainError('PriceChanged', { price: fmt(p.price) });
      if (p.stock < body.quantity) throw new DomainError('OutOfStock', { left: String(p.stock) });
      await tx
        .update(shopProducts)
        .set({
          stock: sql`${shopProducts.stock} - ${body.quantity}`,
          sold: sql`${shopProducts.sold} + ${body.quantity}`,
        })
        .where(eq(shopProducts.id, p.id));
      const amount = p.price * BigInt(body.quantity);
      const [o] = await tx
        .insert(shopOrders)
        .values({
          buyerId: userId,
          merchantId: m.id,
          merchantUserId: m.userId,
          productId: p.id,
          title: p.title,
          image: (JSON.parse(p.images) as string[])[0] ?? null,
          quantity: body.quantity,
          unitPrice: p.price,
          amount,
          status: 'paid',
          address: JSON.stringify({
            name: address.name,
            phone: address.phone,
            region: address.region,
            detail: address.detail,
          }),
          createdAt: clock.now(),
        })
        .returning();
      if (!o) throw new Error('order not written');
      await ledger.transfer(tx, {
        from: shopAcc(userId),
        to: { system: SHOP_SYSTEM.escrow, asset: USDT },
        amount,
        cause: 'shop.pay',
        ref: `shop-order:${o.id}`,
        remark: `${p.title} × ${body.quantity}`,
        userId,
        requestId: body.request_id ?? null,
      });
      return { id: o.id };
    });
    return orderDetail(userId, row.id);
  }

  async function orderOf(userId: number, id: number): Promise<OrderRow> {
    const [o] = await store.db.select().from(shopOrders).where(eq(shopOrders.id, id));
    if (!o || (o.buyerId !== userId && o.merchantUserId !== userId))
      throw new DomainError('ShopOrderNotFound');
    return o;
  }
  async function orderDetail(userId: number, id: number) {
    return orderView(await orderOf(userId, id));
  }

  /** Locks an order of this party in a state, or says why not. */
  async function lockOrder(
    tx: Tx,
    id: number,
    who: { buyer?: number; merchant?: number },
    state: OrderRow['status'],
  ) {
    const [o] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
    if (!o) throw new DomainError('ShopOrderNotFound');
    if (who.buyer !== undefined && o.buyerId !== who.buyer) throw new DomainError('ShopOrderNotFound');
    if (who.merchant !== undefined && o.merchantUserId !== who.merchant)
      throw new DomainError('ShopOrderNotFound');
    if (o.status !== state) throw new DomainError('ShopOrderState', { status: o.status });
    return o;
  }

  async function cancel(userId: number, id: number) {
    await orderOf(userId, id);
    await store.db.transaction(async (tx) => {
      const o = await lockOrder(tx, id, { buyer: userId }, 'paid');
      await tx
        .update(shopProducts)
        .set({
          stock: sql`${shopProducts.stock} + ${o.quantity}`,
          sold: sql`${shopProducts.sold} - ${o.quantity}`,
        })
        .where(eq(shopProducts.id, o.productId));
      await tx
        .update(shopOrders)
        .set({ status: 'canceled', canceledAt: clock.now() })
        .where(eq(shopOrders.id, o.id));
      await ledger.transfer(tx, {
        from: { system: SHOP_SYSTEM.escrow, asset: USDT },
        to: shopAcc(o.buyerId),
        amount: o.amount,
        cause: 'shop.refund',
        ref: `shop-order:${o.id}`,
        userId: o.buyerId,
      });
    });
    return orderDetail(userId, id);
  }

  async function ship(userId: number, body: { order_id: number; company: string; tracking: string }) {
    await orderOf(userId, body.order_id);
    const known = (await settings.get('shop.companies')).some((c) => c.code === body.company);
    if (!known) throw new ValidationError('company', 'invalid_value');
    const daysToConfirm = await settings.get('shop.auto_confirm_days');
    await store.db.transaction(async (tx) => {
      const o = await lockOrder(tx, body.order_id, { merchant: userId }, 'paid');
      const now = clock.now();
      await tx
        .update(shopOrders)
        .set({
          status: 'shipped',
          company: body.company,
          tracking: body.tracking,
          shippedAt: now,
          autoConfirmAt: new Date(now.getTime() + daysToConfirm * DAY_MS),
        })
        .where(eq(shopOrders.id, o.id));
    });
    return orderDetail(userId, body.order_id);
  }

  /** Escrow released: the merchant's net, the platform's revenue, the dividend pool's part. Once. */
  async function complete(tx: Tx, o: OrderRow): Promise<void> {
    const rate = (await settings.get('shop.platform_fee_rate')).units;
    const share = (await settings.get('shop.dividend_share')).units;
    const split = splitFee(o.amount, rate, share);
    const today = await days.today();
    const [vip] = await tx.select().from(shopVip).where(eq(shopVip.userId, o.buyerId));
    const weight = vip && vip.until.getTime() > clock.now().getTime() ? o.amount * 2n : o.amount;
    const escrow = await ledger.systemAccount(tx, SHOP_SYSTEM.escrow, USDT);
    const postings = [{ account: escrow, bucket: 'available' as const, amount: -o.amount }];
    if (split.net > 0n)
      postings.push({
        account: await ledger.account(tx, shopAcc(o.merchantUserId)),
        bucket: 'available',
        amount: split.net,
      });
    if (split.revenue > 0n)
      postings.push({
        account: await ledger.systemAccount(tx, SHOP_SYSTEM.revenue, USDT),
        bucket: 'available',
        amount: split.revenue,
      });
    if (split.dividend > 0n)
      postings.push({
        account: await ledger.systemAccount(tx, SHOP_SYSTEM.dividend, USDT),
        bucket: 'available',
        amount: split.dividend,
      });
    await ledger.post(tx, {
      cause: 'shop.settle',
      ref: `shop-order:${o.id}`,
      remark: o.title,
      userId: o.merchantUserId,
      requestId: null,
      postings,
    });
    await tx
      .update(shopOrders)
      .set({
        status: 'completed',
        completedAt: clock.now(),
        settleDay: today,
        fee: split.fee,
        dividend: split.dividend,
        weight,
      })
      .where(eq(shopOrders.id, o.id));
    await tx
      .update(shopMerchants)
      .set({ sales: sql`${shopMerchants.sales} + 1`, turnover: sql`${shopMerchants.turnover} + ${o.amount}` })
      .where(eq(shopMerchants.id, o.merchantId));
  }

  async function signFor(userId: number, id: number) {
    await orderOf(userId, id);
    await store.db.transaction(async (tx) =>
      complete(tx, await lockOrder(tx, id, { buyer: userId }, 'shipped')),
    );
    return orderDetail(userId, id);
  }

  /** Shipped orders past their auto-confirm time complete by themselves. */
  async function autoConfirm(): Promise<number> {
    const due = await store.db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(and(eq(shopOrders.status, 'shipped'), lte(shopOrders.autoConfirmAt, clock.now())));
    let n = 0;
    for (const { id } of due) {
      await store.db.transaction(async (tx) => {
        const [o] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
        if (o?.status !== 'shipped') return;
        await complete(tx, o);
        n++;
      });
    }
    return n;
  }

  const FILTER: Record<1 | 2, OrderRow['status'][]> = {
    1: ['paid', 'shipped'],
    2: ['completed', 'canceled'],
  };
  async function orderList(
    party: 'buyer' | 'merchant',
    userId: number,
    q: { status?: number | undefined; page: number; size: number },
    states?: OrderRow['status'][],
  ) {
    const who = party === 'buyer' ? eq(shopOrders.buyerId, userId) : eq(shopOrders.merchantUserId, userId);
    const set = states ?? (q.status === 1 || q.status === 2 ? FILTER[q.status] : undefined);
    const where = and(who, set ? inArray(shopOrders.status, set) : undefined);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(shopOrders).where(where).orderBy(desc(shopOrders.id)), q),
      store.db.select({ n: count() }).from(shopOrders).where(where),
    ]);
    return pageAnswer(await views(rows, orderView), total);
  }

  async function settleLog(userId: number, q: { page: number; size: number }) {
    const page = await orderList('merchant', userId, q, ['completed']);
    const [sum] = await store.db
      .select({
        net: sql<string>`coalesce(sum(${shopOrders.amount} - ${shopOrders.fee}), 0)::text`,
        fee: sql<string>`coalesce(sum(${shopOrders.fee}), 0)::text`,
      })
      .from(shopOrders)
      .where(and(eq(shopOrders.merchantUserId, userId), eq(shopOrders.status, 'completed')));
    return { ...page, total_net: fmt(BigInt(sum?.net ?? '0')), total_fee: fmt(BigInt(sum?.fee ?? '0')) };
  }

  async function saleRecord(userId: number, q: { page: number; size: number }) {
    const offset = await days.offsetMs();
    const dayExpr = sql`floor((extract(epoch from ${shopOrders.createdAt}) * 1000 + ${offset}) / ${DAY_MS})::int`;
    const rows = await queryRows<{ day: number; orders: number; pieces: number; amount: string }>(
      store.db,
      sql`select ${dayExpr} as day, count(*)::int as orders, sum(quantity)::int as pieces, sum(amount)::text as amount
          from shop_orders where merchant_user_id = ${userId} and status <> 'canceled'
          group by 1 order by 1 desc ${pageClause(q)}`,
    );
    const [total] = await queryRows<{ n: number }>(
      store.db,
      sql`select count(distinct ${dayExpr})::int as n from shop_orders where merchant_user_id = ${userId} and status <> 'canceled'`,
    );
    return pageAnswer(
      rows.map((r) => ({
        day: new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10),
        orders: Number(r.orders),
        pieces: Number(r.pieces),
        amount: fmt(BigInt(r.amount)),
      })),
      total,
    );
  }

  // ---------------------------------------------------------------- merchants and goods

  async function openMerchant(
    userId: number,
    body: { name: string; intro: string; request_id?: string | undefined },
  ) {
    const fee = await setting('shop.merchant_fee');
    const { id } = await ledger.withIdempotency(
      userId,
      body.request_id,
      'shop.open_merchant',
      body,
      async (tx) => {
        const [m] = await tx
          .select()
          .from(shopMerchants)
          .where(eq(shopMerchants.userId, userId))
          .for('update');
        if (m && m.status !== 'rejected') throw new DomainError('MerchantExists');
        const values = {
          name: body.name,
          intro: body.intro,
          status: 'pending' as const,
          reason: null,
          fee,
          createdAt: clock.now(),
          reviewedAt: null,
        };
        const [row] = m
          ? await tx.update(shopMerchants).set(values).where(eq(shopMerchants.id, m.id)).returning()
          : await tx
              .insert(shopMerchants)
              .values({ ...values, userId })
              .returning();
        if (!row) throw new Error('merchant not written');
        await ledger.transfer(tx, {
          from: shopAcc(userId),
          to: { system: SHOP_SYSTEM.revenue, asset: USDT },
          amount: fee,
          cause: 'shop.merchant_fee',
          ref: `merchant:${row.id}`,
          userId,
          requestId: body.request_id ?? null,
        });
        return { id: row.id };
      },
    );
    const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, id));
    if (!m) throw new DomainError('MerchantNotFound');
    return merchantView(m);
  }

  async function activate(userId: number) {
    const m = await myMerchant(userId);
    if (!m) throw new DomainError('MerchantNotFound');
    if (m.status !== 'approved') throw new DomainError('MerchantState', { status: m.status });
    const [next] = await store.db
      .update(shopMerchants)
      .set({ status: 'active' })
      .where(and(eq(shopMerchants.id, m.id), eq(shopMerchants.status, 'approved')))
      .returning();
    return merchantView(next ?? m);
  }

  async function reviewMerchant(
    operatorId: number | null,
    body: { id: number; decision: 'approve' | 'reject' | 'suspend'; reason?: string | undefined },
  ) {
    if (body.decision !== 'approve' && !body.reason) throw new ValidationError('reason', 'required');
    const row = await store.db.transaction(async (tx) => {
      const [m] = await tx.select().from(shopMerchants).where(eq(shopMerchants.id, body.id)).for('update');
      if (!m) throw new DomainError('MerchantNotFound');
      const from = body.decision === 'suspend' ? ['active', 'approved'] : ['pending'];
      if (!from.includes(m.status)) throw new DomainError('MerchantState', { status: m.status });
      const status = { approve: 'approved', reject: 'rejected', suspend: 'suspended' }[
        body.decision
      ] as MerchantRow['status'];
      const [next] = await tx
        .update(shopMerchants)
        .set({ status, reason: body.reason ?? null, reviewedAt: clock.now() })
        .where(eq(shopMerchants.id, m.id))
        .returning();
      // A rejected application gets its fee back.
      if (body.decision === 'reject' && m.fee > 0n)
        await ledger.transfer(tx, {
          from: { system: SHOP_SYSTEM.revenue, asset: USDT },
          to: shopAcc(m.userId),
          amount: m.fee,
          cause: 'shop.merchant_fee',
          ref: `merchant:${m.id}`,
          remark: 'application rejected',
          userId: m.userId,
        });
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: `shop.merchant.${body.decision}`,
          subject: `merchant:${m.id}`,
          before: { status: m.status },
          after: { status, reason: body.reason ?? null },
        });
      return next ?? m;
    });
    return merchantView(row);
  }

  async function activeMerchant(userId: number): Promise<MerchantRow> {
    const m = await myMerchant(userId);
    if (!m) throw new DomainError('MerchantNotFound');
    if (m.status !== 'active') throw new DomainError('MerchantState', { status: m.status });
    return m;
  }

  async function saveGoods(
    userId: number,
    body: {
      id?: number | undefined;
      category_id: number;
      title: string;
      description: string;
      price: string;
      stock: number;
      images: string[];
    },
  ) {
    const m = await activeMerchant(userId);
    const price = money(body.price, 'price');
    const [cat] = await store.db.select().from(shopCategories).where(eq(shopCategories.id, body.category_id));
    if (!cat) throw new ValidationError('category_id', 'invalid_value');
    const id = await store.db.transaction(async (tx) => {
      let before: ProductRow | undefined;
      if (body.id !== undefined) {
        [before] = await tx.select().from(shopProducts).where(eq(shopProducts.id, body.id)).for('update');
        if (!before || before.merchantId !== m.id) throw new DomainError('ProductNotFound');
        if (before.status === 'taken_down') throw new DomainError('ProductState', { status: before.status });
      }
      const kept = new Set(before ? (JSON.parse(before.images) as string[]) : []);
      for (const img of body.images) {
        if (kept.has(img)) continue;
        if (!(await deps.uploads.claim(tx, userId, img, `product-of:${m.id}`)))
          throw new DomainError('UploadNotFound');
      }
      // What a buyer reads or sees changed: reviewed again before it sells. Price and stock alone need no review.
      const changed =
        !before ||
        before.title !== body.title ||
        before.description !== body.description ||
        before.images !== JSON.stringify(body.images);
      const fields = {
        categoryId: body.category_id,
        title: body.title,
        description: body.description,
        price,
        stock: body.stock,
        images: JSON.stringify(body.images),
        updatedAt: clock.now(),
        ...(changed ? { status: 'pending' as const } : {}),
      };
      const [p] = before
        ? await tx.update(shopProducts).set(fields).where(eq(shopProducts.id, before.id)).returning()
        : await tx
            .insert(shopProducts)
            .values({ ...fields, status: 'pending', merchantId: m.id, createdAt: clock.now() })
            .returning();
      if (!p) throw new Error('goods not written');
      return p.id;
    });
    return productView(await myProduct(userId, id));
  }

  async function myProduct(userId: number, id: number): Promise<ProductRow> {
    const m = await myMerchant(userId);
    const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, id));
    if (!p || !m || p.merchantId !== m.id) throw new DomainError('ProductNotFound');
    return p;
  }

  async function goodsStatus(userId: number, body: { id: number; on_sale: boolean }) {
    const p = await myProduct(userId, body.id);
    const from = body.on_sale ? 'off_sale' : 'on_sale';
    if (p.status !== from && p.status !== (body.on_sale ? 'on_sale' : 'off_sale'))
      throw new DomainError('ProductState', { status: p.status });
    const [next] = await store.db
      .update(shopProducts)
      .set({ status: body.on_sale ? 'on_sale' : 'off_sale', updatedAt: clock.now() })
      .where(and(eq(shopProducts.id, p.id), inArray(shopProducts.status, ['on_sale', 'off_sale'])))
      .returning();
    return productView(next ?? p);
  }

  async function goodsStock(userId: number, body: { id: number; stock: number }) {
    const p = await myProduct(userId, body.id);
    const [next] = await store.db
      .update(shopProducts)
      .set({ stock: body.stock, updatedAt: clock.now() })
      .where(eq(shopProducts.id, p.id))
      .returning();
    return productView(next ?? p);
  }

  async function merchantGoods(
    userId: number,
    q: { status?: ProductRow['status'] | undefined; page: number; size: number },
  ) {
    const m = await myMerchant(userId);
    if (!m) return { list: [], total: 0 };
    const where = and(
      eq(shopProducts.merchantId, m.id),
      q.status ? eq(shopProducts.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(shopProducts).where(where).orderBy(desc(shopProducts.id)), q),
      store.db.select({ n: count() }).from(shopProducts).where(where),
    ]);
    return pageAnswer(await views(rows, (p) => productView(p, m.name)), total);
  }

  async function reviewProduct(
    operatorId: number | null,
    body: { id: number; decision: 'approve' | 'take_down' },
  ) {
    const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, body.id));
    if (!p) throw new DomainError('ProductNotFound');
    const allowed = body.decision === 'approve' ? ['pending'] : ['pending', 'on_sale', 'off_sale'];
    if (!allowed.includes(p.status)) throw new DomainError('ProductState', { status: p.status });
    const status = body.decision === 'approve' ? 'on_sale' : 'taken_down';
    const [next] = await store.db
      .update(shopProducts)
      .set({ status, updatedAt: clock.now() })
      .where(and(eq(shopProducts.id, p.id), eq(shopProducts.status, p.status)))
      .returning();
    if (operatorId !== null)
      await auditOperator(store.db, clock.now(), {
        operatorId,
        action: `shop.product.${body.decision}`,
        subject: `product:${p.id}`,
        before: { status: p.status },
        after: { status },
      });
    return productView(next ?? p);
  }

  async function adminMerchants(q: {
    status?: MerchantRow['status'] | undefined;
    page: number;
    size: number;
  }) {
    const where = q.status ? eq(shopMerchants.status, q.status) : undefined;
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ m: shopMerchants, uid: schema.users.uid, address: schema.users.address })
          .from(shopMerchants)
          .innerJoin(schema.users, eq(schema.users.id, shopMerchants.userId))
          .where(where)
          .orderBy(
            sql`case when ${shopMerchants.status} = 'pending' then 0 else 1 end`,
            asc(shopMerchants.id),
          ),
        q,
      ),
      store.db.select({ n: count() }).from(shopMerchants).where(where),
    ]);
    const list = [];
    for (const r of rows)
      list.push({ ...(await merchantView(r.m)), user: { uid: r.uid, address: r.address } });
    return pageAnswer(list, total);
  }

  async function adminProducts(q: { status?: ProductRow['status'] | undefined; page: number; size: number }) {
    const where = q.status ? eq(shopProducts.status, q.status) : undefined;
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(shopProducts)
          .where(where)
          .orderBy(sql`case when ${shopProducts.status} = 'pending' then 0 else 1 end`, asc(shopProducts.id)),
        q,
      ),
      store.db.select({ n: count() }).from(shopProducts).where(where),
    ]);
    return pageAnswer(await views(rows, (p) => productView(p)), total);
  }

  // ---------------------------------------------------------------- VIP, dividends

  async function vipUntil(userId: number): Promise<Date | null> {
    const [v] = await store.db.select().from(shopVip).where(eq(shopVip.userId, userId));
    return v && v.until.getTime() > clock.now().getTime() ? v.until : null;
  }

  async function openVip(userId: number, body: { request_id?: string | undefined }) {
    const fee = await setting('shop.vip_fee');
    const span = (await settings.get('shop.vip_days')) * DAY_MS;
    return ledger.withIdempotency(userId, body.request_id, 'shop.vip', body, async (tx) => {
      const [v] = await tx.select().from(shopVip).where(eq(shopVip.userId, userId)).for('update');
      const from = Math.max(clock.now().getTime(), v?.until.getTime() ?? 0);
      const until = new Date(from + span);
      await tx
        .insert(shopVip)
        .values({ userId, until })
        .onConflictDoUpdate({ target: shopVip.userId, set: { until } });
      await ledger.transfer(tx, {
        from: shopAcc(userId),
        to: { system: SHOP_SYSTEM.revenue, asset: USDT },
        amount: fee,
        cause: 'shop.vip',
        ref: `vip:${userId}`,
        userId,
        requestId: body.request_id ?? null,
      });
      return { vip_until: until.toISOString(), fee: fmt(fee) };
    });
  }

  async function dividendSummary(userId: number) {
    const today = await days.today();
    const [row] = await queryRows<{ pool: string; mine: string; all: string }>(
      store.db,
      sql`select coalesce(sum(dividend), 0)::text as pool,
            coalesce(sum(weight) filter (where buyer_id = ${userId}), 0)::text as mine,
            coalesce(sum(weight), 0)::text as all
          from shop_orders where status = 'completed' and settle_day = ${today}`,
    );
    const { rewardPayouts } = schema;
    const [got] = await store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(
        and(
          eq(rewardPayouts.program, PROGRAM),
          eq(rewardPayouts.userId, userId),
          eq(rewardPayouts.status, 'paid'),
        ),
      );
    return {
      pool_today: fmt(BigInt(row?.pool ?? '0')),
      my_weight_today: fmt(BigInt(row?.mine ?? '0')),
      total_weight_today: fmt(BigInt(row?.all ?? '0')),
      received: fmt(BigInt(got?.s ?? '0')),
      vip: (await vipUntil(userId)) !== null,
    };
  }

  async function dividendLog(userId: number, q: { page: number; size: number }) {
    const { rewardPayouts } = schema;
    const where = and(eq(rewardPayouts.program, PROGRAM), eq(rewardPayouts.userId, userId));
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
      store.db.select({ n: count() }).from(rewardPayouts).where(where),
    ]);
    const list = [];
    for (const r of rows)
      list.push({
        id: r.id,
        day: (await days.dayStart(r.period)).toISOString(),
        amount: fmt(r.amount),
        status: r.status,
      });
    return pageAnswer(list, total);
  }

  async function dividendRanking(userId: number, q: { page: number; size: number }) {
    const rows = await queryRows<{ user_id: number; uid: string; address: string; s: string }>(
      store.db,
      sql`select p.user_id, u.uid, u.address, sum(p.amount)::text as s from reward_payouts p
          join users u on u.id = p.user_id
          where p.program = ${PROGRAM} and p.status = 'paid'
          group by p.user_id, u.uid, u.address order by sum(p.amount) desc, p.user_id
          ${pageClause(q)}`,
    );
    const [total] = await queryRows<{ n: number }>(
      store.db,
      sql`select count(distinct user_id)::int as n from reward_payouts where program = ${PROGRAM} and status = 'paid'`,
    );
    const [mine] = await queryRows<{ s: string }>(
      store.db,
      sql`select coalesce(sum(amount), 0)::text as s from reward_payouts where program = ${PROGRAM} and status = 'paid' and user_id = ${userId}`,
    );
    const my = BigInt(mine?.s ?? '0');
    let rank: number | null = null;
    if (my > 0n) {
      const [ahead] = await queryRows<{ n: number }>(
        store.db,
        sql`select count(*)::int as n from (select user_id, sum(amount) as s from reward_payouts
            where program = ${PROGRAM} and status = 'paid' group by user_id) x
            where x.s > ${my}::numeric or (x.s = ${my}::numeric and x.user_id < ${userId})`,
      );
      rank = Number(ahead?.n ?? 0) + 1;
    }
    return {
      ...pageAnswer(
        rows.map((r, i) => ({
          rank: pageWindow(q).offset + i + 1,
          uid: r.uid,
          address: maskAddress(r.address),
          received: fmt(BigInt(r.s)),
        })),
        total,
      ),
      mine: { rank, received: fmt(my) },
    };
  }

  /** Pays every ended day's dividend not yet paid (each day once), then what waited for a dry pool. */
  async function settleDividends(): Promise<void> {
    await shared.settleDue(dividend, await days.today());
  }

  async function programReports(): Promise<ProgramReport[]> {
    const r = await shared.report(PROGRAM);
    const poolBalance = await store.db.transaction(async (tx) => {
      const acc = await ledger.systemAccount(tx, SHOP_SYSTEM.dividend, USDT);
      return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
    });
    return [
      {
        program: PROGRAM,
        pool: SHOP_SYSTEM.dividend,
        asset: USDT,
        poolBalance,
        paid: r.paid,
        owed: r.queued,
        lastDay: r.lastDay,
      },
    ];
  }

  // ---------------------------------------------------------------- the shop wallet

  async function uinfo(userId: number) {
    // Read only: a look at the shop opens no account.
    const b = (await ledger.balances(userId)).find((x) => x.asset === USDT && x.kind === 'shop') ?? {
      available: 0n,
      frozen: 0n,
    };
    const m = await myMerchant(userId);
    const [[open], [done], [toShip]] = await Promise.all([
      store.db
        .select({ n: count() })
        .from(shopOrders)
        .where(and(eq(shopOrders.buyerId, userId), inArray(shopOrders.status, FILTER[1]))),
      store.db
        .select({ n: count() })
        .from(shopOrders)
        .where(and(eq(shopOrders.buyerId, userId), inArray(shopOrders.status, FILTER[2]))),
      store.db
        .select({ n: count() })
        .from(shopOrders)
        .where(and(eq(shopOrders.merchantUserId, userId), eq(shopOrders.status, 'paid'))),
    ]);
    return {
      balance: fmt(b.available),
      held: fmt(b.frozen),
      vip_until: (await vipUntil(userId))?.toISOString() ?? null,
      merchant: m ? await merchantView(m) : null,
      orders_open: open?.n ?? 0,
      orders_done: done?.n ?? 0,
      to_ship: toShip?.n ?? 0,
    };
  }

  async function move(
    userId: number,
    kind: MoveRow['kind'],
    body: { amount: string; request_id?: string | undefined },
  ) {
    const amount = money(body.amount);
    if (amount < (await setting('shop.min_move'))) throw new ValidationError('amount', 'too_small');
    const rate =
      kind === 'recharge'
        ? 0n
        : (await settings.get(kind === 'withdrawal' ? 'shop.withdraw_fee_rate' : 'shop.flash_fee_rate'))
            .units;
    const fee = (amount * rate + RATE_ONE - 1n) / RATE_ONE;
    const hold = await settings.get('shop.withdraw_hold_s');
    return ledger.withIdempotency(userId, body.request_id, `shop.${kind}`, body, async (tx) => {
      const now = clock.now();
      const pending = kind === 'withdrawal' && hold > 0;
      const [m] = await tx
        .insert(shopMoves)
        .values({
          userId,
          kind,
          amount,
          fee,
          status: pending ? 'pending' : 'done',
          createdAt: now,
          dueAt: pending ? new Date(now.getTime() + hold * 1000) : null,
          doneAt: pending ? null : now,
        })
        .returning();
      if (!m) throw new Error('move not written');
      const ref = `shop-move:${m.id}`;
      const requestId = body.request_id ?? null;
      if (kind === 'recharge') {
        await ledger.transfer(tx, {
          from: { userId, asset: USDT, kind: 'spot' },
          to: shopAcc(userId),
          amount,
          cause: 'shop.recharge',
          ref,
          userId,
          requestId,
        });
      } else if (pending) {
        await ledger.freeze(tx, {
          account: shopAcc(userId),
          amount,
          cause: 'shop.withdraw',
          ref,
          remark: 'held until paid',
          userId,
          requestId,
        });
      } else {
        await payOut(tx, m, 'available', requestId);
      }
      return moveView(m);
    });
  }

  /** A withdrawal or flash paid: the amount less the fee to the spot account, the fee to revenue. */
  async function payOut(tx: Tx, m: MoveRow, bucket: 'available' | 'frozen', requestId: string | null) {
    const shop = await ledger.account(tx, shopAcc(m.userId));
    const spot = await ledger.account(tx, { userId: m.userId, asset: USDT, kind: 'spot' });
    const postings = [
      { account: shop, bucket, amount: -m.amount },
      { account: spot, bucket: 'available' as const, amount: m.amount - m.fee },
    ];
    if (m.fee > 0n)
      postings.push({
        account: await ledger.systemAccount(tx, SHOP_SYSTEM.revenue, USDT),
        bucket: 'available',
        amount: m.fee,
      });
    await ledger.post(tx, {
      cause: m.kind === 'flash' ? 'shop.flash' : 'shop.withdraw',
      ref: `shop-move:${m.id}`,
      userId: m.userId,
      requestId,
      postings,
    });
  }

  async function payDueWithdrawals(): Promise<void> {
    const due = await store.db
      .select({ id: shopMoves.id })
      .from(shopMoves)
      .where(and(eq(shopMoves.status, 'pending'), lte(shopMoves.dueAt, clock.now())));
    for (const { id } of due) {
      await store.db.transaction(async (tx) => {
        const [m] = await tx.select().from(shopMoves).where(eq(shopMoves.id, id)).for('update');
        if (m?.status !== 'pending') return;
        await payOut(tx, m, 'frozen', null);
        await tx.update(shopMoves).set({ status: 'done', doneAt: clock.now() }).where(eq(shopMoves.id, id));
      });
    }
  }

  async function moves(userId: number, kinds: MoveRow['kind'][], q: { page: number; size: number }) {
    const where = and(eq(shopMoves.userId, userId), inArray(shopMoves.kind, kinds));
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(shopMoves).where(where).orderBy(desc(shopMoves.id)), q),
      store.db.select({ n: count() }).from(shopMoves).where(where),
    ]);
    return pageAnswer(rows.map(moveView), total);
  }

  // ---------------------------------------------------------------- housekeeping

  /** Each minute: orders past their auto-confirm time, withdrawals past their hold, each ended day's dividend. */
  async function sweep(): Promise<void> {
    await autoConfirm();
    await payDueWithdrawals();
    await settleDividends();
    if (!config.seedDemo) return;
    // The demo approves merchants and goods after a while, so a stranger can sell alone.
    const before = new Date(clock.now().getTime() - (await settings.get('demo.shop_approve_after_s')) * 1000);
    const merchants = await store.db
      .select({ id: shopMerchants.id })
      .from(shopMerchants)
      .where(and(eq(shopMerchants.status, 'pending'), lte(shopMerchants.createdAt, before)));
    for (const m of merchants)
      await reviewMerchant(null, { id: m.id, decision: 'approve' }).catch(() => undefined);
    const goods = await store.db
      .select({ id: shopProducts.id })
      .from(shopProducts)
      .where(and(eq(shopProducts.status, 'pending'), lte(shopProducts.updatedAt, before)));
    for (const p of goods)
      await reviewProduct(null, { id: p.id, decision: 'approve' }).catch(() => undefined);
  }

  async function start(): Promise<void> {
    for (const key of Object.keys(SHOP_SETTINGS) as (keyof typeof SHOP_SETTINGS)[]) await settings.get(key);
    await days.offsetMs();
    // The shop's own accounts exist from the start, so reading them (reports) never writes.
    await store.db.transaction(async (tx) => {
      for (const name of [SHOP_SYSTEM.escrow, SHOP_SYSTEM.revenue, SHOP_SYSTEM.dividend])
        await ledger.systemAccount(tx, name, USDT);
    });
    const [any] = await store.db.select({ id: shopCategories.id }).from(shopCategories).limit(1);
    if (!any)
      await store.db
        .insert(shopCategories)
        .values(CATEGORIES.map((c, i) => ({ names: JSON.stringify(c.names), icon: c.icon, sort: i })));
  }

  /** Merchants and goods waiting for review, with the oldest's time (the operators' dashboard). */
  async function pendingReviews() {
    const oldestOf = (v: string | Date | null | undefined) =>
      v === null || v === undefined ? null : new Date(v);
    const [[m], [p]] = await Promise.all([
      store.db
        .select({ n: count(), oldest: sql<string | Date | null>`min(${shopMerchants.createdAt})` })
        .from(shopMerchants)
        .where(eq(shopMerchants.status, 'pending')),
      store.db
        .select({ n: count(), oldest: sql<string | Date | null>`min(${shopProducts.updatedAt})` })
        .from(shopProducts)
        .where(eq(shopProducts.status, 'pending')),
    ]);
    return {
      merchants: { count: m?.n ?? 0, oldest: oldestOf(m?.oldest) },
      products: { count: p?.n ?? 0, oldest: oldestOf(p?.oldest) },
    };
  }

  return {
    pendingReviews,
    terms,
    categories,
    companies,
    productList,
    productDetail,
    merchantInfo,
    ranking,
    addresses,
    editAddress,
    delAddress,
    purchase,
    orderDetail,
    cancel,
    ship,
    signFor,
    autoConfirm,
    orderList,
    settleLog,
    saleRecord,
    openMerchant,
    activate,
    reviewMerchant,
    saveGoods,
    goodsStatus,
    goodsStock,
    merchantGoods,
    reviewProduct,
    adminMerchants,
    adminProducts,
    openVip,
    dividendSummary,
    dividendLog,
    dividendRanking,
    settleDividends,
    programReports,
    uinfo,
    move,
    moves,
    payDueWithdrawals,
    sweep,
    start,
  };
}

export type Shop = ReturnType<typeof createShop>;
