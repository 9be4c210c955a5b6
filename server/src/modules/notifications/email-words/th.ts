/** The notice emails' and pushes' words in Thai. */
import type { EmailWords } from './words';

export const WORDS: EmailWords = {
  phishing: 'รหัสป้องกันฟิชชิง: {{code}}',
  footer: ['ข้อความนี้แจ้งเกี่ยวกับบัญชี Nexa ของคุณ', 'เลือกการแจ้งเตือนที่ต้องการรับทางอีเมลได้ในแอป: การแจ้งเตือน › การตั้งค่า'],
  kinds: {
    deposit_credited: {
      title: 'ได้รับเงินฝากแล้ว',
      body: '{{amount}} {{asset}} เข้าบัญชีสปอตของคุณแล้ว',
    },
    withdrawal_sent: {
      title: 'ส่งการถอนแล้ว',
      body: 'ส่ง {{amount}} {{asset}} แล้ว แฮชธุรกรรม: {{tx_hash}}',
    },
    withdrawal_completed: {
      title: 'ถอนเสร็จสมบูรณ์',
      body: '{{amount}} {{asset}} ได้รับการยืนยันครบและถือเป็นที่สุดบนเชนแล้ว แฮชธุรกรรม: {{tx_hash}}',
    },
    withdrawal_rejected: {
      title: 'การถอนถูกปฏิเสธ',
      body: 'การถอน {{amount}} {{asset}} ถูกปฏิเสธและคืนเงินแล้ว เหตุผล: {{reason}}',
    },
    kyc_approved: {
      title: 'ยืนยันตัวตนแล้ว',
      body: 'การยืนยันตัวตนของคุณได้รับอนุมัติ ตอนนี้สมัครบัตรได้แล้ว',
    },
    kyc_rejected: {
      title: 'การยืนยันตัวตนถูกปฏิเสธ',
      body: 'การยืนยันตัวตนของคุณไม่ได้รับอนุมัติ เหตุผล: {{reason}}',
    },
    card_shipped: {
      title: 'จัดส่งบัตรแล้ว',
      body: 'บัตรของคุณกำลังจัดส่ง หมายเลขพัสดุ: {{tracking}}',
    },
    card_activity: {
      title: 'บัตร: {{event}}',
      body: '{{amount}} USDT ที่ {{merchant}}',
    },
    shop_shipped: {
      title: 'จัดส่งคำสั่งซื้อแล้ว',
      body: '“{{title}}” ถูกจัดส่งแล้ว หมายเลขพัสดุ: {{tracking}}',
    },
    copy_opened: {
      title: 'เปิดการเทรดตามแล้ว',
      body: 'เปิดโพสิชัน {{inst}} ตามเทรดเดอร์ที่คุณติดตาม',
    },
    large_fill: {
      title: 'คำสั่งขนาดใหญ่ถูกจับคู่แล้ว',
      body: 'คำสั่ง {{inst}} ของคุณถูกจับคู่แล้ว: {{size}} ที่ราคาเฉลี่ย {{price}} ({{value}} USDT)',
    },
    liquidation_warning: {
      title: 'ความเสี่ยงถูกชำระบัญชี',
      body: 'อัตรามาร์จิ้นของโพสิชัน {{inst}} ของคุณอยู่ที่ {{ratio}}% เมื่อถึง 100% จะถูกชำระบัญชี (ราคามาร์กประมาณ {{liq}}) เพิ่มมาร์จิ้นหรือลดขนาดโพสิชัน',
    },
    liquidation: {
      title: 'โพสิชันถูกชำระบัญชี',
      body: 'โพสิชัน {{inst}} ของคุณถูกบังคับปิด',
    },
    new_sign_in: {
      title: 'เข้าสู่ระบบใหม่',
      body: 'มีการเข้าสู่ระบบบัญชีจากอุปกรณ์ใหม่: {{browser}} บน {{os}} ที่อยู่ {{ip}} หากไม่ใช่คุณ โปรดปิดเซสชันนั้นในหน้าอุปกรณ์ทันที',
    },
    sessions_ended: {
      title: 'ปิดเซสชันแล้ว',
      body: 'ปิดเซสชันอื่นของบัญชีแล้ว {{count}} รายการ',
    },
    security_changed: {
      title: 'การตั้งค่าความปลอดภัยเปลี่ยนแปลง',
      body: 'ความปลอดภัยของบัญชีเปลี่ยนแปลง: {{change}} หลังการเปลี่ยนแปลงเช่นนี้ การถอนและการโอนอาจต้องรอสักระยะ (ดูที่ความปลอดภัย) หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการทันที',
    },
    address_added: {
      title: 'เพิ่มที่อยู่ถอนเงินแล้ว',
      body: '"{{label}}" ({{network}} {{address}}) ถูกเพิ่มในสมุดที่อยู่ ใช้ได้ตั้งแต่ {{until}} หากไม่ใช่คุณ โปรดลบทันที',
    },
    price_alert: {
      title: 'แจ้งเตือนราคา: {{inst}}',
      body: '{{inst}} อยู่ที่ {{figure}} (การแจ้งเตือนของคุณ: {{target}})',
    },
  },
  cardEvents: {
    authorization: 'ชำระเงิน',
    declined: 'ปฏิเสธการชำระเงิน',
    reversal: 'ยกเลิกการชำระเงิน',
    refund: 'คืนเงิน',
  },
  securityChanges: {
    totp_enabled: 'เปิดใช้แอปยืนยันตัวตน',
    totp_disabled: 'ปิดใช้แอปยืนยันตัวตน',
    whitelist_on: 'เปิดโหมดไวท์ลิสต์',
    whitelist_off: 'ปิดโหมดไวท์ลิสต์',
    email_bound: 'ผูกอีเมลแล้ว',
    email_changed: 'เปลี่ยนอีเมลแล้ว',
  },
};
