/**
 * Demo content for the Nexa app: news, announcements (bulletin), Q&A and home banners.
 * All texts are fictional and exist only to populate a demo installation. Content about a feature that is
 * not live yet names it (`feature`) and stays hidden until it is.
 */

export interface LocalizedText {
  en: string;
  zh: string;
  ko: string;
  th: string;
  vi: string;
  ja: string;
  de: string;
}

/**
 * A feature not every installation has: content about it shows only once the feature is live (its module is
 * built and running), so the demo never promises what the product does not have.
 */
export type ContentFeature =
  | 'futures'
  | 'copy'
  | 'earn'
  | 'mining'
  | 'nft'
  | 'cards'
  | 'shop'
  | 'games'
  | 'insurance'
  | 'referral';

/**
 * What an item states about the running product, which the content test checks against it: the longest candle
 * interval offered, that an operator confirms deposits on every network, that no program pays for referrals or
 * team levels, that cards are free test cards of the simulated issuer, a fee rate in percent (every language
 * writes the figure) or a setting's value.
 */
export type ContentClaim =
  | { readonly kind: 'longest_candle'; readonly bar: string }
  | { readonly kind: 'deposits_by_operator' }
  | { readonly kind: 'no_referral_payouts' }
  | { readonly kind: 'test_cards' }
  | { readonly kind: 'rate'; readonly key: string; readonly percent: string }
  | {
      readonly kind: 'setting';
      readonly key: string;
      readonly path?: readonly (string | number)[];
      readonly value: string;
    };

export interface DemoArticle {
  key: string;
  feature?: ContentFeature;
  title: LocalizedText;
  summary: LocalizedText;
  body: LocalizedText;
  image: string | null;
  daysAgo: number;
  claims?: readonly ContentClaim[];
}

export interface DemoBanner {
  key: string;
  feature?: ContentFeature;
  title: LocalizedText;
  image: string;
  link: string | null;
}

export interface DemoQuestion {
  key: string;
  feature?: ContentFeature;
  question: LocalizedText;
  answer: LocalizedText;
  claims?: readonly ContentClaim[];
}

/**
 * Keys of demo items that said something untrue (candles to one month, referral bonuses credited daily,
 * deposits credited by themselves, a paid card for online payments, a fee cut "from next Monday"): the seed
 * removes them from a demo store that still has them; their corrected texts live under new keys.
 */
export const RETIRED_DEMO_KEYS: readonly string[] = [
  'spot-markets',
  'referral-dashboard',
  'deposit-addresses',
  'card-launch',
  'futures-fee-update',
  'referral-rewards-upgrade',
  'deposit-credit',
  'open-card',
  'withdrawal-fees',
];

