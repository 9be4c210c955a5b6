import { defineCauses } from '../../cause-kit';

export const TOKEN_MARKET_CAUSES = defineCauses({
  'p2p.list': {
    en: 'Token listed',
    zh: '代币挂单',
    ko: '토큰 등록',
    th: 'ลงขายโทเคน',
    vi: 'Niêm yết token',
    ja: 'トークン出品',
    de: 'Token angeboten',
  },
  'p2p.buy': {
    en: 'Token market trade',
    zh: '代币市场成交',
    ko: '토큰 마켓 거래',
    th: 'ซื้อขายในตลาดโทเคน',
    vi: 'Giao dịch chợ token',
    ja: 'トークンマーケット取引',
    de: 'Token-Markt-Handel',
  },
  'p2p.withdraw': {
    en: 'Listing withdrawn',
    zh: '撤回挂单',
    ko: '등록 철회',
    th: 'ถอนรายการขาย',
    vi: 'Rút niêm yết',
    ja: '出品取り下げ',
    de: 'Angebot zurückgezogen',
  },
});
