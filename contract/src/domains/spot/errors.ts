import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2100–2149. */
export const SPOT_ERRORS = defineErrors([[2100, 2149]], {
  OrderRejected: {
    code: 2101,
    msg: {
      en: 'The order was rejected ({reason})',
      zh: '订单被拒绝（{reason}）',
      ko: '주문이 거부되었습니다 ({reason})',
      th: 'คำสั่งซื้อขายถูกปฏิเสธ ({reason})',
      vi: 'Lệnh bị từ chối ({reason})',
      ja: '注文は拒否されました（{reason}）',
      de: 'Die Order wurde abgelehnt ({reason})',
    },
  },
});
