/**
 * The demo shop: a few merchants run by the demo's own accounts (never a real user), each selling goods in the
 * shop's categories (by icon), pictured by the project's own flat illustrations under /static/shop/.
 */

export interface DemoGood {
  /** The category's icon (shop categories are found by it). */
  readonly category: 'phone' | 'shirt' | 'home' | 'food' | 'beauty' | 'sport';
  readonly title: string;
  readonly description: string;
  /** USDT, decimal text. */
  readonly price: string;
  readonly image: string;
}

export interface DemoMerchant {
  /** Its number among the demo's merchants: its account's address and UID follow from it. */
  readonly n: number;
  readonly name: string;
  readonly intro: string;
  readonly goods: readonly DemoGood[];
}

const img = (name: string) => `/static/shop/${name}.svg`;

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    n: 1,
    name: 'Nexa Gadgets',
    intro: 'Everyday electronics and sports gear, packed the day you order.',
    goods: [
      {
        category: 'phone',
        title: 'Wireless earbuds',
        description: 'Bluetooth 5.3 earbuds with a pocket charging case and 24 hours of play.',
        price: '19.90',
        image: img('earbuds'),
      },
      {
        category: 'phone',
        title: 'Fast charger 30 W',
        description: 'A compact USB-C charger for phones and tablets, with a folding plug.',
        price: '12.50',
        image: img('charger'),
      },
      {
        category: 'sport',
        title: 'Yoga mat',
        description: 'A 6 mm non-slip mat with a carry strap.',
        price: '15.00',
        image: img('yoga-mat'),
      },
      {
        category: 'sport',
        title: 'Steel water bottle',
        description: 'Keeps drinks cold for 24 hours; 750 ml.',
        price: '9.80',
        image: img('bottle'),
      },
    ],
  },
  {
    n: 2,
    name: 'Green Leaf Home',
    intro: 'Homeware, pantry goods and care for a calm home.',
    goods: [
      {
        category: 'home',
        title: 'Ceramic mug',
        description: 'A 350 ml glazed stoneware mug, dishwasher safe.',
        price: '6.50',
        image: img('mug'),
      },
      {
        category: 'home',
        title: 'Desk lamp',
        description: 'A dimmable LED lamp with a warm and a cool light.',
        price: '22.00',
        image: img('lamp'),
      },
      {
        category: 'food',
        title: 'Roasted coffee beans',
        description: 'Medium roast, 500 g, from a single farm.',
        price: '11.00',
        image: img('coffee'),
      },
      {
        category: 'food',
        title: 'Green tea',
        description: 'Loose-leaf green tea, 100 g in a tin.',
        price: '7.20',
        image: img('tea'),
      },
      {
        category: 'beauty',
        title: 'Hand cream',
        description: 'A light hand cream with shea butter, 75 ml.',
        price: '5.40',
        image: img('hand-cream'),
      },
    ],
  },
  {
    n: 3,
    name: 'Urban Thread',
    intro: 'Simple clothes and care products that last.',
    goods: [
      {
        category: 'shirt',
        title: 'Cotton T-shirt',
        description: 'Organic cotton, a relaxed fit, in sizes S to XL.',
        price: '14.00',
        image: img('tshirt'),
      },
      {
        category: 'shirt',
        title: 'Canvas cap',
        description: 'An adjustable six-panel cap in washed canvas.',
        price: '8.90',
        image: img('cap'),
      },
      {
        category: 'beauty',
        title: 'Face serum',
        description: 'A hydrating serum with hyaluronic acid, 30 ml.',
        price: '16.50',
        image: img('serum'),
      },
    ],
  },
];

/** How many of each a demo good has in stock (topped up again at each start). */
export const DEMO_STOCK = 500;
