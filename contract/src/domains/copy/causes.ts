import { defineCauses } from '../../cause-kit';

export const COPY_CAUSES = defineCauses({
  'copy.profit_share': {
    en: 'Copy trading profit share',
    zh: '跟单分润',
    ko: '카피 트레이딩 수익 배분',
    th: 'ส่วนแบ่งกำไรการคัดลอกเทรด',
    vi: 'Chia lợi nhuận giao dịch sao chép',
    ja: 'コピートレード利益分配',
    de: 'Gewinnbeteiligung Copy-Trading',
  },
  'copy.demo_fund': {
    en: 'Demo lead trader margin',
    zh: '演示带单员保证金',
    ko: '데모 리드 트레이더 증거금',
    th: 'มาร์จิ้นเทรดเดอร์ผู้นำทดลอง',
    vi: 'Ký quỹ nhà giao dịch dẫn dắt mẫu',
    ja: 'デモ・リードトレーダー証拠金',
    de: 'Margin der Demo-Lead-Trader',
  },
  'copy.demo_past': {
    en: "Demo lead trader's simulated past",
    zh: '演示带单员的模拟历史',
    ko: '데모 리드 트레이더의 시뮬레이션 과거',
    th: 'ประวัติจำลองของเทรดเดอร์ผู้นำทดลอง',
    vi: 'Lịch sử mô phỏng của nhà giao dịch dẫn dắt mẫu',
    ja: 'デモ・リードトレーダーのシミュレーション履歴',
    de: 'Simulierte Vergangenheit der Demo-Lead-Trader',
  },
});
