import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { withConfirmation, zConfirmation, zTotpCode } from '../auth/confirm';
import { zRequestId } from '../wallet/endpoints';

export const MERCHANT_STATUSES = ['pending', 'approved', 'active', 'rejected', 'suspended'] as const;
/** A product: waiting for review, on sale, off sale (by its merchant), taken down (by an operator). */
export const PRODUCT_STATUSES = ['pending', 'on_sale', 'off_sale', 'taken_down'] as const;
/** An order: paid (in escrow), shipped, completed (signed for, escrow released), canceled (refunded). */
export const SHOP_ORDER_STATUSES = ['paid', 'shipped', 'completed', 'canceled'] as const;
/** The spec's order filters: 1 = in progress (paid or shipped), 2 = finished (completed or canceled). */
export const SHOP_ORDER_FILTERS = [1, 2] as const;
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'sales'] as const;

export const zShopImage = z.object({ upload_id: z.string(), url: z.string() });

export const zCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });

export const zMerchant = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  /** A merchant of the demo, run by the demo's own account: it ships paid orders by itself. */
  demo: z.boolean(),
  status: z.enum(MERCHANT_STATUSES),
  reason: z.string().nullable(),
  products: z.number().int(),
  sales: z.number().int(),
  /** What the merchant has sold, USDT. */
  turnover: z.string(),
  created_at: zTime,
});

export const zProduct = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  category_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.string(),
  stock: z.number().int(),
  sold: z.number().int(),
  images: z.array(zShopImage),
  status: z.enum(PRODUCT_STATUSES),
  created_at: zTime,
});

export const zShopAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
});

export const zShopOrder = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  merchant_id: z.number().int(),
  merchant_name: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.string(),
  amount: z.string(),
  /** The platform fee taken at settlement, and what the merchant receives. */
  fee: z.string(),
  net: z.string(),
  status: z.enum(SHOP_ORDER_STATUSES),
  address: z.object({ name: z.string(), phone: z.string(), region: z.string(), detail: z.string() }),
  company: z.string().nullable(),
  tracking: z.string().nullable(),
  created_at: zTime,
  shipped_at: zTime.nullable(),
  /** When a shipped order completes by itself unless signed for before. */
  auto_confirm_at: zTime.nullable(),
  completed_at: zTime.nullable(),
  canceled_at: zTime.nullable(),
});

export const zShopMove = z.object({
  id: z.number().int(),
  kind: z.enum(['recharge', 'withdrawal', 'flash']),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  status: z.enum(['pending', 'done']),
  created_at: zTime,
  done_at: zTime.nullable(),
});

const zAddressInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(60),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { message: 'invalid_format' }),
  region: z.string().trim().min(1).max(120),
  detail: z.string().trim().min(1).max(200),
  is_default: z.boolean().default(false),
});

const zGoodsInput = z.object({
  id: z.number().int().positive().optional(),
  category_id: z.number().int().positive(),
  title: z.string().trim().min(2).max(80),
  description: z.string().trim().max(2000).default(''),
  price: zUsdtAmount,
  stock: z.number().int().min(0).max(1_000_000),
  /** Uploaded images (uploadImg), the first is the cover. */
  images: z
    .array(z.string().regex(/^[a-f0-9]{32}$/))
    .min(1)
    .max(6),
});

const zOrderId = z.object({ order_id: z.number().int().positive() });
const zAmountMove = z.object({ amount: zUsdtAmount, request_id: zRequestId.optional() });

