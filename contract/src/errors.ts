import { mergeTables } from './domain';
import { DOMAINS, type DomainErrors } from './domains';
import { defineErrors, type ErrorDef, type ErrorName, type ErrorSet } from './error-kit';
import type { Lang, Localized } from './lang';

/**
 * Answers every domain may give (the transport's, money's, operators' gate). Codes 200, 406, 1000–1029 and
 * 2000–2099; each domain's own answers live in its folder of the contract, in a range of its own.
 */
export const COMMON_ERRORS = defineErrors(
  [
    [200, 200],
    [406, 406],
    [1000, 1029],
    [2000, 2099],
  ],
  {
    Success: {
      code: 200,
      msg: {
        en: 'Success',
        zh: '成功',
        ko: '성공',
        th: 'สำเร็จ',
        vi: 'Thành công',
        ja: '成功',
        de: 'Erfolgreich',
      },
    },
    SessionInvalid: {
      code: 406,
      msg: {
        en: 'Your session has expired, please sign in again',
        zh: '登录已失效，请重新登录',
        ko: '세션이 만료되었습니다. 다시 로그인하세요',
        th: 'เซสชันหมดอายุ โปรดเข้าสู่ระบบอีกครั้ง',
        vi: 'Phiên đã hết hạn, vui lòng đăng nhập lại',
        ja: 'セッションの有効期限が切れました。再度サインインしてください',
        de: 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an',
      },
    },
    ValidationFailed: {
      code: 1001,
      msg: {
        en: '{field}: {reason}',
        zh: '{field}：{reason}',
        ko: '{field}: {reason}',
        th: '{field}: {reason}',
        vi: '{field}: {reason}',
        ja: '{field}：{reason}',
        de: '{field}: {reason}',
      },
    },
    NotAvailable: {
      code: 1002,
      msg: {
        en: 'This feature is not available yet',
        zh: '该功能暂未开放',
        ko: '이 기능은 아직 제공되지 않습니다',
        th: 'ฟีเจอร์นี้ยังไม่เปิดให้บริการ',
        vi: 'Tính năng này chưa được mở',
        ja: 'この機能はまだご利用いただけません',
        de: 'Diese Funktion ist noch nicht verfügbar',
      },
    },
    NotFound: {
      code: 1003,
      msg: {
        en: 'The record does not exist',
        zh: '记录不存在',
        ko: '기록이 존재하지 않습니다',
        th: 'ไม่พบรายการ',
        vi: 'Bản ghi không tồn tại',
        ja: '記録が存在しません',
        de: 'Der Eintrag existiert nicht',
      },
    },
    BadEnvelope: {
      code: 1010,
      msg: {
        en: 'The request could not be verified',
        zh: '请求校验失败',
        ko: '요청을 검증할 수 없습니다',
        th: 'ไม่สามารถยืนยันคำขอได้',
        vi: 'Không thể xác minh yêu cầu',
        ja: 'リクエストを検証できませんでした',
        de: 'Die Anfrage konnte nicht überprüft werden',
      },
    },
    BadSign: {
      code: 1011,
      msg: {
        en: 'Invalid request signature',
        zh: '请求签名错误',
        ko: '요청 서명이 올바르지 않습니다',
        th: 'ลายเซ็นคำขอไม่ถูกต้อง',
        vi: 'Chữ ký yêu cầu không hợp lệ',
        ja: 'リクエスト署名が無効です',
        de: 'Ungültige Anfragesignatur',
      },
    },
    StaleTimestamp: {
      code: 1012,
      msg: {
        en: 'Request time is out of range, please check your device clock',
        zh: '请求时间超出范围，请检查设备时间',
        ko: '요청 시간이 범위를 벗어났습니다. 기기 시계를 확인하세요',
        th: 'เวลาของคำขอไม่ถูกต้อง โปรดตรวจสอบนาฬิกาของอุปกรณ์',
        vi: 'Thời gian yêu cầu không hợp lệ, vui lòng kiểm tra đồng hồ thiết bị',
        ja: 'リクエスト時刻が範囲外です。端末の時計を確認してください',
        de: 'Anfragezeit außerhalb des gültigen Bereichs, bitte prüfen Sie die Geräteuhr',
      },
    },
    ReplayedRequest: {
      code: 1013,
      msg: {
        en: 'Duplicate request',
        zh: '重复的请求',
        ko: '중복된 요청입니다',
        th: 'คำขอซ้ำ',
        vi: 'Yêu cầu trùng lặp',
        ja: '重複したリクエストです',
        de: 'Doppelte Anfrage',
      },
    },
    PlainRequestRefused: {
      code: 1014,
      msg: {
        en: 'Unprotected requests are not accepted',
        zh: '不接受未加密的请求',
        ko: '보호되지 않은 요청은 허용되지 않습니다',
        th: 'ไม่รับคำขอที่ไม่ได้เข้ารหัส',
        vi: 'Không chấp nhận yêu cầu chưa được bảo vệ',
        ja: '保護されていないリクエストは受け付けられません',
        de: 'Ungeschützte Anfragen werden nicht angenommen',
      },
    },
    BodyTooLarge: {
      code: 1015,
      msg: {
        en: 'The request is too large',
        zh: '请求内容过大',
        ko: '요청이 너무 큽니다',
        th: 'คำขอมีขนาดใหญ่เกินไป',
        vi: 'Yêu cầu quá lớn',
        ja: 'リクエストが大きすぎます',
        de: 'Die Anfrage ist zu groß',
      },
    },
    RateLimited: {
      code: 1020,
      msg: {
        en: 'Too many requests, please try again later',
        zh: '请求过于频繁，请稍后再试',
        ko: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
        th: 'คำขอมากเกินไป โปรดลองใหม่ภายหลัง',
        vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
        ja: 'リクエストが多すぎます。しばらくしてから再試行してください',
        de: 'Zu viele Anfragen, bitte versuchen Sie es später erneut',
      },
    },
    StoreUnavailable: {
      code: 1021,
      msg: {
        en: 'The service is briefly unavailable, please try again in a moment',
        zh: '服务暂时不可用，请稍后再试',
        ko: '서비스를 잠시 이용할 수 없습니다. 잠시 후 다시 시도하세요',
        th: 'บริการไม่พร้อมใช้งานชั่วคราว โปรดลองใหม่อีกครั้งในอีกสักครู่',
        vi: 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau giây lát',
        ja: 'サービスが一時的に利用できません。しばらくしてから再試行してください',
        de: 'Der Dienst ist kurzzeitig nicht verfügbar, bitte versuchen Sie es gleich noch einmal',
      },
    },
    InsufficientBalance: {
      code: 2001,
      msg: {
        en: 'Insufficient balance',
        zh: '余额不足',
        ko: '잔액이 부족합니다',
        th: 'ยอดเงินไม่เพียงพอ',
        vi: 'Số dư không đủ',
        ja: '残高が不足しています',
        de: 'Unzureichendes Guthaben',
      },
    },
    IdempotencyConflict: {
      code: 2002,
      msg: {
        en: 'This request id was already used for a different request',
        zh: '该请求编号已用于其他请求',
        ko: '이 요청 ID는 다른 요청에 이미 사용되었습니다',
        th: 'รหัสคำขอนี้ถูกใช้กับคำขออื่นแล้ว',
        vi: 'Mã yêu cầu này đã được dùng cho yêu cầu khác',
        ja: 'このリクエストIDは別のリクエストで使用済みです',
        de: 'Diese Anfrage-ID wurde bereits für eine andere Anfrage verwendet',
      },
    },
    BelowMinimum: {
      code: 2004,
      msg: {
        en: 'The amount is below the minimum of {min}',
        zh: '金额低于最低限额 {min}',
        ko: '금액이 최소 한도 {min}보다 작습니다',
        th: 'จำนวนต่ำกว่าขั้นต่ำ {min}',
        vi: 'Số tiền thấp hơn mức tối thiểu {min}',
        ja: '金額が最低額 {min} を下回っています',
        de: 'Der Betrag liegt unter dem Minimum von {min}',
      },
    },
    InvalidState: {
      code: 2009,
      msg: {
        en: 'This record can no longer be changed',
        zh: '该记录当前状态不可操作',
        ko: '이 기록은 더 이상 변경할 수 없습니다',
        th: 'ไม่สามารถเปลี่ยนแปลงรายการนี้ได้แล้ว',
        vi: 'Bản ghi này không thể thay đổi nữa',
        ja: 'この記録は変更できません',
        de: 'Dieser Eintrag kann nicht mehr geändert werden',
      },
    },
    Forbidden: {
      code: 2010,
      msg: {
        en: 'You are not allowed to do this',
        zh: '无权执行此操作',
        ko: '이 작업을 수행할 권한이 없습니다',
        th: 'คุณไม่มีสิทธิ์ทำรายการนี้',
        vi: 'Bạn không có quyền thực hiện thao tác này',
        ja: 'この操作を行う権限がありません',
        de: 'Dazu sind Sie nicht berechtigt',
      },
    },
    SecondFactorRequired: {
      code: 2013,
      msg: {
        en: 'A second factor is required: enter your authenticator code, or enrol one first',
        zh: '需要二次验证：请输入验证器代码，或先绑定验证器',
        ko: '2단계 인증이 필요합니다. 인증 코드를 입력하거나 먼저 등록하세요',
        th: 'ต้องยืนยันตัวตนขั้นที่สอง: ใส่รหัสจากแอปยืนยันตัวตน หรือผูกแอปก่อน',
        vi: 'Cần xác thực hai lớp: nhập mã xác thực, hoặc đăng ký trước',
        ja: '二要素認証が必要です。認証コードを入力するか、先に登録してください',
        de: 'Ein zweiter Faktor ist nötig: Code der Authenticator-App eingeben oder zuerst einrichten',
      },
    },
    SystemFundsShort: {
      code: 2012,
      msg: {
        en: 'This service is paused: its funds are running low. Please try again later',
        zh: '该服务暂停：资金不足，请稍后再试',
        ko: '이 서비스는 자금 부족으로 일시 중지되었습니다. 나중에 다시 시도하세요',
        th: 'บริการนี้หยุดชั่วคราวเนื่องจากเงินทุนไม่พอ โปรดลองใหม่ภายหลัง',
        vi: 'Dịch vụ tạm dừng do thiếu vốn. Vui lòng thử lại sau',
        ja: '資金不足のため、このサービスは一時停止中です。後でもう一度お試しください',
        de: 'Dieser Dienst ist pausiert: seine Mittel reichen nicht. Bitte später erneut versuchen',
      },
    },
  },
);

