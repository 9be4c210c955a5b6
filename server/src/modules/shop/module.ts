import { causeNames, SHOP_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { createShop, SHOP_SYSTEM, type ShopDeps } from './service';
import { SHOP_SETTINGS } from './settings';

export const SHOP_OWNS: ModuleOwnership = {
  causes: causeNames(SHOP_CAUSES),
  systemAccounts: [SHOP_SYSTEM.escrow, SHOP_SYSTEM.revenue, SHOP_SYSTEM.dividend, SHOP_SYSTEM.capital],
  publishes: [],
};

/** The merchant shop: storefronts, escrowed orders, VIP, consumer dividends, the shop wallet. */
function buildShop(deps: ShopDeps) {
  const shop = createShop(deps);
  return {
    api: shop,
    module: defineModule({
      domains: ['shop'],
      handlers: {
        '/api/shop/config': () => shop.terms(),
        '/api/shop/uinfo': (ctx) => shop.uinfo(ctx.me().id),
        '/api/shop/categoryList': (ctx) => shop.categories(ctx.lang),
        '/api/shop/companyList': () => shop.companies(),
        '/api/shop/productList': (ctx) => shop.productList(ctx.body, ctx.lang),
        '/api/shop/productDetail': (ctx) => shop.productDetail(ctx.body.id, ctx.lang),
        '/api/shop/merchantInfo': (ctx) => shop.merchantInfo(ctx.me().id, ctx.body.id),
        '/api/shop/ranking': (ctx) => shop.ranking(ctx.body),
        '/api/shop/addressList': (ctx) => shop.addresses(ctx.me().id, ctx.body),
        '/api/shop/editAddress': (ctx) => shop.editAddress(ctx.me().id, ctx.body),
        '/api/shop/delAddress': (ctx) => shop.delAddress(ctx.me().id, ctx.body.id),
        '/api/shop/purchase': (ctx) => shop.purchase(ctx.me().id, ctx.body, ctx.lang),
        '/api/shop/buyerOrderList': (ctx) => shop.orderList('buyer', ctx.me().id, ctx.body),
        '/v1/shop/orderDetail': (ctx) => shop.orderDetail(ctx.me().id, ctx.body.order_id),
        '/v1/shop/cancelOrder': (ctx) => shop.cancel(ctx.me().id, ctx.body.order_id),
        '/api/shop/signFor': (ctx) => shop.signFor(ctx.me().id, ctx.body.order_id),
        '/api/shop/merchantOrderList': (ctx) => shop.orderList('merchant', ctx.me().id, ctx.body),
        '/api/shop/orderDelivery': (ctx) => shop.ship(ctx.me().id, ctx.body),
        '/api/shop/releaseOrderList': (ctx) => shop.orderList('merchant', ctx.me().id, ctx.body, ['shipped']),
        '/api/shop/orderSettleLog': (ctx) => shop.settleLog(ctx.me().id, ctx.body),
        '/api/shop/saleRecord': (ctx) => shop.saleRecord(ctx.me().id, ctx.body),
        '/api/shop/openMerchant': (ctx) => shop.openMerchant(ctx.me().id, ctx.body),
        '/api/shop/activate': (ctx) => shop.activate(ctx.me().id),
        '/api/shop/openVip': (ctx) => shop.openVip(ctx.me().id, ctx.body),
        '/api/shop/merchantGoods': (ctx) => shop.merchantGoods(ctx.me().id, ctx.body),
        '/v1/shop/saveGoods': (ctx) => shop.saveGoods(ctx.me().id, ctx.body),
        '/api/shop/goodsStatus': (ctx) => shop.goodsStatus(ctx.me().id, ctx.body),
        '/api/shop/goodsStock': (ctx) => shop.goodsStock(ctx.me().id, ctx.body),
        '/api/shop/uploadImg': (ctx) => deps.uploads.begin(ctx.me().id, { purpose: 'product', ...ctx.body }),
        '/api/shop/dividend': (ctx) => shop.dividendSummary(ctx.me().id),
        '/api/shop/dividendLog': (ctx) => shop.dividendLog(ctx.me().id, ctx.body),
        '/v1/shop/dividendRanking': (ctx) => shop.dividendRanking(ctx.me().id, ctx.body),
        '/api/shop/recharge': (ctx) => shop.move(ctx.me().id, 'recharge', ctx.body),
        '/api/shop/withdrawal': (ctx) => shop.move(ctx.me().id, 'withdrawal', ctx.body),
        '/api/shop/flashUsdt': (ctx) => shop.move(ctx.me().id, 'flash', ctx.body),
        '/api/shop/rechargeLog': (ctx) => shop.moves(ctx.me().id, ['recharge'], ctx.body),
        '/api/shop/withdrawalList': (ctx) => shop.moves(ctx.me().id, ['withdrawal', 'flash'], ctx.body),
        '/admin/shop/merchants': (ctx) => shop.adminMerchants(ctx.body),
        '/admin/shop/reviewMerchant': (ctx) => shop.reviewMerchant(ctx.op().id, ctx.body),
        '/admin/shop/products': (ctx) => shop.adminProducts(ctx.body),
        '/admin/shop/reviewProduct': (ctx) => shop.reviewProduct(ctx.op().id, ctx.body),
      },
      // Merchants and goods waiting for review.
      dashboard: async () => {
        const q = await shop.pendingReviews();
        return {
          queues: [
            { key: 'merchants', ...q.merchants },
            { key: 'products', ...q.products },
          ],
        };
      },
      programs: () => shop.programReports(),
      start: () => shop.start(),
      // Auto-confirmations, withdrawals past their hold, each ended day's dividend (once), the demo's reviews.
      sweep: () => shop.sweep(),
    }),
  };
}

export const shopModule = defineEntry({
  name: 'shop',
  settings: SHOP_SETTINGS,
  owns: SHOP_OWNS,
  build: buildShop,
});
