import type { Lang, Localized } from './lang';

/**
 * The closed catalogue of answers the platform gives. `code` travels in the body;
 * `name` travels in `error` for machines; `msg` is localized by the caller's language.
 * Messages may hold `{param}` placeholders filled from the error's params.
 */
export const ERRORS = {
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
  BlockProcessing: {
    code: 2003,
    msg: {
      en: 'Block processing in progress',
      zh: '区块处理中',
      ko: '블록 처리 중입니다',
      th: 'กำลังประมวลผลบล็อก',
      vi: 'Đang xử lý khối',
      ja: 'ブロック処理中です',
      de: 'Blockverarbeitung läuft',
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
  DailyLimitExceeded: {
    code: 2005,
    msg: {
      en: 'This exceeds your daily limit; {left} left today',
      zh: '超出每日限额，今日剩余 {left}',
      ko: '일일 한도를 초과합니다. 오늘 남은 한도 {left}',
      th: 'เกินวงเงินรายวัน วันนี้เหลือ {left}',
      vi: 'Vượt quá hạn mức ngày; hôm nay còn {left}',
      ja: '1日の上限を超えています。本日の残り {left}',
      de: 'Das überschreitet Ihr Tageslimit; heute noch {left} verfügbar',
    },
  },
  RecipientNotFound: {
    code: 2006,
    msg: {
      en: 'No user with this address or UID',
      zh: '该地址或UID的用户不存在',
      ko: '해당 주소 또는 UID의 사용자가 없습니다',
      th: 'ไม่พบผู้ใช้ที่มีที่อยู่หรือ UID นี้',
      vi: 'Không có người dùng với địa chỉ hoặc UID này',
      ja: 'このアドレスまたはUIDのユーザーはいません',
      de: 'Kein Nutzer mit dieser Adresse oder UID',
    },
  },
  SameAccount: {
    code: 2007,
    msg: {
      en: 'Choose a different account to transfer to',
      zh: '请选择不同的转入账户',
      ko: '다른 계정을 선택하세요',
      th: 'โปรดเลือกบัญชีปลายทางอื่น',
      vi: 'Vui lòng chọn tài khoản nhận khác',
      ja: '別の振替先アカウントを選択してください',
      de: 'Wählen Sie ein anderes Zielkonto',
    },
  },
  QuoteExpired: {
    code: 2008,
    msg: {
      en: 'The quote has expired, please refresh it',
      zh: '报价已过期，请刷新',
      ko: '시세가 만료되었습니다. 새로 고치세요',
      th: 'ราคาเสนอหมดอายุ โปรดรีเฟรช',
      vi: 'Báo giá đã hết hạn, vui lòng làm mới',
      ja: '見積もりの有効期限が切れました。更新してください',
      de: 'Das Angebot ist abgelaufen, bitte aktualisieren',
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
  OperatorLoginFailed: {
    code: 2011,
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
  OwnListing: {
    code: 2102,
    msg: {
      en: 'You cannot buy your own listing',
      zh: '不能购买自己的挂单',
      ko: '자신의 판매 등록은 구매할 수 없습니다',
      th: 'ไม่สามารถซื้อรายการขายของตัวเองได้',
      vi: 'Bạn không thể mua tin đăng bán của chính mình',
      ja: '自分の出品は購入できません',
      de: 'Sie können Ihr eigenes Angebot nicht kaufen',
    },
  },
  ExchangeUnavailable: {
    code: 2301,
    msg: {
      en: 'This pair cannot be exchanged: no live market trades it',
      zh: '该币对无法兑换：没有实时市场',
      ko: '이 페어는 교환할 수 없습니다: 실시간 시장이 없습니다',
      th: 'ไม่สามารถแลกคู่นี้ได้: ไม่มีตลาดที่ซื้อขายอยู่',
      vi: 'Không thể đổi cặp này: không có thị trường trực tiếp',
      ja: 'このペアは交換できません：取引中の市場がありません',
      de: 'Dieses Paar kann nicht getauscht werden: kein laufender Markt',
    },
  },
  InsufficientLiquidity: {
    code: 2302,
    msg: {
      en: 'The market cannot take this amount right now; try a smaller amount',
      zh: '当前市场深度不足以成交该数量，请减少数量',
      ko: '현재 시장에서 이 수량을 체결할 수 없습니다. 더 적은 수량으로 시도하세요',
      th: 'ตลาดรับจำนวนนี้ไม่ได้ในขณะนี้ โปรดลองจำนวนที่น้อยลง',
      vi: 'Thị trường hiện không đủ thanh khoản cho số lượng này; hãy thử số nhỏ hơn',
      ja: '現在の市場ではこの数量を約定できません。数量を減らしてください',
      de: 'Der Markt kann diesen Betrag gerade nicht aufnehmen; versuchen Sie einen kleineren',
    },
  },
  PriceMoved: {
    code: 2304,
    msg: {
      en: 'The price moved beyond the quote; please refresh it',
      zh: '价格变动超出报价范围，请刷新报价',
      ko: '가격이 견적 범위를 벗어났습니다. 새로 고치세요',
      th: 'ราคาเปลี่ยนเกินกว่าราคาเสนอ โปรดรีเฟรช',
      vi: 'Giá đã thay đổi vượt báo giá, vui lòng làm mới',
      ja: '価格が見積もりから変動しました。更新してください',
      de: 'Der Preis hat sich über das Angebot hinaus bewegt; bitte aktualisieren',
    },
  },
  RemainderTooSmall: {
    code: 2305,
    msg: {
      en: 'This would leave less than {min} in the listing: buy all of it or less',
      zh: '购买后挂单剩余将少于 {min}：请全部购买或减少数量',
      ko: '구매 후 남는 수량이 {min} 미만이 됩니다. 전부 구매하거나 더 적게 구매하세요',
      th: 'จะเหลือในรายการขายน้อยกว่า {min}: โปรดซื้อทั้งหมดหรือซื้อน้อยลง',
      vi: 'Phần còn lại của tin đăng sẽ dưới {min}: hãy mua hết hoặc mua ít hơn',
      ja: '残りが {min} 未満になります。すべて購入するか、数量を減らしてください',
      de: 'Im Angebot bliebe weniger als {min}: kaufen Sie alles oder weniger',
    },
  },
  ConflictOfInterest: {
    code: 2306,
    msg: {
      en: 'You made an unconfirmed credit to this user: another operator must approve',
      zh: '您曾为该用户手动入账（未经链上确认），须由其他操作员审批',
      ko: '이 사용자에게 확인되지 않은 입금을 처리하셨습니다. 다른 운영자가 승인해야 합니다',
      th: 'คุณเคยเติมเงินที่ยังไม่ยืนยันบนเชนให้ผู้ใช้นี้ ต้องให้ผู้ดูแลคนอื่นอนุมัติ',
      vi: 'Bạn đã ghi có thủ công cho người dùng này: người vận hành khác phải phê duyệt',
      ja: 'このユーザーへの未確認の入金を行ったため、別のオペレーターの承認が必要です',
      de: 'Sie haben diesem Nutzer eine unbestätigte Gutschrift gebucht: ein anderer Operator muss freigeben',
    },
  },
  SecondFactorRequired: {
    code: 2307,
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
    code: 2303,
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
} as const satisfies Record<string, { code: number; msg: Localized }>;

export type ErrorName = keyof typeof ERRORS;

/** Errors any call can answer, whatever it declares. */
export const TRANSPORT_ERRORS = [
  'ValidationFailed',
  'BadEnvelope',
  'BadSign',
  'StaleTimestamp',
  'ReplayedRequest',
  'PlainRequestRefused',
] as const satisfies readonly ErrorName[];

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
} as const satisfies Record<string, Localized>;

export type ValidationReason = keyof typeof VALIDATION_REASONS;

export function errorCode(name: ErrorName): number {
  return ERRORS[name].code;
}

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