export const DEMO_NEWS: readonly DemoArticle[] = [
  {
    key: 'spot-pairs',
    title: {
      en: 'Spot trading: BTC, ETH, BWC and NEU against USDT',
      zh: '现货交易：BTC、ETH、BWC 和 NEU 兑 USDT',
      ko: '현물 거래: BTC, ETH, BWC, NEU / USDT',
      th: 'เทรดสปอต: BTC, ETH, BWC และ NEU คู่กับ USDT',
      vi: 'Giao dịch giao ngay: BTC, ETH, BWC và NEU với USDT',
      ja: '現物取引：BTC・ETH・BWC・NEU の USDT 建てペア',
      de: 'Spothandel: BTC, ETH, BWC und NEU gegen USDT',
    },
    summary: {
      en: 'Four USDT pairs with limit and market orders, a live order book and candles from one minute to three weeks.',
      zh: '四个 USDT 交易对，支持限价单和市价单，实时订单簿，K 线周期从 1 分钟到 3 周。',
      ko: '지정가·시장가 주문, 실시간 호가창, 1분부터 3주까지의 캔들을 갖춘 USDT 거래쌍 4개.',
      th: 'คู่เทรด USDT สี่คู่ พร้อมคำสั่งลิมิตและมาร์เก็ต สมุดคำสั่งแบบเรียลไทม์ และแท่งเทียนตั้งแต่ 1 นาทีถึง 3 สัปดาห์',
      vi: 'Bốn cặp USDT với lệnh giới hạn và lệnh thị trường, sổ lệnh trực tiếp và nến từ 1 phút đến 3 tuần.',
      ja: '指値・成行注文、リアルタイムの板、1 分足から 3 週足までのローソク足を備えた 4 つの USDT ペア。',
      de: 'Vier USDT-Paare mit Limit- und Market-Orders, Live-Orderbuch und Kerzen von einer Minute bis zu drei Wochen.',
    },
    body: {
      en: 'The Nexa spot market trades BTC/USDT, ETH/USDT, BWC/USDT and NEU/USDT. Orders are matched by price, then by time, and every fill reaches your wallet at once.\n\nA limit order rests in the book at your price; a market order fills against the best prices available. The maker fee is 0.08 % and the taker fee 0.1 %, and an order must be worth at least 5 USDT.\n\nOpen orders can be canceled one by one or all at once from the Trade screen. Every trade appears in Asset records in your language.',
      zh: 'Nexa 现货市场支持 BTC/USDT、ETH/USDT、BWC/USDT 和 NEU/USDT 交易。订单按价格优先、时间优先撮合，每笔成交即时到账。\n\n限价单以您设定的价格挂在订单簿中；市价单按当前最优价格成交。挂单手续费为 0.08%，吃单手续费为 0.1%，每笔订单金额不低于 5 USDT。\n\n在交易页面可以逐笔撤单，也可以一键全部撤单。每笔交易都会以您的语言显示在资产记录中。',
      ko: 'Nexa 현물 시장에서는 BTC/USDT, ETH/USDT, BWC/USDT, NEU/USDT를 거래할 수 있습니다. 주문은 가격 우선, 시간 우선으로 체결되며 체결 즉시 지갑에 반영됩니다.\n\n지정가 주문은 지정한 가격으로 호가창에 대기하고, 시장가 주문은 현재 가장 좋은 가격으로 체결됩니다. 메이커 수수료는 0.08%, 테이커 수수료는 0.1%이며 주문 금액은 최소 5 USDT입니다.\n\n미체결 주문은 거래 화면에서 하나씩 또는 한 번에 모두 취소할 수 있습니다. 모든 거래는 자산 기록에 사용자의 언어로 표시됩니다.',
      th: 'ตลาดสปอตของ Nexa เปิดให้เทรด BTC/USDT, ETH/USDT, BWC/USDT และ NEU/USDT คำสั่งจะถูกจับคู่ตามราคาก่อนแล้วตามเวลา และทุกการจับคู่จะเข้ากระเป๋าของคุณทันที\n\nคำสั่งลิมิตจะรออยู่ในสมุดคำสั่งที่ราคาที่คุณกำหนด ส่วนคำสั่งมาร์เก็ตจะจับคู่กับราคาที่ดีที่สุดในขณะนั้น ค่าธรรมเนียมเมกเกอร์ 0.08% และเทกเกอร์ 0.1% โดยแต่ละคำสั่งต้องมีมูลค่าอย่างน้อย 5 USDT\n\nคุณยกเลิกคำสั่งที่เปิดอยู่ได้ทีละรายการหรือทั้งหมดในครั้งเดียวจากหน้าเทรด ทุกการเทรดจะแสดงในบันทึกสินทรัพย์เป็นภาษาของคุณ',
      vi: 'Thị trường giao ngay của Nexa giao dịch BTC/USDT, ETH/USDT, BWC/USDT và NEU/USDT. Lệnh được khớp theo giá, sau đó theo thời gian, và mỗi lần khớp được ghi vào ví của bạn ngay lập tức.\n\nLệnh giới hạn nằm trong sổ lệnh ở mức giá của bạn; lệnh thị trường khớp với các mức giá tốt nhất hiện có. Phí maker là 0,08% và phí taker là 0,1%, mỗi lệnh phải có giá trị tối thiểu 5 USDT.\n\nCác lệnh đang mở có thể hủy từng lệnh hoặc hủy tất cả cùng lúc trên màn hình Giao dịch. Mọi giao dịch đều hiển thị trong Lịch sử tài sản bằng ngôn ngữ của bạn.',
      ja: 'Nexa の現物市場では BTC/USDT、ETH/USDT、BWC/USDT、NEU/USDT を取引できます。注文は価格優先・時間優先で約定し、約定はすぐにウォレットに反映されます。\n\n指値注文は指定した価格で板に並び、成行注文はその時点で最良の価格で約定します。メイカー手数料は 0.08%、テイカー手数料は 0.1% で、1 回の注文は 5 USDT 以上が必要です。\n\n未約定の注文は取引画面から 1 件ずつ、またはまとめて取り消せます。すべての取引は資産履歴にお使いの言語で表示されます。',
      de: 'Am Nexa-Spotmarkt werden BTC/USDT, ETH/USDT, BWC/USDT und NEU/USDT gehandelt. Orders werden nach Preis und dann nach Zeit zusammengeführt, und jede Ausführung landet sofort in Ihrer Wallet.\n\nEine Limit-Order wartet zu Ihrem Preis im Orderbuch, eine Market-Order wird zu den besten verfügbaren Preisen ausgeführt. Die Maker-Gebühr beträgt 0,08 %, die Taker-Gebühr 0,1 %, und eine Order muss mindestens 5 USDT wert sein.\n\nOffene Orders lassen sich im Handelsbildschirm einzeln oder alle auf einmal stornieren. Jeder Handel erscheint in Ihrer Sprache in den Vermögensbuchungen.',
    },
    image: '/static/banners/spot.svg',
    daysAgo: 0,
    claims: [
      { kind: 'longest_candle', bar: '3W' },
      { kind: 'rate', key: 'market.maker_fee_rate', percent: '0.08' },
      { kind: 'rate', key: 'market.taker_fee_rate', percent: '0.1' },
    ],
  },
  {
    key: 'token-market-open',
    title: {
      en: 'Token market: buy and sell platform tokens with other users',
      zh: '代币市场：与其他用户买卖平台代币',
      ko: '토큰 마켓: 다른 사용자와 플랫폼 토큰 사고팔기',
      th: 'ตลาดโทเคน: ซื้อขายโทเคนของแพลตฟอร์มกับผู้ใช้คนอื่น',
      vi: 'Chợ token: mua bán token của nền tảng với người dùng khác',
      ja: 'トークンマーケット：プラットフォームトークンをユーザー同士で売買',
      de: 'Token-Markt: Plattform-Token mit anderen Nutzern handeln',
    },
    summary: {
      en: 'List BWC, BWT, ALEO, DOMI, SATS, RRT or NEU at your own price; buyers take all of a listing or part of it.',
      zh: '以您自己的价格挂出 BWC、BWT、ALEO、DOMI、SATS、RRT 或 NEU，买家可以整单或部分购买。',
      ko: 'BWC, BWT, ALEO, DOMI, SATS, RRT, NEU를 원하는 가격에 등록하세요. 구매자는 전체 또는 일부를 살 수 있습니다.',
      th: 'ลงขาย BWC, BWT, ALEO, DOMI, SATS, RRT หรือ NEU ในราคาที่คุณกำหนด ผู้ซื้อซื้อได้ทั้งหมดหรือบางส่วน',
      vi: 'Niêm yết BWC, BWT, ALEO, DOMI, SATS, RRT hoặc NEU theo giá của bạn; người mua có thể mua toàn bộ hoặc một phần.',
      ja: 'BWC・BWT・ALEO・DOMI・SATS・RRT・NEU を自分の価格で出品でき、買い手は全量または一部を購入できます。',
      de: 'Stellen Sie BWC, BWT, ALEO, DOMI, SATS, RRT oder NEU zu Ihrem Preis ein; Käufer nehmen ein Angebot ganz oder teilweise.',
    },
    body: {
      en: 'The token market is open under Trade. A seller chooses a token, an amount and a price in USDT; the tokens are held until they are sold or the seller withdraws the listing.\n\nThe sell form shows the market price of the token and the cheapest listing, and suggests a price. Buyers see each seller as a masked address with the number of sales they have completed.\n\nThe seller pays a fee of 0.2 % on each sale. A listing, and every purchase from it, must be worth at least 5 USDT.',
      zh: '代币市场入口位于交易页面。卖家选择代币、数量和 USDT 价格；代币在售出或卖家撤回挂单之前处于冻结状态。\n\n出售表单会显示该代币的市场价和最低挂单价，并给出建议价格。买家看到的卖家信息为打码地址及其已完成的成交笔数。\n\n每笔成交由卖家支付 0.2% 手续费。每个挂单以及每次购买的金额均不低于 5 USDT。',
      ko: '토큰 마켓은 거래 화면에서 열 수 있습니다. 판매자는 토큰, 수량, USDT 가격을 정하며, 토큰은 판매되거나 판매자가 등록을 철회할 때까지 동결됩니다.\n\n판매 양식에는 토큰의 시장가와 최저 등록가가 표시되고 추천 가격이 제안됩니다. 구매자에게 판매자는 가려진 주소와 완료한 거래 수로 표시됩니다.\n\n판매자는 거래마다 0.2%의 수수료를 냅니다. 등록과 각 구매는 최소 5 USDT 이상이어야 합니다.',
      th: 'ตลาดโทเคนเปิดได้จากหน้าเทรด ผู้ขายเลือกโทเคน จำนวน และราคาเป็น USDT โทเคนจะถูกพักไว้จนกว่าจะขายได้หรือผู้ขายถอนประกาศ\n\nแบบฟอร์มขายจะแสดงราคาตลาดของโทเคนและราคาประกาศต่ำสุด พร้อมแนะนำราคา ผู้ซื้อจะเห็นผู้ขายเป็นที่อยู่แบบปิดบางส่วนพร้อมจำนวนการขายที่สำเร็จแล้ว\n\nผู้ขายจ่ายค่าธรรมเนียม 0.2% ต่อการขายแต่ละครั้ง ประกาศและการซื้อแต่ละครั้งต้องมีมูลค่าอย่างน้อย 5 USDT',
      vi: 'Chợ token được mở từ màn hình Giao dịch. Người bán chọn token, số lượng và giá bằng USDT; token được tạm giữ cho đến khi bán xong hoặc người bán rút niêm yết.\n\nBiểu mẫu bán hiển thị giá thị trường của token và giá niêm yết thấp nhất, đồng thời gợi ý một mức giá. Người mua thấy người bán dưới dạng địa chỉ đã che một phần cùng số giao dịch đã hoàn tất.\n\nNgười bán trả phí 0,2% cho mỗi lần bán. Mỗi niêm yết và mỗi lần mua phải có giá trị tối thiểu 5 USDT.',
      ja: 'トークンマーケットは取引画面から開けます。売り手はトークン・数量・USDT 価格を決め、トークンは売れるか出品を取り下げるまで凍結されます。\n\n売却フォームにはトークンの市場価格と最安出品価格が表示され、価格が提案されます。買い手には、売り手が一部を伏せたアドレスと成約件数で表示されます。\n\n売り手は成約ごとに 0.2% の手数料を支払います。出品と各購入は 5 USDT 以上である必要があります。',
      de: 'Der Token-Markt ist über den Handelsbildschirm erreichbar. Verkäufer wählen Token, Menge und einen Preis in USDT; die Token bleiben reserviert, bis sie verkauft sind oder das Angebot zurückgezogen wird.\n\nDas Verkaufsformular zeigt den Marktpreis des Tokens und das günstigste Angebot und schlägt einen Preis vor. Käufer sehen jeden Verkäufer als gekürzte Adresse mit der Zahl seiner abgeschlossenen Verkäufe.\n\nDer Verkäufer zahlt auf jeden Verkauf 0,2 % Gebühr. Ein Angebot und jeder Kauf daraus müssen mindestens 5 USDT wert sein.',
    },
    image: '/static/banners/token-market.svg',
    daysAgo: 2,
  },
  {
    key: 'transfers-by-uid',
    title: {
      en: 'Send to any Nexa user by UID or address, free and instant',
      zh: '通过 UID 或地址向任何 Nexa 用户转账，免费且即时到账',
      ko: 'UID 또는 주소로 모든 Nexa 사용자에게 무료·즉시 전송',
      th: 'โอนให้ผู้ใช้ Nexa ทุกคนด้วย UID หรือที่อยู่ ฟรีและถึงทันที',
      vi: 'Chuyển cho bất kỳ người dùng Nexa nào bằng UID hoặc địa chỉ, miễn phí và tức thì',
      ja: 'UID またはアドレスで Nexa ユーザーへ無料・即時送金',
      de: 'An jeden Nexa-Nutzer per UID oder Adresse senden – kostenlos und sofort',
    },
    summary: {
      en: 'The Transfer page shows who you are sending to while you type, before anything moves.',
      zh: '转账页面会在您输入时显示收款人信息，资金划转前即可确认。',
      ko: '전송 페이지는 입력하는 동안 받는 사람을 보여 주므로 자금이 이동하기 전에 확인할 수 있습니다.',
      th: 'หน้าโอนจะแสดงผู้รับขณะที่คุณพิมพ์ ก่อนที่เงินจะถูกโอน',
      vi: 'Trang Chuyển tiền hiển thị người nhận ngay khi bạn nhập, trước khi tiền được chuyển.',
      ja: '送金画面では入力中に送金先が表示され、資金が動く前に確認できます。',
      de: 'Die Überweisungsseite zeigt schon beim Tippen, an wen Sie senden – bevor Geld bewegt wird.',
    },
    body: {
      en: 'Transfers between Nexa users are free and arrive at once. Enter the recipient’s UID or wallet address: for a UID the page shows the recipient’s masked address, for an address their UID, and an unknown recipient is flagged before you confirm.\n\nThe smallest transfer is 1 USDT. A transfer cannot be reversed, so check the recipient in the confirmation sheet.\n\nBoth sides see the transfer in their Transfer records and in Asset records.',
      zh: 'Nexa 用户之间转账免费且即时到账。输入收款人的 UID 或钱包地址：输入 UID 时页面显示对方的打码地址，输入地址时显示对方的 UID；收款人不存在时会在确认前提示。\n\n单笔转账最低 1 USDT。转账无法撤回，请在确认弹窗中核对收款人。\n\n双方都可以在转账记录和资产记录中看到这笔转账。',
      ko: 'Nexa 사용자 간 전송은 무료이며 즉시 도착합니다. 받는 사람의 UID 또는 지갑 주소를 입력하세요. UID를 입력하면 가려진 주소가, 주소를 입력하면 UID가 표시되고, 없는 사용자는 확인 전에 알려 줍니다.\n\n최소 전송 금액은 1 USDT입니다. 전송은 되돌릴 수 없으니 확인 창에서 받는 사람을 확인하세요.\n\n양쪽 모두 전송 기록과 자산 기록에서 전송 내역을 볼 수 있습니다.',
      th: 'การโอนระหว่างผู้ใช้ Nexa ไม่มีค่าธรรมเนียมและถึงทันที ใส่ UID หรือที่อยู่กระเป๋าของผู้รับ: ถ้าใส่ UID หน้าจะแสดงที่อยู่แบบปิดบางส่วน ถ้าใส่ที่อยู่จะแสดง UID และจะแจ้งก่อนยืนยันหากไม่พบผู้รับ\n\nโอนขั้นต่ำ 1 USDT การโอนไม่สามารถย้อนกลับได้ โปรดตรวจสอบผู้รับในหน้าต่างยืนยัน\n\nทั้งสองฝ่ายจะเห็นการโอนในบันทึกการโอนและบันทึกสินทรัพย์',
      vi: 'Chuyển tiền giữa người dùng Nexa miễn phí và đến ngay. Nhập UID hoặc địa chỉ ví của người nhận: với UID, trang hiển thị địa chỉ đã che một phần; với địa chỉ, trang hiển thị UID; người nhận không tồn tại sẽ được báo trước khi bạn xác nhận.\n\nSố tiền chuyển tối thiểu là 1 USDT. Giao dịch chuyển tiền không thể hoàn tác, vì vậy hãy kiểm tra người nhận trong bảng xác nhận.\n\nCả hai bên đều thấy giao dịch trong Lịch sử chuyển tiền và Lịch sử tài sản.',
      ja: 'Nexa ユーザー間の送金は無料で、すぐに届きます。送金先の UID またはウォレットアドレスを入力すると、UID の場合は一部を伏せたアドレスが、アドレスの場合は UID が表示され、存在しない送金先は確認前に知らせます。\n\n最小送金額は 1 USDT です。送金は取り消せないため、確認画面で送金先をご確認ください。\n\n送金は双方の送金履歴と資産履歴に表示されます。',
      de: 'Überweisungen zwischen Nexa-Nutzern sind kostenlos und kommen sofort an. Geben Sie die UID oder Wallet-Adresse des Empfängers ein: Bei einer UID zeigt die Seite die gekürzte Adresse, bei einer Adresse die UID, und ein unbekannter Empfänger wird vor dem Bestätigen gemeldet.\n\nDie kleinste Überweisung beträgt 1 USDT. Eine Überweisung lässt sich nicht rückgängig machen – prüfen Sie den Empfänger im Bestätigungsfenster.\n\nBeide Seiten sehen die Überweisung in ihren Überweisungen und Vermögensbuchungen.',
    },
    image: null,
    daysAgo: 4,
  },
  {
    key: 'seven-languages',
    title: {
      en: 'Nexa speaks seven languages',
      zh: 'Nexa 支持七种语言',
      ko: 'Nexa는 7개 언어를 지원합니다',
      th: 'Nexa รองรับเจ็ดภาษา',
      vi: 'Nexa hỗ trợ bảy ngôn ngữ',
      ja: 'Nexa は 7 つの言語に対応',
      de: 'Nexa spricht sieben Sprachen',
    },
    summary: {
      en: 'English, Chinese, Korean, Thai, Vietnamese, Japanese and German, down to every record and error message.',
      zh: '英语、中文、韩语、泰语、越南语、日语和德语，每条记录和每条错误提示都已翻译。',
      ko: '영어, 중국어, 한국어, 태국어, 베트남어, 일본어, 독일어로 모든 기록과 오류 메시지까지 제공됩니다.',
      th: 'อังกฤษ จีน เกาหลี ไทย เวียดนาม ญี่ปุ่น และเยอรมัน ครบทุกบันทึกและทุกข้อความแจ้งข้อผิดพลาด',
      vi: 'Tiếng Anh, Trung, Hàn, Thái, Việt, Nhật và Đức, đến từng bản ghi và từng thông báo lỗi.',
      ja: '英語・中国語・韓国語・タイ語・ベトナム語・日本語・ドイツ語で、履歴やエラーメッセージまで表示します。',
      de: 'Englisch, Chinesisch, Koreanisch, Thailändisch, Vietnamesisch, Japanisch und Deutsch – bis zu jeder Buchung und Fehlermeldung.',
    },
    body: {
      en: 'Choose your language under Mine > Language. Screens, confirmations, asset records and the messages the server sends back all follow your choice.\n\nNews, announcements and the Q&A are published in every language as well.',
      zh: '在“我的 > 语言”中选择语言。页面、确认弹窗、资产记录以及服务器返回的提示都会随之切换。\n\n新闻、公告和常见问题同样以所有语言发布。',
      ko: '마이 > 언어에서 언어를 선택하세요. 화면, 확인 창, 자산 기록, 서버가 보내는 메시지가 모두 선택한 언어로 바뀝니다.\n\n뉴스, 공지, Q&A도 모든 언어로 제공됩니다.',
      th: 'เลือกภาษาได้ที่ ของฉัน > ภาษา หน้าจอ หน้าต่างยืนยัน บันทึกสินทรัพย์ และข้อความจากเซิร์ฟเวอร์จะเปลี่ยนตามภาษาที่เลือก\n\nข่าว ประกาศ และคำถามที่พบบ่อยก็เผยแพร่ในทุกภาษาเช่นกัน',
      vi: 'Chọn ngôn ngữ tại Của tôi > Ngôn ngữ. Màn hình, bảng xác nhận, lịch sử tài sản và thông báo từ máy chủ đều theo lựa chọn của bạn.\n\nTin tức, thông báo và phần Hỏi đáp cũng được đăng bằng mọi ngôn ngữ.',
      ja: 'マイ > 言語 で言語を選べます。画面、確認画面、資産履歴、サーバーからのメッセージがすべて選んだ言語になります。\n\nニュース、お知らせ、Q&A もすべての言語で公開されます。',
      de: 'Wählen Sie Ihre Sprache unter Ich > Sprache. Bildschirme, Bestätigungen, Vermögensbuchungen und die Meldungen des Servers folgen Ihrer Wahl.\n\nNeuigkeiten, Ankündigungen und die FAQ erscheinen ebenfalls in jeder Sprache.',
    },
    image: null,
    daysAgo: 6,
  },
  {
    key: 'copy-leaderboard',
    feature: 'copy',
    title: {
      en: 'Copy trading is open: follow lead traders from the Copy tab',
      zh: '跟单交易上线：在“跟单”页跟随带单交易员',
      ko: '카피 트레이딩 오픈: 카피 탭에서 리드 트레이더를 팔로우하세요',
      th: 'เปิดให้คัดลอกการเทรดแล้ว: ติดตามเทรดเดอร์ผู้นำได้ที่แท็บคัดลอก',
      vi: 'Giao dịch sao chép đã mở: theo dõi nhà giao dịch dẫn dắt ở tab Sao chép',
      ja: 'コピートレード開始：コピータブでリードトレーダーをフォロー',
      de: 'Copy-Trading ist da: Lead-Tradern im Tab „Copy“ folgen',
    },
    summary: {
      en: 'Rank lead traders by 14-day rate, follower profit, capital strength, profit days or copy count, and copy one with a margin per position or a ratio.',
      zh: '按 14 日收益率、跟单者收益、资金实力、盈利天数或跟单人数对带单交易员排序，并以每仓保证金或固定比例跟单。',
      ko: '14일 수익률, 팔로워 수익, 자금력, 수익 일수, 카피 인원으로 리드 트레이더를 정렬하고, 포지션당 증거금이나 비율로 카피하세요.',
      th: 'เรียงเทรดเดอร์ผู้นำตามผลตอบแทน 14 วัน กำไรผู้ติดตาม ความแข็งแกร่งของทุน วันที่มีกำไร หรือจำนวนผู้คัดลอก แล้วคัดลอกด้วยมาร์จิ้นต่อสถานะหรืออัตราส่วน',
      vi: 'Sắp xếp nhà giao dịch dẫn dắt theo lợi suất 14 ngày, lợi nhuận người theo, sức mạnh vốn, ngày có lãi hoặc số người sao chép, rồi sao chép theo ký quỹ mỗi vị thế hoặc tỷ lệ.',
      ja: '14日収益率・フォロワー利益・資金力・利益日数・コピー人数でリードトレーダーを並べ替え、ポジションごとの証拠金または比率でコピーできます。',
      de: 'Lead-Trader nach 14-Tage-Rendite, Follower-Gewinn, Kapitalstärke, Gewinntagen oder Kopien sortieren und mit fester Margin je Position oder festem Verhältnis kopieren.',
    },
    body: {
      en: "The Copy tab lists lead traders with their tier and five figures: 14-day rate, follower profit, capital strength, profit days and copy count. Sort by any of them or filter by tier, and open a trader to see the daily PnL, the open positions and the closed history.\n\nCopy with a fixed margin per position or a fixed ratio of contracts, within a total budget, with an optional stop-loss and take-profit on the whole copy. Every copied fill shows the trader's price, yours and the slippage.\n\nPast performance does not guarantee future results. Choose a budget you are comfortable with; you can cancel a copy at any time.",
      zh: '“跟单”页列出带单交易员的等级和五项数据：14 日收益率、跟单者收益、资金实力、盈利天数和跟单人数。可按任意一项排序或按等级筛选，点开交易员即可查看每日盈亏、当前持仓和历史仓位。\n\n可按固定的每仓保证金或固定合约比例跟单，并设置总预算，以及针对整个跟单的可选止损和止盈。每笔跟单成交都会显示交易员价格、您的价格和滑点。\n\n过往业绩不代表未来表现。请选择您能够接受的预算；您可随时取消跟单。',
      ko: '카피 탭에는 리드 트레이더의 등급과 다섯 가지 지표(14일 수익률, 팔로워 수익, 자금력, 수익 일수, 카피 인원)가 표시됩니다. 원하는 지표로 정렬하거나 등급으로 필터링하고, 트레이더를 열어 일별 손익, 보유 포지션, 종료된 기록을 확인하세요.\n\n포지션당 고정 증거금 또는 고정 계약 비율로 총 예산 안에서 카피하며, 카피 전체에 손절과 익절을 선택적으로 설정할 수 있습니다. 카피된 체결마다 트레이더 가격, 내 가격, 슬리피지가 표시됩니다.\n\n과거 수익이 미래 수익을 보장하지 않습니다. 감당할 수 있는 예산을 정하세요. 카피는 언제든지 취소할 수 있습니다.',
      th: 'แท็บคัดลอกแสดงเทรดเดอร์ผู้นำพร้อมระดับและตัวเลขห้าตัว ได้แก่ ผลตอบแทน 14 วัน กำไรผู้ติดตาม ความแข็งแกร่งของทุน วันที่มีกำไร และจำนวนผู้คัดลอก เรียงตามตัวใดก็ได้หรือกรองตามระดับ และเปิดดูเทรดเดอร์เพื่อดูกำไรขาดทุนรายวัน สถานะที่เปิดอยู่ และประวัติที่ปิดแล้ว\n\nคัดลอกด้วยมาร์จิ้นคงที่ต่อสถานะหรืออัตราส่วนสัญญาคงที่ ภายในงบประมาณรวม พร้อมตัดขาดทุนและทำกำไรสำหรับการคัดลอกทั้งหมดได้ตามต้องการ ทุกการจับคู่ที่คัดลอกจะแสดงราคาของเทรดเดอร์ ราคาของคุณ และสลิปเพจ\n\nผลงานในอดีตไม่ได้รับประกันผลลัพธ์ในอนาคต เลือกงบประมาณที่คุณรับได้ และยกเลิกการคัดลอกได้ทุกเมื่อ',
      vi: 'Tab Sao chép liệt kê nhà giao dịch dẫn dắt cùng cấp và năm chỉ số: lợi suất 14 ngày, lợi nhuận người theo, sức mạnh vốn, ngày có lãi và số người sao chép. Sắp xếp theo bất kỳ chỉ số nào hoặc lọc theo cấp, và mở một nhà giao dịch để xem lãi lỗ theo ngày, vị thế đang mở và lịch sử đã đóng.\n\nSao chép với ký quỹ cố định mỗi vị thế hoặc tỷ lệ hợp đồng cố định, trong tổng ngân sách, có thể đặt cắt lỗ và chốt lời cho cả bản sao. Mỗi lần khớp được sao chép đều hiển thị giá của nhà giao dịch, giá của bạn và trượt giá.\n\nKết quả trong quá khứ không đảm bảo kết quả tương lai. Hãy chọn ngân sách phù hợp; bạn có thể hủy sao chép bất cứ lúc nào.',
      ja: 'コピータブには、リードトレーダーの等級と5つの指標（14日収益率、フォロワー利益、資金力、利益日数、コピー人数）が表示されます。どの指標でも並べ替えや等級での絞り込みができ、トレーダーを開くと日次損益、保有ポジション、決済履歴を確認できます。\n\nポジションごとの固定証拠金または固定の枚数比率で、総予算の範囲内でコピーし、コピー全体に損切りと利確を任意で設定できます。コピーされた約定ごとに、トレーダーの価格、あなたの価格、スリッページが表示されます。\n\n過去の実績は将来の成果を保証しません。無理のない予算を選んでください。コピーはいつでも解除できます。',
      de: 'Der Tab „Copy“ zeigt Lead-Trader mit ihrer Stufe und fünf Kennzahlen: 14-Tage-Rendite, Follower-Gewinn, Kapitalstärke, Gewinntage und Kopien. Sortieren Sie nach jeder davon oder filtern Sie nach Stufe, und öffnen Sie einen Trader für den täglichen PnL, offene Positionen und den Verlauf.\n\nKopieren Sie mit fester Margin je Position oder festem Kontraktverhältnis innerhalb eines Gesamtbudgets, optional mit Stop-Loss und Take-Profit für die ganze Kopie. Jede kopierte Ausführung zeigt den Preis des Traders, Ihren Preis und die Slippage.\n\nVergangene Ergebnisse sind keine Garantie für die Zukunft. Wählen Sie ein Budget, mit dem Sie sich wohlfühlen; Sie können eine Kopie jederzeit beenden.',
    },
    image: null,
    daysAgo: 10,
  },
  {
    key: 'miner-eco-series',
    feature: 'mining',
    title: {
      en: 'Mining machines are live: S1 Lite, S3 Pro and S9 Max',
      zh: '矿机上线：S1 Lite、S3 Pro 与 S9 Max',
      ko: '채굴기 출시: S1 Lite, S3 Pro, S9 Max',
      th: 'เครื่องขุดเปิดให้บริการแล้ว: S1 Lite, S3 Pro และ S9 Max',
      vi: 'Máy đào đã mở bán: S1 Lite, S3 Pro và S9 Max',
      ja: 'マイニングマシン提供開始：S1 Lite・S3 Pro・S9 Max',
      de: 'Mining-Maschinen sind da: S1 Lite, S3 Pro und S9 Max',
    },
    summary: {
      en: 'Buy hash power with USDT; from the next platform day, each day’s 10,000 BWC are shared by effective hash power.',
      zh: '用 USDT 购买算力；从下一个平台日起，每天的 10,000 BWC 按有效算力分配。',
      ko: 'USDT로 해시파워를 구매하세요. 다음 플랫폼일부터 매일 10,000 BWC가 유효 해시파워에 따라 분배됩니다.',
      th: 'ซื้อแฮชพาวเวอร์ด้วย USDT ตั้งแต่วันแพลตฟอร์มถัดไป BWC 10,000 ต่อวันจะแบ่งตามแฮชพาวเวอร์ที่มีผล',
      vi: 'Mua sức mạnh băm bằng USDT; từ ngày nền tảng tiếp theo, 10.000 BWC mỗi ngày được chia theo sức mạnh băm hiệu dụng.',
      ja: 'USDTでハッシュパワーを購入。翌プラットフォーム日から毎日10,000 BWCが有効ハッシュパワーに応じて分配されます。',
      de: 'Kaufen Sie Hashrate mit USDT; ab dem nächsten Plattformtag werden täglich 10.000 BWC nach effektiver Hashrate verteilt.',
    },
    body: {
      en: 'Three machines are on sale on the Mining machines page: S1 Lite (100 USDT, 10 T, 30 days), S3 Pro (500 USDT, 55 T plus 5 T bonus, 90 days) and S9 Max (2,000 USDT, 240 T plus 30 T bonus, 180 days).\n\nA machine’s power counts as soon as you buy it, and it earns from the next platform day until its term ends. Each platform day, 10,000 BWC are shared by effective hash power and paid to your wallet. There is no running cost.\n\nThe estimate shown on each machine depends on the whole network’s power and changes as others buy.',
      zh: '“矿机”页面在售三款矿机：S1 Lite（100 USDT，10 T，30 天）、S3 Pro（500 USDT，55 T 另加 5 T 赠送算力，90 天）和 S9 Max（2,000 USDT，240 T 另加 30 T 赠送算力，180 天）。\n\n购买后算力立即计入，并从下一个平台日起产出，直到期满。每个平台日的 10,000 BWC 按有效算力分配并发放到钱包，没有运行费用。\n\n每台矿机显示的预估取决于全网算力，会随他人购买而变化。',
      ko: '채굴기 페이지에서 세 가지 채굴기를 판매합니다: S1 Lite(100 USDT, 10 T, 30일), S3 Pro(500 USDT, 55 T + 보너스 5 T, 90일), S9 Max(2,000 USDT, 240 T + 보너스 30 T, 180일).\n\n채굴기의 해시파워는 구매 즉시 반영되며, 다음 플랫폼일부터 기간이 끝날 때까지 산출합니다. 매 플랫폼일 10,000 BWC가 유효 해시파워에 따라 지갑으로 지급되며, 운영 비용은 없습니다.\n\n각 채굴기에 표시되는 예상치는 네트워크 전체 해시파워에 따라 달라지며 다른 사용자의 구매에 따라 변합니다.',
      th: 'หน้าเครื่องขุดมีเครื่องขายสามรุ่น: S1 Lite (100 USDT, 10 T, 30 วัน), S3 Pro (500 USDT, 55 T และโบนัส 5 T, 90 วัน) และ S9 Max (2,000 USDT, 240 T และโบนัส 30 T, 180 วัน)\n\nแฮชพาวเวอร์ของเครื่องนับทันทีที่ซื้อ และเริ่มให้ผลผลิตตั้งแต่วันแพลตฟอร์มถัดไปจนครบอายุ ทุกวันแพลตฟอร์ม BWC 10,000 จะแบ่งตามแฮชพาวเวอร์ที่มีผลและจ่ายเข้ากระเป๋าของคุณ โดยไม่มีค่าดำเนินการ\n\nค่าประมาณที่แสดงในแต่ละเครื่องขึ้นอยู่กับแฮชพาวเวอร์ของทั้งเครือข่าย และเปลี่ยนไปเมื่อผู้อื่นซื้อเพิ่ม',
      vi: 'Trang Máy đào đang bán ba máy: S1 Lite (100 USDT, 10 T, 30 ngày), S3 Pro (500 USDT, 55 T cộng 5 T thưởng, 90 ngày) và S9 Max (2.000 USDT, 240 T cộng 30 T thưởng, 180 ngày).\n\nSức mạnh băm của máy được tính ngay khi mua và bắt đầu sinh sản lượng từ ngày nền tảng tiếp theo cho đến hết kỳ hạn. Mỗi ngày nền tảng, 10.000 BWC được chia theo sức mạnh băm hiệu dụng và trả vào ví của bạn; không có chi phí vận hành.\n\nMức ước tính trên mỗi máy phụ thuộc vào sức mạnh của toàn mạng và thay đổi khi người khác mua thêm.',
      ja: 'マイニングマシン画面では3機種を販売しています：S1 Lite（100 USDT、10 T、30日）、S3 Pro（500 USDT、55 T＋ボーナス5 T、90日）、S9 Max（2,000 USDT、240 T＋ボーナス30 T、180日）。\n\nマシンのハッシュパワーは購入と同時に反映され、翌プラットフォーム日から期間満了まで産出します。毎プラットフォーム日、10,000 BWCが有効ハッシュパワーに応じてウォレットに支払われます。運用コストはかかりません。\n\n各マシンに表示される見込みはネットワーク全体のハッシュパワーによって決まり、他の人の購入で変動します。',
      de: 'Auf der Seite „Mining-Maschinen“ gibt es drei Maschinen: S1 Lite (100 USDT, 10 T, 30 Tage), S3 Pro (500 USDT, 55 T plus 5 T Bonus, 90 Tage) und S9 Max (2.000 USDT, 240 T plus 30 T Bonus, 180 Tage).\n\nDie Hashrate einer Maschine zählt sofort nach dem Kauf; sie erzeugt ab dem nächsten Plattformtag bis zum Ende ihrer Laufzeit. An jedem Plattformtag werden 10.000 BWC nach effektiver Hashrate verteilt und in Ihre Wallet gezahlt. Betriebskosten gibt es keine.\n\nDie Schätzung bei jeder Maschine hängt von der Hashrate des ganzen Netzwerks ab und ändert sich, wenn andere kaufen.',
    },
    image: null,
    daysAgo: 13,
  },
  {
    key: 'nft-creator-program',
    feature: 'nft',
    title: {
      en: 'NFTs are live: cast Nexa Genesis and nameplates, stake them in pools',
      zh: 'NFT 上线：铸造 Nexa Genesis 与铭牌，并质押到矿池',
      ko: 'NFT 출시: Nexa Genesis와 네임플레이트를 주조하고 풀에 스테이킹하세요',
      th: 'NFT เปิดแล้ว: หล่อ Nexa Genesis และป้ายชื่อ แล้วนำไปสเตกในพูล',
      vi: 'NFT đã ra mắt: đúc Nexa Genesis và bảng tên, stake vào pool',
      ja: 'NFT提供開始：Nexa Genesisとネームプレートを鋳造し、プールにステーキング',
      de: 'NFTs sind da: Nexa Genesis und Namensschilder prägen und in Pools staken',
    },
    summary: {
      en: 'Cast with your free quota for a fee, then stake an NFT in its pool to share a daily BWC budget by rarity weight.',
      zh: '使用免费铸造次数并支付铸造费铸造 NFT，再将其质押到矿池，按稀有度权重分享每日 BWC 预算。',
      ko: '무료 주조 횟수로 수수료를 내고 주조한 뒤, NFT를 풀에 스테이킹해 희귀도 가중치에 따라 매일 BWC 예산을 나눠 받으세요.',
      th: 'หล่อด้วยโควตาฟรีพร้อมค่าธรรมเนียม แล้วนำ NFT ไปสเตกในพูลเพื่อแบ่งงบ BWC รายวันตามน้ำหนักความหายาก',
      vi: 'Đúc bằng lượt miễn phí kèm phí đúc, rồi stake NFT vào pool để chia ngân sách BWC hằng ngày theo trọng số độ hiếm.',
      ja: '無料の鋳造回数と手数料で鋳造し、NFTをプールにステーキングすると、レア度の重みに応じて毎日のBWC予算を分け合えます。',
      de: 'Mit dem freien Kontingent gegen Gebühr prägen und das NFT in seinem Pool staken: es teilt ein tägliches BWC-Budget nach Seltenheitsgewicht.',
    },
    body: {
      en: 'Every account can cast three NFTs and buy more casts. A Nexa Genesis cast costs 10 USDT (10,000 can ever be cast); a Nexa Nameplate costs 20 USDT and carries the name you choose.\n\nEach cast draws a rarity: common, rare, epic or legendary, with weights 1, 2, 5 and 10. Staked in its collection’s pool, an NFT shares the pool’s daily BWC budget by weight from the next platform day.\n\nYou can take an NFT out of its pool at any time; the day you take it out no longer counts.',
      zh: '每个账户可免费铸造三个 NFT，并可购买更多次数。铸造一个 Nexa Genesis 需 10 USDT（总量 10,000 个）；Nexa 铭牌需 20 USDT，并带有您选择的名称。\n\n每次铸造随机抽取稀有度：普通、稀有、史诗或传说，权重分别为 1、2、5、10。质押到所属系列的矿池后，NFT 从下一个平台日起按权重分享矿池的每日 BWC 预算。\n\n您可随时将 NFT 取出矿池；取出当天不再计入。',
      ko: '모든 계정은 NFT 세 개를 무료로 주조할 수 있고 주조 횟수를 더 살 수 있습니다. Nexa Genesis는 주조당 10 USDT(총 10,000개), Nexa 네임플레이트는 20 USDT이며 직접 정한 이름이 새겨집니다.\n\n주조할 때마다 희귀도가 무작위로 정해집니다: 일반, 희귀, 에픽, 전설(가중치 1, 2, 5, 10). 컬렉션의 풀에 스테이킹하면 다음 플랫폼일부터 가중치에 따라 풀의 일일 BWC 예산을 나눠 받습니다.\n\nNFT는 언제든 풀에서 뺄 수 있으며, 뺀 날은 더 이상 계산되지 않습니다.',
      th: 'ทุกบัญชีหล่อ NFT ได้ฟรีสามชิ้นและซื้อโควตาเพิ่มได้ การหล่อ Nexa Genesis มีค่า 10 USDT (มีได้ทั้งหมด 10,000 ชิ้น) ส่วนป้ายชื่อ Nexa มีค่า 20 USDT และมีชื่อที่คุณเลือก\n\nการหล่อแต่ละครั้งจะสุ่มความหายาก: ธรรมดา หายาก เอพิค หรือตำนาน โดยมีน้ำหนัก 1, 2, 5 และ 10 เมื่อสเตกในพูลของคอลเลกชัน NFT จะแบ่งงบ BWC รายวันของพูลตามน้ำหนักตั้งแต่วันแพลตฟอร์มถัดไป\n\nคุณนำ NFT ออกจากพูลได้ทุกเมื่อ วันที่นำออกจะไม่ถูกนับอีก',
      vi: 'Mỗi tài khoản được đúc miễn phí ba NFT và có thể mua thêm lượt. Đúc một Nexa Genesis tốn 10 USDT (tổng cộng 10.000 chiếc); một Bảng tên Nexa tốn 20 USDT và mang tên bạn chọn.\n\nMỗi lần đúc rút ngẫu nhiên độ hiếm: thường, hiếm, sử thi hoặc huyền thoại, với trọng số 1, 2, 5 và 10. Khi stake vào pool của bộ sưu tập, NFT chia ngân sách BWC hằng ngày của pool theo trọng số từ ngày nền tảng tiếp theo.\n\nBạn có thể rút NFT khỏi pool bất cứ lúc nào; ngày rút ra không còn được tính.',
      ja: 'どのアカウントもNFTを3つ無料で鋳造でき、鋳造回数を追加購入できます。Nexa Genesisは1回10 USDT（総数10,000）、Nexaネームプレートは20 USDTで、選んだ名前が刻まれます。\n\n鋳造ごとにレア度が抽選されます：コモン、レア、エピック、レジェンダリー（重み1・2・5・10）。コレクションのプールにステーキングすると、翌プラットフォーム日から重みに応じてプールの毎日のBWC予算を分け合います。\n\nNFTはいつでもプールから外せます。外した日は計算に含まれません。',
      de: 'Jedes Konto kann drei NFTs kostenlos prägen und weitere Prägungen kaufen. Ein Nexa Genesis kostet 10 USDT (insgesamt 10.000); ein Nexa-Namensschild kostet 20 USDT und trägt den Namen Ihrer Wahl.\n\nJede Prägung lost eine Seltenheit aus: gewöhnlich, selten, episch oder legendär, mit den Gewichten 1, 2, 5 und 10. Im Pool seiner Sammlung gestakt, teilt ein NFT ab dem nächsten Plattformtag das tägliche BWC-Budget des Pools nach Gewicht.\n\nSie können ein NFT jederzeit aus dem Pool nehmen; der Tag, an dem Sie es herausnehmen, zählt nicht mehr.',
    },
    image: null,
    daysAgo: 16,
  },
  {
    key: 'team-page',
    feature: 'referral',
    title: {
      en: 'The Invitation page shows your team',
      zh: '“邀请”页面展示您的团队',
      ko: '초대 페이지에서 팀을 확인하세요',
      th: 'หน้าเชิญเพื่อนแสดงทีมของคุณ',
      vi: 'Trang Mời bạn bè hiển thị đội của bạn',
      ja: '招待画面でチームを確認できます',
      de: 'Die Einladungsseite zeigt Ihr Team',
    },
    summary: {
      en: 'Follow your direct and valid referrals, your team’s size and performance, and your level in one place.',
      zh: '在一个页面查看直推人数、有效推荐、团队规模与业绩，以及您的等级。',
      ko: '직접 추천과 유효 추천, 팀 규모와 실적, 내 레벨을 한곳에서 확인하세요.',
      th: 'ดูผู้ที่คุณแนะนำโดยตรงและที่ใช้ได้ ขนาดและผลงานของทีม และระดับของคุณได้ในที่เดียว',
      vi: 'Theo dõi người giới thiệu trực tiếp và hợp lệ, quy mô và thành tích của đội cùng cấp độ của bạn ở một nơi.',
      ja: '直接紹介と有効な紹介、チームの規模と実績、あなたのレベルを 1 か所で確認できます。',
      de: 'Direkte und gültige Empfehlungen, Größe und Leistung Ihres Teams und Ihre Stufe an einem Ort.',
    },
    body: {
      en: 'The Invitation page shows how many people you referred directly and how many of them are valid, the size of your whole team, its volume and performance, and your level from V0 to V5.\n\nA direct referral becomes valid once its own staking and machine purchases reach 100 USDT in total. Levels follow your team’s performance (10,000 USDT for V1) and its legs, and a level once reached is kept.\n\nReferrals and levels pay no rewards or bonuses by themselves. Your invitation code and a shareable link stay at the top of the page.',
      zh: '“邀请”页面展示您的直推人数及其中的有效人数、整个团队的规模、团队业绩与业绩量，以及您的等级（V0 至 V5）。\n\n直推用户本人的质押和购机累计达到 100 USDT 后即成为有效推荐。等级取决于团队业绩（V1 为 10,000 USDT）和分支数量，等级一旦达到便会保留。\n\n推荐和等级本身不发放任何奖励或奖金。您的邀请码和分享链接仍位于页面顶部。',
      ko: '초대 페이지에는 직접 추천한 인원과 그중 유효한 인원, 전체 팀 규모, 팀의 거래량과 실적, 그리고 V0부터 V5까지의 내 레벨이 표시됩니다.\n\n직접 추천한 사용자의 스테이킹과 채굴기 구매 합계가 100 USDT에 도달하면 유효 추천이 됩니다. 레벨은 팀 실적(V1은 10,000 USDT)과 라인 수에 따라 정해지며, 한 번 달성한 레벨은 유지됩니다.\n\n추천과 레벨 자체로는 어떠한 보상이나 보너스도 지급되지 않습니다. 초대 코드와 공유 링크는 계속 페이지 상단에 있습니다.',
      th: 'หน้าเชิญเพื่อนแสดงจำนวนคนที่คุณแนะนำโดยตรงและจำนวนที่ใช้ได้ ขนาดของทีมทั้งหมด ปริมาณและผลงานของทีม และระดับของคุณตั้งแต่ V0 ถึง V5\n\nผู้ที่คุณแนะนำโดยตรงจะนับว่าใช้ได้เมื่อยอดการสเตกและการซื้อเครื่องขุดของเขาเองรวมถึง 100 USDT ระดับขึ้นอยู่กับผลงานของทีม (V1 คือ 10,000 USDT) และจำนวนสายงาน และระดับที่ได้แล้วจะคงอยู่\n\nการแนะนำและระดับไม่ได้จ่ายรางวัลหรือโบนัสใด ๆ ในตัวเอง รหัสเชิญและลิงก์สำหรับแชร์ของคุณยังคงอยู่ด้านบนของหน้า',
      vi: 'Trang Mời bạn bè cho biết số người bạn giới thiệu trực tiếp và bao nhiêu người trong số đó hợp lệ, quy mô cả đội, khối lượng và thành tích của đội, cùng cấp độ của bạn từ V0 đến V5.\n\nMột người giới thiệu trực tiếp trở thành hợp lệ khi tổng số tiền staking và mua máy của chính họ đạt 100 USDT. Cấp độ dựa trên thành tích của đội (10.000 USDT cho V1) và số nhánh, và cấp độ đã đạt sẽ được giữ.\n\nBản thân việc giới thiệu và cấp độ không trả bất kỳ phần thưởng hay tiền thưởng nào. Mã mời và đường dẫn chia sẻ của bạn vẫn nằm ở đầu trang.',
      ja: '招待画面には、直接紹介した人数とそのうち有効な人数、チーム全体の規模、チームの取引量と実績、そして V0〜V5 のあなたのレベルが表示されます。\n\n直接紹介した人自身のステーキングとマシン購入の合計が 100 USDT に達すると、有効な紹介になります。レベルはチームの実績（V1 は 10,000 USDT）とライン数で決まり、一度達成したレベルは維持されます。\n\n紹介やレベルそのものが報酬やボーナスを支払うことはありません。招待コードと共有用リンクは引き続き画面上部にあります。',
      de: 'Die Einladungsseite zeigt, wie viele Personen Sie direkt geworben haben und wie viele davon gültig sind, die Größe Ihres ganzen Teams, sein Volumen und seine Leistung sowie Ihre Stufe von V0 bis V5.\n\nEine direkte Empfehlung wird gültig, sobald ihr eigenes Staking und ihre Maschinenkäufe zusammen 100 USDT erreichen. Die Stufen richten sich nach der Leistung Ihres Teams (10.000 USDT für V1) und seinen Linien; eine einmal erreichte Stufe bleibt erhalten.\n\nEmpfehlungen und Stufen zahlen selbst keine Prämien oder Boni. Ihr Einladungscode und ein teilbarer Link bleiben oben auf der Seite.',
    },
    image: null,
    daysAgo: 40,
    claims: [
      { kind: 'no_referral_payouts' },
      { kind: 'setting', key: 'referral.valid_volume_usdt', value: '100' },
      { kind: 'setting', key: 'team.level_performance', path: [0], value: '10000' },
    ],
  },
];

