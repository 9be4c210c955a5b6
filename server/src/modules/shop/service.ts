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

import { platformDays } from '../../programs/days';
import { createRewards } from '../../programs/rewards';
import { createSharedEmission } from '../../programs/shared-emission';
import { addresses, delAddress, editAddress } from './addresses';
import { categories, companies, productDetail, productList, terms } from './catalogue';
import { money, type ShopAmountKey, type ShopCtx, type ShopDeps } from './context';
import {
  dividendLog,
  dividendProgram,
  dividendRanking,
  dividendSummary,
  programReports,
  settleDividends,
} from './dividends';
import { adminProducts, goodsStatus, goodsStock, merchantGoods, reviewProduct, saveGoods } from './goods';
import { pendingReviews, start, sweep } from './housekeeping';
import { activate, adminMerchants, merchantInfo, openMerchant, ranking, reviewMerchant } from './merchants';
import { orderList, saleRecord, settleLog } from './order-lists';
import { autoConfirm, cancel, orderDetail, purchase, ship, signFor } from './orders';
import { SHOP_SETTINGS } from './settings';
import { openVip } from './vip';
import { move, moves, payDueWithdrawals, uinfo } from './wallet';

export { SHOP_SYSTEM, type ShopDeps, type ShopUploadsPort } from './context';
export { splitFee } from './fees';

/** The shop's shared context, built once: its settings, platform days and the dividend's engine. */
function shopContext(deps: ShopDeps): ShopCtx {
  const { store, clock, ledger, config, log } = deps;
  const settings = deps.settings.of(SHOP_SETTINGS);
  const days = platformDays(deps);
  const rewards = createRewards({ store, clock, ledger, log });
  const shared = createSharedEmission({ store, clock, rewards });
  const setting = async (key: ShopAmountKey) => money(await settings.get(key));
  return {
    deps,
    store,
    clock,
    ledger,
    config,
    settings,
    days,
    shared,
    dividend: dividendProgram(store),
    demoUsers: new Set<number>(),
    setting,
  };
}

export function createShop(deps: ShopDeps) {
  const ctx = shopContext(deps);
  /** An operation of the shop, its context given. */
  const op =
    <A extends unknown[], R>(f: (ctx: ShopCtx, ...a: A) => R) =>
    (...a: A): R =>
      f(ctx, ...a);
  return {
    pendingReviews: op(pendingReviews),
    terms: op(terms),
    categories: op(categories),
    companies: op(companies),
    productList: op(productList),
    productDetail: op(productDetail),
    merchantInfo: op(merchantInfo),
    ranking: op(ranking),
    addresses: op(addresses),
    editAddress: op(editAddress),
    delAddress: op(delAddress),
    purchase: op(purchase),
    orderDetail: op(orderDetail),
    cancel: op(cancel),
    ship: op(ship),
    signFor: op(signFor),
    autoConfirm: op(autoConfirm),
    orderList: op(orderList),
    settleLog: op(settleLog),
    saleRecord: op(saleRecord),
    openMerchant: op(openMerchant),
    activate: op(activate),
    reviewMerchant: op(reviewMerchant),
    saveGoods: op(saveGoods),
    goodsStatus: op(goodsStatus),
    goodsStock: op(goodsStock),
    merchantGoods: op(merchantGoods),
    reviewProduct: op(reviewProduct),
    adminMerchants: op(adminMerchants),
    adminProducts: op(adminProducts),
    openVip: op(openVip),
    dividendSummary: op(dividendSummary),
    dividendLog: op(dividendLog),
    dividendRanking: op(dividendRanking),
    settleDividends: op(settleDividends),
    programReports: op(programReports),
    uinfo: op(uinfo),
    move: op(move),
    moves: op(moves),
    payDueWithdrawals: op(payDueWithdrawals),
    sweep: op(sweep),
    start: op(start),
  };
}

export type Shop = ReturnType<typeof createShop>;
