import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2300–2399. */
export const WALLET_ERRORS = defineErrors([[2300, 2399]], {
  BlockProcessing: {
    code: 2314,
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
  DailyLimitExceeded: {
    code: 2311,
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
    code: 2312,
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
  CrossMarginKept: {
    code: 2324,
    msg: {
      en: 'At most {max} can leave the futures account now: the rest keeps your cross positions at their initial margin',
      zh: '目前最多可从合约账户转出 {max}：其余资金用于维持全仓仓位的初始保证金',
      ko: '지금은 선물 계정에서 최대 {max}까지 이체할 수 있습니다: 나머지는 교차 포지션의 초기 증거금을 유지합니다',
      th: 'ขณะนี้โอนออกจากบัญชีฟิวเจอร์สได้สูงสุด {max}: ส่วนที่เหลือรักษามาร์จิ้นเริ่มต้นของสถานะแบบ Cross ของคุณ',
      vi: 'Hiện chỉ có thể chuyển tối đa {max} ra khỏi tài khoản hợp đồng: phần còn lại giữ ký quỹ ban đầu cho các vị thế chéo của bạn',
      ja: '現在、先物口座から振り替えられるのは最大 {max} です：残りはクロスポジションの当初証拠金を維持します',
      de: 'Höchstens {max} können das Futures-Konto jetzt verlassen: der Rest hält Ihre Cross-Positionen auf ihrer Anfangsmarge',
    },
  },
  SameAccount: {
    code: 2313,
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
    code: 2308,
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
  FaucetClaimed: {
    code: 2315,
    msg: {
      en: 'You have claimed demo funds already; claim again after {next}',
      zh: '您已领取过演示资金，请在 {next} 之后再领取',
      ko: '이미 데모 자금을 받았습니다. {next} 이후에 다시 받을 수 있습니다',
      th: 'คุณรับเงินทดลองไปแล้ว รับใหม่ได้หลัง {next}',
      vi: 'Bạn đã nhận tiền demo; có thể nhận lại sau {next}',
      ja: 'デモ資金は受け取り済みです。{next} 以降に再度受け取れます',
      de: 'Sie haben bereits Demo-Guthaben erhalten; erneut möglich ab {next}',
    },
  },
  FaucetEmpty: {
    code: 2316,
    msg: {
      en: 'Demo funds have run out for now; please try again later',
      zh: '演示资金暂时已发完，请稍后再试',
      ko: '데모 자금이 일시적으로 소진되었습니다. 나중에 다시 시도하세요',
      th: 'เงินทดลองหมดชั่วคราว โปรดลองใหม่ภายหลัง',
      vi: 'Tiền demo tạm thời đã hết; vui lòng thử lại sau',
      ja: 'デモ資金は一時的に品切れです。しばらくしてからお試しください',
      de: 'Das Demo-Guthaben ist vorerst aufgebraucht; bitte später erneut versuchen',
    },
  },
  AddressNotWhitelisted: {
    code: 2320,
    msg: {
      en: 'Whitelist mode is on: withdraw only to an address in your address book',
      zh: '已开启白名单模式：只能提现到地址簿中的地址',
      ko: '화이트리스트 모드가 켜져 있습니다: 주소록의 주소로만 출금할 수 있습니다',
      th: 'เปิดโหมดไวท์ลิสต์อยู่: ถอนได้เฉพาะไปยังที่อยู่ในสมุดที่อยู่',
      vi: 'Chế độ danh sách trắng đang bật: chỉ rút đến địa chỉ trong sổ địa chỉ',
      ja: 'ホワイトリストモードが有効です：アドレス帳のアドレスにのみ出金できます',
      de: 'Der Whitelist-Modus ist aktiv: Auszahlungen nur an Adressen aus Ihrem Adressbuch',
    },
  },
  AddressNotYetUsable: {
    code: 2321,
    msg: {
      en: 'This address was added recently; it can be used from {until}',
      zh: '该地址刚添加，可于 {until} 起使用',
      ko: '최근에 추가된 주소입니다. {until}부터 사용할 수 있습니다',
      th: 'ที่อยู่นี้เพิ่งเพิ่ม ใช้ได้ตั้งแต่ {until}',
      vi: 'Địa chỉ này vừa được thêm; có thể dùng từ {until}',
      ja: 'このアドレスは最近追加されました。{until} から使用できます',
      de: 'Diese Adresse wurde kürzlich hinzugefügt; sie ist ab {until} nutzbar',
    },
  },
  AddressBookFull: {
    code: 2322,
    msg: {
      en: 'The address book is full; remove an address first',
      zh: '地址簿已满，请先删除一个地址',
      ko: '주소록이 가득 찼습니다. 먼저 주소를 삭제하세요',
      th: 'สมุดที่อยู่เต็มแล้ว โปรดลบที่อยู่ก่อน',
      vi: 'Sổ địa chỉ đã đầy, hãy xóa bớt một địa chỉ',
      ja: 'アドレス帳がいっぱいです。先にアドレスを削除してください',
      de: 'Das Adressbuch ist voll; bitte zuerst eine Adresse entfernen',
    },
  },
  AddressExists: {
    code: 2323,
    msg: {
      en: 'This address is already in your address book',
      zh: '该地址已在地址簿中',
      ko: '이미 주소록에 있는 주소입니다',
      th: 'ที่อยู่นี้อยู่ในสมุดที่อยู่แล้ว',
      vi: 'Địa chỉ này đã có trong sổ địa chỉ',
      ja: 'このアドレスはすでにアドレス帳にあります',
      de: 'Diese Adresse ist bereits in Ihrem Adressbuch',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    wallet: typeof WALLET_ERRORS;
  }
}
