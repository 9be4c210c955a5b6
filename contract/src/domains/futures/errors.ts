import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2200–2249. */
export const FUTURES_ERRORS = defineErrors([[2200, 2249]], {
  NoPosition: {
    code: 2201,
    msg: {
      en: 'You have no open position in this contract',
      zh: '您在该合约没有持仓',
      ko: '이 계약에 보유 포지션이 없습니다',
      th: 'คุณไม่มีสถานะเปิดในสัญญานี้',
      vi: 'Bạn không có vị thế mở trong hợp đồng này',
      ja: 'この契約に保有ポジションはありません',
      de: 'Sie haben keine offene Position in diesem Kontrakt',
    },
  },
  LeverageLocked: {
    code: 2202,
    msg: {
      en: 'Leverage can be changed only without an open position or open orders in this contract',
      zh: '该合约有持仓或挂单时不能调整杠杆',
      ko: '이 계약에 포지션이나 미체결 주문이 있으면 레버리지를 변경할 수 없습니다',
      th: 'เปลี่ยนเลเวอเรจได้เมื่อไม่มีสถานะหรือคำสั่งค้างในสัญญานี้เท่านั้น',
      vi: 'Chỉ đổi được đòn bẩy khi không có vị thế hoặc lệnh chờ trong hợp đồng này',
      ja: 'この契約にポジションや未約定注文がある間はレバレッジを変更できません',
      de: 'Der Hebel lässt sich nur ohne offene Position oder Orders in diesem Kontrakt ändern',
    },
  },
  TriggerPriceInvalid: {
    code: 2203,
    msg: {
      en: 'Trigger price is on the wrong side of the mark price ({field})',
      zh: '触发价格与标记价格方向不符（{field}）',
      ko: '트리거 가격이 마크 가격의 반대쪽에 있습니다 ({field})',
      th: 'ราคาทริกเกอร์อยู่ผิดด้านของราคามาร์ก ({field})',
      vi: 'Giá kích hoạt nằm sai phía so với giá đánh dấu ({field})',
      ja: 'トリガー価格がマーク価格の反対側にあります（{field}）',
      de: 'Der Auslösepreis liegt auf der falschen Seite des Mark-Preises ({field})',
    },
  },
  NothingToReduce: {
    code: 2204,
    msg: {
      en: 'A reduce-only order needs an opposite open position',
      zh: '只减仓订单需要有反向持仓',
      ko: '포지션 축소 전용 주문에는 반대 방향 포지션이 필요합니다',
      th: 'คำสั่งลดสถานะอย่างเดียวต้องมีสถานะฝั่งตรงข้าม',
      vi: 'Lệnh chỉ giảm vị thế cần có vị thế ngược chiều',
      ja: '決済専用注文には反対側のポジションが必要です',
      de: 'Eine Reduce-only-Order braucht eine Gegenposition',
    },
  },
  MarkPriceUnavailable: {
    code: 2205,
    msg: {
      en: 'The contract has no mark price yet; try again shortly',
      zh: '合约暂无标记价格，请稍后重试',
      ko: '계약에 아직 마크 가격이 없습니다. 잠시 후 다시 시도하세요',
      th: 'สัญญายังไม่มีราคามาร์ก โปรดลองอีกครั้งในไม่ช้า',
      vi: 'Hợp đồng chưa có giá đánh dấu, vui lòng thử lại sau',
      ja: '契約のマーク価格がまだありません。しばらくしてから再度お試しください',
      de: 'Der Kontrakt hat noch keinen Mark-Preis; bitte gleich erneut versuchen',
    },
  },
  CopyManaged: {
    code: 2206,
    msg: {
      en: 'This position is copied from a lead trader; cancel the copy to trade it yourself',
      zh: '该仓位为跟单仓位，取消跟单后才能自行操作',
      ko: '이 포지션은 리드 트레이더를 카피한 것입니다. 직접 거래하려면 카피를 취소하세요',
      th: 'สถานะนี้คัดลอกจากเทรดเดอร์ผู้นำ ยกเลิกการคัดลอกก่อนจึงจะเทรดเองได้',
      vi: 'Vị thế này được sao chép từ nhà giao dịch dẫn dắt; hãy hủy sao chép để tự giao dịch',
      ja: 'このポジションはリードトレーダーのコピーです。自分で取引するにはコピーを解除してください',
      de: 'Diese Position ist von einem Lead-Trader kopiert; beenden Sie die Kopie, um selbst zu handeln',
    },
  },
  TakeProfitInvalid: {
    code: 2207,
    msg: {
      en: 'Take-profit must be above the order price for a long and below it for a short (a market order: the mark price)',
      zh: '止盈价须高于开多价格、低于开空价格（市价单以标记价格为准）',
      ko: '익절가는 롱은 주문 가격보다 높고 숏은 낮아야 합니다(시장가 주문은 마크 가격 기준)',
      th: 'ราคาทำกำไรต้องสูงกว่าราคาคำสั่งสำหรับ Long และต่ำกว่าสำหรับ Short (คำสั่งตลาดใช้ราคามาร์ก)',
      vi: 'Giá chốt lời phải cao hơn giá lệnh với vị thế mua và thấp hơn với vị thế bán (lệnh thị trường: giá đánh dấu)',
      ja: '利確価格はロングでは注文価格より高く、ショートでは低くしてください（成行注文はマーク価格が基準）',
      de: 'Take-Profit muss bei Long über und bei Short unter dem Orderpreis liegen (Market-Order: Mark-Preis)',
    },
  },
  StopLossInvalid: {
    code: 2208,
    msg: {
      en: 'Stop-loss must be below the order price for a long and above it for a short (a market order: the mark price)',
      zh: '止损价须低于开多价格、高于开空价格（市价单以标记价格为准）',
      ko: '손절가는 롱은 주문 가격보다 낮고 숏은 높아야 합니다(시장가 주문은 마크 가격 기준)',
      th: 'ราคาตัดขาดทุนต้องต่ำกว่าราคาคำสั่งสำหรับ Long และสูงกว่าสำหรับ Short (คำสั่งตลาดใช้ราคามาร์ก)',
      vi: 'Giá cắt lỗ phải thấp hơn giá lệnh với vị thế mua và cao hơn với vị thế bán (lệnh thị trường: giá đánh dấu)',
      ja: '損切り価格はロングでは注文価格より低く、ショートでは高くしてください（成行注文はマーク価格が基準）',
      de: 'Stop-Loss muss bei Long unter und bei Short über dem Orderpreis liegen (Market-Order: Mark-Preis)',
    },
  },
  MarginModeMismatch: {
    code: 2209,
    msg: {
      en: 'The order’s margin mode (cross or isolated) is not the one chosen for this contract; it can be changed while nothing is open there',
      zh: '订单的保证金模式（全仓或逐仓）与该合约所选模式不符；无持仓和挂单时可切换',
      ko: '주문의 마진 모드(교차 또는 격리)가 이 계약에 선택된 모드와 다릅니다. 포지션과 주문이 없을 때 변경할 수 있습니다',
      th: 'โหมดมาร์จิ้นของคำสั่ง (Cross หรือ Isolated) ไม่ตรงกับที่เลือกไว้สำหรับสัญญานี้ เปลี่ยนได้เมื่อไม่มีสถานะหรือคำสั่งค้าง',
      vi: 'Chế độ ký quỹ của lệnh (chéo hoặc cô lập) khác chế độ đã chọn cho hợp đồng này; có thể đổi khi không có vị thế hay lệnh chờ',
      ja: '注文のマージンモード（クロスまたは分離）がこの契約で選んだモードと異なります。ポジションと注文がない時に変更できます',
      de: 'Der Margin-Modus der Order (Cross oder Isoliert) ist nicht der für diesen Kontrakt gewählte; er lässt sich ohne offene Position und Orders ändern',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    futures: typeof FUTURES_ERRORS;
  }
}
