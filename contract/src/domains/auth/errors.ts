import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 1030–1099. */
export const AUTH_ERRORS = defineErrors([[1030, 1099]], {
  BadSignature: {
    code: 1030,
    msg: {
      en: 'The wallet signature is invalid',
      zh: '钱包签名无效',
      ko: '지갑 서명이 유효하지 않습니다',
      th: 'ลายเซ็นกระเป๋าเงินไม่ถูกต้อง',
      vi: 'Chữ ký ví không hợp lệ',
      ja: 'ウォレットの署名が無効です',
      de: 'Die Wallet-Signatur ist ungültig',
    },
  },
  AddressMismatch: {
    code: 1031,
    msg: {
      en: 'The signing address does not match',
      zh: '签名地址不一致',
      ko: '서명 주소가 일치하지 않습니다',
      th: 'ที่อยู่ที่ลงนามไม่ตรงกัน',
      vi: 'Địa chỉ ký không khớp',
      ja: '署名アドレスが一致しません',
      de: 'Die signierende Adresse stimmt nicht überein',
    },
  },
  StaleMessage: {
    code: 1032,
    msg: {
      en: 'The sign-in message has expired, please sign again',
      zh: '登录消息已过期，请重新签名',
      ko: '로그인 메시지가 만료되었습니다. 다시 서명하세요',
      th: 'ข้อความเข้าสู่ระบบหมดอายุ โปรดลงนามอีกครั้ง',
      vi: 'Tin nhắn đăng nhập đã hết hạn, vui lòng ký lại',
      ja: 'サインインメッセージの有効期限が切れました。再度署名してください',
      de: 'Die Anmeldenachricht ist abgelaufen, bitte erneut signieren',
    },
  },
  NonceReused: {
    code: 1033,
    msg: {
      en: 'This sign-in message was already used',
      zh: '该登录消息已被使用',
      ko: '이미 사용된 로그인 메시지입니다',
      th: 'ข้อความเข้าสู่ระบบนี้ถูกใช้แล้ว',
      vi: 'Tin nhắn đăng nhập này đã được sử dụng',
      ja: 'このサインインメッセージは使用済みです',
      de: 'Diese Anmeldenachricht wurde bereits verwendet',
    },
  },
  WrongDomain: {
    code: 1034,
    msg: {
      en: 'The sign-in message is for another site',
      zh: '登录消息不属于本站',
      ko: '다른 사이트의 로그인 메시지입니다',
      th: 'ข้อความเข้าสู่ระบบเป็นของเว็บไซต์อื่น',
      vi: 'Tin nhắn đăng nhập thuộc trang khác',
      ja: 'サインインメッセージは別のサイト向けです',
      de: 'Die Anmeldenachricht gehört zu einer anderen Website',
    },
  },
  InvitationCodeRequired: {
    code: 1035,
    msg: {
      en: 'Please enter the invitation code',
      zh: '请输入邀请码',
      ko: '초대 코드를 입력하세요',
      th: 'โปรดกรอกรหัสเชิญ',
      vi: 'Vui lòng nhập mã mời',
      ja: '招待コードを入力してください',
      de: 'Bitte geben Sie den Einladungscode ein',
    },
  },
  UnknownInvitationCode: {
    code: 1036,
    msg: {
      en: 'The invitation code does not exist',
      zh: '邀请码不存在',
      ko: '존재하지 않는 초대 코드입니다',
      th: 'ไม่พบรหัสเชิญนี้',
      vi: 'Mã mời không tồn tại',
      ja: '招待コードが存在しません',
      de: 'Der Einladungscode existiert nicht',
    },
  },
  EmailCodeInvalid: {
    code: 1040,
    msg: {
      en: 'The verification code is wrong or has expired',
      zh: '验证码错误或已过期',
      ko: '인증 코드가 틀렸거나 만료되었습니다',
      th: 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุ',
      vi: 'Mã xác minh sai hoặc đã hết hạn',
      ja: '認証コードが間違っているか期限切れです',
      de: 'Der Bestätigungscode ist falsch oder abgelaufen',
    },
  },
  AccountFrozen: {
    code: 1041,
    msg: {
      en: 'This account is frozen; please contact customer support',
      zh: '该账户已被冻结，请联系客服',
      ko: '이 계정은 동결되었습니다. 고객 지원팀에 문의하세요',
      th: 'บัญชีนี้ถูกระงับ โปรดติดต่อฝ่ายบริการลูกค้า',
      vi: 'Tài khoản này đã bị đóng băng, vui lòng liên hệ bộ phận hỗ trợ khách hàng',
      ja: 'このアカウントは凍結されています。カスタマーサポートにお問い合わせください',
      de: 'Dieses Konto ist gesperrt; bitte wenden Sie sich an den Kundensupport',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    auth: typeof AUTH_ERRORS;
  }
}
