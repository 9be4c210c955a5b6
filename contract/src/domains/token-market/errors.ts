import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2150–2199. */
export const TOKEN_MARKET_ERRORS = defineErrors([[2150, 2199]], {
  OwnListing: {
    code: 2151,
    msg: {
      en: 'You cannot buy your own listing',
      zh: '不能购买自己的挂单',
      ko: '자신의 판매 등록은 구매할 수 없습니다',
      th: 'ไม่สามารถซื้อรายการขายของตัวเองได้',
      vi: 'Bạn không thể mua tin đăng bán của chính mình',
      ja: '自分の出品は購入できません',
      de: 'Sie können Ihr eigenes Angebot nicht kaufen',
    },
  },
  RemainderTooSmall: {
    code: 2152,
    msg: {
      en: 'This would leave less than {min} in the listing: buy all of it or less',
      zh: '购买后挂单剩余将少于 {min}：请全部购买或减少数量',
      ko: '구매 후 남는 수량이 {min} 미만이 됩니다. 전부 구매하거나 더 적게 구매하세요',
      th: 'จะเหลือในรายการขายน้อยกว่า {min}: โปรดซื้อทั้งหมดหรือซื้อน้อยลง',
      vi: 'Phần còn lại của tin đăng sẽ dưới {min}: hãy mua hết hoặc mua ít hơn',
      ja: '残りが {min} 未満になります。すべて購入するか、数量を減らしてください',
      de: 'Im Angebot bliebe weniger als {min}: kaufen Sie alles oder weniger',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    'token-market': typeof TOKEN_MARKET_ERRORS;
  }
}
