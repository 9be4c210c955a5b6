import { defineCauses } from '../../cause-kit';

export const MARKET_CAUSES = defineCauses({
  'demo.inventory': {
    en: 'Market maker inventory (demo)',
    zh: '做市商库存（演示）',
    ko: '마켓 메이커 재고(데모)',
    th: 'สินทรัพย์ผู้ดูแลสภาพคล่อง (เดโม)',
    vi: 'Kho tạo lập thị trường (demo)',
    ja: 'マーケットメイカー在庫（デモ）',
    de: 'Market-Maker-Bestand (Demo)',
  },
});
