import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2750–2799. */
export const NFT_ERRORS = defineErrors([[2750, 2799]], {
  CollectionNotFound: {
    code: 2751,
    msg: {
      en: 'There is no such collection',
      zh: '没有该系列',
      ko: '해당 컬렉션이 없습니다',
      th: 'ไม่มีคอลเลกชันนี้',
      vi: 'Không có bộ sưu tập này',
      ja: 'そのコレクションはありません',
      de: 'Diese Sammlung gibt es nicht',
    },
  },
  CollectionSoldOut: {
    code: 2752,
    msg: {
      en: 'This collection is fully cast',
      zh: '该系列已全部铸造',
      ko: '이 컬렉션은 모두 주조되었습니다',
      th: 'คอลเลกชันนี้หล่อครบแล้ว',
      vi: 'Bộ sưu tập này đã được đúc hết',
      ja: 'このコレクションはすべて鋳造済みです',
      de: 'Diese Sammlung ist vollständig geprägt',
    },
  },
  CastQuotaExhausted: {
    code: 2753,
    msg: {
      en: 'No casting quota left; add quota first',
      zh: '铸造次数已用完，请先增加次数',
      ko: '남은 주조 횟수가 없습니다. 먼저 횟수를 추가하세요',
      th: 'โควตาการหล่อหมดแล้ว โปรดเพิ่มโควตาก่อน',
      vi: 'Đã hết lượt đúc; hãy thêm lượt trước',
      ja: '鋳造回数が残っていません。先に回数を追加してください',
      de: 'Kein Präge-Kontingent mehr; erhöhen Sie es zuerst',
    },
  },
  CastQuotaLimit: {
    code: 2754,
    msg: {
      en: 'You can add at most {max} more',
      zh: '最多还可增加 {max} 次',
      ko: '최대 {max}회까지 더 추가할 수 있습니다',
      th: 'เพิ่มได้อีกไม่เกิน {max} ครั้ง',
      vi: 'Bạn chỉ có thể thêm tối đa {max} lượt',
      ja: '追加できるのはあと最大 {max} 回です',
      de: 'Sie können höchstens noch {max} hinzufügen',
    },
  },
  NftNotFound: {
    code: 2755,
    msg: {
      en: 'NFT not found',
      zh: 'NFT 不存在',
      ko: 'NFT를 찾을 수 없습니다',
      th: 'ไม่พบ NFT',
      vi: 'Không tìm thấy NFT',
      ja: 'NFT が見つかりません',
      de: 'NFT nicht gefunden',
    },
  },
  NftPoolNotFound: {
    code: 2756,
    msg: {
      en: 'This pool is not open',
      zh: '该矿池未开放',
      ko: '이 풀은 열려 있지 않습니다',
      th: 'พูลนี้ไม่ได้เปิดอยู่',
      vi: 'Pool này không mở',
      ja: 'このプールは開いていません',
      de: 'Dieser Pool ist nicht geöffnet',
    },
  },
  NftStaked: {
    code: 2757,
    msg: {
      en: 'This NFT is staked in a pool',
      zh: '该 NFT 已质押在矿池中',
      ko: '이 NFT는 풀에 스테이킹되어 있습니다',
      th: 'NFT นี้ถูกสเตกอยู่ในพูล',
      vi: 'NFT này đang được stake trong pool',
      ja: 'この NFT はプールにステーキング中です',
      de: 'Dieses NFT ist in einem Pool gestakt',
    },
  },
  NftNotStaked: {
    code: 2758,
    msg: {
      en: 'This NFT is not staked',
      zh: '该 NFT 未质押',
      ko: '이 NFT는 스테이킹되어 있지 않습니다',
      th: 'NFT นี้ไม่ได้สเตกอยู่',
      vi: 'NFT này không được stake',
      ja: 'この NFT はステーキングされていません',
      de: 'Dieses NFT ist nicht gestakt',
    },
  },
  NftOrderNotFound: {
    code: 2759,
    msg: {
      en: 'Order not found',
      zh: '订单不存在',
      ko: '주문을 찾을 수 없습니다',
      th: 'ไม่พบคำสั่ง',
      vi: 'Không tìm thấy lệnh',
      ja: '注文が見つかりません',
      de: 'Auftrag nicht gefunden',
    },
  },
  LpPriceUnavailable: {
    code: 2760,
    msg: {
      en: 'The market price is not available right now; try again shortly',
      zh: '暂时无法获取市场价格，请稍后再试',
      ko: '지금은 시장 가격을 알 수 없습니다. 잠시 후 다시 시도하세요',
      th: 'ขณะนี้ยังไม่มีราคาตลาด โปรดลองใหม่ในอีกสักครู่',
      vi: 'Hiện chưa có giá thị trường; vui lòng thử lại sau',
      ja: '現在市場価格を取得できません。しばらくしてから再試行してください',
      de: 'Der Marktpreis ist gerade nicht verfügbar; bitte gleich erneut versuchen',
    },
  },
  LpPositionNotFound: {
    code: 2761,
    msg: {
      en: 'Liquidity position not found',
      zh: '流动性仓位不存在',
      ko: '유동성 포지션을 찾을 수 없습니다',
      th: 'ไม่พบสถานะสภาพคล่อง',
      vi: 'Không tìm thấy vị thế thanh khoản',
      ja: '流動性ポジションが見つかりません',
      de: 'Liquiditätsposition nicht gefunden',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    nft: typeof NFT_ERRORS;
  }
}
