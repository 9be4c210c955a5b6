import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2400–2499. */
export const ADMIN_ERRORS = defineErrors([[2400, 2499]], {
  OperatorLoginFailed: {
    code: 2401,
    msg: {
      en: 'Wrong name or password',
      zh: '用户名或密码错误',
      ko: '이름 또는 비밀번호가 틀렸습니다',
      th: 'ชื่อหรือรหัสผ่านไม่ถูกต้อง',
      vi: 'Sai tên hoặc mật khẩu',
      ja: '名前またはパスワードが違います',
      de: 'Falscher Name oder falsches Passwort',
    },
  },
  SettingRefused: {
    code: 2402,
    msg: {
      en: 'The setting was not changed: {why}',
      zh: '设置未更改：{why}',
      ko: '설정이 변경되지 않았습니다: {why}',
      th: 'ไม่ได้เปลี่ยนการตั้งค่า: {why}',
      vi: 'Cài đặt chưa được thay đổi: {why}',
      ja: '設定は変更されませんでした: {why}',
      de: 'Die Einstellung wurde nicht geändert: {why}',
    },
  },
  OperatorCooling: {
    code: 2403,
    msg: {
      en: 'A new operator cannot approve money until {until}',
      zh: '新操作员在 {until} 之前不能审批资金',
      ko: '새 운영자는 {until}까지 자금을 승인할 수 없습니다',
      th: 'ผู้ดูแลใหม่ยังอนุมัติเงินไม่ได้จนถึง {until}',
      vi: 'Người vận hành mới chưa thể phê duyệt tiền cho đến {until}',
      ja: '新しいオペレーターは {until} まで資金を承認できません',
      de: 'Ein neuer Operator darf Geld erst ab {until} freigeben',
    },
  },
  OperatorLocked: {
    code: 2404,
    msg: {
      en: 'This operator account is locked after too many wrong codes: an admin must unlock it',
      zh: '验证码错误次数过多，该操作员账户已锁定，须由管理员解锁',
      ko: '잘못된 코드가 너무 많아 이 운영자 계정이 잠겼습니다. 관리자가 잠금을 해제해야 합니다',
      th: 'บัญชีผู้ดูแลนี้ถูกล็อกเพราะใส่รหัสผิดหลายครั้ง ต้องให้แอดมินปลดล็อก',
      vi: 'Tài khoản vận hành này bị khóa do nhập sai mã quá nhiều lần: quản trị viên phải mở khóa',
      ja: '誤ったコードが多すぎるため、このオペレーターアカウントはロックされました。管理者が解除する必要があります',
      de: 'Dieses Operator-Konto ist nach zu vielen falschen Codes gesperrt: ein Admin muss es entsperren',
    },
  },
  OperatorPending: {
    code: 2405,
    msg: {
      en: 'This operator or role waits for a second admin to approve it',
      zh: '该操作员或角色正等待另一位管理员批准',
      ko: '이 운영자 또는 역할은 다른 관리자의 승인을 기다리고 있습니다',
      th: 'ผู้ดูแลหรือบทบาทนี้รอแอดมินอีกคนอนุมัติ',
      vi: 'Người vận hành hoặc vai trò này đang chờ một quản trị viên khác phê duyệt',
      ja: 'このオペレーターまたはロールは別の管理者の承認待ちです',
      de: 'Dieser Operator oder diese Rolle wartet auf die Freigabe durch einen zweiten Admin',
    },
  },
  OwnRequest: {
    code: 2406,
    msg: {
      en: 'You asked for this change: another admin must approve it',
      zh: '此变更由您发起，须由另一位管理员批准',
      ko: '직접 요청한 변경입니다. 다른 관리자가 승인해야 합니다',
      th: 'คุณเป็นผู้ขอการเปลี่ยนแปลงนี้ ต้องให้แอดมินคนอื่นอนุมัติ',
      vi: 'Bạn đã yêu cầu thay đổi này: quản trị viên khác phải phê duyệt',
      ja: 'この変更はあなたが依頼したものです。別の管理者が承認する必要があります',
      de: 'Sie haben diese Änderung beantragt: ein anderer Admin muss sie freigeben',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    admin: typeof ADMIN_ERRORS;
  }
}
