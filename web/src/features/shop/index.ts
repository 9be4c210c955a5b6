import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * The merchant shop. Buyers: the shop (/store: categories, search, sorted products), a category (/productList),
 * a product (/productDetail), confirm and pay (/confirmOrder), my orders (/order) and one order
 * (/orderDetail: timeline, tracking, sign for, cancel), a storefront or the merchant ranking (/storeHome),
 * delivery addresses (/address2, /address3). The shop wallet (/order2 recharge, withdraw, flash USDT;
 * /order3 its records). Merchants: the merchant center (/store1: open, review, activate, VIP), my profile
 * (/storeInfo), goods (/storeMyItem1 list, /storeMyItem2 add or edit with images, /storeMyItem3 stock),
 * sales (/storeMyItem4), settlements (/storeMyItem5), orders to ship (/order1, /shipOrder) and orders waiting
 * for release (/orderList). Consumer dividends (/consumerDividendRanking, /consumerDividendRanking1).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    shop: typeof en;
  }
}

const text = defineFeatureText('shop', (lang) => import(`./locales/${lang}.json`));

export const shopRoutes: readonly RouteDef[] = [
  { name: 'store', load: text.with(() => import('./store-screen')) },
  { name: 'productList', load: text.with(() => import('./product-list-screen')) },
  { name: 'productDetail', load: text.with(() => import('./product-detail-screen')) },
  { name: 'confirmOrder', load: text.with(() => import('./confirm-order-screen')) },
  { name: 'order', load: text.with(() => import('./orders-screen')) },
  { name: 'orderDetail', load: text.with(() => import('./order-detail-screen')) },
  { name: 'storeHome', load: text.with(() => import('./storefront-screen')) },
  { name: 'address2', load: text.with(() => import('./addresses-screen')) },
  { name: 'address3', load: text.with(() => import('./address-form-screen')) },
  { name: 'order2', load: text.with(() => import('./wallet-screen')) },
  { name: 'order3', load: text.with(() => import('./wallet-records-screen')) },
  { name: 'store1', load: text.with(() => import('./merchant-center-screen')) },
  { name: 'storeInfo', load: text.with(() => import('./merchant-info-screen')) },
  { name: 'storeMyItem1', load: text.with(() => import('./goods-screen')) },
  { name: 'storeMyItem2', load: text.with(() => import('./goods-form-screen')) },
  { name: 'storeMyItem3', load: text.with(() => import('./stock-screen')) },
  { name: 'storeMyItem4', load: text.with(() => import('./sales-screen')) },
  { name: 'storeMyItem5', load: text.with(() => import('./settlements-screen')) },
  { name: 'order1', load: text.with(() => import('./merchant-orders-screen')) },
  { name: 'shipOrder', load: text.with(() => import('./ship-order-screen')) },
  { name: 'orderList', load: text.with(() => import('./release-orders-screen')) },
  { name: 'consumerDividendRanking', load: text.with(() => import('./dividend-ranking-screen')) },
  { name: 'consumerDividendRanking1', load: text.with(() => import('./dividend-log-screen')) },
];