/** The merchant shop: storefronts, escrowed orders, VIP, consumer dividends and the shop wallet. */
export const shopEndpoints = {
  '/api/shop/config': live('shop', {
    summary:
      'The shop’s terms: merchant and VIP fees, platform fee and dividend share, auto-confirm days, wallet fees',
    auth: false,
    request: z.object({}),
    data: z.object({
      merchant_fee: z.string(),
      vip_fee: z.string(),
      vip_days: z.number().int(),
      platform_fee_rate: z.string(),
      dividend_share: z.string(),
      auto_confirm_days: z.number().int(),
      withdraw_fee_rate: z.string(),
      /** How long a withdrawal is held before it is paid. */
      withdraw_hold_s: z.number().int(),
      flash_fee_rate: z.string(),
      min_move: z.string(),
      /** A purchase's total (USDT) from which the wallet's signature confirms it. */
      confirm_from: z.string(),
    }),
  }),
  '/api/shop/uinfo': live('shop', {
    summary: 'My shop account: shop balance, VIP until, my merchant (if any), my orders by state',
    request: z.object({}),
    data: z.object({
      balance: z.string(),
      held: z.string(),
      vip_until: zTime.nullable(),
      merchant: zMerchant.nullable(),
      orders_open: z.number().int(),
      orders_done: z.number().int(),
      to_ship: z.number().int(),
    }),
  }),
  '/api/shop/categoryList': live('shop', {
    summary: 'Product categories (names in the caller’s language)',
    auth: false,
    request: z.object({}),
    data: z.object({ list: z.array(zCategory) }),
  }),
  '/api/shop/companyList': live('shop', {
    summary: 'Logistics companies a merchant ships with',
    auth: false,
    request: z.object({}),
    data: z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }),
  '/api/shop/productList': liveList('shop', {
    summary: 'Products on sale: by category or merchant, searched by title, sorted by newest, price or sales',
    auth: false,
    filters: {
      category_id: z.number().int().positive().optional(),
      merchant_id: z.number().int().positive().optional(),
      keyword: z.string().trim().max(40).optional(),
      sort: z.enum(PRODUCT_SORTS).default('newest'),
    },
    item: zProduct,
  }),
  '/api/shop/productDetail': live('shop', {
    summary: 'One product with its merchant',
    auth: false,
    request: z.object({ id: z.number().int().positive() }),
    data: zProduct.extend({ merchant: zMerchant }),
    errors: ['ProductNotFound'],
  }),
  '/api/shop/merchantInfo': live('shop', {
    summary: 'A storefront’s profile and figures (`id`), or my own merchant account without one',
    request: z.object({ id: z.number().int().positive().optional() }),
    data: zMerchant,
    errors: ['MerchantNotFound'],
  }),
  '/api/shop/ranking': liveList('shop', {
    summary: 'Merchants ranked by what they sold',
    auth: false,
    filters: {},
    item: zMerchant.extend({ rank: z.number().int() }),
  }),
  '/api/shop/addressList': liveList('shop', {
    summary: 'My shop delivery addresses, the default first',
    filters: {},
    item: zShopAddress,
  }),
  '/api/shop/editAddress': live('shop', {
    summary: 'Add a delivery address, or change one (with `id`)',
    request: zAddressInput,
    data: zShopAddress,
    errors: ['AddressNotFound'],
  }),
  '/api/shop/delAddress': live('shop', {
    summary: 'Delete one of my delivery addresses',
    request: z.object({ id: z.number().int().positive() }),
    data: z.object({ id: z.number().int() }),
    errors: ['AddressNotFound'],
  }),
  '/api/shop/purchase': live('shop', {
    summary:
      'Buy now: the price confirmed, paid into escrow from the shop wallet, or from the spot account in one step ' +
      '(the amount moved spot → shop wallet and paid in one transaction); stock is reserved at once and never oversold',
    request: z.object({
      product_id: z.number().int().positive(),
      quantity: z.number().int().min(1).max(100),
      address_id: z.number().int().positive(),
      /** Where the money comes from: the shop wallet (default) or the USDT spot account. */
      pay_from: z.enum(['shop', 'spot']).default('shop'),
      /** The unit price the buyer saw: refused when it changed since. */
      price: zUsdtAmount,
      request_id: zRequestId.optional(),
      /** From `confirm_from` on: the wallet's signature naming the total and the product (and the code, if on). */
      confirm: zConfirmation.optional(),
      totp_code: zTotpCode.optional(),
    }),
    data: zShopOrder,
    // The largest purchases are confirmed.
    errors: withConfirmation([
      'ProductNotFound',
      'OutOfStock',
      'PriceChanged',
      'AddressNotFound',
      'InsufficientBalance',
      'OwnProduct',
      'IdempotencyConflict',
    ] as const),
  }),
  '/api/shop/buyerOrderList': liveList('shop', {
    summary: 'My orders as a buyer: status 1 in progress (paid, shipped), 2 finished (completed, canceled)',
    filters: { status: z.coerce.number().int().min(1).max(2).optional() },
    item: zShopOrder,
  }),
  '/v1/shop/orderDetail': live('shop', {
    summary: 'One of my orders, as its buyer or its merchant',
    extension: true,
    request: zOrderId,
    data: zShopOrder,
    errors: ['ShopOrderNotFound'],
  }),
  '/v1/shop/cancelOrder': live('shop', {
    summary: 'Cancel an order before it ships: the whole payment returns from escrow and the stock with it',
    extension: true,
    request: zOrderId,
    data: zShopOrder,
    errors: ['ShopOrderNotFound', 'ShopOrderState'],
  }),
  '/api/shop/signFor': live('shop', {
    summary: 'Sign for a shipped order: escrow is released to the merchant less the platform fee',
    request: zOrderId,
    data: zShopOrder,
    errors: ['ShopOrderNotFound', 'ShopOrderState'],
  }),
  '/api/shop/merchantOrderList': liveList('shop', {
    summary: 'My merchant’s orders: status 1 to ship or in transit, 2 finished',
    filters: { status: z.coerce.number().int().min(1).max(2).optional() },
    item: zShopOrder,
  }),
  '/api/shop/orderDelivery': live('shop', {
    summary: 'Ship a paid order with a logistics company and tracking number',
    request: zOrderId.extend({
      company: z.string().trim().min(2).max(20),
      tracking: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{6,30}$/, { message: 'invalid_format' }),
    }),
    data: zShopOrder,
    errors: ['ShopOrderNotFound', 'ShopOrderState'],
  }),
  '/api/shop/releaseOrderList': liveList('shop', {
    summary:
      'My merchant’s shipped orders waiting for release: signed for by the buyer, or by themselves at auto_confirm_at',
    filters: {},
    item: zShopOrder,
  }),
  '/api/shop/orderSettleLog': liveList('shop', {
    summary: 'My merchant’s settlements: each released order, its amount, the platform fee, the net received',
    filters: {},
    item: zShopOrder,
    extraData: { total_net: z.string(), total_fee: z.string() },
  }),
  '/api/shop/saleRecord': liveList('shop', {
    summary: 'My merchant’s sales per platform day: orders, pieces, amount',
    filters: {},
    item: z.object({
      day: z.string(),
      orders: z.number().int(),
      pieces: z.number().int(),
      amount: z.string(),
    }),
  }),
  '/api/shop/openMerchant': live('shop', {
    summary:
      'Apply to open a merchant account: the fee is paid from the shop wallet, then operators review it',
    request: z.object({
      name: z.string().trim().min(2).max(40),
      intro: z.string().trim().max(300).default(''),
      request_id: zRequestId.optional(),
    }),
    data: zMerchant,
    errors: ['MerchantExists', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/shop/activate': live('shop', {
    summary: 'Open my approved merchant account for business',
    request: z.object({}),
    data: zMerchant,
    errors: ['MerchantNotFound', 'MerchantState'],
  }),
  '/api/shop/openVip': live('shop', {
    summary: 'Open or extend VIP for a year from the shop wallet: double dividend weight',
    request: z.object({ request_id: zRequestId.optional() }),
    data: z.object({ vip_until: zTime, fee: z.string() }),
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/shop/merchantGoods': liveList('shop', {
    summary: 'My merchant’s goods, every status',
    filters: { status: z.enum(PRODUCT_STATUSES).optional() },
    item: zProduct,
  }),
  '/v1/shop/saveGoods': live('shop', {
    summary: 'Add goods (reviewed before sale) or change them (`id`): title, category, price, stock, images',
    extension: true,
    request: zGoodsInput,
    data: zProduct,
    errors: ['MerchantState', 'ProductNotFound', 'UploadNotFound'],
  }),
  '/api/shop/goodsStatus': live('shop', {
    summary: 'Put my goods on or off sale (goods taken down by an operator stay down)',
    request: z.object({ id: z.number().int().positive(), on_sale: z.boolean() }),
    data: zProduct,
    errors: ['ProductNotFound', 'ProductState'],
  }),
  '/api/shop/goodsStock': live('shop', {
    summary: 'Set the stock of my goods (what is left to sell)',
    request: z.object({ id: z.number().int().positive(), stock: z.number().int().min(0).max(1_000_000) }),
    data: zProduct,
    errors: ['ProductNotFound'],
  }),
  '/api/shop/uploadImg': live('shop', {
    summary:
      'An upload link for a goods image: PUT the file to `url` with `headers`, then name the upload_id',
    request: z.object({
      content_type: z.enum(['image/jpeg', 'image/png']),
      size: z.number().int().positive(),
    }),
    data: z.object({
      upload_id: z.string(),
      url: z.string(),
      method: z.literal('PUT'),
      headers: z.record(z.string(), z.string()),
      max_bytes: z.number().int(),
      expires_at: zTime,
    }),
    errors: ['UploadRejected', 'RateLimited'],
  }),
  '/api/shop/dividend': live('shop', {
    summary: 'Consumer dividends: the pool accrued today, my consumption weight today, what I received, VIP',
    request: z.object({}),
    data: z.object({
      pool_today: z.string(),
      my_weight_today: z.string(),
      total_weight_today: z.string(),
      received: z.string(),
      vip: z.boolean(),
    }),
  }),
  '/api/shop/dividendLog': liveList('shop', {
    summary: 'My consumer dividends, newest first, one per platform day',
    filters: {},
    item: z.object({
      id: z.number().int(),
      day: zTime,
      amount: z.string(),
      status: z.enum(['paid', 'queued']),
    }),
  }),
  '/v1/shop/dividendRanking': liveList('shop', {
    summary: 'Consumers ranked by the dividends they received, with my place',
    extension: true,
    filters: {},
    item: z.object({ rank: z.number().int(), uid: z.string(), address: z.string(), received: z.string() }),
    extraData: { mine: z.object({ rank: z.number().int().nullable(), received: z.string() }) },
  }),
  '/api/shop/recharge': live('shop', {
    summary: 'Move USDT from the spot account into the shop wallet (no fee)',
    request: zAmountMove,
    data: zShopMove,
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/shop/withdrawal': live('shop', {
    summary: 'Withdraw from the shop wallet back to USDT, less the fee: held, then paid after the hold time',
    request: zAmountMove,
    data: zShopMove,
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/shop/flashUsdt': live('shop', {
    summary: 'Flash USDT: the shop balance to the USDT wallet at once, less the flash fee',
    request: zAmountMove,
    data: zShopMove,
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/shop/rechargeLog': liveList('shop', {
    summary: 'My shop wallet recharges',
    filters: {},
    item: zShopMove,
  }),
  '/api/shop/withdrawalList': liveList('shop', {
    summary: 'My shop wallet withdrawals and flashes',
    filters: {},
    item: zShopMove,
  }),
  '/admin/shop/merchants': liveList('shop', {
    summary: 'Merchant accounts, pending first',
    extension: true,
    access: { roles: ['admin', 'support'] },
    filters: { status: z.enum(MERCHANT_STATUSES).optional() },
    item: zMerchant.extend({ user: z.object({ uid: z.string(), address: z.string() }) }),
  }),
  '/admin/shop/reviewMerchant': live('shop', {
    summary: 'Approve or reject a merchant application (a rejection returns the fee), or suspend a merchant',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      id: z.number().int().positive(),
      decision: z.enum(['approve', 'reject', 'suspend']),
      reason: z.string().trim().max(200).optional(),
    }),
    data: zMerchant,
    errors: ['MerchantNotFound', 'MerchantState'],
  }),
  '/admin/shop/products': liveList('shop', {
    summary: 'Goods, waiting for review first',
    extension: true,
    access: { roles: ['admin', 'support'] },
    filters: { status: z.enum(PRODUCT_STATUSES).optional() },
    item: zProduct,
  }),
  '/admin/shop/reviewProduct': live('shop', {
    summary: 'Approve goods for sale, or take goods down',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({ id: z.number().int().positive(), decision: z.enum(['approve', 'take_down']) }),
    data: zProduct,
    errors: ['ProductNotFound', 'ProductState'],
  }),
} as const;
