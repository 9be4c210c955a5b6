import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2250–2299. */
export const INSURANCE_ERRORS = defineErrors([[2250, 2299]], {
  CoverActive: {
    code: 2251,
    msg: {
      en: 'You already hold an active cover; buy a new one when it expires or is used up',
      zh: '您已有生效中的保障，到期或额度用完后再购买',
      ko: '이미 유효한 보장이 있습니다. 만료되거나 소진된 후 다시 구매하세요',
      th: 'คุณมีความคุ้มครองที่ใช้งานอยู่แล้ว ซื้อใหม่ได้เมื่อหมดอายุหรือใช้ครบ',
      vi: 'Bạn đang có gói bảo hiểm hiệu lực; hãy mua gói mới khi gói này hết hạn hoặc hết hạn mức',
      ja: '有効な補償をすでにお持ちです。期限切れか使い切った後に購入してください',
      de: 'Sie haben bereits eine aktive Deckung; kaufen Sie eine neue, wenn sie abläuft oder aufgebraucht ist',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    insurance: typeof INSURANCE_ERRORS;
  }
}
