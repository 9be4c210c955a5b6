import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2700–2749. */
export const PLACEMENT_ERRORS = defineErrors([[2700, 2749]], {
  RoundNotFound: {
    code: 2701,
    msg: {
      en: 'There is no such placement round',
      zh: '没有该私募轮次',
      ko: '해당 프라이빗 세일 라운드가 없습니다',
      th: 'ไม่มีรอบการขายส่วนตัวนี้',
      vi: 'Không có vòng bán riêng này',
      ja: 'そのプライベートセールのラウンドはありません',
      de: 'Diese Platzierungsrunde gibt es nicht',
    },
  },
  RoundNotOpen: {
    code: 2702,
    msg: {
      en: 'This round is not open for subscription',
      zh: '该轮次当前不可认购',
      ko: '이 라운드는 지금 청약할 수 없습니다',
      th: 'รอบนี้ยังไม่เปิดให้จองซื้อ',
      vi: 'Vòng này hiện không mở đăng ký',
      ja: 'このラウンドは現在申し込みできません',
      de: 'Diese Runde ist nicht zur Zeichnung geöffnet',
    },
  },
  RoundSoldOut: {
    code: 2703,
    msg: {
      en: 'Only {left} are left in this round',
      zh: '本轮仅剩 {left}',
      ko: '이 라운드에는 {left}만 남았습니다',
      th: 'รอบนี้เหลือเพียง {left}',
      vi: 'Vòng này chỉ còn {left}',
      ja: 'このラウンドの残りは {left} です',
      de: 'In dieser Runde sind nur noch {left} übrig',
    },
  },
  PlacementCapReached: {
    code: 2704,
    msg: {
      en: 'You can subscribe at most {max} more in this round',
      zh: '您在本轮最多还可认购 {max}',
      ko: '이 라운드에서 최대 {max}까지 더 청약할 수 있습니다',
      th: 'คุณจองซื้อในรอบนี้ได้อีกไม่เกิน {max}',
      vi: 'Bạn chỉ có thể đăng ký thêm tối đa {max} trong vòng này',
      ja: 'このラウンドであと最大 {max} まで申し込めます',
      de: 'Sie können in dieser Runde höchstens noch {max} zeichnen',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    placement: typeof PLACEMENT_ERRORS;
  }
}
