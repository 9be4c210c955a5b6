import { defineCauses } from '../../cause-kit';

export const MINING_CAUSES = defineCauses({
  'mining.buy': {
    en: 'Mining machine purchase',
    zh: '购买矿机',
    ko: '채굴기 구매',
    th: 'ซื้อเครื่องขุด',
    vi: 'Mua máy đào',
    ja: 'マイニングマシン購入',
    de: 'Kauf einer Mining-Maschine',
  },
  'mining.quota': {
    en: 'Quota granted with a machine',
    zh: '购机赠送额度',
    ko: '채굴기 구매 한도 지급',
    th: 'โควตาที่ได้จากการซื้อเครื่อง',
    vi: 'Hạn mức tặng kèm máy đào',
    ja: 'マシン購入で付与された枠',
    de: 'Kontingent zum Maschinenkauf',
  },
  'mining.output': {
    en: 'Mining output',
    zh: '挖矿产出',
    ko: '채굴 산출',
    th: 'ผลผลิตการขุด',
    vi: 'Sản lượng khai thác',
    ja: 'マイニング産出',
    de: 'Mining-Ertrag',
  },
  'mining.fund': {
    en: 'Mining output pool funding',
    zh: '挖矿产出池注资',
    ko: '채굴 산출 풀 적립',
    th: 'เติมกองผลผลิตการขุด',
    vi: 'Nạp quỹ sản lượng khai thác',
    ja: 'マイニング産出プールへの拠出',
    de: 'Einzahlung in den Mining-Pool',
  },
});
