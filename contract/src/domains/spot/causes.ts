import { defineCauses } from '../../cause-kit';

export const SPOT_CAUSES = defineCauses({
  'spot.order': {
    en: 'Spot trade',
    zh: '现货交易',
    ko: '현물 거래',
    th: 'เทรดสปอต',
    vi: 'Giao dịch giao ngay',
    ja: '現物取引',
    de: 'Spot-Handel',
  },
  'spot.cancel': {
    en: 'Order canceled',
    zh: '撤单',
    ko: '주문 취소',
    th: 'ยกเลิกคำสั่ง',
    vi: 'Hủy lệnh',
    ja: '注文取消',
    de: 'Order storniert',
  },
});
