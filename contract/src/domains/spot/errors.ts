import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2100–2149. */
export const SPOT_ERRORS = defineErrors([[2100, 2149]], {
  OrderRejected: {
    code: 2101,
    msg: {
      en: 'The order was rejected ({reason})',
      zh: '订单被拒绝（{reason}）',
      ko: '주문이 거부되었습니다 ({reason})',
      th: 'คำสั่งซื้อขายถูกปฏิเสธ ({reason})',
      vi: 'Lệnh bị từ chối ({reason})',
      ja: '注文は拒否されました（{reason}）',
      de: 'Die Order wurde abgelehnt ({reason})',
    },
  },
  /** A limit price beyond the instrument's band around its reference (spot: the index; swaps: the mark). */
  PriceOutOfBand: {
    code: 2102,
    msg: {
      en: 'Order price is outside the allowed range',
      zh: '委托价格超出允许范围',
      ko: '주문 가격이 허용 범위를 벗어났습니다',
      th: 'ราคาคำสั่งอยู่นอกช่วงที่อนุญาต',
      vi: 'Giá đặt lệnh nằm ngoài phạm vi cho phép',
      ja: '注文価格が許容範囲外です',
      de: 'Der Orderpreis liegt außerhalb des zulässigen Bereichs',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    spot: typeof SPOT_ERRORS;
  }
}