export const DEMO_BULLETIN: readonly DemoArticle[] = [
  {
    key: 'demo-funds',
    title: {
      en: 'Try Nexa with demo funds',
      zh: '使用演示资金体验 Nexa',
      ko: '데모 자금으로 Nexa를 체험하세요',
      th: 'ทดลองใช้ Nexa ด้วยเงินทดลอง',
      vi: 'Trải nghiệm Nexa với tiền demo',
      ja: 'デモ資金で Nexa を試そう',
      de: 'Nexa mit Demo-Guthaben ausprobieren',
    },
    summary: {
      en: 'This is a demo installation: the Deposit page credits demo USDT in one tap, a limited amount per day.',
      zh: '这是一个演示环境：在充值页面一键领取演示 USDT，每天有额度限制。',
      ko: '이곳은 데모 환경입니다. 입금 페이지에서 한 번에 데모 USDT를 받을 수 있으며 하루 한도가 있습니다.',
      th: 'นี่คือระบบทดลอง: หน้าฝากเงินให้ USDT ทดลองได้ในแตะเดียว จำกัดจำนวนต่อวัน',
      vi: 'Đây là bản demo: trang Nạp tiền cấp USDT demo chỉ với một lần chạm, có giới hạn mỗi ngày.',
      ja: 'これはデモ環境です。入金ページからワンタップでデモ USDT を受け取れます（1 日の上限あり）。',
      de: 'Dies ist eine Demo-Installation: Die Einzahlungsseite schreibt Demo-USDT mit einem Tippen gut, begrenzt pro Tag.',
    },
    body: {
      en: 'To try trading without sending real assets, open Deposit and tap Demo funds. The USDT is credited to your spot account at once and shows in Asset records.\n\nDemo funds have no value outside this demo and can be claimed again after the waiting time shown on the page.',
      zh: '无需转入真实资产即可体验交易：打开充值页面，点击“演示资金”。USDT 会立即存入您的现货账户，并显示在资产记录中。\n\n演示资金在此演示环境之外没有任何价值，页面会显示下次可领取的时间。',
      ko: '실제 자산을 보내지 않고 거래를 체험하려면 입금 화면에서 데모 자금을 누르세요. USDT가 즉시 현물 계정에 입금되고 자산 기록에 표시됩니다.\n\n데모 자금은 이 데모 밖에서는 가치가 없으며, 페이지에 표시된 대기 시간이 지나면 다시 받을 수 있습니다.',
      th: 'หากต้องการลองเทรดโดยไม่ต้องส่งสินทรัพย์จริง ให้เปิดหน้าฝากเงินแล้วแตะ เงินทดลอง USDT จะเข้าบัญชีสปอตของคุณทันทีและแสดงในบันทึกสินทรัพย์\n\nเงินทดลองไม่มีมูลค่านอกระบบทดลองนี้ และขอรับใหม่ได้หลังเวลารอที่แสดงในหน้า',
      vi: 'Để thử giao dịch mà không cần gửi tài sản thật, mở trang Nạp tiền và chạm Tiền demo. USDT được ghi ngay vào tài khoản giao ngay và hiển thị trong Lịch sử tài sản.\n\nTiền demo không có giá trị bên ngoài bản demo này và có thể nhận lại sau thời gian chờ hiển thị trên trang.',
      ja: '実際の資産を送らずに取引を試すには、入金ページで「デモ資金」をタップしてください。USDT がすぐに現物口座に入金され、資産履歴に表示されます。\n\nデモ資金はこのデモの外では価値がなく、ページに表示される待ち時間の後に再度受け取れます。',
      de: 'Um den Handel ohne echte Einzahlung auszuprobieren, öffnen Sie Einzahlen und tippen auf Demo-Guthaben. Die USDT werden sofort Ihrem Spot-Konto gutgeschrieben und erscheinen in den Vermögensbuchungen.\n\nDemo-Guthaben hat außerhalb dieser Demo keinen Wert und kann nach der auf der Seite angezeigten Wartezeit erneut abgeholt werden.',
    },
    image: '/static/banners/funds.svg',
    daysAgo: 0,
  },
  {
    key: 'deposit-networks',
    title: {
      en: 'Deposits: your own address on every network',
      zh: '充值：每个网络都有您专属的地址',
      ko: '입금: 네트워크마다 나만의 주소',
      th: 'การฝาก: ที่อยู่ของคุณเองในทุกเครือข่าย',
      vi: 'Nạp tiền: địa chỉ riêng của bạn trên mọi mạng',
      ja: '入金：ネットワークごとにあなた専用のアドレス',
      de: 'Einzahlungen: Ihre eigene Adresse in jedem Netzwerk',
    },
    summary: {
      en: 'The Deposit page shows your address and QR code per network, with the minimum and how deposits on it are credited.',
      zh: '“充值”页面按网络展示您的地址和二维码、最低金额以及该网络的入账方式。',
      ko: '입금 페이지에 네트워크별 주소와 QR 코드, 최소 금액, 그리고 입금 반영 방식이 표시됩니다.',
      th: 'หน้าฝากเงินแสดงที่อยู่และคิวอาร์โค้ดของคุณในแต่ละเครือข่าย พร้อมยอดขั้นต่ำและวิธีเข้าบัญชีของเงินฝาก',
      vi: 'Trang Nạp tiền hiển thị địa chỉ và mã QR của bạn theo từng mạng, kèm mức tối thiểu và cách khoản nạp được ghi có.',
      ja: '入金画面には、ネットワークごとのアドレスと QR コード、最低額、入金の反映方法が表示されます。',
      de: 'Die Einzahlungsseite zeigt Ihre Adresse und den QR-Code je Netzwerk, mit dem Minimum und wie Einzahlungen gutgeschrieben werden.',
    },
    body: {
      en: 'Pick the asset and the network, then copy your address or scan its QR code. Send only that asset on that network: assets sent on another network may be lost.\n\nBy default an operator confirms every deposit: after sending, report the transaction hash and the amount on the same page, and the deposit is credited once an operator has checked it. Where the platform watches a network on chain, the page says so, and deposits on it are credited by themselves after their confirmations.',
      zh: '选择币种和网络，然后复制地址或扫描二维码。只能在该网络上发送该币种，通过其他网络发送的资产可能会丢失。\n\n默认情况下，每笔充值都由运营人员确认：转账后，请在同一页面提交交易哈希和金额，运营人员核实后即可入账。若平台在链上监控某个网络，页面会注明，该网络的充值在达到确认数后自动入账。',
      ko: '자산과 네트워크를 선택한 뒤 주소를 복사하거나 QR 코드를 스캔하세요. 해당 자산은 반드시 해당 네트워크로만 보내야 하며, 다른 네트워크로 보낸 자산은 잃을 수 있습니다.\n\n기본적으로 모든 입금은 운영자가 확인합니다. 송금 후 같은 페이지에서 거래 해시와 금액을 제출하면 운영자가 확인한 뒤 입금이 반영됩니다. 플랫폼이 온체인으로 감시하는 네트워크는 페이지에 그렇게 표시되며, 해당 네트워크의 입금은 필요한 컨펌 후 자동으로 반영됩니다.',
      th: 'เลือกสินทรัพย์และเครือข่าย แล้วคัดลอกที่อยู่หรือสแกนคิวอาร์โค้ด ส่งเฉพาะสินทรัพย์นั้นบนเครือข่ายนั้นเท่านั้น สินทรัพย์ที่ส่งผ่านเครือข่ายอื่นอาจสูญหาย\n\nโดยค่าเริ่มต้น เจ้าหน้าที่จะยืนยันเงินฝากทุกรายการ หลังโอนแล้วให้แจ้งแฮชธุรกรรมและจำนวนเงินในหน้าเดียวกัน เงินฝากจะเข้าบัญชีเมื่อเจ้าหน้าที่ตรวจสอบแล้ว หากแพลตฟอร์มติดตามเครือข่ายใดบนเชน หน้านี้จะระบุไว้ และเงินฝากบนเครือข่ายนั้นจะเข้าบัญชีเองเมื่อได้รับการยืนยันครบ',
      vi: 'Chọn tài sản và mạng, sau đó sao chép địa chỉ hoặc quét mã QR. Chỉ gửi đúng tài sản đó trên đúng mạng đó: tài sản gửi qua mạng khác có thể bị mất.\n\nMặc định, mọi khoản nạp đều do nhân viên vận hành xác nhận: sau khi gửi, hãy khai báo mã giao dịch (hash) và số tiền trên cùng trang, khoản nạp được ghi có sau khi nhân viên kiểm tra. Với mạng mà nền tảng theo dõi trên chuỗi, trang sẽ ghi rõ, và khoản nạp trên mạng đó tự được ghi có sau đủ số xác nhận.',
      ja: '資産とネットワークを選び、アドレスをコピーするか QR コードを読み取ってください。その資産は必ずそのネットワークで送ってください。別のネットワークで送った資産は失われる場合があります。\n\n初期設定では、すべての入金を運営者が確認します。送金後、同じ画面で取引ハッシュと金額を申告すると、運営者の確認後に入金が反映されます。プラットフォームがオンチェーンで監視しているネットワークはその旨が画面に表示され、そのネットワークの入金は承認数に達すると自動で反映されます。',
      de: 'Wählen Sie Asset und Netzwerk, kopieren Sie dann Ihre Adresse oder scannen Sie den QR-Code. Senden Sie nur dieses Asset über dieses Netzwerk: Über ein anderes Netzwerk gesendete Assets können verloren gehen.\n\nStandardmäßig bestätigt ein Betreiber jede Einzahlung: Melden Sie nach dem Senden den Transaktions-Hash und den Betrag auf derselben Seite; gutgeschrieben wird, sobald ein Betreiber sie geprüft hat. Wo die Plattform ein Netzwerk selbst on-chain überwacht, sagt die Seite das, und Einzahlungen darüber werden nach ihren Bestätigungen von selbst gutgeschrieben.',
    },
    image: null,
    daysAgo: 1,
    claims: [{ kind: 'deposits_by_operator' }],
  },
  {
    key: 'withdrawal-review',
    title: {
      en: 'How withdrawals are reviewed',
      zh: '提现审核说明',
      ko: '출금 심사 안내',
      th: 'วิธีตรวจสอบการถอน',
      vi: 'Cách rút tiền được xét duyệt',
      ja: '出金審査について',
      de: 'So werden Auszahlungen geprüft',
    },
    summary: {
      en: 'Every withdrawal is reviewed before it is sent; from 10,000 USDT two reviewers approve it.',
      zh: '每笔提现在发出前都会经过审核；10,000 USDT 及以上需要两名审核人员批准。',
      ko: '모든 출금은 전송 전에 심사되며, 10,000 USDT 이상은 두 명의 심사자가 승인합니다.',
      th: 'การถอนทุกครั้งจะถูกตรวจสอบก่อนส่ง ตั้งแต่ 10,000 USDT ขึ้นไปต้องได้รับอนุมัติจากผู้ตรวจสองคน',
      vi: 'Mọi khoản rút đều được xét duyệt trước khi gửi; từ 10.000 USDT cần hai người duyệt.',
      ja: 'すべての出金は送金前に審査され、10,000 USDT 以上は 2 名の承認が必要です。',
      de: 'Jede Auszahlung wird vor dem Versand geprüft; ab 10.000 USDT geben zwei Prüfer sie frei.',
    },
    body: {
      en: 'When you request a withdrawal, the amount and the 1 USDT fee are frozen in your spot account. A reviewer then sends it, and the transaction hash appears in your withdrawal records, or rejects it with a reason and the frozen amount is released.\n\nThe smallest withdrawal is 10 USDT and the daily limit 50,000 USDT. Withdrawals of 10,000 USDT or more are approved by two different reviewers.',
      zh: '提交提现后，提现金额和 1 USDT 手续费会在现货账户中冻结。审核人员随后发出转账，交易哈希会显示在提现记录中；或者说明原因予以拒绝，冻结的金额将解冻。\n\n单笔最低提现 10 USDT，每日限额 50,000 USDT。10,000 USDT 及以上的提现需由两名不同的审核人员批准。',
      ko: '출금을 요청하면 금액과 1 USDT 수수료가 현물 계정에서 동결됩니다. 이후 심사자가 전송하면 거래 해시가 출금 기록에 표시되고, 거절하면 사유와 함께 동결 금액이 해제됩니다.\n\n최소 출금액은 10 USDT, 일일 한도는 50,000 USDT입니다. 10,000 USDT 이상의 출금은 서로 다른 두 명의 심사자가 승인합니다.',
      th: 'เมื่อคุณขอถอน ยอดเงินและค่าธรรมเนียม 1 USDT จะถูกพักไว้ในบัญชีสปอต จากนั้นผู้ตรวจจะส่งรายการและแฮชธุรกรรมจะแสดงในบันทึกการถอน หรือปฏิเสธพร้อมเหตุผลและคืนยอดที่พักไว้\n\nถอนขั้นต่ำ 10 USDT และวงเงินต่อวัน 50,000 USDT การถอนตั้งแต่ 10,000 USDT ขึ้นไปต้องได้รับอนุมัติจากผู้ตรวจสองคนที่ต่างกัน',
      vi: 'Khi bạn yêu cầu rút, số tiền và phí 1 USDT được tạm giữ trong tài khoản giao ngay. Sau đó người duyệt sẽ gửi đi và mã giao dịch xuất hiện trong lịch sử rút tiền, hoặc từ chối kèm lý do và số tiền tạm giữ được hoàn lại.\n\nSố tiền rút tối thiểu là 10 USDT và hạn mức mỗi ngày là 50.000 USDT. Các khoản rút từ 10.000 USDT trở lên cần hai người duyệt khác nhau phê duyệt.',
      ja: '出金を申請すると、金額と手数料 1 USDT が現物口座で凍結されます。その後、審査担当者が送金すると取引ハッシュが出金履歴に表示され、却下の場合は理由とともに凍結が解除されます。\n\n最低出金額は 10 USDT、1 日の上限は 50,000 USDT です。10,000 USDT 以上の出金は異なる 2 名の審査担当者が承認します。',
      de: 'Wenn Sie eine Auszahlung beantragen, werden Betrag und 1 USDT Gebühr auf Ihrem Spot-Konto reserviert. Ein Prüfer versendet sie dann – der Transaktions-Hash erscheint in Ihren Auszahlungen – oder lehnt sie mit Begründung ab, und der reservierte Betrag wird freigegeben.\n\nDie kleinste Auszahlung beträgt 10 USDT, das Tageslimit 50.000 USDT. Auszahlungen ab 10.000 USDT geben zwei verschiedene Prüfer frei.',
    },
    image: null,
    daysAgo: 3,
    claims: [
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'min'], value: '10' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'fee'], value: '1' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'daily_limit'], value: '50000' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'dual_approval_from'], value: '10000' },
    ],
  },
  {
    key: 'staking-plans-launch',
    feature: 'earn',
    title: {
      en: 'Staking plans are now live',
      zh: '质押计划正式上线',
      ko: '스테이킹 플랜 정식 출시',
      th: 'แผนสเตกกิ้งเปิดให้บริการแล้ว',
      vi: 'Các gói staking đã chính thức ra mắt',
      ja: 'ステーキングプランの提供を開始しました',
      de: 'Staking-Pläne sind jetzt verfügbar',
    },
    summary: {
      en: 'Stake USDT for 30, 90, 180 or 360 days and earn 5% to 15% APR, starting from 100 USDT.',
      zh: '质押 USDT 30、90、180 或 360 天，年化收益率 5% 至 15%，100 USDT 起投。',
      ko: 'USDT를 30일, 90일, 180일 또는 360일 동안 스테이킹하고 연 5~15%의 수익을 받으세요. 최소 100 USDT부터 가능합니다.',
      th: 'สเตก USDT ได้ 30, 90, 180 หรือ 360 วัน รับผลตอบแทน 5% ถึง 15% ต่อปี เริ่มต้นเพียง 100 USDT',
      vi: 'Staking USDT trong 30, 90, 180 hoặc 360 ngày với lãi suất năm từ 5% đến 15%, tối thiểu 100 USDT.',
      ja: 'USDTを30日、90日、180日、360日の期間でステーキングし、年率5〜15%の報酬を得られます。100 USDTから参加できます。',
      de: 'Staken Sie USDT für 30, 90, 180 oder 360 Tage zu 5 % bis 15 % effektivem Jahreszins – ab 100 USDT.',
    },
    body: {
      en: 'Staking plans are now available on Nexa. Choose a term of 30, 90, 180 or 360 days, at 5%, 8%, 12% and 15% APR respectively.\n\nThe minimum stake is 100 USDT. Profit is paid to your wallet every platform day and shown on each order under Staking records; the principal returns automatically when the term ends, or stays staked if you turn on renewal.\n\nOpen Staking from Mine to get started.',
      zh: 'Nexa 质押方案现已上线。可选择 30、90、180 或 360 天的期限，对应年化收益率分别为 5%、8%、12% 和 15%。\n\n最低质押金额为 100 USDT。收益每个平台日发放到您的钱包，并显示在“质押记录”的每个订单中；期限结束时本金自动返还，开启续期则继续质押。\n\n在“我的”中打开“质押”即可开始。',
      ko: 'Nexa에서 스테이킹 상품을 이용할 수 있습니다. 30, 90, 180, 360일 기간 중에서 선택할 수 있으며, 연이율은 각각 5%, 8%, 12%, 15%입니다.\n\n최소 스테이킹 금액은 100 USDT입니다. 수익은 매 플랫폼 일마다 지갑으로 지급되고 스테이킹 기록의 각 주문에 표시되며, 기간이 끝나면 원금이 자동으로 반환되고 연장을 켜면 계속 스테이킹됩니다.\n\n마이에서 스테이킹을 열어 시작하세요.',
      th: 'แผนสเตกพร้อมใช้งานบน Nexa แล้ว เลือกระยะเวลา 30, 90, 180 หรือ 360 วัน ด้วยผลตอบแทนต่อปี 5%, 8%, 12% และ 15% ตามลำดับ\n\nสเตกขั้นต่ำ 100 USDT กำไรจ่ายเข้ากระเป๋าทุกวันของแพลตฟอร์มและแสดงในแต่ละคำสั่งที่บันทึกการสเตก เงินต้นคืนอัตโนมัติเมื่อครบกำหนด หรือสเตกต่อหากเปิดการต่ออายุ\n\nเปิดสเตกจากหน้าของฉันเพื่อเริ่มต้น',
      vi: 'Các gói đặt cọc đã có trên Nexa. Chọn kỳ hạn 30, 90, 180 hoặc 360 ngày với lãi năm lần lượt 5%, 8%, 12% và 15%.\n\nSố tiền đặt cọc tối thiểu là 100 USDT. Lợi nhuận được trả vào ví mỗi ngày nền tảng và hiển thị trên từng lệnh trong Lịch sử đặt cọc; tiền gốc tự động hoàn lại khi hết kỳ hạn, hoặc tiếp tục đặt cọc nếu bạn bật gia hạn.\n\nMở Đặt cọc từ mục Của tôi để bắt đầu.',
      ja: 'Nexa でステーキングプランが利用できるようになりました。30・90・180・360 日の期間から選べ、年率はそれぞれ 5%・8%・12%・15% です。\n\n最低ステーキング額は 100 USDT です。収益は毎プラットフォーム日にウォレットへ支払われ、ステーキング履歴の各注文に表示されます。期間が終わると元本は自動で戻り、更新をオンにするとステーキングが続きます。\n\nマイからステーキングを開いて始めましょう。',
      de: 'Staking-Pläne sind jetzt bei Nexa verfügbar. Wählen Sie eine Laufzeit von 30, 90, 180 oder 360 Tagen zu 5 %, 8 %, 12 % bzw. 15 % Jahreszins.\n\nDer Mindestbetrag ist 100 USDT. Der Ertrag wird an jedem Plattformtag in Ihre Wallet gezahlt und bei jedem Auftrag unter Staking-Aufträge gezeigt; das Kapital kommt am Ende der Laufzeit automatisch zurück oder bleibt bei aktivierter Verlängerung gestakt.\n\nÖffnen Sie Staking unter Ich, um zu beginnen.',
    },
    image: '/static/banners/staking.svg',
    daysAgo: 3,
  },
  {
    key: 'test-cards',
    feature: 'cards',
    title: {
      en: 'Nexa Card: test cards on a simulated issuer',
      zh: 'Nexa 卡：模拟发卡方的测试卡',
      ko: 'Nexa 카드: 시뮬레이션 발급사의 테스트 카드',
      th: 'Nexa Card: บัตรทดสอบจากผู้ออกบัตรจำลอง',
      vi: 'Nexa Card: thẻ thử nghiệm của đơn vị phát hành mô phỏng',
      ja: 'Nexa カード：シミュレーション発行会社のテストカード',
      de: 'Nexa Card: Testkarten eines simulierten Herausgebers',
    },
    summary: {
      en: 'Verified users can open a virtual test card for free and try top-ups and a demo purchase; it pays nowhere.',
      zh: '完成认证的用户可免费开通虚拟测试卡，体验充值和模拟消费；该卡无法在任何地方付款。',
      ko: '인증을 마친 사용자는 가상 테스트 카드를 무료로 발급받아 충전과 데모 결제를 체험할 수 있습니다. 실제 결제는 되지 않습니다.',
      th: 'ผู้ใช้ที่ยืนยันตัวตนแล้วเปิดบัตรทดสอบเสมือนได้ฟรี และลองเติมเงินกับการซื้อสาธิตได้ แต่ใช้จ่ายจริงที่ใดไม่ได้',
      vi: 'Người dùng đã xác minh có thể mở miễn phí thẻ ảo thử nghiệm và thử nạp tiền cùng giao dịch mua demo; thẻ không thanh toán được ở đâu cả.',
      ja: '本人確認を済ませた方は、仮想テストカードを無料で発行し、チャージやデモ購入を試せます。実際の支払いには使えません。',
      de: 'Verifizierte Nutzer eröffnen kostenlos eine virtuelle Testkarte und probieren Aufladungen und einen Demo-Kauf aus; bezahlen kann sie nirgends.',
    },
    body: {
      en: 'Cards on Nexa come from a simulated issuer for now. They are test cards on test BINs such as 424242: they cost nothing to open, top up or replace, and cannot pay at any real merchant. A demo purchase on the card page shows how spending works.\n\nA card needs an approved identity verification (KYC), which an operator reviews. In the demo it is approved by itself after a minute, without any check, and the verification screen says so.\n\nYou can also apply for a physical test card; the simulated issuer marks it shipped after a minute and shows the activation code of its letter.',
      zh: '目前 Nexa 的卡片由模拟发卡方签发，均为使用测试 BIN（如 424242）的测试卡：开卡、充值和换卡都不收费，也无法在任何真实商户付款。卡片页面的模拟消费可以演示消费流程。\n\n开卡需要通过身份认证（KYC），由运营人员审核。演示环境中，认证会在一分钟后自动通过且不做任何核查，认证页面会注明这一点。\n\n您也可以申请实体测试卡；模拟发卡方会在一分钟后将其标记为已寄出，并显示随卡信函中的激活码。',
      ko: '현재 Nexa 카드는 시뮬레이션 발급사가 발급합니다. 424242 같은 테스트 BIN의 테스트 카드로, 발급·충전·재발급 비용이 없으며 실제 가맹점에서는 결제할 수 없습니다. 카드 페이지의 데모 결제로 사용 흐름을 확인할 수 있습니다.\n\n카드를 만들려면 운영자가 심사하는 신원 인증(KYC) 승인이 필요합니다. 데모에서는 아무 확인 없이 1분 후 자동 승인되며, 인증 화면에 그렇게 표시됩니다.\n\n실물 테스트 카드도 신청할 수 있습니다. 시뮬레이션 발급사가 1분 후 발송 처리하고 안내문에 담긴 활성화 코드를 보여 줍니다.',
      th: 'ขณะนี้บัตรของ Nexa ออกโดยผู้ออกบัตรจำลอง เป็นบัตรทดสอบบน BIN ทดสอบ เช่น 424242 ไม่มีค่าธรรมเนียมในการเปิด เติมเงิน หรือเปลี่ยนบัตร และใช้จ่ายกับร้านค้าจริงไม่ได้ การซื้อสาธิตในหน้าบัตรจะแสดงให้เห็นว่าการใช้จ่ายทำงานอย่างไร\n\nการเปิดบัตรต้องผ่านการยืนยันตัวตน (KYC) ซึ่งเจ้าหน้าที่เป็นผู้ตรวจสอบ ในเดโม การยืนยันจะอนุมัติเองหลังหนึ่งนาทีโดยไม่มีการตรวจสอบใด ๆ และหน้ายืนยันตัวตนจะแจ้งไว้\n\nคุณยังขอบัตรทดสอบแบบแข็งได้ ผู้ออกบัตรจำลองจะทำเครื่องหมายว่าจัดส่งแล้วหลังหนึ่งนาที และแสดงรหัสเปิดใช้งานจากจดหมายของบัตร',
      vi: 'Hiện tại thẻ của Nexa do một đơn vị phát hành mô phỏng cấp. Đây là thẻ thử nghiệm trên BIN thử nghiệm như 424242: mở, nạp tiền hay thay thẻ đều miễn phí, và không thể thanh toán tại bất kỳ cửa hàng thật nào. Giao dịch mua demo trên trang thẻ cho thấy cách chi tiêu hoạt động.\n\nMở thẻ cần xác minh danh tính (KYC) được duyệt, do nhân viên vận hành xem xét. Trong bản demo, hồ sơ tự được duyệt sau một phút mà không kiểm tra gì, và màn hình xác minh sẽ ghi rõ điều đó.\n\nBạn cũng có thể đăng ký thẻ vật lý thử nghiệm; đơn vị phát hành mô phỏng đánh dấu đã gửi sau một phút và hiển thị mã kích hoạt trong thư kèm thẻ.',
      ja: '現在、Nexa のカードはシミュレーションの発行会社が発行しています。424242 などのテスト BIN のテストカードで、発行・チャージ・再発行に費用はかからず、実在の加盟店では支払いに使えません。カード画面のデモ購入で利用の流れを確認できます。\n\nカードの発行には、運営者が審査する本人確認（KYC）の承認が必要です。デモでは確認なしで 1 分後に自動承認され、本人確認画面にその旨が表示されます。\n\n物理テストカードも申し込めます。シミュレーション発行会社が 1 分後に発送済みにし、同封の案内状にある有効化コードを表示します。',
      de: 'Karten kommen bei Nexa vorerst von einem simulierten Herausgeber. Es sind Testkarten mit Test-BINs wie 424242: Eröffnen, Aufladen und Ersetzen kosten nichts, und bei echten Händlern kann man damit nicht bezahlen. Ein Demo-Kauf auf der Kartenseite zeigt, wie Ausgaben funktionieren.\n\nEine Karte braucht eine genehmigte Identitätsprüfung (KYC), die ein Betreiber prüft. In der Demo wird sie nach einer Minute ohne jede Prüfung von selbst genehmigt, und die Prüfungsseite sagt das.\n\nSie können auch eine physische Testkarte beantragen; der simulierte Herausgeber meldet sie nach einer Minute als versandt und zeigt den Aktivierungscode ihres Briefs.',
    },
    image: null,
    daysAgo: 6,
    claims: [{ kind: 'test_cards' }],
  },
  {
    key: 'race-season-1',
    feature: 'games',
    title: {
      en: 'Race and quiz games are open',
      zh: '竞速与答题游戏现已开放',
      ko: '레이스와 퀴즈 게임이 열렸습니다',
      th: 'เกมแข่งและเกมตอบคำถามเปิดแล้ว',
      vi: 'Trò chơi đua và đố vui đã mở',
      ja: 'レースとクイズのゲームが始まりました',
      de: 'Renn- und Quizspiele sind geöffnet',
    },
    summary: {
      en: 'Buy tickets, join a race group with a few of them and see the result within a minute. Every draw can be verified.',
      zh: '购买门票，用几张门票加入比赛组，一分钟内即可看到结果。每次开奖都可验证。',
      ko: '티켓을 사서 몇 장으로 경주 그룹에 참가하면 1분 안에 결과를 볼 수 있습니다. 모든 추첨은 검증할 수 있습니다.',
      th: 'ซื้อตั๋ว ใช้ตั๋วสองสามใบเข้าร่วมกลุ่มแข่ง แล้วดูผลได้ภายในหนึ่งนาที ทุกการจับผลตรวจสอบได้',
      vi: 'Mua vé, dùng vài vé để vào một nhóm đua và xem kết quả trong vòng một phút. Mọi lần rút thăm đều có thể kiểm chứng.',
      ja: 'チケットを買い、数枚でレースグループに参加すると、1分以内に結果がわかります。すべての抽選は検証できます。',
      de: 'Kaufen Sie Tickets, treten Sie mit einigen davon einer Renngruppe bei und sehen Sie das Ergebnis innerhalb einer Minute. Jede Ziehung ist überprüfbar.',
    },
    body: {
      en: "Race tickets cost 10 USDT each, or exchange BWC or BWT for them. Join the open group with 1 to 10 tickets: your principal (10 USDT per ticket) is locked until the race settles and then comes back to you. When the group has 10 entrants the race runs, and the top three share 90% of what the tickets were worth (50%, 30% and 20%).\n\nEvery draw uses a commit-reveal process: the hash of the group's secret seed is published when the group opens, every entrant adds a client seed of their own, and the seed is revealed at settlement. Open a race in the match records and tap Verify to check it yourself.\n\nThe quiz tab pays tickets for right answers given in time.",
      zh: '比赛门票每张 10 USDT，也可用 BWC 或 BWT 兑换。使用 1 至 10 张门票加入当前比赛组：您的本金（每张门票 10 USDT）将锁定至比赛结算，之后退还给您。比赛组满 10 人后开赛，前三名按 50%、30%、20% 分享门票价值的 90%。\n\n每次开奖都采用“承诺-揭示”机制：比赛组开启时公布其秘密种子的哈希值，每位参赛者加入时附上自己的客户端种子，结算时公开种子。在比赛记录中打开一场比赛并点击“验证”，即可自行核对。\n\n答题页签会为限时内答对的题目奖励门票。',
      ko: '경주 티켓은 장당 10 USDT이며, BWC나 BWT로 교환할 수도 있습니다. 티켓 1~10장으로 열린 그룹에 참가하세요. 원금(티켓당 10 USDT)은 경주가 정산될 때까지 잠겼다가 돌려받습니다. 그룹에 10명이 모이면 경주가 시작되고, 상위 3명이 티켓 가치의 90%를 50%, 30%, 20%로 나눕니다.\n\n모든 추첨은 커밋-리빌 방식입니다. 그룹이 열릴 때 비밀 시드의 해시가 공개되고, 참가자마다 자신의 클라이언트 시드를 더하며, 정산 때 시드가 공개됩니다. 경기 기록에서 경주를 열고 검증을 누르면 직접 확인할 수 있습니다.\n\n퀴즈 탭에서는 제한 시간 안에 맞힌 답에 티켓을 드립니다.',
      th: 'ตั๋วแข่งราคาใบละ 10 USDT หรือแลกด้วย BWC หรือ BWT ก็ได้ เข้าร่วมกลุ่มที่เปิดอยู่ด้วยตั๋ว 1 ถึง 10 ใบ เงินต้นของคุณ (ใบละ 10 USDT) จะถูกล็อกไว้จนกว่าจะสรุปผลการแข่ง แล้วคืนให้คุณ เมื่อกลุ่มมีผู้เข้าร่วมครบ 10 คน การแข่งจะเริ่ม และสามอันดับแรกจะแบ่งกัน 90% ของมูลค่าตั๋ว (50%, 30% และ 20%)\n\nทุกการจับผลใช้กระบวนการผูกมัดและเปิดเผย: แฮชของซีดลับของกลุ่มจะถูกเผยแพร่เมื่อกลุ่มเปิด ผู้เข้าร่วมแต่ละคนเพิ่มซีดฝั่งไคลเอนต์ของตนเอง และซีดจะถูกเปิดเผยเมื่อสรุปผล เปิดการแข่งในบันทึกการแข่งแล้วแตะ ตรวจสอบ เพื่อตรวจด้วยตัวเอง\n\nแท็บตอบคำถามให้ตั๋วสำหรับคำตอบที่ถูกต้องภายในเวลา',
      vi: 'Vé đua giá 10 USDT mỗi vé, hoặc đổi bằng BWC hay BWT. Tham gia nhóm đang mở với 1 đến 10 vé: tiền gốc của bạn (10 USDT mỗi vé) bị khóa đến khi cuộc đua quyết toán rồi được trả lại. Khi nhóm đủ 10 người, cuộc đua bắt đầu và ba người đứng đầu chia 90% giá trị số vé (50%, 30% và 20%).\n\nMọi lần rút thăm đều dùng cơ chế cam kết - tiết lộ: mã băm của seed bí mật được công bố khi nhóm mở, mỗi người tham gia thêm seed của riêng mình, và seed được tiết lộ khi quyết toán. Mở một cuộc đua trong lịch sử thi đấu và chạm Kiểm chứng để tự kiểm tra.\n\nThẻ đố vui thưởng vé cho câu trả lời đúng trong thời gian quy định.',
      ja: 'レースチケットは1枚10 USDTで、BWCやBWTと交換することもできます。1〜10枚のチケットで受付中のグループに参加すると、元本（チケット1枚につき10 USDT）はレースの精算までロックされ、その後返却されます。グループが10人になるとレースが始まり、上位3名がチケット価値の90%を50%、30%、20%で分け合います。\n\nすべての抽選はコミット・リビール方式です。グループ開始時に秘密のシードのハッシュが公開され、参加者はそれぞれ自分のクライアントシードを加え、精算時にシードが公開されます。対戦記録でレースを開き「検証」をタップすると、ご自身で確認できます。\n\nクイズタブでは、制限時間内の正解にチケットを差し上げます。',
      de: 'Renntickets kosten je 10 USDT, oder Sie tauschen BWC oder BWT dagegen. Treten Sie der offenen Gruppe mit 1 bis 10 Tickets bei: Ihr Einsatz (10 USDT je Ticket) bleibt bis zur Abrechnung des Rennens gesperrt und kommt dann zu Ihnen zurück. Sobald die Gruppe 10 Teilnehmer hat, startet das Rennen, und die ersten drei teilen sich 90 % des Ticketwerts (50 %, 30 % und 20 %).\n\nJede Ziehung folgt dem Commit-Reveal-Verfahren: Der Hash des geheimen Seeds der Gruppe wird bei ihrer Eröffnung veröffentlicht, jeder Teilnehmer fügt einen eigenen Client-Seed hinzu, und der Seed wird bei der Abrechnung offengelegt. Öffnen Sie ein Rennen in den Spielaufzeichnungen und tippen Sie auf „Prüfen“, um es selbst nachzurechnen.\n\nDer Quiz-Tab belohnt richtige Antworten innerhalb der Zeit mit Tickets.',
    },
    image: '/static/banners/race.svg',
    daysAgo: 8,
  },
  {
    key: 'phishing-reminder',
    title: {
      en: 'Security reminder: beware of phishing sites and fake support',
      zh: '安全提醒：谨防钓鱼网站和假冒客服',
      ko: '보안 안내: 피싱 사이트와 사칭 고객센터에 주의하세요',
      th: 'เตือนภัยความปลอดภัย: ระวังเว็บไซต์ฟิชชิงและฝ่ายบริการลูกค้าปลอม',
      vi: 'Nhắc nhở bảo mật: cảnh giác với trang web lừa đảo và bộ phận hỗ trợ giả mạo',
      ja: 'セキュリティに関する注意：フィッシングサイトと偽サポートにご注意ください',
      de: 'Sicherheitshinweis: Vorsicht vor Phishing-Seiten und falschem Support',
    },
    summary: {
      en: 'Nexa staff will never ask for your private key, recovery phrase or verification codes.',
      zh: 'Nexa 工作人员绝不会索要您的私钥、助记词或验证码。',
      ko: 'Nexa 직원은 절대로 개인 키, 복구 문구 또는 인증 코드를 요구하지 않습니다.',
      th: 'เจ้าหน้าที่ Nexa จะไม่ขอคีย์ส่วนตัว วลีกู้คืน หรือรหัสยืนยันของคุณโดยเด็ดขาด',
      vi: 'Nhân viên Nexa sẽ không bao giờ yêu cầu khóa riêng tư, cụm từ khôi phục hay mã xác minh của bạn.',
      ja: 'Nexaのスタッフが秘密鍵、リカバリーフレーズ、認証コードを尋ねることは決してありません。',
      de: 'Nexa-Mitarbeiter fragen niemals nach Ihrem privaten Schlüssel, Ihrer Wiederherstellungsphrase oder Bestätigungscodes.',
    },
    body: {
      en: 'We have seen more phishing websites and fake support accounts that imitate Nexa. Please stay alert.\n\nNexa staff will never ask for your private key, recovery phrase or verification codes, and will never ask you to move funds to a “safe” address. Always make sure you are using the official Nexa app before you sign anything with your wallet.\n\nIf you notice anything suspicious, contact customer support from within the app.',
      zh: '近期冒充 Nexa 的钓鱼网站和假冒客服账号有所增加，请提高警惕。\n\nNexa 工作人员绝不会索要您的私钥、助记词或验证码，也绝不会要求您将资金转入所谓的“安全”地址。使用钱包签名前，请务必确认您使用的是 Nexa 官方应用。\n\n如发现任何可疑情况，请通过应用内的客服渠道联系我们。',
      ko: '최근 Nexa를 사칭하는 피싱 사이트와 가짜 고객센터 계정이 늘고 있습니다. 각별히 주의해 주세요.\n\nNexa 직원은 절대로 개인 키, 복구 문구, 인증 코드를 요구하지 않으며, 자금을 “안전한” 주소로 옮기라고 요청하지도 않습니다. 지갑으로 서명하기 전에 반드시 공식 Nexa 앱을 사용하고 있는지 확인하세요.\n\n의심스러운 점이 있으면 앱 내 고객센터로 문의해 주세요.',
      th: 'ช่วงนี้พบเว็บไซต์ฟิชชิงและบัญชีฝ่ายบริการลูกค้าปลอมที่แอบอ้างเป็น Nexa เพิ่มขึ้น โปรดระมัดระวัง\n\nเจ้าหน้าที่ Nexa จะไม่ขอคีย์ส่วนตัว วลีกู้คืน หรือรหัสยืนยันของคุณ และจะไม่ขอให้คุณโอนเงินไปยังที่อยู่ที่อ้างว่า “ปลอดภัย” โดยเด็ดขาด ก่อนลงนามสิ่งใดด้วยกระเป๋าเงิน โปรดตรวจสอบให้แน่ใจว่าคุณกำลังใช้แอป Nexa อย่างเป็นทางการ\n\nหากพบสิ่งผิดปกติ โปรดติดต่อฝ่ายบริการลูกค้าผ่านช่องทางในแอป',
      vi: 'Gần đây xuất hiện nhiều trang web lừa đảo và tài khoản hỗ trợ giả mạo Nexa hơn. Vui lòng luôn cảnh giác.\n\nNhân viên Nexa sẽ không bao giờ yêu cầu khóa riêng tư, cụm từ khôi phục hay mã xác minh của bạn, và cũng không bao giờ yêu cầu bạn chuyển tiền sang một địa chỉ “an toàn”. Hãy luôn chắc chắn rằng bạn đang dùng ứng dụng Nexa chính thức trước khi ký bất cứ điều gì bằng ví của mình.\n\nNếu phát hiện điều gì đáng ngờ, hãy liên hệ bộ phận chăm sóc khách hàng ngay trong ứng dụng.',
      ja: 'Nexaを装ったフィッシングサイトや偽のサポートアカウントが増えています。十分にご注意ください。\n\nNexaのスタッフが秘密鍵、リカバリーフレーズ、認証コードを尋ねることはなく、資金を「安全な」アドレスへ移すよう求めることも決してありません。ウォレットで署名する前に、必ず公式のNexaアプリを使用していることをご確認ください。\n\n不審な点に気づいた場合は、アプリ内のカスタマーサポートまでご連絡ください。',
      de: 'Zuletzt sind vermehrt Phishing-Websites und gefälschte Support-Konten aufgetaucht, die sich als Nexa ausgeben. Bitte bleiben Sie wachsam.\n\nNexa-Mitarbeiter fragen niemals nach Ihrem privaten Schlüssel, Ihrer Wiederherstellungsphrase oder Bestätigungscodes und fordern Sie nie auf, Guthaben an eine „sichere“ Adresse zu überweisen. Vergewissern Sie sich immer, dass Sie die offizielle Nexa-App verwenden, bevor Sie etwas mit Ihrer Wallet signieren.\n\nWenn Ihnen etwas verdächtig vorkommt, wenden Sie sich über die App an den Kundensupport.',
    },
    image: null,
    daysAgo: 11,
  },
  {
    key: 'futures-fees',
    feature: 'futures',
    title: {
      en: 'Futures fees: 0.02% maker, 0.05% taker',
      zh: '合约手续费：挂单 0.02%，吃单 0.05%',
      ko: '선물 수수료: 메이커 0.02%, 테이커 0.05%',
      th: 'ค่าธรรมเนียมฟิวเจอร์ส: เมกเกอร์ 0.02% เทกเกอร์ 0.05%',
      vi: 'Phí hợp đồng tương lai: maker 0,02%, taker 0,05%',
      ja: '先物手数料：メイカー 0.02%、テイカー 0.05%',
      de: 'Futures-Gebühren: 0,02 % Maker, 0,05 % Taker',
    },
    summary: {
      en: 'The futures maker fee is 0.02% and the taker fee 0.05%; these rates apply to every futures trade now.',
      zh: '合约挂单手续费为 0.02%，吃单手续费为 0.05%，现已适用于每一笔合约交易。',
      ko: '선물 메이커 수수료는 0.02%, 테이커 수수료는 0.05%이며 현재 모든 선물 거래에 적용됩니다.',
      th: 'ค่าธรรมเนียมเมกเกอร์ฟิวเจอร์สคือ 0.02% และเทกเกอร์ 0.05% ใช้กับการเทรดฟิวเจอร์สทุกครั้งแล้วในตอนนี้',
      vi: 'Phí maker hợp đồng tương lai là 0,02% và phí taker 0,05%; mức phí này đang áp dụng cho mọi giao dịch hợp đồng tương lai.',
      ja: '先物のメイカー手数料は 0.02%、テイカー手数料は 0.05% で、現在すべての先物取引に適用されています。',
      de: 'Die Futures-Maker-Gebühr beträgt 0,02 % und die Taker-Gebühr 0,05 %; sie gelten bereits für jeden Futures-Handel.',
    },
    body: {
      en: 'On all USDT-margined perpetual futures, the maker fee is 0.02% and the taker fee 0.05% of the position value traded. These rates already apply to every futures trade; no action is needed on your part.\n\nSpot trading fees are 0.08% for makers and 0.1% for takers, and the withdrawal fee is 1 USDT per withdrawal.',
      zh: '所有 USDT 保证金永续合约的挂单手续费为成交仓位价值的 0.02%，吃单手续费为 0.05%。该费率已适用于每一笔合约交易，您无需进行任何操作。\n\n现货交易的挂单手续费为 0.08%，吃单手续费为 0.1%；每笔提现手续费为 1 USDT。',
      ko: '모든 USDT 마진 무기한 선물에서 메이커 수수료는 거래된 포지션 가치의 0.02%, 테이커 수수료는 0.05%입니다. 이 수수료는 이미 모든 선물 거래에 적용되고 있으며 따로 하실 일은 없습니다.\n\n현물 거래 수수료는 메이커 0.08%, 테이커 0.1%이며 출금 수수료는 건당 1 USDT입니다.',
      th: 'สำหรับฟิวเจอร์สแบบไม่มีวันหมดอายุที่ใช้ USDT เป็นมาร์จิ้นทุกคู่ ค่าธรรมเนียมเมกเกอร์คือ 0.02% และเทกเกอร์ 0.05% ของมูลค่าโพซิชันที่เทรด อัตรานี้ใช้กับการเทรดฟิวเจอร์สทุกครั้งแล้ว คุณไม่ต้องดำเนินการใด ๆ\n\nค่าธรรมเนียมเทรดสปอตคือ 0.08% สำหรับเมกเกอร์และ 0.1% สำหรับเทกเกอร์ และค่าธรรมเนียมถอนเงินคือ 1 USDT ต่อครั้ง',
      vi: 'Với mọi hợp đồng vĩnh cửu ký quỹ USDT, phí maker là 0,02% và phí taker là 0,05% giá trị vị thế giao dịch. Mức phí này đã áp dụng cho mọi giao dịch hợp đồng tương lai; bạn không cần làm gì thêm.\n\nPhí giao dịch giao ngay là 0,08% cho maker và 0,1% cho taker, phí rút tiền là 1 USDT mỗi lần rút.',
      ja: 'すべての USDT 証拠金の無期限先物で、メイカー手数料は取引したポジション価値の 0.02%、テイカー手数料は 0.05% です。この料率はすでにすべての先物取引に適用されており、お客様の操作は不要です。\n\n現物取引の手数料はメイカー 0.08%、テイカー 0.1% で、出金手数料は 1 回 1 USDT です。',
      de: 'Auf allen USDT-margined Perpetual Futures beträgt die Maker-Gebühr 0,02 % und die Taker-Gebühr 0,05 % des gehandelten Positionswerts. Diese Sätze gelten bereits für jeden Futures-Handel; Sie müssen nichts tun.\n\nIm Spothandel betragen die Gebühren 0,08 % für Maker und 0,1 % für Taker, und die Auszahlungsgebühr ist 1 USDT pro Auszahlung.',
    },
    image: null,
    daysAgo: 14,
    claims: [
      { kind: 'rate', key: 'futures.maker_fee_rate', percent: '0.02' },
      { kind: 'rate', key: 'futures.taker_fee_rate', percent: '0.05' },
      { kind: 'rate', key: 'market.maker_fee_rate', percent: '0.08' },
      { kind: 'rate', key: 'market.taker_fee_rate', percent: '0.1' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'fee'], value: '1' },
    ],
  },
  {
    key: 'team-levels',
    feature: 'referral',
    title: {
      en: 'Team levels V1–V5: what they mean',
      zh: '团队等级 V1–V5 的含义',
      ko: '팀 레벨 V1–V5의 의미',
      th: 'ระดับทีม V1–V5 หมายถึงอะไร',
      vi: 'Cấp độ đội V1–V5 nghĩa là gì',
      ja: 'チームレベル V1〜V5 の意味',
      de: 'Teamstufen V1–V5: was sie bedeuten',
    },
    summary: {
      en: 'Levels follow your team’s performance and legs; referrals and levels pay no rewards or bonuses.',
      zh: '等级取决于团队业绩和分支数量；推荐和等级不发放任何奖励或奖金。',
      ko: '레벨은 팀 실적과 라인 수에 따라 정해지며, 추천과 레벨로는 보상이나 보너스가 지급되지 않습니다.',
      th: 'ระดับขึ้นอยู่กับผลงานและสายงานของทีม การแนะนำและระดับไม่ได้จ่ายรางวัลหรือโบนัส',
      vi: 'Cấp độ dựa trên thành tích và số nhánh của đội; việc giới thiệu và cấp độ không trả phần thưởng hay tiền thưởng.',
      ja: 'レベルはチームの実績とライン数で決まります。紹介やレベルで報酬やボーナスが支払われることはありません。',
      de: 'Stufen folgen der Leistung und den Linien Ihres Teams; Empfehlungen und Stufen zahlen weder Prämien noch Boni.',
    },
    body: {
      en: 'Your level rises from V1 to V5 as your team’s performance reaches 10,000, 50,000, 200,000, 1,000,000 and 5,000,000 USDT, with at least two legs. A level once reached is kept.\n\nThere is no referral or team reward program: referrals and levels pay nothing by themselves. With mining, a level adds a share of your team’s hash power to your effective power, and mining output comes from the daily mining emission.\n\nFollow your team and your next level on the Invitation page.',
      zh: '当团队业绩达到 10,000、50,000、200,000、1,000,000 和 5,000,000 USDT，且至少有两个分支时，您的等级依次从 V1 升至 V5。等级一旦达到便会保留。\n\n平台没有推荐或团队奖励计划：推荐和等级本身不支付任何费用。在挖矿中，等级会把团队算力的一部分计入您的有效算力，挖矿产出来自每日的挖矿释放量。\n\n在“邀请”页面查看您的团队和下一等级。',
      ko: '팀 실적이 10,000, 50,000, 200,000, 1,000,000, 5,000,000 USDT에 도달하고 라인이 2개 이상이면 레벨이 V1에서 V5까지 오릅니다. 한 번 달성한 레벨은 유지됩니다.\n\n추천이나 팀 보상 프로그램은 없습니다. 추천과 레벨 자체로는 아무것도 지급되지 않습니다. 채굴에서는 레벨에 따라 팀 해시파워의 일부가 유효 해시파워에 더해지며, 채굴 산출은 매일의 채굴 발행량에서 나옵니다.\n\n초대 페이지에서 팀과 다음 레벨을 확인하세요.',
      th: 'ระดับของคุณจะขึ้นจาก V1 ถึง V5 เมื่อผลงานของทีมถึง 10,000, 50,000, 200,000, 1,000,000 และ 5,000,000 USDT โดยมีอย่างน้อยสองสายงาน ระดับที่ได้แล้วจะคงอยู่\n\nไม่มีโปรแกรมรางวัลการแนะนำหรือรางวัลทีม การแนะนำและระดับไม่ได้จ่ายอะไรในตัวเอง ในการขุด ระดับจะเพิ่มส่วนหนึ่งของแรงขุดของทีมเข้าไปในแรงขุดที่มีผลของคุณ และผลผลิตการขุดมาจากปริมาณการปล่อยเหรียญรายวันของการขุด\n\nดูทีมและระดับถัดไปของคุณได้ที่หน้าเชิญเพื่อน',
      vi: 'Cấp độ của bạn tăng từ V1 đến V5 khi thành tích của đội đạt 10.000, 50.000, 200.000, 1.000.000 và 5.000.000 USDT, với ít nhất hai nhánh. Cấp độ đã đạt sẽ được giữ.\n\nKhông có chương trình thưởng giới thiệu hay thưởng đội: bản thân việc giới thiệu và cấp độ không trả gì. Với khai thác, cấp độ cộng một phần sức mạnh băm của đội vào sức mạnh hiệu dụng của bạn, và sản lượng khai thác đến từ lượng phát hành khai thác hằng ngày.\n\nTheo dõi đội và cấp độ tiếp theo của bạn trên trang Mời bạn bè.',
      ja: 'チームの実績が 10,000、50,000、200,000、1,000,000、5,000,000 USDT に達し、ラインが 2 つ以上あると、レベルは V1 から V5 へ上がります。一度達成したレベルは維持されます。\n\n紹介やチームの報酬プログラムはありません。紹介やレベルそのものは何も支払いません。マイニングでは、レベルに応じてチームのハッシュパワーの一部が有効ハッシュパワーに加わり、マイニング産出は毎日の発行量から支払われます。\n\nチームと次のレベルは招待画面で確認できます。',
      de: 'Ihre Stufe steigt von V1 bis V5, sobald die Leistung Ihres Teams 10.000, 50.000, 200.000, 1.000.000 und 5.000.000 USDT erreicht, mit mindestens zwei Linien. Eine einmal erreichte Stufe bleibt erhalten.\n\nEin Empfehlungs- oder Team-Prämienprogramm gibt es nicht: Empfehlungen und Stufen zahlen selbst nichts. Beim Mining fügt eine Stufe Ihrer effektiven Leistung einen Anteil der Hash-Leistung Ihres Teams hinzu, und der Mining-Ertrag stammt aus der täglichen Mining-Ausschüttung.\n\nIhr Team und Ihre nächste Stufe sehen Sie auf der Einladungsseite.',
    },
    image: '/static/banners/invite.svg',
    daysAgo: 20,
    claims: [
      { kind: 'no_referral_payouts' },
      { kind: 'setting', key: 'team.level_performance', path: [0], value: '10000' },
      { kind: 'setting', key: 'team.level_performance', path: [4], value: '5000000' },
      { kind: 'setting', key: 'team.level_legs', value: '2' },
    ],
  },
  {
    key: 'mining-payout-time',
    feature: 'mining',
    title: {
      en: 'Mining output is paid every platform day (00:00 UTC+8)',
      zh: '挖矿产出于每个平台日（UTC+8 00:00）发放',
      ko: '채굴 산출은 매 플랫폼일(UTC+8 00:00)에 지급됩니다',
      th: 'ผลผลิตการขุดจ่ายทุกวันแพลตฟอร์ม (00:00 UTC+8)',
      vi: 'Sản lượng khai thác được trả mỗi ngày nền tảng (00:00 UTC+8)',
      ja: 'マイニング産出は毎プラットフォーム日（UTC+8 0:00）に支払われます',
      de: 'Mining-Ertrag wird jeden Plattformtag gezahlt (00:00 UTC+8)',
    },
    summary: {
      en: 'Each ended platform day is settled once and paid to your wallet; every payout is listed under Mining records.',
      zh: '每个结束的平台日只结算一次并发放到钱包；每笔产出都列在挖矿记录中。',
      ko: '끝난 플랫폼일은 한 번만 정산되어 지갑으로 지급되며, 모든 지급은 채굴 기록에 표시됩니다.',
      th: 'แต่ละวันแพลตฟอร์มที่สิ้นสุดจะชำระครั้งเดียวและจ่ายเข้ากระเป๋า ทุกการจ่ายแสดงในบันทึกการขุด',
      vi: 'Mỗi ngày nền tảng kết thúc được quyết toán một lần và trả vào ví; mọi khoản trả đều có trong Lịch sử khai thác.',
      ja: '終了したプラットフォーム日は一度だけ精算されウォレットに支払われます。すべての支払いはマイニング記録に表示されます。',
      de: 'Jeder beendete Plattformtag wird einmal abgerechnet und in Ihre Wallet gezahlt; jede Zahlung steht in den Mining-Einträgen.',
    },
    body: {
      en: 'A platform day runs from 00:00 to 24:00 UTC+8. Shortly after a day ends, its 10,000 BWC are shared by the effective hash power of everyone whose machines ran that day, and paid once to each wallet.\n\nA machine bought during a day starts earning the next day. Every payout, with your power and the network’s, is listed under Mining records and Profit records.',
      zh: '平台日为 UTC+8 的 00:00 至 24:00。每天结束后不久，当天的 10,000 BWC 按当天运行矿机的所有用户的有效算力分配，并向每个钱包发放一次。\n\n当天购买的矿机从次日开始产出。每笔产出及您的算力与全网算力，都列在挖矿记录和收益记录中。',
      ko: '플랫폼일은 UTC+8 기준 00:00부터 24:00까지입니다. 하루가 끝나면 곧 그날의 10,000 BWC가 그날 채굴기를 운영한 모든 사용자의 유효 해시파워에 따라 분배되어 각 지갑에 한 번 지급됩니다.\n\n하루 중에 구매한 채굴기는 다음 날부터 산출합니다. 모든 지급 내역은 내 해시파워와 네트워크 해시파워와 함께 채굴 기록과 수익 기록에 표시됩니다.',
      th: 'วันแพลตฟอร์มเริ่มเวลา 00:00 ถึง 24:00 UTC+8 ไม่นานหลังสิ้นวัน BWC 10,000 ของวันนั้นจะแบ่งตามแฮชพาวเวอร์ที่มีผลของทุกคนที่มีเครื่องทำงานในวันนั้น และจ่ายเข้ากระเป๋าแต่ละใบครั้งเดียว\n\nเครื่องที่ซื้อระหว่างวันจะเริ่มให้ผลผลิตในวันถัดไป ทุกการจ่ายพร้อมแฮชพาวเวอร์ของคุณและของเครือข่ายแสดงในบันทึกการขุดและบันทึกกำไร',
      vi: 'Một ngày nền tảng kéo dài từ 00:00 đến 24:00 UTC+8. Ngay sau khi ngày kết thúc, 10.000 BWC của ngày đó được chia theo sức mạnh băm hiệu dụng của mọi người có máy chạy trong ngày và trả một lần vào từng ví.\n\nMáy mua trong ngày bắt đầu sinh sản lượng từ ngày hôm sau. Mọi khoản trả, kèm sức mạnh của bạn và của toàn mạng, đều có trong Lịch sử khai thác và Lịch sử lợi nhuận.',
      ja: 'プラットフォーム日はUTC+8の0:00から24:00までです。1日が終わるとまもなく、その日の10,000 BWCが、その日にマシンを稼働していた全員の有効ハッシュパワーに応じて分配され、各ウォレットに一度だけ支払われます。\n\n日中に購入したマシンは翌日から産出します。すべての支払いは、自分とネットワークのハッシュパワーとともにマイニング記録と収益記録に表示されます。',
      de: 'Ein Plattformtag dauert von 00:00 bis 24:00 UTC+8. Kurz nach seinem Ende werden seine 10.000 BWC nach der effektiven Hashrate aller verteilt, deren Maschinen an diesem Tag liefen, und einmal in jede Wallet gezahlt.\n\nEine im Laufe eines Tages gekaufte Maschine erzeugt ab dem nächsten Tag. Jede Zahlung steht mit Ihrer und der Netzwerk-Hashrate in den Mining- und Ertragseinträgen.',
    },
    image: null,
    daysAgo: 24,
    claims: [{ kind: 'setting', key: 'mining.lines', path: ['main', 'daily_emission'], value: '10000' }],
  },
  {
    key: 'copy-tier-rules',
    feature: 'copy',
    title: {
      en: 'Copy trader tiers and profit share',
      zh: '跟单交易员等级与分润',
      ko: '카피 트레이더 등급과 수익 배분',
      th: 'ระดับเทรดเดอร์คัดลอกและส่วนแบ่งกำไร',
      vi: 'Cấp nhà giao dịch sao chép và chia lợi nhuận',
      ja: 'コピートレーダーの等級と利益分配',
      de: 'Copy-Trader-Stufen und Gewinnbeteiligung',
    },
    summary: {
      en: 'Tiers follow from followers and assets under copy, recomputed daily: junior, intermediate (10 followers, 10,000 USDT) and senior (50, 100,000 USDT).',
      zh: '等级根据跟单人数和跟单资产每日重新计算：初级、中级（10 人、10,000 USDT）和高级（50 人、100,000 USDT）。',
      ko: '등급은 팔로워 수와 카피 자산으로 매일 다시 계산됩니다: 주니어, 중급(10명, 10,000 USDT), 시니어(50명, 100,000 USDT).',
      th: 'ระดับคำนวณใหม่ทุกวันจากผู้ติดตามและสินทรัพย์ที่ถูกคัดลอก: ระดับต้น ระดับกลาง (10 คน 10,000 USDT) และระดับสูง (50 คน 100,000 USDT)',
      vi: 'Cấp được tính lại hằng ngày theo số người theo và tài sản được sao chép: sơ cấp, trung cấp (10 người, 10.000 USDT) và cao cấp (50 người, 100.000 USDT).',
      ja: '等級はフォロワー数とコピー資産から毎日再計算されます：初級、中級（10人・10,000 USDT）、上級（50人・100,000 USDT）。',
      de: 'Stufen ergeben sich täglich neu aus Followern und kopiertem Kapital: Junior, Mittel (10 Follower, 10.000 USDT) und Senior (50, 100.000 USDT).',
    },
    body: {
      en: "A lead trader's tier is recomputed every day from the active followers and the assets under copy (the followers' budgets). Junior: any lead trader, 8% profit share, up to 100 followers. Intermediate: at least 10 followers and 10,000 USDT, 10%, up to 300. Senior: at least 50 followers and 100,000 USDT, 12%, up to 500.\n\nProfit share is settled weekly and only on realized copy profit above its previous high, so the same profit is never shared twice.",
      zh: '带单交易员的等级每天根据当前跟单人数和跟单资产（跟单者预算之和）重新计算。初级：任何带单交易员，分润 8%，最多 100 人。中级：至少 10 人且 10,000 USDT，分润 10%，最多 300 人。高级：至少 50 人且 100,000 USDT，分润 12%，最多 500 人。\n\n分润每周结算，且只针对超过历史最高的已实现跟单收益，同一笔收益不会重复分润。',
      ko: '리드 트레이더의 등급은 활성 팔로워와 카피 자산(팔로워 예산의 합)으로 매일 다시 계산됩니다. 주니어: 모든 리드 트레이더, 수익 배분 8%, 최대 100명. 중급: 팔로워 10명 이상, 10,000 USDT 이상, 10%, 최대 300명. 시니어: 팔로워 50명 이상, 100,000 USDT 이상, 12%, 최대 500명.\n\n수익 배분은 매주 정산되며, 이전 최고치를 넘는 실현 카피 수익에만 적용되어 같은 수익이 두 번 배분되지 않습니다.',
      th: 'ระดับของเทรดเดอร์ผู้นำคำนวณใหม่ทุกวันจากผู้ติดตามที่ใช้งานอยู่และสินทรัพย์ที่ถูกคัดลอก (ผลรวมงบประมาณของผู้ติดตาม) ระดับต้น: เทรดเดอร์ผู้นำทุกคน ส่วนแบ่งกำไร 8% สูงสุด 100 คน ระดับกลาง: อย่างน้อย 10 คนและ 10,000 USDT ส่วนแบ่ง 10% สูงสุด 300 คน ระดับสูง: อย่างน้อย 50 คนและ 100,000 USDT ส่วนแบ่ง 12% สูงสุด 500 คน\n\nส่วนแบ่งกำไรชำระรายสัปดาห์ และคิดเฉพาะกำไรการคัดลอกที่เกิดขึ้นจริงส่วนที่เกินจุดสูงสุดเดิม กำไรเดียวกันจึงไม่ถูกแบ่งซ้ำ',
      vi: 'Cấp của nhà giao dịch dẫn dắt được tính lại mỗi ngày theo số người theo đang hoạt động và tài sản được sao chép (tổng ngân sách của người theo). Sơ cấp: mọi nhà giao dịch dẫn dắt, chia lợi nhuận 8%, tối đa 100 người. Trung cấp: ít nhất 10 người và 10.000 USDT, 10%, tối đa 300. Cao cấp: ít nhất 50 người và 100.000 USDT, 12%, tối đa 500.\n\nChia lợi nhuận được quyết toán hằng tuần và chỉ trên lợi nhuận sao chép đã thực hiện vượt mức cao nhất trước đó, nên cùng một khoản lợi nhuận không bị chia hai lần.',
      ja: 'リードトレーダーの等級は、アクティブなフォロワーとコピー資産（フォロワーの予算の合計）から毎日再計算されます。初級：すべてのリードトレーダー、利益分配 8%、最大 100 人。中級：10 人以上かつ 10,000 USDT 以上、10%、最大 300 人。上級：50 人以上かつ 100,000 USDT 以上、12%、最大 500 人。\n\n利益分配は毎週精算され、過去最高を超えた確定コピー利益にのみかかるため、同じ利益が二度分配されることはありません。',
      de: 'Die Stufe eines Lead-Traders wird täglich aus aktiven Followern und kopiertem Kapital (den Budgets der Follower) neu berechnet. Junior: jeder Lead-Trader, 8 % Gewinnbeteiligung, bis 100 Follower. Mittel: mindestens 10 Follower und 10.000 USDT, 10 %, bis 300. Senior: mindestens 50 Follower und 100.000 USDT, 12 %, bis 500.\n\nDie Gewinnbeteiligung wird wöchentlich abgerechnet, nur auf realisierten Kopiergewinn über dem bisherigen Höchststand – derselbe Gewinn wird nie zweimal beteiligt.',
    },
    image: null,
    daysAgo: 29,
  },
  {
    key: 'insurance-launch',
    feature: 'insurance',
    title: {
      en: 'Insurance cover for futures positions is available',
      zh: '合约仓位保险已上线',
      ko: '선물 포지션 보험이 출시되었습니다',
      th: 'ประกันสำหรับสถานะฟิวเจอร์สเปิดให้บริการแล้ว',
      vi: 'Bảo hiểm cho vị thế hợp đồng tương lai đã có',
      ja: '先物ポジションの保険が利用可能になりました',
      de: 'Versicherungsschutz für Futures-Positionen ist verfügbar',
    },
    summary: {
      en: 'A cover of 100 to 10,000 USDT for a 5 % premium; after a liquidation or stop-loss it pays 4 % of the covered loss.',
      zh: '保额 100 至 10,000 USDT，保费 5%；强平或止损亏损后赔付所保亏损的 4%。',
      ko: '보장 한도 100~10,000 USDT, 보험료 5%. 청산이나 손절 손실 시 보장 손실의 4%를 지급합니다.',
      th: 'วงเงินคุ้มครอง 100 ถึง 10,000 USDT เบี้ย 5% เมื่อถูกชำระบัญชีหรือตัดขาดทุน จะจ่าย 4% ของผลขาดทุนที่คุ้มครอง',
      vi: 'Hạn mức bảo hiểm 100 đến 10.000 USDT với phí 5%; sau khi bị thanh lý hoặc cắt lỗ, trả 4% khoản lỗ được bảo hiểm.',
      ja: '補償限度額100〜10,000 USDT、保険料5%。清算またはストップロスでの損失時に、補償対象損失の4%を支払います。',
      de: 'Deckung von 100 bis 10.000 USDT für 5 % Prämie; nach Liquidation oder Stop-Loss zahlt sie 4 % des gedeckten Verlusts.',
    },
    body: {
      en: 'Insurance covers futures positions. Choose a limit from 100 to 10,000 USDT and pay a premium of 5 % of it from your spot account; a cover is valid for 30 days.\n\nIt covers positions opened at least 24 hours after you bought it, at no more than 20× leverage, that end by liquidation or by their stop-loss with a loss. Each such loss pays 4 % of its covered part into your futures account, once per position, until the limit is used up.\n\nBuy a cover and follow your compensations from the futures screen.',
      zh: '保险承保合约仓位。选择 100 至 10,000 USDT 的保额，并从现货账户支付保额 5% 的保费；保障有效期 30 天。\n\n它承保在购买 24 小时后开立、杠杆不超过 20 倍、因强平或止损而亏损结束的仓位。每笔此类亏损按所保部分的 4% 赔付至您的合约账户，每个仓位一次，直至保额用完。\n\n可在合约页面购买保障并查看赔付记录。',
      ko: '보험은 선물 포지션을 보장합니다. 100~10,000 USDT 중 한도를 정하고 그 5%를 현물 계정에서 보험료로 냅니다. 보장은 30일간 유효합니다.\n\n구매 후 24시간이 지나 개설되고 레버리지 20배 이하이며 청산 또는 손절로 손실을 본 포지션을 보장합니다. 이런 손실마다 보장된 부분의 4%가 포지션당 한 번, 한도가 소진될 때까지 선물 계정으로 지급됩니다.\n\n선물 화면에서 보험을 구매하고 보상 내역을 확인하세요.',
      th: 'ประกันคุ้มครองสถานะฟิวเจอร์ส เลือกวงเงิน 100 ถึง 10,000 USDT และจ่ายเบี้ย 5% ของวงเงินจากบัญชีสปอต ความคุ้มครองมีอายุ 30 วัน\n\nคุ้มครองสถานะที่เปิดหลังซื้ออย่างน้อย 24 ชั่วโมง ใช้เลเวอเรจไม่เกิน 20 เท่า และปิดด้วยการชำระบัญชีหรือตัดขาดทุนโดยขาดทุน แต่ละครั้งจะจ่าย 4% ของส่วนที่คุ้มครองเข้าบัญชีฟิวเจอร์ส ครั้งเดียวต่อสถานะ จนกว่าวงเงินจะหมด\n\nซื้อความคุ้มครองและติดตามค่าชดเชยได้จากหน้าฟิวเจอร์ส',
      vi: 'Bảo hiểm bảo vệ các vị thế hợp đồng tương lai. Chọn hạn mức từ 100 đến 10.000 USDT và trả phí 5% hạn mức từ tài khoản giao ngay; bảo hiểm có hiệu lực 30 ngày.\n\nBảo hiểm áp dụng cho vị thế mở sau khi mua ít nhất 24 giờ, đòn bẩy không quá 20×, kết thúc do thanh lý hoặc cắt lỗ với khoản lỗ. Mỗi khoản lỗ như vậy được trả 4% phần được bảo hiểm vào tài khoản hợp đồng, mỗi vị thế một lần, cho đến khi hết hạn mức.\n\nMua bảo hiểm và theo dõi khoản bồi thường từ màn hình hợp đồng.',
      ja: '保険は先物ポジションを補償します。100〜10,000 USDTの限度額を選び、その5%を保険料として現物口座から支払います。補償の有効期間は30日です。\n\n購入から24時間以上後に建てた、レバレッジ20倍以下で、清算またはストップロスにより損失で終わったポジションが対象です。こうした損失ごとに、補償対象部分の4%がポジションごとに一度、限度額に達するまで先物口座に支払われます。\n\n先物画面から保険を購入し、補償の記録を確認できます。',
      de: 'Die Versicherung deckt Futures-Positionen. Wählen Sie ein Limit von 100 bis 10.000 USDT und zahlen Sie 5 % davon als Prämie aus dem Spot-Konto; die Deckung gilt 30 Tage.\n\nGedeckt sind Positionen, die frühestens 24 Stunden nach dem Kauf mit höchstens 20× Hebel eröffnet wurden und durch Liquidation oder Stop-Loss mit Verlust enden. Jeder solche Verlust zahlt 4 % seines gedeckten Teils in Ihr Futures-Konto, einmal je Position, bis das Limit aufgebraucht ist.\n\nDeckung kaufen und Entschädigungen verfolgen Sie im Futures-Bildschirm.',
    },
    image: null,
    daysAgo: 38,
  },
];

