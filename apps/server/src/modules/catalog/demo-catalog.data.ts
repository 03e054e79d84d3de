import type { CategorySlug } from './art.ts';

/**
 * The demo catalogue (docs/product-rules.md, demo data): 12 shops and 10 items per category, each item sold in two
 * series, so 200 products. Titles in Japanese (the original) and English; prices in JPY.
 */

export interface DemoShop {
  name: string;
  categories: CategorySlug[];
  jp: string;
  en: string;
}

export const demoShops: DemoShop[] = [
  {
    name: 'Tokyo Digital Lab',
    categories: ['computer', 'mobile'],
    jp: '秋葉原発のPC・周辺機器専門店。最新モデルを安心価格でお届けします。',
    en: 'PCs and peripherals from Akihabara: the latest models at fair prices.',
  },
  {
    name: 'Sakura Home & Living',
    categories: ['home', 'electrical'],
    jp: '毎日の暮らしを心地よくする生活雑貨と小型家電のお店です。',
    en: 'Everyday goods and small appliances that make home life comfortable.',
  },
  {
    name: 'Mount Fuji Outdoor',
    categories: ['outdoors'],
    jp: 'キャンプ・登山用品を富士山麓からお届け。初心者から上級者まで。',
    en: 'Camping and hiking gear from the foot of Mount Fuji, for beginners and experts.',
  },
  {
    name: 'Kyoto Tea & Sweets',
    categories: ['food'],
    jp: '京都の老舗と提携した抹茶・和菓子・日本茶の専門店。',
    en: 'Matcha, Japanese sweets and tea, made with long-established Kyoto makers.',
  },
  {
    name: 'Urban Gentleman',
    categories: ['men'],
    jp: '大人の男性のためのシンプルで上質なデイリーウェア。',
    en: 'Simple, well-made everyday wear for grown-up men.',
  },
  {
    name: 'Hana Boutique',
    categories: ['women'],
    jp: 'トレンドと着心地を両立したレディースファッションのセレクトショップ。',
    en: "A women's fashion boutique where trends meet comfort.",
  },
  {
    name: 'Genki Health Store',
    categories: ['health'],
    jp: 'サプリメントから健康家電まで、毎日の元気をサポートします。',
    en: 'From supplements to health devices: support for feeling well every day.',
  },
  {
    name: 'Toy Planet Osaka',
    categories: ['toys'],
    jp: '大阪の知育玩具・ホビー専門店。プレゼント包装無料。',
    en: 'Educational toys and hobby goods from Osaka, with free gift wrapping.',
  },
  {
    name: 'Hokkaido Fresh Market',
    categories: ['food', 'home'],
    jp: '北海道の産地直送グルメとキッチン用品をお届けします。',
    en: 'Gourmet food shipped straight from Hokkaido, and kitchen goods.',
  },
  {
    name: 'Shibuya Mobile',
    categories: ['mobile', 'electrical'],
    jp: 'スマートフォン本体とアクセサリーの品揃えが自慢です。',
    en: 'Smartphones and a wide range of accessories.',
  },
  {
    name: 'Nordic Style Apparel',
    categories: ['men', 'women'],
    jp: '北欧デザインのベーシックウェア。ユニセックスアイテム多数。',
    en: 'Nordic-design basics, with many unisex pieces.',
  },
  {
    name: 'Smart Appliance Hub',
    categories: ['electrical', 'computer'],
    jp: 'スマート家電とガジェットの専門店。設定サポート付き。',
    en: 'Smart home appliances and gadgets, with set-up support.',
  },
];

export interface DemoItem {
  jp: string;
  en: string;
  /** Base price in JPY. */
  price: number;
}

/** What the spec picker offers; `none` makes a product without specs. */
export type SpecKind = 'pc' | 'color' | 'apparel' | 'size' | 'storage' | 'weight' | 'pack' | 'none';

