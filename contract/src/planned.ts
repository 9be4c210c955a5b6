import { planned } from './endpoint';

/**
 * Calls of the specification whose domains are not built yet. Each answers NotAvailable
 * (never a fake success) until its domain's issue lands and moves it to a live table.
 */
export const plannedEndpoints = {
  // shop
  '/api/shop/addressList': planned('shop', 'Shop addresses', { list: 'size' }),
  '/api/shop/uinfo': planned('shop', 'Shop account'),
  '/api/shop/merchantInfo': planned('shop', 'Merchant info'),
  '/api/shop/categoryList': planned('shop', 'Categories'),
  '/api/shop/ranking': planned('shop', 'Merchant ranking', { list: 'size' }),
  '/api/shop/dividend': planned('shop', 'Consumer dividend summary'),
  '/api/shop/dividendLog': planned('shop', 'Dividend log', { list: 'size' }),
  '/api/shop/productList': planned('shop', 'Products', { list: 'size' }),
  '/api/shop/productDetail': planned('shop', 'One product'),
  '/api/shop/purchase': planned('shop', 'Buy a product'),
  '/api/shop/orderSettleLog': planned('shop', 'Settlement log', { list: 'size' }),
  '/api/shop/saleRecord': planned('shop', 'Sale records', { list: 'size' }),
  '/api/shop/signFor': planned('shop', 'Sign for an order'),
  '/api/shop/buyerOrderList': planned('shop', 'Buyer orders', { list: 'size' }),
  '/api/shop/merchantOrderList': planned('shop', 'Merchant orders', { list: 'size' }),
  '/api/shop/editAddress': planned('shop', 'Add or edit a shop address'),
  '/api/shop/delAddress': planned('shop', 'Delete a shop address'),
  '/api/shop/merchantGoods': planned('shop', 'Merchant goods', { list: 'size' }),
  '/api/shop/goodsStatus': planned('shop', 'Put goods on or off sale'),
  '/api/shop/goodsStock': planned('shop', 'Set goods stock'),
  '/api/shop/companyList': planned('shop', 'Logistics companies'),
  '/api/shop/openVip': planned('shop', 'Open VIP'),
  '/api/shop/openMerchant': planned('shop', 'Open a merchant account'),
  '/api/shop/releaseOrderList': planned('shop', 'Release orders', { list: 'size' }),
  '/api/shop/withdrawalList': planned('shop', 'Shop withdrawals', { list: 'size' }),
  '/api/shop/rechargeLog': planned('shop', 'Shop recharges', { list: 'size' }),
  '/api/shop/flashUsdt': planned('shop', 'Flash the shop balance to USDT'),
  '/api/shop/withdrawal': planned('shop', 'Withdraw from the shop wallet'),
  '/api/shop/recharge': planned('shop', 'Recharge the shop wallet'),
  '/api/shop/activate': planned('shop', 'Activate the shop'),
  '/api/shop/orderDelivery': planned('shop', 'Ship an order'),
  '/api/shop/uploadImg': planned('shop', 'Upload a goods image'),
  '/api/shop/config': planned('shop', 'Shop configuration'),
} as const;
