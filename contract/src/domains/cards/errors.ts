import { defineErrors } from '../../error-kit';

/** Answers of identity verification and cards: codes 3000–3049. */
export const CARDS_ERRORS = defineErrors([[3000, 3049]], {
  KycRequired: {
    code: 3001,
    msg: {
      en: 'Verify your identity first',
      zh: '请先完成身份认证',
      ko: '먼저 신원 인증을 완료하세요',
      th: 'กรุณายืนยันตัวตนก่อน',
      vi: 'Vui lòng xác minh danh tính trước',
      ja: '先に本人確認を完了してください',
      de: 'Bitte zuerst die Identität bestätigen',
    },
  },
  KycPending: {
    code: 3002,
    msg: {
      en: 'Your identity verification is being reviewed',
      zh: '您的身份认证正在审核中',
      ko: '신원 인증을 검토하고 있습니다',
      th: 'การยืนยันตัวตนของคุณอยู่ระหว่างตรวจสอบ',
      vi: 'Xác minh danh tính của bạn đang được xét duyệt',
      ja: '本人確認を審査中です',
      de: 'Ihre Identitätsprüfung wird bearbeitet',
    },
  },
  KycApproved: {
    code: 3003,
    msg: {
      en: 'Your identity is already verified',
      zh: '您的身份已认证',
      ko: '이미 신원 인증이 완료되었습니다',
      th: 'ยืนยันตัวตนของคุณแล้ว',
      vi: 'Danh tính của bạn đã được xác minh',
      ja: '本人確認は完了しています',
      de: 'Ihre Identität ist bereits bestätigt',
    },
  },
  KycNotEditable: {
    code: 3004,
    msg: {
      en: 'Only a rejected verification can be edited',
      zh: '只有未通过的认证可以修改',
      ko: '거절된 인증만 수정할 수 있습니다',
      th: 'แก้ไขได้เฉพาะการยืนยันที่ไม่ผ่าน',
      vi: 'Chỉ có thể sửa hồ sơ bị từ chối',
      ja: '修正できるのは否認された本人確認のみです',
      de: 'Nur eine abgelehnte Prüfung kann bearbeitet werden',
    },
  },
  KycNotFound: {
    code: 3005,
    msg: {
      en: 'Verification not found',
      zh: '认证记录不存在',
      ko: '인증 기록을 찾을 수 없습니다',
      th: 'ไม่พบข้อมูลการยืนยัน',
      vi: 'Không tìm thấy hồ sơ xác minh',
      ja: '本人確認が見つかりません',
      de: 'Prüfung nicht gefunden',
    },
  },
  UploadNotFound: {
    code: 3006,
    msg: {
      en: 'The image is missing or its upload link expired; upload it again',
      zh: '图片不存在或上传链接已过期，请重新上传',
      ko: '이미지가 없거나 업로드 링크가 만료되었습니다. 다시 업로드하세요',
      th: 'ไม่พบรูปหรือลิงก์อัปโหลดหมดอายุ กรุณาอัปโหลดใหม่',
      vi: 'Ảnh không tồn tại hoặc liên kết tải lên đã hết hạn; hãy tải lại',
      ja: '画像がないか、アップロードリンクの期限が切れました。もう一度アップロードしてください',
      de: 'Bild fehlt oder der Upload-Link ist abgelaufen; bitte erneut hochladen',
    },
  },
  UploadRejected: {
    code: 3007,
    msg: {
      en: 'The file was refused: {reason}',
      zh: '文件被拒绝：{reason}',
      ko: '파일이 거부되었습니다: {reason}',
      th: 'ไฟล์ถูกปฏิเสธ: {reason}',
      vi: 'Tệp bị từ chối: {reason}',
      ja: 'ファイルは受け付けられませんでした：{reason}',
      de: 'Datei abgelehnt: {reason}',
    },
  },
  CardNotFound: {
    code: 3008,
    msg: {
      en: 'Card not found',
      zh: '卡片不存在',
      ko: '카드를 찾을 수 없습니다',
      th: 'ไม่พบบัตร',
      vi: 'Không tìm thấy thẻ',
      ja: 'カードが見つかりません',
      de: 'Karte nicht gefunden',
    },
  },
  CardNotActive: {
    code: 3009,
    msg: {
      en: 'This card is not active',
      zh: '该卡片未激活或已冻结',
      ko: '활성 상태의 카드가 아닙니다',
      th: 'บัตรนี้ไม่ได้ใช้งาน',
      vi: 'Thẻ này không hoạt động',
      ja: 'このカードは有効ではありません',
      de: 'Diese Karte ist nicht aktiv',
    },
  },
  CardAlreadyActive: {
    code: 3010,
    msg: {
      en: 'This card is already active',
      zh: '该卡片已激活',
      ko: '이미 활성화된 카드입니다',
      th: 'บัตรนี้เปิดใช้งานแล้ว',
      vi: 'Thẻ này đã được kích hoạt',
      ja: 'このカードは有効化済みです',
      de: 'Diese Karte ist bereits aktiv',
    },
  },
  BadActivationCode: {
    code: 3011,
    msg: {
      en: 'The activation code is not right',
      zh: '激活码不正确',
      ko: '활성화 코드가 올바르지 않습니다',
      th: 'รหัสเปิดใช้งานไม่ถูกต้อง',
      vi: 'Mã kích hoạt không đúng',
      ja: '有効化コードが正しくありません',
      de: 'Der Aktivierungscode stimmt nicht',
    },
  },
  WeakPin: {
    code: 3012,
    msg: {
      en: 'Choose a PIN that is harder to guess (not 000000, 123456 and the like)',
      zh: '请设置更难猜的密码（不要用 000000、123456 等）',
      ko: '추측하기 어려운 PIN을 선택하세요(000000, 123456 등 불가)',
      th: 'กรุณาตั้ง PIN ที่เดายากกว่านี้ (ห้าม 000000, 123456 ฯลฯ)',
      vi: 'Hãy chọn mã PIN khó đoán hơn (không dùng 000000, 123456…)',
      ja: '推測されにくいPINを選んでください（000000、123456 などは不可）',
      de: 'Bitte eine schwerer zu erratende PIN wählen (nicht 000000, 123456 o. Ä.)',
    },
  },
  CardLimit: {
    code: 3013,
    msg: {
      en: 'You already hold the most cards of this kind ({max})',
      zh: '该类卡片已达上限（{max} 张）',
      ko: '이 종류의 카드를 최대 수량({max})만큼 보유하고 있습니다',
      th: 'คุณมีบัตรประเภทนี้ครบจำนวนสูงสุดแล้ว ({max})',
      vi: 'Bạn đã có số thẻ tối đa loại này ({max})',
      ja: 'この種類のカードは上限（{max} 枚）に達しています',
      de: 'Sie haben bereits die Höchstzahl dieser Karten ({max})',
    },
  },
  AddressNotFound: {
    code: 3014,
    msg: {
      en: 'Address not found',
      zh: '地址不存在',
      ko: '주소를 찾을 수 없습니다',
      th: 'ไม่พบที่อยู่',
      vi: 'Không tìm thấy địa chỉ',
      ja: '住所が見つかりません',
      de: 'Adresse nicht gefunden',
    },
  },
  BinNotFound: {
    code: 3015,
    msg: {
      en: 'This card type is not offered',
      zh: '不提供该卡种',
      ko: '제공되지 않는 카드 종류입니다',
      th: 'ไม่มีบัตรประเภทนี้',
      vi: 'Loại thẻ này không được cung cấp',
      ja: 'このカード種別は提供されていません',
      de: 'Diese Kartenart wird nicht angeboten',
    },
  },
  UploadInProgress: {
    code: 3016,
    msg: {
      en: 'Your previous image is still being processed; upload this one when it is done',
      zh: '上一张图片仍在处理中，请稍后再上传这一张',
      ko: '이전 이미지를 아직 처리 중입니다. 완료된 후 이 이미지를 업로드하세요',
      th: 'รูปก่อนหน้ายังประมวลผลอยู่ กรุณาอัปโหลดรูปนี้เมื่อเสร็จแล้ว',
      vi: 'Ảnh trước của bạn vẫn đang được xử lý; hãy tải ảnh này lên khi xong',
      ja: '前の画像をまだ処理しています。完了してからこの画像をアップロードしてください',
      de: 'Ihr vorheriges Bild wird noch verarbeitet; laden Sie dieses hoch, sobald es fertig ist',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    cards: typeof CARDS_ERRORS;
  }
}