export interface DemoCategory {
  /** The two series each item is sold in: [jp, en] prefix words. */
  series: [[string, string], [string, string]];
  specs: [SpecKind, SpecKind];
  descriptionJp: string;
  descriptionEn: string;
  items: DemoItem[];
}

export const demoCategories: Record<CategorySlug, DemoCategory> = {
  computer: {
    series: [
      ['スタンダード', 'Standard'],
      ['プロ', 'Pro'],
    ],
    specs: ['pc', 'color'],
    descriptionJp: '在宅勤務にもゲームにも。国内検品済み、1年保証付きです。',
    descriptionEn: 'For home office and gaming alike. Inspected in Japan, with a one-year warranty.',
    items: [
      { jp: 'ノートパソコン 14インチ 軽量', en: '14-inch Lightweight Laptop', price: 89_800 },
      { jp: 'ワイヤレスマウス 静音', en: 'Silent Wireless Mouse', price: 2_480 },
      { jp: 'メカニカルキーボード 日本語配列', en: 'Mechanical Keyboard, Japanese Layout', price: 9_800 },
      { jp: '27インチ 4Kモニター', en: '27-inch 4K Monitor', price: 39_800 },
      { jp: 'USB-C ドッキングステーション', en: 'USB-C Docking Station', price: 7_980 },
      { jp: 'ポータブルSSD 1TB', en: 'Portable SSD 1TB', price: 12_800 },
      { jp: 'ウェブカメラ フルHD', en: 'Full HD Webcam', price: 4_980 },
      { jp: 'ノートPCスタンド アルミ製', en: 'Aluminium Laptop Stand', price: 3_280 },
      { jp: 'ゲーミングヘッドセット', en: 'Gaming Headset', price: 6_980 },
      { jp: 'ミニPC 小型デスクトップ', en: 'Mini PC Compact Desktop', price: 49_800 },
    ],
  },
  electrical: {
    series: [
      ['人気の', 'Popular'],
      ['新型', 'New'],
    ],
    specs: ['color', 'none'],
    descriptionJp: '省エネ設計でお手入れ簡単。日本の家庭にぴったりのサイズです。',
    descriptionEn: 'Energy-saving and easy to clean, sized for Japanese homes.',
    items: [
      { jp: '電気ケトル 1.0L', en: 'Electric Kettle 1.0 L', price: 3_980 },
      { jp: 'コードレス掃除機', en: 'Cordless Vacuum Cleaner', price: 19_800 },
      { jp: '空気清浄機 加湿機能付き', en: 'Air Purifier with Humidifier', price: 24_800 },
      { jp: 'ヘアドライヤー 大風量', en: 'High-Airflow Hair Dryer', price: 8_980 },
      { jp: 'オーブントースター', en: 'Oven Toaster', price: 6_480 },
      { jp: 'サーキュレーター 静音', en: 'Quiet Air Circulator', price: 5_480 },
      { jp: '炊飯器 5.5合', en: 'Rice Cooker, 5.5 Cups', price: 15_800 },
      { jp: 'ロボット掃除機', en: 'Robot Vacuum', price: 29_800 },
      { jp: 'LEDデスクライト', en: 'LED Desk Lamp', price: 3_480 },
      { jp: 'ハンディ衣類スチーマー', en: 'Handheld Garment Steamer', price: 4_980 },
    ],
  },
  outdoors: {
    series: [
      ['キャンプ用', 'Camping'],
      ['軽量', 'Ultralight'],
    ],
    specs: ['color', 'size'],
    descriptionJp: '耐久性と携帯性を両立。週末のキャンプや登山に。',
    descriptionEn: 'Durable and easy to carry, for weekend camping and hiking.',
    items: [
      { jp: 'テント 2人用', en: 'Tent for Two', price: 14_800 },
      { jp: '寝袋 マミー型', en: 'Mummy Sleeping Bag', price: 6_980 },
      { jp: 'アウトドアチェア 折りたたみ', en: 'Folding Outdoor Chair', price: 3_980 },
      { jp: 'ヘッドライト 充電式', en: 'Rechargeable Headlamp', price: 2_480 },
      { jp: 'トレッキングポール', en: 'Trekking Poles', price: 4_280 },
      { jp: 'バックパック 30L', en: 'Backpack 30 L', price: 8_980 },
      { jp: 'ステンレス保温ボトル', en: 'Insulated Steel Bottle', price: 2_980 },
      { jp: 'ランタン LED', en: 'LED Lantern', price: 3_280 },
      { jp: 'シングルバーナー', en: 'Single Camp Stove', price: 4_980 },
      { jp: 'レインジャケット 防水', en: 'Waterproof Rain Jacket', price: 9_800 },
    ],
  },
  home: {
    series: [
      ['シンプル', 'Simple'],
      ['北欧風', 'Nordic'],
    ],
    specs: ['color', 'pack'],
    descriptionJp: 'どんなお部屋にもなじむデザイン。長く使える丈夫な作りです。',
    descriptionEn: 'A design that suits any room, made to last.',
    items: [
      { jp: 'バスタオル 今治産', en: 'Imabari Bath Towel', price: 2_980 },
      { jp: '収納ボックス 折りたたみ', en: 'Folding Storage Box', price: 1_480 },
      { jp: 'ステンレス包丁 三徳', en: 'Stainless Santoku Knife', price: 4_980 },
      { jp: '木製まな板', en: 'Wooden Cutting Board', price: 2_280 },
      { jp: '陶器マグカップ', en: 'Ceramic Mug', price: 1_280 },
      { jp: '羽毛布団 シングル', en: 'Down Comforter, Single', price: 12_800 },
      { jp: 'アロマディフューザー', en: 'Aroma Diffuser', price: 3_480 },
      { jp: '珪藻土バスマット', en: 'Diatomite Bath Mat', price: 1_980 },
      { jp: '保存容器セット', en: 'Food Container Set', price: 2_480 },
      { jp: '低反発まくら', en: 'Memory Foam Pillow', price: 3_980 },
    ],
  },
  health: {
    series: [
      ['お徳用', 'Value'],
      ['国産', 'Made in Japan'],
    ],
    specs: ['pack', 'none'],
    descriptionJp: '毎日続けやすい健康サポート。国内工場で品質管理しています。',
    descriptionEn: 'Easy everyday health support, quality-checked in Japanese factories.',
    items: [
      { jp: 'ビタミンC サプリ 90日分', en: 'Vitamin C Supplement, 90 Days', price: 1_980 },
      { jp: '体組成計 スマホ連携', en: 'Smart Body Composition Scale', price: 4_980 },
      { jp: '電動歯ブラシ', en: 'Electric Toothbrush', price: 6_980 },
      { jp: 'マッサージガン', en: 'Massage Gun', price: 8_980 },
      { jp: '青汁 30包', en: 'Green Juice Powder, 30 Sticks', price: 2_480 },
      { jp: 'プロテイン ココア味 1kg', en: 'Protein Powder, Cocoa, 1 kg', price: 3_980 },
      { jp: '血圧計 上腕式', en: 'Upper-Arm Blood Pressure Monitor', price: 5_980 },
      { jp: 'アイマスク ホット', en: 'Heated Eye Mask', price: 2_980 },
      { jp: 'ヨガマット 6mm', en: 'Yoga Mat 6 mm', price: 2_780 },
      { jp: '不織布マスク 50枚', en: 'Disposable Masks, 50 Pack', price: 980 },
    ],
  },
  men: {
    series: [
      ['メンズ', "Men's"],
      ['定番', 'Classic'],
    ],
    specs: ['apparel', 'size'],
    descriptionJp: '着心地の良い素材で、オンにもオフにも使えるデザインです。',
    descriptionEn: 'Comfortable fabrics in a design for work and weekends.',
    items: [
      { jp: 'オックスフォードシャツ', en: 'Oxford Shirt', price: 3_980 },
      { jp: 'ストレッチチノパンツ', en: 'Stretch Chino Trousers', price: 4_980 },
      { jp: 'ダウンジャケット', en: 'Down Jacket', price: 12_800 },
      { jp: 'クルーネックTシャツ', en: 'Crew-Neck T-Shirt', price: 1_980 },
      { jp: 'ウールニットセーター', en: 'Wool Knit Sweater', price: 5_980 },
      { jp: 'デニムジーンズ', en: 'Denim Jeans', price: 5_480 },
      { jp: 'テーラードジャケット', en: 'Tailored Jacket', price: 14_800 },
      { jp: 'スウェットパーカー', en: 'Sweat Hoodie', price: 4_480 },
      { jp: 'レザーベルト', en: 'Leather Belt', price: 3_280 },
      { jp: 'スニーカー ローカット', en: 'Low-Top Sneakers', price: 6_980 },
    ],
  },
  women: {
    series: [
      ['レディース', "Women's"],
      ['大人かわいい', 'Chic'],
    ],
    specs: ['apparel', 'size'],
    descriptionJp: 'トレンドを取り入れた上品なシルエット。洗濯機で洗えます。',
    descriptionEn: 'An elegant, on-trend silhouette. Machine washable.',
    items: [
      { jp: 'フレアスカート', en: 'Flared Skirt', price: 3_980 },
      { jp: 'シフォンブラウス', en: 'Chiffon Blouse', price: 3_480 },
      { jp: 'ニットカーディガン', en: 'Knit Cardigan', price: 4_980 },
      { jp: 'ワンピース 花柄', en: 'Floral Dress', price: 6_980 },
      { jp: 'トレンチコート', en: 'Trench Coat', price: 11_800 },
      { jp: 'ワイドパンツ', en: 'Wide-Leg Trousers', price: 4_480 },
      { jp: 'ショルダーバッグ', en: 'Shoulder Bag', price: 5_980 },
      { jp: 'パンプス 5cmヒール', en: 'Pumps, 5 cm Heel', price: 5_480 },
      { jp: 'リブTシャツ', en: 'Ribbed T-Shirt', price: 1_980 },
      { jp: 'ストール カシミヤ混', en: 'Cashmere-Blend Stole', price: 3_980 },
    ],
  },
  food: {
    series: [
      ['産地直送', 'Farm-Direct'],
      ['贈答用', 'Gift'],
    ],
    specs: ['weight', 'none'],
    descriptionJp: '産地から新鮮なままお届け。ご自宅用にも贈り物にも。',
    descriptionEn: 'Delivered fresh from where it is made, for home or as a gift.',
    items: [
      { jp: '宇治抹茶 100g', en: 'Uji Matcha 100 g', price: 2_480 },
      { jp: '北海道産 ゆめぴりか 5kg', en: 'Hokkaido Yumepirika Rice 5 kg', price: 3_980 },
      { jp: 'どら焼き 10個入り', en: 'Dorayaki, Box of 10', price: 1_980 },
      { jp: '煎茶 ティーバッグ', en: 'Sencha Tea Bags', price: 980 },
      { jp: '干し芋 国産', en: 'Dried Sweet Potato', price: 1_280 },
      { jp: '本わさび 静岡産', en: 'Fresh Shizuoka Wasabi', price: 2_980 },
      { jp: 'ほたて 冷凍 1kg', en: 'Frozen Scallops 1 kg', price: 5_980 },
      { jp: '手延べそうめん', en: 'Hand-Stretched Somen Noodles', price: 1_680 },
      { jp: '味噌 天然醸造', en: 'Naturally Brewed Miso', price: 1_480 },
      { jp: 'クッキー詰め合わせ', en: 'Assorted Cookies', price: 2_280 },
    ],
  },
  mobile: {
    series: [
      ['スタンダード', 'Standard'],
      ['プレミアム', 'Premium'],
    ],
    specs: ['storage', 'color'],
    descriptionJp: 'SIMフリー・国内技適取得済み。初期設定サポート付きです。',
    descriptionEn: 'SIM-free and certified for Japan, with help setting it up.',
    items: [
      { jp: 'スマートフォン 6.1インチ', en: '6.1-inch Smartphone', price: 59_800 },
      { jp: 'ワイヤレスイヤホン ノイズキャンセリング', en: 'Noise-Cancelling Wireless Earbuds', price: 12_800 },
      { jp: 'モバイルバッテリー 10000mAh', en: 'Power Bank 10,000 mAh', price: 2_980 },
      { jp: 'スマホケース 手帳型', en: 'Folio Phone Case', price: 1_980 },
      { jp: '急速充電器 USB-C 30W', en: '30 W USB-C Fast Charger', price: 2_480 },
      { jp: 'スマートウォッチ', en: 'Smartwatch', price: 19_800 },
      { jp: 'ガラスフィルム 2枚入り', en: 'Tempered Glass Screen Protector, 2 Pack', price: 980 },
      { jp: 'タブレット 10インチ', en: '10-inch Tablet', price: 32_800 },
      { jp: 'スマホスタンド 卓上', en: 'Desktop Phone Stand', price: 1_280 },
      { jp: 'Bluetooth スピーカー 防水', en: 'Waterproof Bluetooth Speaker', price: 4_980 },
    ],
  },
  toys: {
    series: [
      ['知育', 'Educational'],
      ['人気', 'Bestselling'],
    ],
    specs: ['none', 'color'],
    descriptionJp: '安全基準をクリアした素材を使用。3歳から楽しめます。',
    descriptionEn: 'Made from materials that meet safety standards. Ages 3 and up.',
    items: [
      { jp: '木製パズル', en: 'Wooden Puzzle', price: 1_980 },
      { jp: 'ブロックセット 500ピース', en: 'Building Blocks, 500 Pieces', price: 3_980 },
      { jp: 'ぬいぐるみ くま', en: 'Teddy Bear Plush', price: 2_480 },
      { jp: 'ラジコンカー', en: 'Remote-Control Car', price: 4_980 },
      { jp: 'けん玉', en: 'Kendama', price: 1_280 },
      { jp: 'プログラミングロボット', en: 'Programmable Robot', price: 8_980 },
      { jp: 'おままごとセット', en: 'Play Kitchen Set', price: 3_480 },
      { jp: 'ボードゲーム 家族向け', en: 'Family Board Game', price: 2_980 },
      { jp: 'シャボン玉マシン', en: 'Bubble Machine', price: 1_980 },
      { jp: '折り紙セット 200枚', en: 'Origami Paper Set, 200 Sheets', price: 880 },
    ],
  },
};

export const demoReviews: Record<'good' | 'fair' | 'poor', { jp: string; en: string }[]> = {
  good: [
    { jp: '思っていたより質が良く、大満足です。', en: 'Better quality than I expected. Very happy.' },
    { jp: '発送が早く、梱包も丁寧でした。', en: 'Fast shipping and careful packaging.' },
    { jp: 'リピート購入です。家族にも好評でした。', en: 'Bought it again; my family loves it too.' },
    { jp: 'デザインが素敵で毎日使っています。', en: 'Lovely design, I use it every day.' },
    { jp: 'この価格でこの品質なら文句なしです。', en: 'At this price the quality is unbeatable.' },
  ],
  fair: [
    {
      jp: '普通に使えますが、色が写真と少し違いました。',
      en: 'Works fine, though the colour differs slightly from the photo.',
    },
    { jp: '届くまで少し時間がかかりました。', en: 'It took a while to arrive.' },
  ],
  poor: [
    { jp: 'サイズが合わず残念でした。', en: 'Sadly the size did not fit.' },
    { jp: '説明書が分かりにくかったです。', en: 'The instructions were hard to follow.' },
  ],
};
