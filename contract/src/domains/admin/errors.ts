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
});