export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    key: 'wallet-sign-in',
    question: {
      en: 'How do I sign in with a wallet?',
      zh: '如何使用钱包登录？',
      ko: '지갑으로 어떻게 로그인하나요?',
      th: 'จะเข้าสู่ระบบด้วยกระเป๋าเงินได้อย่างไร',
      vi: 'Làm thế nào để đăng nhập bằng ví?',
      ja: 'ウォレットでログインするにはどうすればよいですか？',
      de: 'Wie melde ich mich mit einer Wallet an?',
    },
    answer: {
      en: 'Tap Sign in and choose a wallet: a browser wallet such as MetaMask or OKX Wallet, or a local wallet created in this browser. Your wallet then asks you to sign a message. Signing only proves that you own the address; it does not send a transaction, move funds or cost any gas. On your first sign-in you also need an invitation code.',
      zh: '点击“登录”并选择钱包：可以是 MetaMask、OKX Wallet 等浏览器钱包，也可以是在本浏览器中创建的本地钱包。随后钱包会请求您签署一条消息。签名仅用于证明您拥有该地址，不会发起交易、转移资金，也不会消耗任何 Gas 费。首次登录时还需要填写邀请码。',
      ko: '로그인을 누르고 지갑을 선택하세요. MetaMask나 OKX Wallet 같은 브라우저 지갑, 또는 이 브라우저에서 생성하는 로컬 지갑을 사용할 수 있습니다. 그러면 지갑이 메시지 서명을 요청합니다. 서명은 주소의 소유자임을 증명할 뿐이며, 트랜잭션을 보내거나 자금을 옮기지 않고 가스비도 들지 않습니다. 처음 로그인할 때는 초대 코드도 필요합니다.',
      th: 'แตะ เข้าสู่ระบบ แล้วเลือกกระเป๋าเงิน ซึ่งอาจเป็นกระเป๋าเงินบนเบราว์เซอร์ เช่น MetaMask หรือ OKX Wallet หรือกระเป๋าเงินในเครื่องที่สร้างขึ้นในเบราว์เซอร์นี้ จากนั้นกระเป๋าเงินจะขอให้คุณลงนามข้อความ การลงนามเป็นเพียงการพิสูจน์ว่าคุณเป็นเจ้าของที่อยู่นั้น ไม่มีการส่งธุรกรรม ไม่มีการโอนเงิน และไม่เสียค่าแก๊ส ในการเข้าสู่ระบบครั้งแรกคุณต้องใช้รหัสเชิญด้วย',
      vi: 'Chạm vào Đăng nhập và chọn một ví: ví trình duyệt như MetaMask hoặc OKX Wallet, hoặc ví cục bộ được tạo ngay trong trình duyệt này. Sau đó ví sẽ yêu cầu bạn ký một tin nhắn. Việc ký chỉ chứng minh bạn sở hữu địa chỉ đó; nó không gửi giao dịch, không chuyển tiền và không tốn phí gas. Ở lần đăng nhập đầu tiên, bạn cũng cần nhập mã mời.',
      ja: '「ログイン」をタップしてウォレットを選びます。MetaMaskやOKX Walletなどのブラウザウォレットのほか、このブラウザ内で作成するローカルウォレットも使えます。次に、ウォレットからメッセージへの署名を求められます。署名はアドレスの所有者であることを証明するだけで、トランザクションの送信や資金の移動は行われず、ガス代もかかりません。初回ログイン時には招待コードも必要です。',
      de: 'Tippen Sie auf „Anmelden“ und wählen Sie eine Wallet: eine Browser-Wallet wie MetaMask oder OKX Wallet oder eine lokale Wallet, die in diesem Browser erstellt wird. Ihre Wallet bittet Sie dann, eine Nachricht zu signieren. Die Signatur beweist nur, dass Ihnen die Adresse gehört – es wird keine Transaktion gesendet, kein Guthaben bewegt und kein Gas verbraucht. Bei der ersten Anmeldung benötigen Sie außerdem einen Einladungscode.',
    },
  },
  {
    key: 'invitation-code',
    question: {
      en: 'What is the invitation code?',
      zh: '什么是邀请码？',
      ko: '초대 코드란 무엇인가요?',
      th: 'รหัสเชิญคืออะไร',
      vi: 'Mã mời là gì?',
      ja: '招待コードとは何ですか？',
      de: 'Was ist der Einladungscode?',
    },
    answer: {
      en: 'An invitation code links your new account to the person who invited you, and it is required the first time you sign in. After signing in, you will find your own code under Mine. Share it with friends: when they join with your code, they become your direct referrals, and you can earn referral rewards from their activity.',
      zh: '邀请码用于将您的新账户与邀请人关联，首次登录时必须填写。登录后，您可以在“我的”页面找到自己的邀请码。将它分享给好友：好友使用您的邀请码注册后即成为您的直推用户，您可以从他们的活动中获得推荐奖励。',
      ko: '초대 코드는 새 계정을 초대한 사람과 연결해 주며, 처음 로그인할 때 반드시 필요합니다. 로그인한 후에는 마이 페이지에서 내 초대 코드를 확인할 수 있습니다. 친구에게 공유해 보세요. 친구가 내 코드로 가입하면 나의 직접 추천인이 되고, 친구의 활동에 따라 추천 보상을 받을 수 있습니다.',
      th: 'รหัสเชิญใช้เชื่อมบัญชีใหม่ของคุณกับผู้ที่เชิญคุณ และจำเป็นต้องใช้เมื่อเข้าสู่ระบบครั้งแรก หลังเข้าสู่ระบบแล้ว คุณจะพบรหัสเชิญของตัวเองในหน้าของฉัน แชร์รหัสนี้ให้เพื่อน เมื่อเพื่อนสมัครด้วยรหัสของคุณ เพื่อนจะกลายเป็นผู้ที่คุณแนะนำโดยตรง และคุณจะได้รับรางวัลการแนะนำจากกิจกรรมของพวกเขา',
      vi: 'Mã mời liên kết tài khoản mới của bạn với người đã mời bạn và là bắt buộc ở lần đăng nhập đầu tiên. Sau khi đăng nhập, bạn sẽ thấy mã mời của riêng mình trong mục Của tôi. Hãy chia sẻ mã cho bạn bè: khi họ tham gia bằng mã của bạn, họ trở thành người được bạn giới thiệu trực tiếp và bạn có thể nhận phần thưởng giới thiệu từ hoạt động của họ.',
      ja: '招待コードは、新しいアカウントを招待してくれた人と結び付けるもので、初回ログイン時に必要です。ログイン後は、マイページでご自身の招待コードを確認できます。友達に共有しましょう。友達があなたのコードで登録すると直接紹介となり、その活動に応じて紹介報酬を受け取れます。',
      de: 'Der Einladungscode verknüpft Ihr neues Konto mit der Person, die Sie eingeladen hat, und wird bei der ersten Anmeldung benötigt. Nach der Anmeldung finden Sie Ihren eigenen Code unter „Ich“. Teilen Sie ihn mit Freunden: Wenn sie sich mit Ihrem Code registrieren, werden sie zu Ihren direkten Empfehlungen, und Sie können durch ihre Aktivität Empfehlungsprämien verdienen.',
    },
  },
  {
    key: 'deposit-how',
    question: {
      en: 'How are deposits credited?',
      zh: '充值如何到账？',
      ko: '입금은 어떻게 반영되나요?',
      th: 'เงินฝากจะเข้าบัญชีอย่างไร',
      vi: 'Tiền nạp được ghi có như thế nào?',
      ja: '入金はどのように反映されますか？',
      de: 'Wie werden Einzahlungen gutgeschrieben?',
    },
    answer: {
      en: 'Copy your deposit address on the Deposit page and send the asset on the network shown there. By default an operator confirms every deposit: report the transaction hash and the amount on the same page, and the deposit is credited once an operator has checked it. A network the platform watches on chain is marked on the page and credited by itself after its confirmations. On a watched network a deposit may show in your balance as locked from its first confirmations and becomes usable at the count the page gives; if its block leaves the chain before that, it is taken back and its record says so. Follow the status in Deposit records. Assets sent on the wrong network or to the wrong address may not be recoverable.',
      zh: '在“充值”页面复制您的充值地址，并通过页面显示的网络发送资产。默认情况下，每笔充值都由运营人员确认：请在同一页面提交交易哈希和金额，运营人员核实后即可入账。平台在链上监控的网络会在页面上注明，并在达到确认数后自动入账。在受监控的网络上，充值可能在最初几个确认后以锁定状态显示在余额中，并在达到页面所示的确认数后可用；若其区块在此之前被移出链，充值将被撤回，记录中会注明。您可以在充值记录中查看状态。通过错误网络或发送到错误地址的资产可能无法找回。',
      ko: '입금 페이지에서 입금 주소를 복사하고, 표시된 네트워크로 자산을 보내세요. 기본적으로 모든 입금은 운영자가 확인합니다. 같은 페이지에서 거래 해시와 금액을 제출하면 운영자가 확인한 후 입금이 반영됩니다. 플랫폼이 온체인으로 감시하는 네트워크는 페이지에 표시되며, 필요한 컨펌 후 자동으로 반영됩니다. 감시되는 네트워크에서는 입금이 처음 몇 번의 컨펌 후 잔액에 잠김 상태로 표시될 수 있으며, 페이지에 표시된 컨펌 수에 도달하면 사용할 수 있습니다. 그 전에 블록이 체인에서 빠지면 입금이 취소되고 기록에 표시됩니다. 진행 상태는 입금 기록에서 확인할 수 있습니다. 잘못된 네트워크나 잘못된 주소로 보낸 자산은 복구하지 못할 수 있습니다.',
      th: 'คัดลอกที่อยู่ฝากเงินในหน้าฝากเงิน แล้วส่งสินทรัพย์ผ่านเครือข่ายที่แสดงไว้ โดยค่าเริ่มต้น เจ้าหน้าที่จะยืนยันเงินฝากทุกรายการ ให้แจ้งแฮชธุรกรรมและจำนวนเงินในหน้าเดียวกัน เงินฝากจะเข้าบัญชีเมื่อเจ้าหน้าที่ตรวจสอบแล้ว เครือข่ายที่แพลตฟอร์มติดตามบนเชนจะมีระบุไว้ในหน้า และจะเข้าบัญชีเองเมื่อได้รับการยืนยันครบ บนเครือข่ายที่ติดตาม เงินฝากอาจแสดงในยอดคงเหลือเป็นยอดล็อกตั้งแต่การยืนยันแรก ๆ และใช้ได้เมื่อครบจำนวนที่หน้าแสดง หากบล็อกหลุดออกจากเชนก่อนนั้น เงินฝากจะถูกดึงคืนและบันทึกจะแจ้งไว้ ติดตามสถานะได้ในบันทึกการฝาก สินทรัพย์ที่ส่งผิดเครือข่ายหรือผิดที่อยู่อาจกู้คืนไม่ได้',
      vi: 'Sao chép địa chỉ nạp trên trang Nạp tiền và gửi tài sản qua mạng hiển thị ở đó. Mặc định, mọi khoản nạp đều do nhân viên vận hành xác nhận: hãy khai báo mã giao dịch (hash) và số tiền trên cùng trang, khoản nạp được ghi có sau khi nhân viên kiểm tra. Mạng mà nền tảng theo dõi trên chuỗi được ghi rõ trên trang và tự ghi có sau đủ số xác nhận. Trên mạng được theo dõi, khoản nạp có thể hiện trong số dư ở trạng thái khóa từ những xác nhận đầu tiên và dùng được khi đủ số xác nhận trang hiển thị; nếu khối của nó bị loại khỏi chuỗi trước đó, khoản nạp bị thu hồi và lịch sử ghi rõ. Theo dõi trạng thái trong Lịch sử nạp tiền. Tài sản gửi sai mạng hoặc sai địa chỉ có thể không khôi phục được.',
      ja: '入金画面で入金アドレスをコピーし、表示されたネットワークで資産を送ってください。初期設定では、すべての入金を運営者が確認します。同じ画面で取引ハッシュと金額を申告すると、運営者の確認後に入金が反映されます。プラットフォームがオンチェーンで監視しているネットワークは画面に表示され、承認数に達すると自動で反映されます。監視対象のネットワークでは、入金は最初の承認後にロック中として残高に表示されることがあり、画面に示された承認数に達すると利用可能になります。それまでにブロックがチェーンから外れた場合、入金は取り消され、履歴に表示されます。状況は入金履歴で確認できます。誤ったネットワークや誤ったアドレスに送った資産は取り戻せない場合があります。',
      de: 'Kopieren Sie Ihre Einzahlungsadresse auf der Einzahlungsseite und senden Sie das Asset über das dort angezeigte Netzwerk. Standardmäßig bestätigt ein Betreiber jede Einzahlung: Melden Sie den Transaktions-Hash und den Betrag auf derselben Seite; gutgeschrieben wird, sobald ein Betreiber sie geprüft hat. Ein Netzwerk, das die Plattform selbst on-chain überwacht, ist auf der Seite markiert und wird nach seinen Bestätigungen von selbst gutgeschrieben. Auf einem überwachten Netzwerk kann eine Einzahlung ab ihren ersten Bestätigungen gesperrt im Guthaben erscheinen und wird bei der auf der Seite genannten Zahl verfügbar; verlässt ihr Block vorher die Chain, wird sie zurückgebucht und die Buchung zeigt es an. Den Status sehen Sie in den Einzahlungsbuchungen. Über ein falsches Netzwerk oder an eine falsche Adresse gesendete Assets lassen sich unter Umständen nicht wiederherstellen.',
    },
    claims: [{ kind: 'deposits_by_operator' }],
  },
  {
    key: 'withdrawal-limits',
    question: {
      en: 'What are the withdrawal fees and limits?',
      zh: '提现手续费和限额是多少？',
      ko: '출금 수수료와 한도는 어떻게 되나요?',
      th: 'ค่าธรรมเนียมและวงเงินการถอนเป็นเท่าไร',
      vi: 'Phí và hạn mức rút tiền là bao nhiêu?',
      ja: '出金手数料と上限はいくらですか？',
      de: 'Welche Gebühren und Limits gelten für Auszahlungen?',
    },
    answer: {
      en: 'The minimum withdrawal is 10 USDT, and each withdrawal has a fixed fee of 1 USDT. You can withdraw up to 50,000 USDT per platform day. Every withdrawal is sent after an operator has reviewed it, and one of 10,000 USDT or more needs two operators; a rejected withdrawal is released back to you with the reason.',
      zh: '单笔最低提现金额为 10 USDT，每笔提现收取固定手续费 1 USDT。每个平台日最多可提现 50,000 USDT。每笔提现都在运营人员审核后发出，10,000 USDT 及以上的提现需要两名运营人员批准；被拒绝的提现会连同原因退回给您。',
      ko: '최소 출금 금액은 10 USDT이며, 출금 1건당 1 USDT의 고정 수수료가 부과됩니다. 플랫폼 하루 기준 최대 50,000 USDT까지 출금할 수 있습니다. 모든 출금은 운영자의 검토 후 전송되며, 10,000 USDT 이상은 운영자 두 명의 승인이 필요합니다. 거절된 출금은 사유와 함께 반환됩니다.',
      th: 'ยอดถอนขั้นต่ำคือ 10 USDT และการถอนแต่ละครั้งมีค่าธรรมเนียมคงที่ 1 USDT คุณถอนได้สูงสุด 50,000 USDT ต่อวันของแพลตฟอร์ม การถอนทุกรายการจะถูกส่งหลังจากเจ้าหน้าที่ตรวจสอบแล้ว และการถอนตั้งแต่ 10,000 USDT ขึ้นไปต้องได้รับอนุมัติจากเจ้าหน้าที่สองคน การถอนที่ถูกปฏิเสธจะคืนให้คุณพร้อมเหตุผล',
      vi: 'Số tiền rút tối thiểu là 10 USDT và mỗi lần rút chịu phí cố định 1 USDT. Bạn có thể rút tối đa 50.000 USDT mỗi ngày nền tảng. Mọi lệnh rút đều được gửi sau khi nhân viên vận hành xét duyệt, lệnh từ 10.000 USDT trở lên cần hai nhân viên phê duyệt; lệnh rút bị từ chối được hoàn lại cho bạn kèm lý do.',
      ja: '最低出金額は 10 USDT で、出金 1 回ごとに 1 USDT の固定手数料がかかります。プラットフォームの 1 日あたり最大 50,000 USDT まで出金できます。すべての出金は運営者の審査後に送金され、10,000 USDT 以上は 2 名の運営者の承認が必要です。却下された出金は理由とともに返還されます。',
      de: 'Die Mindestauszahlung beträgt 10 USDT, und für jede Auszahlung fällt eine feste Gebühr von 1 USDT an. Pro Plattformtag können Sie bis zu 50.000 USDT auszahlen. Jede Auszahlung wird gesendet, nachdem ein Betreiber sie geprüft hat, ab 10.000 USDT müssen zwei Betreiber zustimmen; eine abgelehnte Auszahlung wird Ihnen mit dem Grund zurückgegeben.',
    },
    claims: [
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'min'], value: '10' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'fee'], value: '1' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'daily_limit'], value: '50000' },
      { kind: 'setting', key: 'withdraw.rules', path: ['USDT', 'dual_approval_from'], value: '10000' },
    ],
  },
  {
    key: 'staking-plans',
    feature: 'earn',
    question: {
      en: 'Which staking plans are available?',
      zh: '有哪些质押计划？',
      ko: '어떤 스테이킹 플랜이 있나요?',
      th: 'มีแผนสเตกกิ้งแบบใดบ้าง',
      vi: 'Có những gói staking nào?',
      ja: 'どのようなステーキングプランがありますか？',
      de: 'Welche Staking-Pläne gibt es?',
    },
    answer: {
      en: 'You can stake USDT for 30, 90, 180 or 360 days at 5%, 8%, 12% or 15% APR respectively. The minimum stake is 100 USDT. Profit is paid every platform day and shown on each order under Staking records, and your principal returns to your wallet automatically when the term ends.',
      zh: '您可以质押 USDT 30、90、180 或 360 天，对应年化收益率分别为 5%、8%、12% 和 15%。最低质押金额为 100 USDT。收益每个平台日发放，显示在“质押记录”的每个订单中；期限结束时本金自动返还到您的钱包。',
      ko: 'USDT를 30, 90, 180, 360일 동안 각각 연 5%, 8%, 12%, 15%로 스테이킹할 수 있습니다. 최소 금액은 100 USDT입니다. 수익은 매 플랫폼 일마다 지급되어 스테이킹 기록의 각 주문에 표시되며, 기간이 끝나면 원금이 자동으로 지갑에 반환됩니다.',
      th: 'คุณสามารถสเตก USDT ได้ 30, 90, 180 หรือ 360 วัน ที่ผลตอบแทนต่อปี 5%, 8%, 12% หรือ 15% ตามลำดับ ขั้นต่ำ 100 USDT กำไรจ่ายทุกวันของแพลตฟอร์มและแสดงในแต่ละคำสั่งที่บันทึกการสเตก และเงินต้นคืนเข้ากระเป๋าอัตโนมัติเมื่อครบกำหนด',
      vi: 'Bạn có thể đặt cọc USDT trong 30, 90, 180 hoặc 360 ngày với lãi năm lần lượt 5%, 8%, 12% hoặc 15%. Tối thiểu 100 USDT. Lợi nhuận được trả mỗi ngày nền tảng và hiển thị trên từng lệnh trong Lịch sử đặt cọc, tiền gốc tự động hoàn về ví khi hết kỳ hạn.',
      ja: 'USDT を 30・90・180・360 日間、それぞれ年率 5%・8%・12%・15% でステーキングできます。最低額は 100 USDT です。収益は毎プラットフォーム日に支払われてステーキング履歴の各注文に表示され、期間が終わると元本は自動でウォレットに戻ります。',
      de: 'Sie können USDT für 30, 90, 180 oder 360 Tage zu 5 %, 8 %, 12 % bzw. 15 % Jahreszins staken. Der Mindestbetrag ist 100 USDT. Der Ertrag wird an jedem Plattformtag gezahlt und bei jedem Auftrag unter Staking-Aufträge gezeigt; das Kapital kommt am Ende der Laufzeit automatisch in Ihre Wallet zurück.',
    },
  },
  {
    key: 'mining-hash-power',
    feature: 'mining',
    question: {
      en: 'How does mining hash power work?',
      zh: '挖矿算力是如何运作的？',
      ko: '채굴 해시파워는 어떻게 작동하나요?',
      th: 'แฮชพาวเวอร์ในการขุดทำงานอย่างไร',
      vi: 'Sức mạnh băm khi đào hoạt động như thế nào?',
      ja: 'マイニングのハッシュパワーはどのような仕組みですか？',
      de: 'Wie funktioniert die Hashrate beim Mining?',
    },
    answer: {
      en: 'Each machine adds its hash power (and any bonus power) as soon as you buy it. Your effective power is your own machines’ power plus, while you run machines of your own, 10 % of your direct referrals’ power and a team-level share (V1 2 % to V5 10 %) of your team’s power. Each platform day, 10,000 BWC are shared by effective power: your share is your power divided by the whole network’s. Payouts are listed under Mining records, and every change of your power under Hash-power records.',
      zh: '每台矿机在购买后立即增加其算力（及赠送算力）。您的有效算力为自有矿机算力，加上在您自己运行矿机期间，直推用户算力的 10% 以及团队等级对应的团队算力份额（V1 2% 至 V5 10%）。每个平台日的 10,000 BWC 按有效算力分配：您的份额为您的算力除以全网算力。产出列在挖矿记录中，算力的每次变化列在算力记录中。',
      ko: '각 채굴기는 구매 즉시 해시파워(및 보너스 파워)를 더합니다. 유효 해시파워는 본인 채굴기의 파워에, 본인 채굴기를 운영하는 동안 직추천 파워의 10%와 팀 등급에 따른 팀 파워 몫(V1 2%~V5 10%)을 더한 값입니다. 매 플랫폼일 10,000 BWC가 유효 파워에 따라 분배되며, 내 몫은 내 파워를 네트워크 전체 파워로 나눈 비율입니다. 지급은 채굴 기록에, 파워 변동은 해시파워 기록에 표시됩니다.',
      th: 'เครื่องขุดแต่ละเครื่องเพิ่มแฮชพาวเวอร์ (และโบนัส) ทันทีที่ซื้อ แฮชพาวเวอร์ที่มีผลคือพลังของเครื่องของคุณ บวก—ขณะที่คุณมีเครื่องของตัวเองทำงาน—10% ของพลังผู้ที่คุณแนะนำโดยตรง และส่วนแบ่งตามระดับทีม (V1 2% ถึง V5 10%) ของพลังทีม ทุกวันแพลตฟอร์ม BWC 10,000 จะแบ่งตามพลังที่มีผล ส่วนของคุณคือพลังของคุณหารด้วยพลังทั้งเครือข่าย การจ่ายแสดงในบันทึกการขุด และการเปลี่ยนแปลงพลังแสดงในบันทึกแฮชพาวเวอร์',
      vi: 'Mỗi máy cộng sức mạnh băm (và sức mạnh thưởng) ngay khi bạn mua. Sức mạnh hiệu dụng là sức mạnh máy của bạn, cộng thêm—khi bạn có máy đang chạy—10% sức mạnh của người được giới thiệu trực tiếp và phần theo cấp nhóm (V1 2% đến V5 10%) của sức mạnh nhóm. Mỗi ngày nền tảng, 10.000 BWC được chia theo sức mạnh hiệu dụng: phần của bạn là sức mạnh của bạn chia cho toàn mạng. Các khoản trả có trong Lịch sử khai thác, mọi thay đổi sức mạnh có trong Lịch sử sức mạnh băm.',
      ja: '各マシンは購入と同時にハッシュパワー（とボーナスパワー）を加えます。有効ハッシュパワーは自分のマシンのパワーに、自分のマシンを稼働している間は直接紹介者のパワーの10%と、チームレベルに応じたチームパワーの分（V1 2%〜V5 10%）を加えたものです。毎プラットフォーム日、10,000 BWCが有効パワーに応じて分配され、あなたの取り分は自分のパワーをネットワーク全体のパワーで割った割合です。支払いはマイニング記録に、パワーの変化はハッシュパワー記録に表示されます。',
      de: 'Jede Maschine fügt ihre Hashrate (und Bonusleistung) sofort nach dem Kauf hinzu. Ihre effektive Hashrate ist die Ihrer eigenen Maschinen plus – solange Sie eigene Maschinen betreiben – 10 % der Hashrate Ihrer direkten Empfehlungen und ein Team-Anteil nach Stufe (V1 2 % bis V5 10 %) der Team-Hashrate. An jedem Plattformtag werden 10.000 BWC nach effektiver Hashrate verteilt: Ihr Anteil ist Ihre Hashrate geteilt durch die des ganzen Netzwerks. Zahlungen stehen in den Mining-Einträgen, jede Änderung Ihrer Hashrate in den Hashrate-Einträgen.',
    },
  },
  {
    key: 'copy-trader-tier',
    feature: 'copy',
    question: {
      en: 'What is a copy trader tier?',
      zh: '什么是跟单交易员等级？',
      ko: '카피 트레이더 등급이란 무엇인가요?',
      th: 'ระดับเทรดเดอร์ต้นแบบคืออะไร',
      vi: 'Cấp bậc nhà giao dịch sao chép là gì?',
      ja: 'コピートレーダーのランクとは何ですか？',
      de: 'Was ist eine Copy-Trader-Stufe?',
    },
    answer: {
      en: "A tier (junior, intermediate or senior copy-trader) follows from a lead trader's active followers and the assets under copy, recomputed every day. Higher tiers accept more followers (100, 300, 500) and earn a larger share of their followers' realized profit above its previous high (8%, 10%, 12%). A tier does not guarantee future profits.",
      zh: '等级（初级、中级或高级跟单交易员）根据带单交易员当前的跟单人数和跟单资产每天重新计算。等级越高，可接受的跟单人数越多（100、300、500），从跟单者超过历史最高的已实现收益中获得的分成也越高（8%、10%、12%）。等级不代表未来收益。',
      ko: '등급(주니어, 중급, 시니어 카피 트레이더)은 리드 트레이더의 활성 팔로워와 카피 자산으로 매일 다시 계산됩니다. 등급이 높을수록 더 많은 팔로워(100, 300, 500명)를 받을 수 있고, 팔로워의 이전 최고치를 넘는 실현 수익에서 더 큰 배분(8%, 10%, 12%)을 받습니다. 등급이 미래 수익을 보장하지는 않습니다.',
      th: 'ระดับ (เทรดเดอร์คัดลอกระดับต้น ระดับกลาง หรือระดับสูง) คำนวณใหม่ทุกวันจากผู้ติดตามที่ใช้งานอยู่และสินทรัพย์ที่ถูกคัดลอกของเทรดเดอร์ผู้นำ ระดับที่สูงกว่ารับผู้ติดตามได้มากกว่า (100, 300, 500 คน) และได้ส่วนแบ่งจากกำไรที่เกิดขึ้นจริงของผู้ติดตามส่วนที่เกินจุดสูงสุดเดิมมากกว่า (8%, 10%, 12%) ระดับไม่ได้รับประกันกำไรในอนาคต',
      vi: 'Cấp (nhà giao dịch sao chép sơ cấp, trung cấp hoặc cao cấp) được tính lại mỗi ngày theo số người theo đang hoạt động và tài sản được sao chép của nhà giao dịch dẫn dắt. Cấp cao hơn nhận được nhiều người theo hơn (100, 300, 500) và hưởng phần chia lớn hơn từ lợi nhuận đã thực hiện của người theo vượt mức cao nhất trước đó (8%, 10%, 12%). Cấp không đảm bảo lợi nhuận tương lai.',
      ja: '等級（初級・中級・上級コピートレーダー）は、リードトレーダーのアクティブなフォロワーとコピー資産から毎日再計算されます。上位の等級ほど多くのフォロワー（100・300・500人）を受け入れ、フォロワーの過去最高を超えた確定利益からより大きな分配（8%・10%・12%）を受け取ります。等級は将来の利益を保証しません。',
      de: 'Nexa-Mitarbeitende fragen Sie niemals nach Ihrem privaten Schlüssel, Ihrer Wiederherstellungsphrase oder Bestätigungscodes.',
    },
  },
  {
    key: 'race-fairness',
    feature: 'games',
    question: {
      en: 'How can I verify that a race draw is fair?',
      zh: '如何验证竞速赛开奖是公平的？',
      ko: '레이스 추첨이 공정한지 어떻게 확인할 수 있나요?',
      th: 'จะตรวจสอบได้อย่างไรว่าการจับรางวัลการแข่งขันยุติธรรม',
      vi: 'Làm sao để kiểm chứng kết quả cuộc đua là công bằng?',
      ja: 'レースの抽選が公正であることはどのように確認できますか？',
      de: 'Wie kann ich prüfen, ob eine Rennziehung fair ist?',
    },
    answer: {
      en: "Each race group commits to a secret seed by publishing its hash when the group opens, before anyone joins. Every entrant adds a client seed of their own when joining. At settlement the seed is revealed, and the ranking is computed from it together with every entrant's client seed, tickets and join order, so no one could know or change the result in advance. In the match records, open a race and tap Verify: the app hashes the revealed seed, compares it with the published hash and recomputes the ranking.",
      zh: '每个比赛组在开启时（任何人加入之前）公布一个秘密种子的哈希值作为承诺。每位参赛者加入时附上自己的客户端种子。结算时公开种子，排名由种子以及所有参赛者的客户端种子、门票数和加入顺序共同计算，因此任何人都无法事先知道或更改结果。在比赛记录中打开一场比赛并点击“验证”：应用会对公开的种子计算哈希，与公布的哈希比对，并重新计算排名。',
      ko: '각 경주 그룹은 누군가 참가하기 전, 그룹이 열릴 때 비밀 시드의 해시를 공개하여 커밋합니다. 참가자는 참가할 때 자신의 클라이언트 시드를 더합니다. 정산 때 시드가 공개되고, 순위는 시드와 모든 참가자의 클라이언트 시드, 티켓 수, 참가 순서로 계산되므로 누구도 결과를 미리 알거나 바꿀 수 없습니다. 경기 기록에서 경주를 열고 검증을 누르면 앱이 공개된 시드를 해시해 공개된 해시와 비교하고 순위를 다시 계산합니다.',
      th: 'แต่ละกลุ่มแข่งจะผูกมัดกับซีดลับโดยเผยแพร่แฮชของซีดเมื่อกลุ่มเปิด ก่อนที่ใครจะเข้าร่วม ผู้เข้าร่วมแต่ละคนเพิ่มซีดฝั่งไคลเอนต์ของตนเองเมื่อเข้าร่วม เมื่อสรุปผล ซีดจะถูกเปิดเผย และอันดับคำนวณจากซีดร่วมกับซีดฝั่งไคลเอนต์ จำนวนตั๋ว และลำดับการเข้าร่วมของทุกคน จึงไม่มีใครรู้หรือเปลี่ยนผลล่วงหน้าได้ เปิดการแข่งในบันทึกการแข่งแล้วแตะ ตรวจสอบ แอปจะคำนวณแฮชของซีดที่เปิดเผย เทียบกับแฮชที่เผยแพร่ และคำนวณอันดับใหม่',
      vi: 'Mỗi nhóm đua cam kết một seed bí mật bằng cách công bố mã băm của nó khi nhóm mở, trước khi có ai tham gia. Mỗi người tham gia thêm seed của riêng mình khi vào nhóm. Khi quyết toán, seed được tiết lộ và thứ hạng được tính từ seed cùng seed, số vé và thứ tự tham gia của mọi người, nên không ai biết trước hay thay đổi được kết quả. Trong lịch sử thi đấu, mở một cuộc đua và chạm Kiểm chứng: ứng dụng băm seed đã tiết lộ, so với mã băm đã công bố và tính lại thứ hạng.',
      ja: '各レースグループは、誰かが参加する前のグループ開始時に秘密のシードのハッシュを公開してコミットします。参加者は参加時にそれぞれ自分のクライアントシードを加えます。精算時にシードが公開され、順位はそのシードと全参加者のクライアントシード、チケット数、参加順から計算されるため、誰も結果を事前に知ったり変えたりできません。対戦記録でレースを開いて「検証」をタップすると、アプリが公開されたシードをハッシュ化して公開済みのハッシュと照合し、順位を再計算します。',
      de: 'Jede Renngruppe legt sich auf einen geheimen Seed fest, indem sie bei ihrer Eröffnung, bevor jemand beitritt, dessen Hash veröffentlicht. Jeder Teilnehmer fügt beim Beitritt einen eigenen Client-Seed hinzu. Bei der Abrechnung wird der Seed offengelegt, und die Rangfolge ergibt sich aus ihm zusammen mit den Client-Seeds, Tickets und der Beitrittsreihenfolge aller Teilnehmer – niemand konnte das Ergebnis vorher kennen oder ändern. Öffnen Sie in den Spielaufzeichnungen ein Rennen und tippen Sie auf „Prüfen“: Die App hasht den offengelegten Seed, vergleicht ihn mit dem veröffentlichten Hash und berechnet die Rangfolge neu.',
    },
  },
  {
    key: 'open-test-card',
    feature: 'cards',
    question: {
      en: 'How do I open a card?',
      zh: '如何开通卡片？',
      ko: '카드는 어떻게 발급하나요?',
      th: 'จะเปิดบัตรได้อย่างไร',
      vi: 'Làm thế nào để mở thẻ?',
      ja: 'カードを発行するにはどうすればよいですか？',
      de: 'Wie eröffne ich eine Karte?',
    },
    answer: {
      en: 'First complete identity verification (KYC) under Mine > Identity verification; an operator reviews it (the demo approves it by itself after a minute, without any check). Once you are approved, go to Cards and tap Open virtual card. Cards here come from a simulated issuer: they are test cards that cost nothing and cannot pay at any real merchant, and a demo purchase shows how spending works. You can also apply for a physical test card, sent to your card address.',
      zh: '首先在“我的 > 身份认证”中完成身份认证（KYC），由运营人员审核（演示环境会在一分钟后自动通过，不做任何核查）。通过后，进入“卡片”并点击“开通虚拟卡”。这里的卡片由模拟发卡方签发，均为测试卡：不收取任何费用，也无法在真实商户付款，您可以通过模拟消费了解消费流程。您也可以申请实体测试卡，寄送到您的收卡地址。',
      ko: '먼저 마이 > 신원 인증에서 신원 인증(KYC)을 완료하세요. 운영자가 심사합니다(데모에서는 아무 확인 없이 1분 후 자동 승인). 승인되면 카드에서 가상 카드 발급을 누르세요. 여기의 카드는 시뮬레이션 발급사가 발급한 테스트 카드로, 비용이 들지 않고 실제 가맹점에서는 결제할 수 없습니다. 데모 결제로 사용 흐름을 확인할 수 있습니다. 카드 수령 주소로 발송되는 실물 테스트 카드도 신청할 수 있습니다.',
      th: 'ก่อนอื่นให้ยืนยันตัวตน (KYC) ที่ ของฉัน > ยืนยันตัวตน เจ้าหน้าที่จะตรวจสอบ (ในเดโมจะอนุมัติเองหลังหนึ่งนาทีโดยไม่มีการตรวจสอบ) เมื่อได้รับอนุมัติแล้ว ไปที่บัตรแล้วแตะเปิดบัตรเสมือน บัตรที่นี่ออกโดยผู้ออกบัตรจำลอง เป็นบัตรทดสอบที่ไม่มีค่าใช้จ่ายและใช้จ่ายกับร้านค้าจริงไม่ได้ การซื้อสาธิตจะแสดงว่าการใช้จ่ายทำงานอย่างไร คุณยังขอบัตรทดสอบแบบแข็งซึ่งส่งไปยังที่อยู่รับบัตรได้',
      vi: 'Trước tiên hãy hoàn tất xác minh danh tính (KYC) tại Của tôi > Xác minh danh tính; nhân viên vận hành sẽ xét duyệt (bản demo tự duyệt sau một phút mà không kiểm tra gì). Sau khi được duyệt, vào Thẻ và nhấn Mở thẻ ảo. Thẻ ở đây do đơn vị phát hành mô phỏng cấp: đó là thẻ thử nghiệm, không mất phí và không thể thanh toán tại cửa hàng thật nào; giao dịch mua demo cho thấy cách chi tiêu hoạt động. Bạn cũng có thể đăng ký thẻ vật lý thử nghiệm, gửi đến địa chỉ nhận thẻ của bạn.',
      ja: 'まず「マイ > 本人確認」で本人確認（KYC）を完了してください。運営者が審査します（デモでは確認なしで 1 分後に自動承認されます）。承認されたら「カード」で「仮想カードを発行」をタップします。ここでのカードはシミュレーション発行会社のテストカードで、費用はかからず、実在の加盟店では支払いに使えません。デモ購入で利用の流れを確認できます。カード送付先住所に届く物理テストカードも申し込めます。',
      de: 'Schließen Sie zuerst die Identitätsprüfung (KYC) unter Mein Bereich > Identitätsprüfung ab; ein Betreiber prüft sie (die Demo genehmigt sie nach einer Minute ohne jede Prüfung von selbst). Nach der Genehmigung tippen Sie unter Karten auf Virtuelle Karte eröffnen. Die Karten hier kommen von einem simulierten Herausgeber: Es sind Testkarten, die nichts kosten und bei keinem echten Händler bezahlen können; ein Demo-Kauf zeigt, wie Ausgaben funktionieren. Sie können auch eine physische Testkarte beantragen, die an Ihre Kartenadresse geht.',
    },
    claims: [{ kind: 'test_cards' }],
  },
  {
    key: 'account-safety',
    question: {
      en: 'How do I keep my account safe?',
      zh: '如何保障账户安全？',
      ko: '계정을 안전하게 지키려면 어떻게 해야 하나요?',
      th: 'จะรักษาบัญชีให้ปลอดภัยได้อย่างไร',
      vi: 'Làm thế nào để giữ tài khoản an toàn?',
      ja: 'アカウントを安全に保つにはどうすればよいですか？',
      de: 'Wie schütze ich mein Konto?',
    },
    answer: {
      en: 'Your wallet is your key to Nexa, so never share your private key or recovery phrase with anyone, including people who claim to be Nexa staff. Only sign messages in the official app, double-check withdrawal addresses, and keep your device and wallet app up to date. If you use a local wallet, remember that clearing the site data in your browser deletes its key.',
      zh: '您的钱包就是登录 Nexa 的钥匙，因此切勿向任何人透露私钥或助记词，包括自称是 Nexa 工作人员的人。仅在官方应用中签署消息，仔细核对提现地址，并及时更新设备和钱包应用。如果您使用本地钱包，请注意清除浏览器的网站数据会删除其私钥。',
      ko: '지갑은 Nexa에 들어가는 열쇠이므로, Nexa 직원을 사칭하는 사람을 포함해 누구에게도 개인 키나 복구 문구를 알려 주지 마세요. 메시지 서명은 공식 앱에서만 하고, 출금 주소를 꼼꼼히 확인하며, 기기와 지갑 앱을 항상 최신 상태로 유지하세요. 로컬 지갑을 사용하는 경우 브라우저의 사이트 데이터를 삭제하면 키도 함께 삭제된다는 점에 유의하세요.',
      th: 'กระเป๋าเงินของคุณคือกุญแจสู่ Nexa ดังนั้นห้ามเปิดเผยคีย์ส่วนตัวหรือวลีกู้คืนให้ใครทราบเด็ดขาด รวมถึงผู้ที่อ้างว่าเป็นเจ้าหน้าที่ Nexa ลงนามข้อความในแอปอย่างเป็นทางการเท่านั้น ตรวจสอบที่อยู่สำหรับถอนให้ดีทุกครั้ง และอัปเดตอุปกรณ์และแอปกระเป๋าเงินให้เป็นเวอร์ชันล่าสุดเสมอ หากคุณใช้กระเป๋าเงินในเครื่อง โปรดจำไว้ว่าการล้างข้อมูลเว็บไซต์ในเบราว์เซอร์จะลบคีย์ของกระเป๋าเงินนั้นไปด้วย',
      vi: 'Ví chính là chìa khóa để vào Nexa, vì vậy tuyệt đối không chia sẻ khóa riêng tư hay cụm từ khôi phục với bất kỳ ai, kể cả người tự xưng là nhân viên Nexa. Chỉ ký tin nhắn trong ứng dụng chính thức, kiểm tra kỹ địa chỉ rút tiền và luôn cập nhật thiết bị cũng như ứng dụng ví. Nếu bạn dùng ví cục bộ, hãy nhớ rằng việc xóa dữ liệu trang web trong trình duyệt sẽ xóa luôn khóa của ví đó.',
      ja: 'ウォレットはNexaへの鍵です。Nexaのスタッフを名乗る人物を含め、秘密鍵やリカバリーフレーズを誰にも教えないでください。メッセージへの署名は公式アプリでのみ行い、出金先アドレスは必ず再確認し、端末とウォレットアプリは常に最新の状態に保ちましょう。ローカルウォレットをご利用の場合、ブラウザのサイトデータを消去すると鍵も削除される点にご注意ください。',
      de: 'Ihre Wallet ist Ihr Schlüssel zu Nexa. Geben Sie Ihren privaten Schlüssel oder Ihre Wiederherstellungsphrase daher niemals weiter – auch nicht an Personen, die sich als Nexa-Mitarbeiter ausgeben. Signieren Sie Nachrichten nur in der offiziellen App, prüfen Sie Auszahlungsadressen doppelt und halten Sie Gerät und Wallet-App aktuell. Wenn Sie eine lokale Wallet nutzen, beachten Sie: Das Löschen der Websitedaten im Browser löscht auch deren Schlüssel.',
    },
  },
  {
    key: 'market-buy-partial',
    question: {
      en: 'Why did my market order fill less than I asked?',
      zh: '为什么我的市价单成交金额少于下单金额？',
      ko: '시장가 주문이 요청보다 적게 체결된 이유는 무엇인가요?',
      th: 'ทำไมคำสั่งมาร์เก็ตของฉันจับคู่ได้น้อยกว่าที่สั่ง',
      vi: 'Tại sao lệnh thị trường của tôi khớp ít hơn số tôi đặt?',
      ja: '成行注文が指定より少なく約定したのはなぜですか？',
      de: 'Warum wurde meine Market-Order nur teilweise ausgeführt?',
    },
    answer: {
      en: 'A market order fills against the book only within a price band around the current price, so a thin book cannot fill it at any price, and sizes are rounded down to the pair’s lot size. What is not used comes back to your account in the same step: the order detail shows how much was filled and how much was returned, and why.',
      zh: '市价单只会在当前价格附近的价格区间内与订单簿成交，因此深度不足时不会以任意价格成交；成交数量也会向下取整到该交易对的最小数量单位。未使用的部分会同时退回您的账户：订单详情会显示成交金额、退回金额及原因。',
      ko: '시장가 주문은 현재 가격 주변의 가격 범위 안에서만 호가창과 체결되므로 호가가 얇으면 아무 가격에나 체결되지 않으며, 수량은 거래쌍의 최소 단위로 내림됩니다. 사용되지 않은 금액은 같은 단계에서 계정으로 돌아오며, 주문 상세에서 체결 금액, 반환 금액과 그 이유를 확인할 수 있습니다.',
      th: 'คำสั่งมาร์เก็ตจะจับคู่กับสมุดคำสั่งเฉพาะในช่วงราคารอบราคาปัจจุบัน จึงไม่จับคู่ที่ราคาใดก็ได้เมื่อสภาพคล่องน้อย และขนาดจะถูกปัดลงตามหน่วยขั้นต่ำของคู่เทรด ส่วนที่ไม่ได้ใช้จะคืนเข้าบัญชีในขั้นตอนเดียวกัน รายละเอียดคำสั่งจะแสดงยอดที่จับคู่ ยอดที่คืน และเหตุผล',
      vi: 'Lệnh thị trường chỉ khớp với sổ lệnh trong một biên độ giá quanh giá hiện tại, nên khi sổ lệnh mỏng sẽ không khớp ở bất kỳ giá nào, và khối lượng được làm tròn xuống theo bước khối lượng của cặp. Phần không dùng đến được trả về tài khoản ngay trong cùng bước: chi tiết lệnh cho biết đã khớp bao nhiêu, trả lại bao nhiêu và lý do.',
      ja: '成行注文は現在価格を中心とした価格帯の中でのみ板と約定するため、板が薄いときに任意の価格で約定することはなく、数量はペアの最小単位に切り捨てられます。使われなかった分は同じ処理で口座に戻り、注文詳細に約定額・返却額とその理由が表示されます。',
      de: 'Eine Market-Order wird nur innerhalb eines Preisbands um den aktuellen Kurs gegen das Orderbuch ausgeführt, bei dünnem Buch also nicht zu jedem Preis, und Mengen werden auf die Lotgröße des Paares abgerundet. Was nicht verwendet wird, geht im selben Schritt auf Ihr Konto zurück: Die Orderdetails zeigen, wie viel ausgeführt und wie viel zurückgegeben wurde und warum.',
    },
  },
];

