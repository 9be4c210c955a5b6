/** The statement CSV's column names and account names in each language (the app's own words for accounts). */
import type { Lang } from '@nexa/contract';
import type { UserAccountKind } from '../../ledger';

interface StatementWords {
  readonly columns: readonly [string, string, string, string, string, string, string];
  readonly accounts: Readonly<Record<UserAccountKind, string>>;
}

export const STATEMENT_WORDS: Readonly<Record<Lang, StatementWords>> = {
  en: {
    columns: ['Time', 'Account', 'Asset', 'Type', 'Amount', 'Balance after', 'Reference'],
    accounts: { spot: 'Spot', futures: 'Futures', shop: 'Shop', card: 'Card' },
  },
  zh: {
    columns: ['时间', '账户', '币种', '类型', '金额', '变动后余额', '参考号'],
    accounts: { spot: '现货', futures: '合约', shop: '商城', card: '卡' },
  },
  ko: {
    columns: ['시간', '계정', '자산', '유형', '금액', '변동 후 잔액', '참조'],
    accounts: { spot: '현물', futures: '선물', shop: '쇼핑', card: '카드' },
  },
  th: {
    columns: ['เวลา', 'บัญชี', 'สินทรัพย์', 'ประเภท', 'จำนวน', 'ยอดคงเหลือหลังรายการ', 'อ้างอิง'],
    accounts: { spot: 'สปอต', futures: 'ฟิวเจอร์ส', shop: 'ร้านค้า', card: 'บัตร' },
  },
  vi: {
    columns: ['Thời gian', 'Tài khoản', 'Tài sản', 'Loại', 'Số tiền', 'Số dư sau', 'Tham chiếu'],
    accounts: { spot: 'Spot', futures: 'Hợp đồng', shop: 'Cửa hàng', card: 'Thẻ' },
  },
  ja: {
    columns: ['日時', '口座', '資産', '種類', '金額', '変動後残高', '参照'],
    accounts: { spot: '現物', futures: '先物', shop: 'ショップ', card: 'カード' },
  },
  de: {
    columns: ['Zeit', 'Konto', 'Asset', 'Art', 'Betrag', 'Saldo danach', 'Referenz'],
    accounts: { spot: 'Spot', futures: 'Futures', shop: 'Shop', card: 'Karte' },
  },
};
