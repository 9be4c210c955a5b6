import { defineCauses } from '../../cause-kit';

export const INSURANCE_CAUSES = defineCauses({
  'insurance.premium': {
    en: 'Insurance premium',
    zh: '保险费',
    ko: '보험료',
    th: 'เบี้ยประกัน',
    vi: 'Phí bảo hiểm',
    ja: '保険料',
    de: 'Versicherungsprämie',
  },
  'insurance.payout': {
    en: 'Insurance compensation',
    zh: '保险赔付',
    ko: '보험 보상',
    th: 'เงินชดเชยประกัน',
    vi: 'Bồi thường bảo hiểm',
    ja: '保険補償',
    de: 'Versicherungsleistung',
  },
  'insurance.fund': {
    en: 'Insurance pool funding',
    zh: '保险池注资',
    ko: '보험 풀 적립',
    th: 'เติมเงินกองประกัน',
    vi: 'Nạp quỹ bảo hiểm',
    ja: '保険プールへの拠出',
    de: 'Einzahlung in den Versicherungspool',
  },
});
