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
  LoanOpen: {
    code: 2604,
    msg: {
      en: 'Repay the loan on this staking order first',
      zh: '请先偿还该质押订单的借款',
      ko: '먼저 이 스테이킹 주문의 대출을 상환하세요',
      th: 'โปรดชำระเงินกู้ของคำสั่งสเตกนี้ก่อน',
      vi: 'Hãy trả khoản vay của lệnh đặt cọc này trước',
      ja: '先にこのステーキング注文の借入を返済してください',
      de: 'Zahlen Sie zuerst den Kredit auf diesen Staking-Auftrag zurück',
    },
  },
  LoanLimit: {
    code: 2605,
    msg: {
      en: 'You can borrow at most {max} against this order',
      zh: '该订单最多可借 {max}',
      ko: '이 주문으로 최대 {max}까지 대출할 수 있습니다',
      th: 'กู้ได้สูงสุด {max} จากคำสั่งนี้',
      vi: 'Bạn có thể vay tối đa {max} với lệnh này',
      ja: 'この注文で借りられるのは最大 {max} です',
      de: 'Auf diesen Auftrag können Sie höchstens {max} leihen',
    },
  },
  LoanUnavailable: {
    code: 2606,
    msg: {
      en: 'Loans are not available right now; try again later',
      zh: '暂时无法借款，请稍后再试',
      ko: '지금은 대출할 수 없습니다. 잠시 후 다시 시도하세요',
      th: 'ขณะนี้ยังกู้ไม่ได้ โปรดลองใหม่ภายหลัง',
      vi: 'Hiện chưa thể vay; vui lòng thử lại sau',
      ja: '現在は借入できません。しばらくしてから再試行してください',
      de: 'Kredite sind gerade nicht verfügbar; versuchen Sie es später erneut',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    earn: typeof EARN_ERRORS;
  }
}
