import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 3100–3149. */
export const MARKET_ERRORS = defineErrors([[3100, 3149]], {
  /** A user keeps at most PRICE_ALERT_MAX alerts waiting. */
  AlertLimit: {
    code: 3101,
    msg: {
      en: 'You have reached the maximum of {max} active price alerts',
      zh: '有效价格提醒已达上限 {max} 个',
      ko: '활성 가격 알림은 최대 {max}개까지 설정할 수 있습니다',
      th: 'คุณตั้งการแจ้งเตือนราคาที่ใช้งานอยู่ครบ {max} รายการแล้ว',
      vi: 'Bạn đã đạt tối đa {max} cảnh báo giá đang hoạt động',
      ja: '有効な価格アラートは最大{max}件までです',
      de: 'Sie haben die Höchstzahl von {max} aktiven Preisalarmen erreicht',
    },
  },
  /** An alert whose condition holds already (a price above the last for "below", …): it would fire at once. */
  AlertAlreadyMet: {
    code: 3102,
    msg: {
      en: 'The market is already there: choose a price or change not yet reached',
      zh: '当前行情已满足该条件，请选择尚未达到的价格或涨跌幅',
      ko: '시장이 이미 해당 조건에 도달했습니다. 아직 도달하지 않은 가격이나 변동률을 선택하세요',
      th: 'ตลาดถึงเงื่อนไขนี้แล้ว โปรดเลือกราคาหรือการเปลี่ยนแปลงที่ยังไม่ถึง',
      vi: 'Thị trường đã đạt điều kiện này: hãy chọn mức giá hoặc biến động chưa đạt tới',
      ja: '市場はすでにその条件に達しています。まだ達していない価格または変動率を選んでください',
      de: 'Der Markt hat diesen Wert bereits erreicht: Wählen Sie einen noch nicht erreichten Preis oder eine Änderung',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    market: typeof MARKET_ERRORS;
  }
}
