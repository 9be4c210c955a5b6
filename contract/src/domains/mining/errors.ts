import { defineErrors } from '../../error-kit';

/** Answers of this domain: codes 2650–2699. */
export const MINING_ERRORS = defineErrors([[2650, 2699]], {
  MachineNotFound: {
    code: 2651,
    msg: {
      en: 'This machine is not on sale',
      zh: '该矿机未在售',
      ko: '이 채굴기는 판매 중이 아닙니다',
      th: 'เครื่องขุดนี้ไม่ได้วางขาย',
      vi: 'Máy đào này không được bán',
      ja: 'このマシンは販売されていません',
      de: 'Diese Maschine wird nicht verkauft',
    },
  },
  MachineSoldOut: {
    code: 2652,
    msg: {
      en: 'Only {left} of this machine are left',
      zh: '该矿机仅剩 {left} 台',
      ko: '이 채굴기는 {left}대만 남았습니다',
      th: 'เครื่องขุดนี้เหลือเพียง {left} เครื่อง',
      vi: 'Máy đào này chỉ còn {left} chiếc',
      ja: 'このマシンの残りは {left} 台です',
      de: 'Von dieser Maschine sind nur noch {left} übrig',
    },
  },
  MiningLineNotFound: {
    code: 2653,
    msg: {
      en: 'There is no such mining line',
      zh: '没有该挖矿线',
      ko: '해당 채굴 라인이 없습니다',
      th: 'ไม่มีสายการขุดนี้',
      vi: 'Không có dòng khai thác này',
      ja: 'そのマイニングラインはありません',
      de: 'Diese Mining-Linie gibt es nicht',
    },
  },
});

declare module '../../error-kit' {
  interface AnswerSets {
    mining: typeof MINING_ERRORS;
  }
}
