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
  'spot.algo_hold': {
    en: 'Conditional order placed',
    zh: '条件单挂单',
    ko: '조건부 주문 등록',
    th: 'ตั้งคำสั่งแบบมีเงื่อนไข',
    vi: 'Đặt lệnh điều kiện',
    ja: '条件付き注文の発注',
    de: 'Bedingte Order platziert',
  },
  'spot.algo_release': {
    en: 'Conditional order released',
    zh: '条件单解冻',
    ko: '조건부 주문 해제',
    th: 'ปลดคำสั่งแบบมีเงื่อนไข',
    vi: 'Giải phóng lệnh điều kiện',
    ja: '条件付き注文の解放',
    de: 'Bedingte Order freigegeben',
  },
});
