import type { Lang } from '@nexa/contract';

/** The categories a new shop starts with, named in seven languages. */
export const CATEGORIES: { icon: string; names: Record<Lang, string> }[] = [
  {
    icon: 'phone',
    names: {
      en: 'Electronics',
      zh: '数码电子',
      ko: '전자제품',
      th: 'อิเล็กทรอนิกส์',
      vi: 'Điện tử',
      ja: '電子機器',
      de: 'Elektronik',
    },
  },
  {
    icon: 'shirt',
    names: {
      en: 'Fashion',
      zh: '服饰',
      ko: '패션',
      th: 'แฟชั่น',
      vi: 'Thời trang',
      ja: 'ファッション',
      de: 'Mode',
    },
  },
  {
    icon: 'home',
    names: {
      en: 'Home',
      zh: '家居',
      ko: '홈·리빙',
      th: 'ของใช้ในบ้าน',
      vi: 'Nhà cửa',
      ja: 'ホーム',
      de: 'Wohnen',
    },
  },
  {
    icon: 'food',
    names: {
      en: 'Food',
      zh: '食品',
      ko: '식품',
      th: 'อาหาร',
      vi: 'Thực phẩm',
      ja: '食品',
      de: 'Lebensmittel',
    },
  },
  {
    icon: 'beauty',
    names: { en: 'Beauty', zh: '美妆', ko: '뷰티', th: 'ความงาม', vi: 'Làm đẹp', ja: '美容', de: 'Beauty' },
  },
  {
    icon: 'sport',
    names: { en: 'Sports', zh: '运动', ko: '스포츠', th: 'กีฬา', vi: 'Thể thao', ja: 'スポーツ', de: 'Sport' },
  },
];
