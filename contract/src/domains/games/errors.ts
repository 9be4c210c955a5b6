import { defineErrors } from '../../error-kit';

/** Answers of the games domain: codes 2900–2949. */
export const GAMES_ERRORS = defineErrors([[2900, 2949]], {
  NotEnoughTickets: {
    code: 2901,
    msg: {
      en: 'You have {have} tickets; this needs {need}',
      zh: '您有 {have} 张门票，需要 {need} 张',
      ko: '보유 티켓 {have}장, 필요한 티켓 {need}장',
      th: 'คุณมีตั๋ว {have} ใบ ต้องใช้ {need} ใบ',
      vi: 'Bạn có {have} vé; cần {need} vé',
      ja: 'チケットは {have} 枚です。{need} 枚必要です',
      de: 'Sie haben {have} Tickets; nötig sind {need}',
    },
  },
  RaceNotOpen: {
    code: 2902,
    msg: {
      en: 'This race group is no longer taking entrants',
      zh: '该比赛组已停止报名',
      ko: '이 경주 그룹은 더 이상 참가를 받지 않습니다',
      th: 'กลุ่มการแข่งขันนี้ปิดรับผู้เข้าร่วมแล้ว',
      vi: 'Nhóm đua này không còn nhận người tham gia',
      ja: 'このレースグループは受付を終了しました',
      de: 'Diese Renngruppe nimmt keine Teilnehmer mehr auf',
    },
  },
  AlreadyInRace: {
    code: 2903,
    msg: {
      en: 'You are already in this race group',
      zh: '您已在该比赛组中',
      ko: '이미 이 경주 그룹에 참가했습니다',
      th: 'คุณอยู่ในกลุ่มการแข่งขันนี้แล้ว',
      vi: 'Bạn đã ở trong nhóm đua này',
      ja: 'すでにこのレースグループに参加しています',
      de: 'Sie sind bereits in dieser Renngruppe',
    },
  },
  RaceNotFound: {
    code: 2904,
    msg: {
      en: 'There is no such race',
      zh: '没有该比赛',
      ko: '해당 경주가 없습니다',
      th: 'ไม่มีการแข่งขันนี้',
      vi: 'Không có cuộc đua này',
      ja: 'そのレースはありません',
      de: 'Dieses Rennen gibt es nicht',
    },
  },
  GameFundShort: {
    code: 2905,
    msg: {
      en: 'The game fund cannot back more tickets right now; please try again later',
      zh: '游戏基金暂时无法支持更多门票，请稍后再试',
      ko: '게임 기금이 지금은 더 많은 티켓을 보장할 수 없습니다. 잠시 후 다시 시도하세요',
      th: 'กองทุนเกมยังรองรับตั๋วเพิ่มไม่ได้ในขณะนี้ โปรดลองอีกครั้งภายหลัง',
      vi: 'Quỹ trò chơi hiện không thể bảo đảm thêm vé; vui lòng thử lại sau',
      ja: 'ゲーム基金は現在これ以上のチケットを保証できません。後でもう一度お試しください',
      de: 'Der Spielfonds kann gerade keine weiteren Tickets decken; bitte später erneut versuchen',
    },
  },
  QuizNotFound: {
    code: 2906,
    msg: {
      en: 'There is no such question',
      zh: '没有该题目',
      ko: '해당 문제가 없습니다',
      th: 'ไม่มีคำถามนี้',
      vi: 'Không có câu hỏi này',
      ja: 'その問題はありません',
      de: 'Diese Frage gibt es nicht',
    },
  },
  QuizAnswered: {
    code: 2907,
    msg: {
      en: 'You have already answered this question',
      zh: '您已回答过该题目',
      ko: '이미 이 문제에 답했습니다',
      th: 'คุณตอบคำถามนี้ไปแล้ว',
      vi: 'Bạn đã trả lời câu hỏi này',
      ja: 'この問題にはすでに回答しています',
      de: 'Sie haben diese Frage bereits beantwortet',
    },
  },
  QuizNotOpened: {
    code: 2908,
    msg: {
      en: 'Open the question before answering it',
      zh: '请先打开题目再作答',
      ko: '답하기 전에 문제를 여세요',
      th: 'โปรดเปิดคำถามก่อนตอบ',
      vi: 'Hãy mở câu hỏi trước khi trả lời',
      ja: '回答する前に問題を開いてください',
      de: 'Öffnen Sie die Frage, bevor Sie antworten',
    },
  },
  ExchangeLimit: {
    code: 2909,
    msg: {
      en: 'You can exchange {left} more tickets today',
      zh: '您今天还可兑换 {left} 张门票',
      ko: '오늘은 티켓을 {left}장 더 교환할 수 있습니다',
      th: 'วันนี้คุณแลกตั๋วได้อีก {left} ใบ',
      vi: 'Hôm nay bạn còn đổi được {left} vé',
      ja: '本日はあと {left} 枚のチケットを交換できます',
      de: 'Sie können heute noch {left} Tickets tauschen',
    },
  },
  PaymentPending: {
    code: 2910,
    msg: {
      en: 'Your transfer has {have} of {need} confirmations; join again once it is confirmed',
      zh: '您的转账已有 {have}/{need} 个确认，确认完成后请再次参与',
      ko: '이체 확인 {have}/{need}회입니다. 확인이 끝나면 다시 참가하세요',
      th: 'การโอนของคุณได้รับการยืนยัน {have} จาก {need} ครั้ง โปรดเข้าร่วมอีกครั้งเมื่อยืนยันครบ',
      vi: 'Giao dịch của bạn có {have}/{need} xác nhận; hãy tham gia lại khi đã xác nhận',
      ja: '送金の承認は {need} 回中 {have} 回です。承認後にもう一度参加してください',
      de: 'Ihre Überweisung hat {have} von {need} Bestätigungen; treten Sie nach der Bestätigung erneut bei',
    },
  },
  PaymentNotFound: {
    code: 2911,
    msg: {
      en: 'No USDT transfer to your deposit address was found in that transaction',
      zh: '该交易中未找到转入您充值地址的 USDT',
      ko: '해당 거래에서 입금 주소로 보낸 USDT를 찾을 수 없습니다',
      th: 'ไม่พบการโอน USDT ไปยังที่อยู่ฝากของคุณในธุรกรรมนั้น',
      vi: 'Không tìm thấy giao dịch chuyển USDT đến địa chỉ nạp của bạn',
      ja: 'その取引に入金アドレスへの USDT 送金が見つかりません',
      de: 'In dieser Transaktion wurde keine USDT-Überweisung an Ihre Einzahlungsadresse gefunden',
    },
  },
  PaymentTooSmall: {
    code: 2912,
    msg: {
      en: 'That transfer is {have} USDT; this entry needs {need} USDT',
      zh: '该转账为 {have} USDT，本次参与需要 {need} USDT',
      ko: '이체 금액은 {have} USDT이며 이 참가에는 {need} USDT가 필요합니다',
      th: 'การโอนนั้นคือ {have} USDT แต่การเข้าร่วมนี้ต้องใช้ {need} USDT',
      vi: 'Giao dịch đó là {have} USDT; lượt tham gia này cần {need} USDT',
      ja: 'その送金は {have} USDT です。この参加には {need} USDT が必要です',
      de: 'Diese Überweisung beträgt {have} USDT; diese Teilnahme braucht {need} USDT',
    },
  },
  PaymentUsed: {
    code: 2913,
    msg: {
      en: 'That transfer has already paid for an entry',
      zh: '该转账已用于一次参与',
      ko: '이 이체는 이미 참가 비용으로 사용되었습니다',
      th: 'การโอนนั้นถูกใช้ชำระการเข้าร่วมแล้ว',
      vi: 'Giao dịch đó đã được dùng cho một lượt tham gia',
      ja: 'その送金はすでに参加費に使われています',
      de: 'Diese Überweisung hat bereits eine Teilnahme bezahlt',
    },
  },
  QuizClosed: {
    code: 2914,
    msg: {
      en: 'This question has closed',
      zh: '该题目已结束',
      ko: '이 문제는 마감되었습니다',
      th: 'คำถามนี้ปิดแล้ว',
      vi: 'Câu hỏi này đã đóng',
      ja: 'この問題は締め切られました',
      de: 'Diese Frage ist geschlossen',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    games: typeof GAMES_ERRORS;
  }
}
