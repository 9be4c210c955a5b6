import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2500–2549. */
export const COPY_ERRORS = defineErrors([[2500, 2549]], {
  TraderNotFound: {
    code: 2501,
    msg: {
      en: 'This trader does not lead copy trading',
      zh: '该交易员未开放跟单',
      ko: '이 트레이더는 카피 트레이딩을 운영하지 않습니다',
      th: 'เทรดเดอร์นี้ไม่ได้เปิดให้คัดลอกการเทรด',
      vi: 'Nhà giao dịch này không dẫn dắt giao dịch sao chép',
      ja: 'このトレーダーはコピートレードを提供していません',
      de: 'Dieser Trader bietet kein Copy-Trading an',
    },
  },
  CannotFollowSelf: {
    code: 2502,
    msg: {
      en: 'You cannot copy yourself',
      zh: '不能跟单自己',
      ko: '자신을 카피할 수 없습니다',
      th: 'คุณไม่สามารถคัดลอกตัวเองได้',
      vi: 'Bạn không thể sao chép chính mình',
      ja: '自分自身をコピーすることはできません',
      de: 'Sie können sich nicht selbst kopieren',
    },
  },
  AlreadyCopying: {
    code: 2503,
    msg: {
      en: 'You already copy a trader; cancel that copy first',
      zh: '您已在跟单一位交易员，请先取消该跟单',
      ko: '이미 다른 트레이더를 카피 중입니다. 먼저 카피를 취소하세요',
      th: 'คุณกำลังคัดลอกเทรดเดอร์อยู่แล้ว ยกเลิกการคัดลอกนั้นก่อน',
      vi: 'Bạn đang sao chép một nhà giao dịch; hãy hủy sao chép đó trước',
      ja: 'すでに別のトレーダーをコピー中です。先にそのコピーを解除してください',
      de: 'Sie kopieren bereits einen Trader; beenden Sie zuerst diese Kopie',
    },
  },
  FollowersFull: {
    code: 2504,
    msg: {
      en: 'This trader has no free copy places',
      zh: '该交易员跟单人数已满',
      ko: '이 트레이더의 카피 인원이 가득 찼습니다',
      th: 'เทรดเดอร์นี้มีผู้คัดลอกเต็มแล้ว',
      vi: 'Nhà giao dịch này đã đủ người sao chép',
      ja: 'このトレーダーのコピー枠は満員です',
      de: 'Dieser Trader hat keine freien Kopierplätze',
    },
  },
  LeadCriteriaNotMet: {
    code: 2505,
    msg: {
      en: 'You do not meet the lead trader criteria yet',
      zh: '您尚未达到带单交易员的条件',
      ko: '아직 리드 트레이더 조건을 충족하지 않습니다',
      th: 'คุณยังไม่ผ่านเกณฑ์เทรดเดอร์ผู้นำ',
      vi: 'Bạn chưa đạt điều kiện nhà giao dịch dẫn dắt',
      ja: 'リードトレーダーの条件をまだ満たしていません',
      de: 'Sie erfüllen die Bedingungen für Lead-Trader noch nicht',
    },
  },
  CopyNotFound: {
    code: 2506,
    msg: {
      en: 'Copy not found',
      zh: '跟单不存在',
      ko: '카피를 찾을 수 없습니다',
      th: 'ไม่พบการคัดลอก',
      vi: 'Không tìm thấy lệnh sao chép',
      ja: 'コピーが見つかりません',
      de: 'Kopie nicht gefunden',
    },
  },
  CopyRoleConflict: {
    code: 2507,
    msg: {
      en: 'A lead trader cannot copy others, and a copier cannot lead',
      zh: '带单交易员不能跟单他人，跟单中也不能带单',
      ko: '리드 트레이더는 다른 사람을 카피할 수 없고, 카피 중에는 리드할 수 없습니다',
      th: 'เทรดเดอร์ผู้นำคัดลอกผู้อื่นไม่ได้ และผู้คัดลอกเป็นผู้นำไม่ได้',
      vi: 'Nhà giao dịch dẫn dắt không thể sao chép người khác và người sao chép không thể dẫn dắt',
      ja: 'リードトレーダーは他者をコピーできず、コピー中はリードできません',
      de: 'Ein Lead-Trader kann nicht kopieren, und wer kopiert, kann nicht führen',
    },
  },
  OkxNotLinked: {
    code: 2510,
    msg: {
      en: 'Link your OKX account first',
      zh: '请先绑定 OKX 账户',
      ko: '먼저 OKX 계정을 연결하세요',
      th: 'เชื่อมบัญชี OKX ก่อน',
      vi: 'Hãy liên kết tài khoản OKX trước',
      ja: '先に OKX アカウントを連携してください',
      de: 'Verknüpfen Sie zuerst Ihr OKX-Konto',
    },
  },
  OkxKeyRejected: {
    code: 2511,
    msg: {
      en: 'OKX did not accept this API key, secret and passphrase',
      zh: 'OKX 未接受该 API Key、密钥和密码',
      ko: 'OKX가 이 API 키, 시크릿, 패스프레이즈를 거부했습니다',
      th: 'OKX ไม่ยอมรับ API key, secret และ passphrase นี้',
      vi: 'OKX không chấp nhận API key, secret và passphrase này',
      ja: 'OKX がこの API キー・シークレット・パスフレーズを受け付けませんでした',
      de: 'OKX hat diesen API-Schlüssel, das Secret und die Passphrase nicht angenommen',
    },
  },
  OkxKeyCanWithdraw: {
    code: 2512,
    msg: {
      en: 'This key can withdraw funds; create a key with read and trade permissions only',
      zh: '该 API Key 具有提币权限，请创建仅有读取和交易权限的 Key',
      ko: '이 키에는 출금 권한이 있습니다. 읽기와 거래 권한만 있는 키를 만드세요',
      th: 'คีย์นี้ถอนเงินได้ โปรดสร้างคีย์ที่มีสิทธิ์อ่านและเทรดเท่านั้น',
      vi: 'Khóa này có quyền rút tiền; hãy tạo khóa chỉ có quyền đọc và giao dịch',
      ja: 'このキーには出金権限があります。読み取りと取引のみのキーを作成してください',
      de: 'Dieser Schlüssel kann abheben; erstellen Sie einen nur mit Lese- und Handelsrecht',
    },
  },
  OkxUnavailable: {
    code: 2513,
    msg: {
      en: 'OKX cannot be reached right now; try again later',
      zh: '暂时无法连接 OKX，请稍后再试',
      ko: '지금은 OKX에 연결할 수 없습니다. 잠시 후 다시 시도하세요',
      th: 'ไม่สามารถเชื่อมต่อ OKX ได้ในขณะนี้ โปรดลองใหม่ภายหลัง',
      vi: 'Hiện không kết nối được OKX; vui lòng thử lại sau',
      ja: '現在 OKX に接続できません。しばらくしてから再試行してください',
      de: 'OKX ist gerade nicht erreichbar; versuchen Sie es später erneut',
    },
  },
  LeadApplicationPending: {
    code: 2514,
    msg: {
      en: 'Your application to lead copy trading is being reviewed',
      zh: '您的带单交易员申请正在审核中',
      ko: '카피 트레이딩 리더 신청을 검토하고 있습니다',
      th: 'ใบสมัครเป็นเทรดเดอร์นำของคุณกำลังอยู่ระหว่างการตรวจสอบ',
      vi: 'Đơn đăng ký làm nhà giao dịch dẫn dắt của bạn đang được xem xét',
      ja: 'リードトレーダーへの申請を審査中です',
      de: 'Ihre Bewerbung als Lead-Trader wird geprüft',
    },
  },
  LeadApplicationRejected: {
    code: 2515,
    msg: {
      en: 'Your application to lead copy trading was declined: {reason}',
      zh: '您的带单交易员申请未通过：{reason}',
      ko: '카피 트레이딩 리더 신청이 거절되었습니다: {reason}',
      th: 'ใบสมัครเป็นเทรดเดอร์นำของคุณถูกปฏิเสธ: {reason}',
      vi: 'Đơn đăng ký làm nhà giao dịch dẫn dắt của bạn đã bị từ chối: {reason}',
      ja: 'リードトレーダーへの申請は承認されませんでした：{reason}',
      de: 'Ihre Bewerbung als Lead-Trader wurde abgelehnt: {reason}',
    },
  },
  LeadSuspended: {
    code: 2516,
    msg: {
      en: 'Your lead trading is suspended and takes no new copies: {reason}',
      zh: '您的带单已被暂停，不接受新的跟单：{reason}',
      ko: '리드 트레이딩이 정지되어 새 카피를 받지 않습니다: {reason}',
      th: 'การเป็นเทรดเดอร์นำของคุณถูกระงับและไม่รับการคัดลอกใหม่: {reason}',
      vi: 'Việc dẫn dắt giao dịch của bạn đã bị tạm ngưng và không nhận sao chép mới: {reason}',
      ja: 'リードトレードは停止中のため新しいコピーを受け付けません：{reason}',
      de: 'Ihr Lead-Trading ist gesperrt und nimmt keine neuen Kopien an: {reason}',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    copy: typeof COPY_ERRORS;
  }
}
