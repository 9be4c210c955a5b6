/**
 * Exports of a month (statements, orders, fills, funding): the month, the user's time zone, the file as the
 * server answers it, and the words of the trade exports' columns and values in every language.
 */
import { z } from 'zod';
import type { Lang, Localized } from './lang';

/** A calendar month, `2026-11`. */
export const zStatementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** An IANA time zone name (`Europe/Berlin`, `UTC`); the server refuses one it does not know. */
export const zTimeZone = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/);

/** Lines of one export at most; a month with more says so (`truncated`). */
export const STATEMENT_MAX_LINES = 20_000;

/** A CSV file as answered: its name, its text (UTF-8 with a byte-order mark), its rows, whether cut short. */
export const zCsvFile = z.object({
  file_name: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});

/** The trade exports' words: column names and the values of side, type, status and role. */
export const TRADE_EXPORT_WORDS = {
  time: {
    en: 'Time',
    zh: '时间',
    ko: '시간',
    th: 'เวลา',
    vi: 'Thời gian',
    ja: '日時',
    de: 'Zeit',
  },
  instrument: {
    en: 'Instrument',
    zh: '交易对',
    ko: '상품',
    th: 'คู่เทรด',
    vi: 'Cặp',
    ja: '銘柄',
    de: 'Instrument',
  },
  order: { en: 'Order', zh: '订单号', ko: '주문', th: 'คำสั่ง', vi: 'Lệnh', ja: '注文', de: 'Order' },
  side: { en: 'Side', zh: '方向', ko: '방향', th: 'ฝั่ง', vi: 'Chiều', ja: '売買', de: 'Seite' },
  type: { en: 'Type', zh: '类型', ko: '유형', th: 'ประเภท', vi: 'Loại', ja: '種類', de: 'Art' },
  price: { en: 'Price', zh: '价格', ko: '가격', th: 'ราคา', vi: 'Giá', ja: '価格', de: 'Preis' },
  size: { en: 'Size', zh: '数量', ko: '수량', th: 'จำนวน', vi: 'Khối lượng', ja: '数量', de: 'Menge' },
  filled: {
    en: 'Filled',
    zh: '已成交',
    ko: '체결',
    th: 'จับคู่แล้ว',
    vi: 'Đã khớp',
    ja: '約定済み',
    de: 'Ausgeführt',
  },
  value: {
    en: 'Value',
    zh: '金额',
    ko: '금액',
    th: 'มูลค่า',
    vi: 'Giá trị',
    ja: '金額',
    de: 'Wert',
  },
  fee: { en: 'Fee', zh: '手续费', ko: '수수료', th: 'ค่าธรรมเนียม', vi: 'Phí', ja: '手数料', de: 'Gebühr' },
  pnl: {
    en: 'Realized PnL',
    zh: '已实现盈亏',
    ko: '실현 손익',
    th: 'กำไรขาดทุนที่รับรู้',
    vi: 'Lãi lỗ đã thực hiện',
    ja: '実現損益',
    de: 'Realisierter GuV',
  },
  status: { en: 'Status', zh: '状态', ko: '상태', th: 'สถานะ', vi: 'Trạng thái', ja: '状態', de: 'Status' },
  role: { en: 'Role', zh: '角色', ko: '역할', th: 'บทบาท', vi: 'Vai trò', ja: '区分', de: 'Rolle' },
  rate: {
    en: 'Funding rate',
    zh: '资金费率',
    ko: '펀딩 비율',
    th: 'อัตราฟันดิง',
    vi: 'Tỷ lệ funding',
    ja: '資金調達率',
    de: 'Funding-Rate',
  },
  funding: {
    en: 'Funding (USDT)',
    zh: '资金费 (USDT)',
    ko: '펀딩비 (USDT)',
    th: 'ค่าฟันดิง (USDT)',
    vi: 'Phí funding (USDT)',
    ja: '資金調達料 (USDT)',
    de: 'Funding (USDT)',
  },
  buy: { en: 'Buy', zh: '买入', ko: '매수', th: 'ซื้อ', vi: 'Mua', ja: '買い', de: 'Kauf' },
  sell: { en: 'Sell', zh: '卖出', ko: '매도', th: 'ขาย', vi: 'Bán', ja: '売り', de: 'Verkauf' },
  limit: { en: 'Limit', zh: '限价', ko: '지정가', th: 'ลิมิต', vi: 'Giới hạn', ja: '指値', de: 'Limit' },
  market: { en: 'Market', zh: '市价', ko: '시장가', th: 'ตลาด', vi: 'Thị trường', ja: '成行', de: 'Markt' },
  new: { en: 'Open', zh: '未成交', ko: '미체결', th: 'รอจับคู่', vi: 'Đang chờ', ja: '未約定', de: 'Offen' },
  partial_filled: {
    en: 'Partly filled',
    zh: '部分成交',
    ko: '부분 체결',
    th: 'จับคู่บางส่วน',
    vi: 'Khớp một phần',
    ja: '一部約定',
    de: 'Teilweise ausgeführt',
  },
  filled_status: {
    en: 'Filled',
    zh: '完全成交',
    ko: '체결 완료',
    th: 'จับคู่ครบ',
    vi: 'Đã khớp hết',
    ja: '約定',
    de: 'Ausgeführt',
  },
  canceled: {
    en: 'Canceled',
    zh: '已撤销',
    ko: '취소됨',
    th: 'ยกเลิกแล้ว',
    vi: 'Đã hủy',
    ja: '取消済み',
    de: 'Storniert',
  },
  long: { en: 'Long', zh: '多', ko: '롱', th: 'ลอง', vi: 'Long', ja: 'ロング', de: 'Long' },
  short: { en: 'Short', zh: '空', ko: '숏', th: 'ชอร์ต', vi: 'Short', ja: 'ショート', de: 'Short' },
  maker: { en: 'Maker', zh: '挂单', ko: '메이커', th: 'เมกเกอร์', vi: 'Maker', ja: 'メイカー', de: 'Maker' },
  taker: { en: 'Taker', zh: '吃单', ko: '테이커', th: 'เทกเกอร์', vi: 'Taker', ja: 'テイカー', de: 'Taker' },
} as const satisfies Record<string, Localized>;

export type TradeExportWord = keyof typeof TRADE_EXPORT_WORDS;

/** A trade export's word in a language; an order status by its name (`filled` is the status's word). */
export function tradeWord(key: string, lang: Lang): string {
  const k = key === 'filled' ? 'filled_status' : key;
  return Object.hasOwn(TRADE_EXPORT_WORDS, k) ? TRADE_EXPORT_WORDS[k as TradeExportWord][lang] : key;
}
