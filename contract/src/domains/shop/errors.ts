import { defineErrors } from '../../error-kit';

/** Answers of the shop: codes 3050–3099. */
export const SHOP_ERRORS = defineErrors([[3050, 3099]], {
  ProductNotFound: {
    code: 3051,
    msg: {
      en: 'Product not found',
      zh: '商品不存在',
      ko: '상품을 찾을 수 없습니다',
      th: 'ไม่พบสินค้า',
      vi: 'Không tìm thấy sản phẩm',
      ja: '商品が見つかりません',
      de: 'Produkt nicht gefunden',
    },
  },
  OutOfStock: {
    code: 3052,
    msg: {
      en: 'Only {left} left in stock',
      zh: '库存仅剩 {left} 件',
      ko: '재고가 {left}개만 남았습니다',
      th: 'เหลือในสต็อกเพียง {left} ชิ้น',
      vi: 'Chỉ còn {left} sản phẩm',
      ja: '在庫は残り {left} 点です',
      de: 'Nur noch {left} auf Lager',
    },
  },
  PriceChanged: {
    code: 3053,
    msg: {
      en: 'The price changed to {price} USDT; check it and buy again',
      zh: '价格已变为 {price} USDT，请确认后重新购买',
      ko: '가격이 {price} USDT로 바뀌었습니다. 확인 후 다시 구매하세요',
      th: 'ราคาเปลี่ยนเป็น {price} USDT กรุณาตรวจสอบแล้วซื้อใหม่',
      vi: 'Giá đã đổi thành {price} USDT; hãy kiểm tra và mua lại',
      ja: '価格が {price} USDT に変わりました。確認してからもう一度購入してください',
      de: 'Der Preis ist jetzt {price} USDT; bitte prüfen und erneut kaufen',
    },
  },
  OwnProduct: {
    code: 3054,
    msg: {
      en: 'You cannot buy your own goods',
      zh: '不能购买自己的商品',
      ko: '자신의 상품은 구매할 수 없습니다',
      th: 'ไม่สามารถซื้อสินค้าของตัวเองได้',
      vi: 'Bạn không thể mua hàng của chính mình',
      ja: '自分の商品は購入できません',
      de: 'Eigene Waren können nicht gekauft werden',
    },
  },
  ShopOrderNotFound: {
    code: 3055,
    msg: {
      en: 'Order not found',
      zh: '订单不存在',
      ko: '주문을 찾을 수 없습니다',
      th: 'ไม่พบคำสั่งซื้อ',
      vi: 'Không tìm thấy đơn hàng',
      ja: '注文が見つかりません',
      de: 'Bestellung nicht gefunden',
    },
  },
  ShopOrderState: {
    code: 3056,
    msg: {
      en: 'This order cannot do that now (it is {status})',
      zh: '该订单当前无法执行此操作（状态：{status}）',
      ko: '지금은 이 주문에 그 작업을 할 수 없습니다(상태: {status})',
      th: 'ไม่สามารถทำรายการนี้กับคำสั่งซื้อได้ในตอนนี้ (สถานะ: {status})',
      vi: 'Đơn hàng không thể thực hiện thao tác này lúc này (trạng thái: {status})',
      ja: 'この注文は現在その操作ができません（状態：{status}）',
      de: 'Das geht mit dieser Bestellung gerade nicht (Status: {status})',
    },
  },
  MerchantNotFound: {
    code: 3057,
    msg: {
      en: 'Merchant not found',
      zh: '商家不存在',
      ko: '판매자를 찾을 수 없습니다',
      th: 'ไม่พบร้านค้า',
      vi: 'Không tìm thấy người bán',
      ja: '出店者が見つかりません',
      de: 'Händler nicht gefunden',
    },
  },
  MerchantState: {
    code: 3058,
    msg: {
      en: 'Your merchant account cannot do that now (it is {status})',
      zh: '您的商家账户当前无法执行此操作（状态：{status}）',
      ko: '판매자 계정이 지금은 그 작업을 할 수 없습니다(상태: {status})',
      th: 'บัญชีร้านค้าของคุณทำรายการนี้ไม่ได้ในตอนนี้ (สถานะ: {status})',
      vi: 'Tài khoản người bán không thể thực hiện thao tác này lúc này (trạng thái: {status})',
      ja: '出店者アカウントは現在その操作ができません（状態：{status}）',
      de: 'Ihr Händlerkonto kann das gerade nicht (Status: {status})',
    },
  },
  MerchantExists: {
    code: 3059,
    msg: {
      en: 'You already have a merchant account',
      zh: '您已有商家账户',
      ko: '이미 판매자 계정이 있습니다',
      th: 'คุณมีบัญชีร้านค้าแล้ว',
      vi: 'Bạn đã có tài khoản người bán',
      ja: '出店者アカウントは既にあります',
      de: 'Sie haben bereits ein Händlerkonto',
    },
  },
  ProductState: {
    code: 3060,
    msg: {
      en: 'These goods cannot do that now (they are {status})',
      zh: '该商品当前无法执行此操作（状态：{status}）',
      ko: '이 상품은 지금 그 작업을 할 수 없습니다(상태: {status})',
      th: 'สินค้านี้ทำรายการนี้ไม่ได้ในตอนนี้ (สถานะ: {status})',
      vi: 'Sản phẩm này không thể thực hiện thao tác này lúc này (trạng thái: {status})',
      ja: 'この商品は現在その操作ができません（状態：{status}）',
      de: 'Diese Ware kann das gerade nicht (Status: {status})',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    shop: typeof SHOP_ERRORS;
  }
}