export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    key: 'spot',
    title: {
      en: 'Trade BTC, ETH, BWC and NEU against USDT',
      zh: '交易 BTC、ETH、BWC 和 NEU',
      ko: 'BTC, ETH, BWC, NEU를 USDT로 거래하세요',
      th: 'เทรด BTC, ETH, BWC และ NEU กับ USDT',
      vi: 'Giao dịch BTC, ETH, BWC và NEU với USDT',
      ja: 'BTC・ETH・BWC・NEU を USDT で取引',
      de: 'BTC, ETH, BWC und NEU gegen USDT handeln',
    },
    image: '/static/banners/spot.svg',
    link: '/trade',
  },
  {
    key: 'demo-funds',
    title: {
      en: 'New here? Get demo funds and place your first trade',
      zh: '新用户？领取演示资金，完成第一笔交易',
      ko: '처음이신가요? 데모 자금으로 첫 거래를 해 보세요',
      th: 'มาใหม่ใช่ไหม รับเงินทดลองแล้วเริ่มเทรดครั้งแรก',
      vi: 'Mới đến? Nhận tiền demo và đặt lệnh đầu tiên',
      ja: 'はじめての方へ：デモ資金で最初の取引を',
      de: 'Neu hier? Demo-Guthaben holen und den ersten Handel starten',
    },
    image: '/static/banners/funds.svg',
    link: '/deposit',
  },
  {
    key: 'token-market',
    title: {
      en: 'Buy and sell platform tokens on the token market',
      zh: '在代币市场买卖平台代币',
      ko: '토큰 마켓에서 플랫폼 토큰을 사고파세요',
      th: 'ซื้อขายโทเคนของแพลตฟอร์มในตลาดโทเคน',
      vi: 'Mua bán token nền tảng trên chợ token',
      ja: 'トークンマーケットでプラットフォームトークンを売買',
      de: 'Plattform-Token auf dem Token-Markt kaufen und verkaufen',
    },
    image: '/static/banners/token-market.svg',
    link: '/tokenMarket',
  },
  {
    key: 'staking',
    feature: 'earn',
    title: {
      en: 'Earn up to 15% APR with staking',
      zh: '质押 USDT，年化收益最高 15%',
      ko: '스테이킹으로 연 최대 15% 수익',
      th: 'สเตกกิ้งรับผลตอบแทนสูงสุด 15% ต่อปี',
      vi: 'Staking nhận lãi suất năm lên đến 15%',
      ja: 'ステーキングで最大年率15%',
      de: 'Bis zu 15 % Jahreszins mit Staking',
    },
    image: '/static/banners/staking.svg',
    link: '/node2',
  },
  {
    key: 'race',
    feature: 'games',
    title: {
      en: 'Race games: join a group, verify every draw',
      zh: '竞速游戏：加入比赛组，每次开奖都可验证',
      ko: '레이스 게임: 그룹에 참가하고 모든 추첨을 검증하세요',
      th: 'เกมแข่ง: เข้าร่วมกลุ่ม ตรวจสอบทุกการจับผล',
      vi: 'Trò chơi đua: vào nhóm, kiểm chứng mọi lần rút thăm',
      ja: 'レースゲーム：グループに参加し、すべての抽選を検証',
      de: 'Rennspiele: Gruppe beitreten, jede Ziehung prüfen',
    },
    image: '/static/banners/race.svg',
    link: '/game',
  },
  {
    key: 'invite',
    feature: 'referral',
    title: {
      en: 'Invite friends and grow your team',
      zh: '邀请好友，壮大你的团队',
      ko: '친구를 초대하고 팀을 키우세요',
      th: 'ชวนเพื่อนมาร่วมสร้างทีมของคุณ',
      vi: 'Mời bạn bè và phát triển đội của bạn',
      ja: '友達を招待してチームを広げよう',
      de: 'Freunde einladen und das eigene Team ausbauen',
    },
    image: '/static/banners/invite.svg',
    link: '/invite',
  },
];