declare module './error-kit' {
  interface AnswerSets {
    common: typeof COMMON_ERRORS;
  }
}

/** Every domain's answers with its range, by domain: two domains never pick the same code. */
export const ERROR_SETS: Readonly<Record<string, ErrorSet<Readonly<Record<string, ErrorDef>>>>> = {
  common: COMMON_ERRORS,
  ...Object.fromEntries(DOMAINS.flatMap((d) => (d.errors ? [[d.name, d.errors]] : []))),
};

/**
 * The closed catalogue of answers the platform gives: the common ones and every listed domain's.
 * `code` travels in the body; `name` travels in `error` for machines; `msg` is localized by the caller's
 * language. Messages may hold `{param}` placeholders filled from the error's params.
 */
export const ERRORS = mergeTables<(typeof COMMON_ERRORS)['errors'] & DomainErrors>(
  'answer',
  Object.entries(ERROR_SETS).map(([domain, set]) => [domain, set.errors] as const),
);

// The answers the calls may declare (each domain's own declaration) are exactly the catalogue's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listed: Same<ErrorName, keyof typeof ERRORS> = true;
void listed;

/** Reasons a field fails validation; localized into the `{reason}` of ValidationFailed. */
export const VALIDATION_REASONS = {
  invalid_characters: {
    en: 'contains characters that are not allowed (control or direction characters)',
    zh: '包含不允许的字符（控制字符或方向字符）',
    ko: '허용되지 않는 문자(제어 문자 또는 방향 문자)가 포함되어 있습니다',
    th: 'มีอักขระที่ไม่อนุญาต (อักขระควบคุมหรืออักขระกำหนดทิศทาง)',
    vi: 'chứa ký tự không được phép (ký tự điều khiển hoặc ký tự định hướng)',
    ja: '使用できない文字（制御文字または方向制御文字）が含まれています',
    de: 'enthält unzulässige Zeichen (Steuer- oder Richtungszeichen)',
  },
  invalid_unicode: {
    en: 'contains invalid Unicode (an unpaired surrogate)',
    zh: '包含无效的 Unicode 字符（不成对的代理项）',
    ko: '잘못된 Unicode 문자(짝이 없는 서로게이트)가 포함되어 있습니다',
    th: 'มีอักขระ Unicode ที่ไม่ถูกต้อง (เซอร์โรเกตที่ไม่มีคู่)',
    vi: 'chứa ký tự Unicode không hợp lệ (surrogate không có cặp)',
    ja: '無効な Unicode 文字（対になっていないサロゲート）が含まれています',
    de: 'enthält ungültiges Unicode (ein einzelnes Surrogat)',
  },
  required: {
    en: 'is required',
    zh: '不能为空',
    ko: '필수 항목입니다',
    th: 'จำเป็นต้องกรอก',
    vi: 'là bắt buộc',
    ja: 'は必須です',
    de: 'ist erforderlich',
  },
  invalid_type: {
    en: 'has the wrong type',
    zh: '类型错误',
    ko: '형식이 올바르지 않습니다',
    th: 'ชนิดข้อมูลไม่ถูกต้อง',
    vi: 'sai kiểu dữ liệu',
    ja: 'の型が正しくありません',
    de: 'hat den falschen Typ',
  },
  too_small: {
    en: 'is too small',
    zh: '数值过小',
    ko: '값이 너무 작습니다',
    th: 'มีค่าน้อยเกินไป',
    vi: 'quá nhỏ',
    ja: 'が小さすぎます',
    de: 'ist zu klein',
  },
  too_big: {
    en: 'is too large',
    zh: '数值过大',
    ko: '값이 너무 큽니다',
    th: 'มีค่ามากเกินไป',
    vi: 'quá lớn',
    ja: 'が大きすぎます',
    de: 'ist zu groß',
  },
  invalid_format: {
    en: 'has an invalid format',
    zh: '格式错误',
    ko: '형식이 잘못되었습니다',
    th: 'รูปแบบไม่ถูกต้อง',
    vi: 'sai định dạng',
    ja: 'の形式が正しくありません',
    de: 'hat ein ungültiges Format',
  },
  invalid_value: {
    en: 'has an invalid value',
    zh: '取值无效',
    ko: '값이 유효하지 않습니다',
    th: 'มีค่าไม่ถูกต้อง',
    vi: 'có giá trị không hợp lệ',
    ja: 'の値が無効です',
    de: 'hat einen ungültigen Wert',
  },
  too_young: {
    en: 'shows an age under the minimum',
    zh: '显示年龄未达到最低要求',
    ko: '최소 연령에 미달합니다',
    th: 'แสดงอายุต่ำกว่าเกณฑ์ขั้นต่ำ',
    vi: 'cho thấy chưa đủ tuổi tối thiểu',
    ja: 'が最低年齢に達していません',
    de: 'ergibt ein Alter unter dem Mindestalter',
  },
} as const satisfies Record<string, Localized>;

export type ValidationReason = keyof typeof VALIDATION_REASONS;

export function errorMessage(
  name: ErrorName,
  lang: Lang,
  params: Readonly<Record<string, string>> = {},
): string {
  const template: string = ERRORS[name].msg[lang];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

const BY_CODE: ReadonlyMap<number, ErrorName> = new Map(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [ERRORS[name].code, name]),
);

export function errorNameByCode(code: number): ErrorName | undefined {
  return BY_CODE.get(code);
}
