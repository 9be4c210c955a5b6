/**
 * The demo goods' titles and descriptions in the app's other languages, by the good's English title (the
 * merchant's own words, `shop-demo.ts`). English is not repeated here: it is the good's own text.
 */
import type { Lang } from '@nexa/contract';

type Texts = Readonly<Record<Exclude<Lang, 'en'>, { title: string; description: string }>>;

export const DEMO_GOODS_TEXTS: Readonly<Record<string, Texts>> = {
  'Wireless earbuds': {
    zh: { title: '无线耳机', description: '蓝牙 5.3 耳机，附便携充电盒，续航 24 小时。' },
    ja: {
      title: 'ワイヤレスイヤホン',
      description: 'Bluetooth 5.3 対応。ポケットサイズの充電ケース付きで最大 24 時間再生。',
    },
    ko: { title: '무선 이어폰', description: '블루투스 5.3 이어폰, 휴대용 충전 케이스 포함, 24시간 재생.' },
    vi: {
      title: 'Tai nghe không dây',
      description: 'Tai nghe Bluetooth 5.3 kèm hộp sạc bỏ túi, nghe nhạc 24 giờ.',
    },
    th: {
      title: 'หูฟังไร้สาย',
      description: 'หูฟังบลูทูธ 5.3 พร้อมเคสชาร์จขนาดพกพา ฟังได้ 24 ชั่วโมง',
    },
    de: {
      title: 'Kabellose Ohrhörer',
      description: 'Bluetooth-5.3-Ohrhörer mit Ladeetui für die Hosentasche und 24 Stunden Laufzeit.',
    },
  },
  'Fast charger 30 W': {
    zh: { title: '30 W 快速充电器', description: '小巧的 USB-C 充电器，适用于手机和平板，插脚可折叠。' },
    ja: {
      title: '30 W 急速充電器',
      description: 'スマートフォンやタブレットに使えるコンパクトな USB-C 充電器。折りたたみ式プラグ。',
    },
    ko: {
      title: '30 W 고속 충전기',
      description: '휴대폰과 태블릿용 소형 USB-C 충전기, 접이식 플러그.',
    },
    vi: {
      title: 'Sạc nhanh 30 W',
      description: 'Củ sạc USB-C nhỏ gọn cho điện thoại và máy tính bảng, chân cắm gập được.',
    },
    th: {
      title: 'ที่ชาร์จเร็ว 30 W',
      description: 'ที่ชาร์จ USB-C ขนาดกะทัดรัดสำหรับโทรศัพท์และแท็บเล็ต ขาปลั๊กพับได้',
    },
    de: {
      title: 'Schnellladegerät 30 W',
      description: 'Ein kompaktes USB-C-Ladegerät für Handys und Tablets, mit klappbarem Stecker.',
    },
  },
  'Yoga mat': {
    zh: { title: '瑜伽垫', description: '6 毫米防滑瑜伽垫，附背带。' },
    ja: { title: 'ヨガマット', description: '厚さ 6 mm の滑りにくいマット。持ち運び用ストラップ付き。' },
    ko: { title: '요가 매트', description: '6 mm 미끄럼 방지 매트, 휴대용 스트랩 포함.' },
    vi: { title: 'Thảm yoga', description: 'Thảm chống trượt dày 6 mm, kèm dây đeo.' },
    th: { title: 'เสื่อโยคะ', description: 'เสื่อกันลื่นหนา 6 มม. พร้อมสายสะพาย' },
    de: { title: 'Yogamatte', description: 'Eine rutschfeste 6-mm-Matte mit Tragegurt.' },
  },
  'Steel water bottle': {
    zh: { title: '不锈钢水瓶', description: '饮品保冷 24 小时；容量 750 毫升。' },
    ja: { title: 'ステンレスボトル', description: '飲み物を 24 時間冷たいまま保ちます。容量 750 ml。' },
    ko: { title: '스테인리스 물병', description: '음료를 24시간 차갑게 유지합니다. 750 ml.' },
    vi: { title: 'Bình nước thép', description: 'Giữ đồ uống lạnh suốt 24 giờ; dung tích 750 ml.' },
    th: { title: 'ขวดน้ำสแตนเลส', description: 'เก็บความเย็นได้ 24 ชั่วโมง ความจุ 750 มล.' },
    de: { title: 'Trinkflasche aus Edelstahl', description: 'Hält Getränke 24 Stunden kalt; 750 ml.' },
  },
  'Ceramic mug': {
    zh: { title: '陶瓷马克杯', description: '350 毫升釉面炻器马克杯，可用洗碗机清洗。' },
    ja: { title: '陶器のマグカップ', description: '容量 350 ml の釉薬仕上げのストーンウェア。食洗機対応。' },
    ko: { title: '세라믹 머그컵', description: '350 ml 유약 처리 석기 머그, 식기세척기 사용 가능.' },
    vi: { title: 'Cốc gốm', description: 'Cốc sứ tráng men 350 ml, dùng được máy rửa bát.' },
    th: { title: 'แก้วมัคเซรามิก', description: 'แก้วสโตนแวร์เคลือบ 350 มล. ใช้กับเครื่องล้างจานได้' },
    de: {
      title: 'Keramikbecher',
      description: 'Ein glasierter Steingutbecher mit 350 ml, spülmaschinenfest.',
    },
  },
  'Desk lamp': {
    zh: { title: '台灯', description: '可调光 LED 台灯，暖光与冷光可选。' },
    ja: { title: 'デスクライト', description: '調光できる LED ライト。暖色と寒色の 2 種類の光。' },
    ko: { title: '데스크 램프', description: '밝기 조절이 되는 LED 램프, 따뜻한 빛과 차가운 빛.' },
    vi: { title: 'Đèn bàn', description: 'Đèn LED chỉnh được độ sáng, có ánh sáng ấm và lạnh.' },
    th: { title: 'โคมไฟตั้งโต๊ะ', description: 'โคมไฟ LED ปรับความสว่างได้ มีแสงโทนอุ่นและโทนเย็น' },
    de: { title: 'Schreibtischlampe', description: 'Eine dimmbare LED-Lampe mit warmem und kaltem Licht.' },
  },
  'Roasted coffee beans': {
    zh: { title: '烘焙咖啡豆', description: '中度烘焙，500 克，单一庄园出品。' },
    ja: { title: '焙煎コーヒー豆', description: '中煎り、500 g。単一農園産。' },
    ko: { title: '로스팅 원두', description: '미디엄 로스트, 500 g, 단일 농장 원두.' },
    vi: { title: 'Cà phê hạt rang', description: 'Rang vừa, 500 g, từ một nông trại duy nhất.' },
    th: { title: 'เมล็ดกาแฟคั่ว', description: 'คั่วกลาง 500 กรัม จากไร่เดียว' },
    de: { title: 'Geröstete Kaffeebohnen', description: 'Mittlere Röstung, 500 g, von einer einzigen Farm.' },
  },
  'Green tea': {
    zh: { title: '绿茶', description: '散装绿茶，100 克，铁罐装。' },
    ja: { title: '緑茶', description: '茶葉の緑茶 100 g、缶入り。' },
    ko: { title: '녹차', description: '잎차 녹차 100 g, 틴 케이스.' },
    vi: { title: 'Trà xanh', description: 'Trà xanh lá rời, 100 g đựng trong hộp thiếc.' },
    th: { title: 'ชาเขียว', description: 'ชาเขียวใบ 100 กรัม บรรจุกระป๋อง' },
    de: { title: 'Grüner Tee', description: 'Loser grüner Tee, 100 g in der Dose.' },
  },
  'Hand cream': {
    zh: { title: '护手霜', description: '含乳木果油的清爽护手霜，75 毫升。' },
    ja: { title: 'ハンドクリーム', description: 'シアバター配合の軽いハンドクリーム、75 ml。' },
    ko: { title: '핸드크림', description: '시어버터가 든 산뜻한 핸드크림, 75 ml.' },
    vi: { title: 'Kem dưỡng tay', description: 'Kem dưỡng tay mỏng nhẹ với bơ hạt mỡ, 75 ml.' },
    th: { title: 'ครีมทามือ', description: 'ครีมทามือเนื้อบางเบาผสมเชียบัตเตอร์ 75 มล.' },
    de: { title: 'Handcreme', description: 'Eine leichte Handcreme mit Sheabutter, 75 ml.' },
  },
  'Cotton T-shirt': {
    zh: { title: '纯棉 T 恤', description: '有机棉，宽松版型，尺码 S 至 XL。' },
    ja: {
      title: 'コットン T シャツ',
      description: 'オーガニックコットン、ゆったりしたシルエット。サイズ S〜XL。',
    },
    ko: { title: '면 티셔츠', description: '유기농 면, 여유 있는 핏, S부터 XL까지.' },
    vi: { title: 'Áo thun cotton', description: 'Cotton hữu cơ, dáng rộng, cỡ từ S đến XL.' },
    th: { title: 'เสื้อยืดผ้าฝ้าย', description: 'ผ้าฝ้ายออร์แกนิก ทรงหลวม มีไซซ์ S ถึง XL' },
    de: { title: 'Baumwoll-T-Shirt', description: 'Bio-Baumwolle, lockere Passform, Größen S bis XL.' },
  },
  'Canvas cap': {
    zh: { title: '帆布帽', description: '六片式可调节帽，水洗帆布材质。' },
    ja: {
      title: 'キャンバスキャップ',
      description: 'ウォッシュ加工キャンバスの 6 パネルキャップ。サイズ調整可。',
    },
    ko: { title: '캔버스 캡', description: '워싱 캔버스 소재의 사이즈 조절 6패널 캡.' },
    vi: { title: 'Mũ vải canvas', description: 'Mũ sáu mảnh bằng vải canvas wash, chỉnh được cỡ.' },
    th: { title: 'หมวกแคนวาส', description: 'หมวกหกแผงผ้าแคนวาสฟอก ปรับขนาดได้' },
    de: { title: 'Canvas-Cap', description: 'Eine verstellbare Sechs-Panel-Kappe aus gewaschenem Canvas.' },
  },
  'Face serum': {
    zh: { title: '面部精华', description: '含透明质酸的保湿精华，30 毫升。' },
    ja: { title: 'フェイスセラム', description: 'ヒアルロン酸配合の保湿美容液、30 ml。' },
    ko: { title: '페이스 세럼', description: '히알루론산이 든 보습 세럼, 30 ml.' },
    vi: { title: 'Serum dưỡng da mặt', description: 'Serum cấp ẩm với axit hyaluronic, 30 ml.' },
    th: { title: 'เซรั่มบำรุงผิวหน้า', description: 'เซรั่มเพิ่มความชุ่มชื้นผสมไฮยาลูรอนิกแอซิด 30 มล.' },
    de: {
      title: 'Gesichtsserum',
      description: 'Ein feuchtigkeitsspendendes Serum mit Hyaluronsäure, 30 ml.',
    },
  },
};
