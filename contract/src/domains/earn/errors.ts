import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2600–2649. */
export const EARN_ERRORS = defineErrors([[2600, 2649]], {
  PlanNotFound: {
    code: 2601,
    msg: {
      en: 'There is no staking plan for this term',
      zh: '没有该期限的质押方案',
      ko: '이 기간의 스테이킹 상품이 없습니다',
      th: 'ไม่มีแผนการฝากสำหรับระยะเวลานี้',
      vi: 'Không có gói đặt cọc cho kỳ hạn này',
      ja: 'この期間のステーキングプランはありません',
      de: 'Für diese Laufzeit gibt es keinen Staking-Plan',
    },
  },
  EarnOrderNotFound: {
    code: 2602,
    msg: {
      en: 'Order not found',
      zh: '订单不存在',
      ko: '주문을 찾을 수 없습니다',
      th: 'ไม่พบคำสั่ง',
      vi: 'Không tìm thấy lệnh',
      ja: '注文が見つかりません',
      de: 'Auftrag nicht gefunden',
    },
  },
  EarnOrderClosed: {
    code: 2603,
    msg: {
      en: 'This order is no longer in progress',
      zh: '该订单已不在进行中',
      ko: '이 주문은 더 이상 진행 중이 아닙니다',
      th: 'คำสั่งนี้ไม่ได้ดำเนินการอยู่แล้ว',
      vi: 'Lệnh này không còn đang tiến hành',
      ja: 'この注文はすでに進行中ではありません',
      de: 'Dieser Auftrag läuft nicht mehr',
    },
  },
});
