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
  /** A conditional order's trigger on the wrong side of the price it watches, or its figures not fitting. */
  AlgoTriggerInvalid: {
    code: 2103,
    msg: {
      en: 'The trigger does not fit the current price ({field})',
      zh: '触发条件与当前价格不符（{field}）',
      ko: '트리거가 현재 가격과 맞지 않습니다 ({field})',
      th: 'เงื่อนไขทริกเกอร์ไม่สอดคล้องกับราคาปัจจุบัน ({field})',
      vi: 'Điều kiện kích hoạt không phù hợp với giá hiện tại ({field})',
      ja: 'トリガーが現在の価格と合いません（{field}）',
      de: 'Der Auslöser passt nicht zum aktuellen Preis ({field})',
    },
  },
  AlgoPriceUnavailable: {
    code: 2104,
    msg: {
      en: 'The market has no last price yet; try again once it has traded',
      zh: '该市场暂无最新成交价，请在有成交后重试',
      ko: '이 시장에는 아직 최근 체결가가 없습니다. 체결 후 다시 시도하세요',
      th: 'ตลาดนี้ยังไม่มีราคาซื้อขายล่าสุด โปรดลองอีกครั้งเมื่อมีการซื้อขาย',
      vi: 'Thị trường chưa có giá khớp gần nhất; hãy thử lại khi đã có giao dịch',
      ja: 'この市場にはまだ直近の約定価格がありません。約定後に再度お試しください',
      de: 'Der Markt hat noch keinen letzten Preis; bitte nach dem ersten Handel erneut versuchen',
    },
  },
  AlgoLimitReached: {
    code: 2105,
    msg: {
      en: 'You have reached the limit of {max} pending conditional orders',
      zh: '待触发的条件单已达上限 {max} 个',
      ko: '대기 중인 조건부 주문이 한도 {max}개에 도달했습니다',
      th: 'คุณมีคำสั่งแบบมีเงื่อนไขที่รออยู่ครบขีดจำกัด {max} รายการแล้ว',
      vi: 'Bạn đã đạt giới hạn {max} lệnh điều kiện đang chờ',
      ja: '待機中の条件付き注文が上限の {max} 件に達しました',
      de: 'Sie haben das Limit von {max} wartenden bedingten Orders erreicht',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    spot: typeof SPOT_ERRORS;
  }
}
