import { defineCauses } from '../../cause-kit';

/** What the NEU line's own records mean (its staking and machines post the earn and mining causes). */
export const NEU_CAUSES = defineCauses({
  'neu.spa_exchange': {
    en: 'SPA quota exchanged for NEU',
    zh: 'SPA 额度兑换 NEU',
    ko: 'SPA 한도 NEU 교환',
    th: 'แลกโควตา SPA เป็น NEU',
    vi: 'Đổi hạn mức SPA lấy NEU',
    ja: 'SPA枠をNEUに交換',
    de: 'SPA-Kontingent gegen NEU getauscht',
  },
  'neu.fund': {
    en: 'NEU fund top-up',
    zh: 'NEU 基金注资',
    ko: 'NEU 기금 충전',
    th: 'เติมกองทุน NEU',
    vi: 'Nạp quỹ NEU',
    ja: 'NEU基金への入金',
    de: 'Aufstockung des NEU-Fonds',
  },
});
