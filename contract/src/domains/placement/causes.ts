import { defineCauses } from '../../cause-kit';

export const PLACEMENT_CAUSES = defineCauses({
  'placement.buy': {
    en: 'Private placement subscription',
    zh: '私募认购',
    ko: '프라이빗 세일 청약',
    th: 'จองซื้อการขายส่วนตัว',
    vi: 'Đăng ký bán riêng',
    ja: 'プライベートセール申込',
    de: 'Zeichnung der Privatplatzierung',
  },
  'placement.release': {
    en: 'Placement vesting release',
    zh: '私募解锁释放',
    ko: '프라이빗 세일 베스팅 해제',
    th: 'ปลดล็อกโทเค็นการขายส่วนตัว',
    vi: 'Mở khóa bán riêng',
    ja: 'プライベートセールのロック解除',
    de: 'Freigabe aus der Privatplatzierung',
  },
  'placement.supply': {
    en: 'Placement round supply',
    zh: '私募轮次供应',
    ko: '프라이빗 세일 라운드 공급',
    th: 'อุปทานของรอบการขาย',
    vi: 'Nguồn cung vòng bán riêng',
    ja: 'ラウンドの供給',
    de: 'Angebot der Platzierungsrunde',
  },
});
