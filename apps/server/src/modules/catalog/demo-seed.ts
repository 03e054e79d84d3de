import type { Database } from '../../db/client.ts';
import {
  banners,
  categories,
  productReviews,
  productSkus,
  products,
  type SpecPair,
  shopDailyStats,
  shops,
} from '../../db/schema/catalog.ts';
import { maskName } from '../../shared/mask-name.ts';
import { createUser, defaultHashing, demoUsers, findUserByAccount } from '../accounts/index.ts';
import { type CategorySlug, categorySlugs } from './art.ts';
import { recountCatalog } from './counters.service.ts';
import { type DemoCategory, demoCategories, demoReviews, demoShops, type SpecKind } from './demo-catalog.data.ts';
import {
  homeBannerSvg,
  type ImageJob,
  productDetailSvg,
  productMainSvg,
  renderImages,
  shopBannerSvg,
  shopLogoSvg,
} from './demo-images.ts';
import { productSearchVector, shopSearchVector } from './search-vectors.ts';
import { refreshShopWindows } from './shop-windows.service.ts';

/**
 * Every demo shop has a merchant, so demo orders can be shipped and settled: the demo `merchant`
 * runs the first shop, and `merchant2`…`merchantN` (password `merchant123`) the others.
 */
async function demoShopOwners(db: Database, count: number): Promise<number[]> {
  const password = demoUsers.find((user) => user.account === 'merchant')?.password ?? 'merchant123';
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const account = index === 0 ? 'merchant' : `merchant${index + 1}`;
    const user =
      (await findUserByAccount(db, account)) ??
      (await createUser(
        db,
        { account, password, role: 'merchant', family_name: 'Demo', given_name: account },
        defaultHashing,
        // The demo seed's published password is allowed only here (createUser refuses it otherwise).
        { demoSeed: true },
      ));
    ids.push(user.id);
  }
  return ids;
}

/** A small deterministic random source, so every demo database looks the same. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

type Random = ReturnType<typeof randomSource>;

/** Prices that look like shop prices in yen: ...80 or ...800. */
function shopPrice(value: number): number {
  if (value >= 10_000) return Math.round(value / 1000) * 1000 - 200;
  if (value >= 1000) return Math.round(value / 100) * 100 - 20;
  return Math.max(100, Math.round(value / 10) * 10 - 20);
}

interface SkuDraft {
  specs: SpecPair[];
  price: number;
  stock: number;
}

function skuDrafts(kind: SpecKind, price: number, random: Random): SkuDraft[] {
  const stock = () => (random.next() < 0.08 ? 0 : random.int(5, 300));
  const grid = (a: [string, string[]], b: [string, string[]] | undefined, priceOf: (i: number) => number) =>
    a[1].flatMap((first, i) =>
      (b ? b[1] : ['']).map((second) => ({
        specs: b
          ? [
              { name: a[0], value: first },
              { name: b[0], value: second },
            ]
          : [{ name: a[0], value: first }],
        price: priceOf(i),
        stock: stock(),
      })),
    );
  switch (kind) {
    case 'pc':
      return grid(['Memory', ['8GB', '16GB']], ['Color', ['Silver', 'Space Gray']], (i) =>
        i === 0 ? price : shopPrice(price * 1.2),
      );
    case 'color':
      return grid(['Color', ['Black', 'White', 'Navy']], undefined, () => price);
    case 'apparel':
      return grid(['Size', ['M', 'L', 'XL']], ['Color', ['Black', 'Navy', 'Beige']], () => price);
    case 'size':
      return grid(['Size', ['S', 'M', 'L']], undefined, (i) => (i === 2 ? shopPrice(price * 1.1) : price));
    case 'storage':
      return grid(['Storage', ['128GB', '256GB']], ['Color', ['Black', 'White']], (i) =>
        i === 0 ? price : shopPrice(price * 1.15),
      );
    case 'weight':
      return grid(['Weight', ['500g', '1kg']], undefined, (i) => (i === 0 ? price : shopPrice(price * 1.8)));
    case 'pack':
      return grid(['Pack', ['1 pc', '3 pcs']], undefined, (i) => (i === 0 ? price : shopPrice(price * 2.7)));
    case 'none':
      return [{ specs: [], price, stock: stock() }];
  }
}

const dayString = (date: Date) => date.toISOString().slice(0, 10);

interface ProductDraft {
  slug: CategorySlug;
  shopIndex: number;
  titleJp: string;
  titleEn: string;
  category: DemoCategory;
  price: number;
  freight: number;
  sold: number;
  createdAt: Date;
  skus: SkuDraft[];
}

function productDrafts(random: Random, now: Date): ProductDraft[] {
  const drafts: ProductDraft[] = [];
  for (const slug of categorySlugs) {
    const category = demoCategories[slug];
    const sellers = demoShops.flatMap((shop, index) => (shop.categories.includes(slug) ? [index] : []));
    category.items.forEach((item, itemIndex) => {
      category.series.forEach(([seriesJp, seriesEn], seriesIndex) => {
        const price = seriesIndex === 0 ? item.price : shopPrice(item.price * 1.25);
        // A few best sellers, a long tail: how real catalogues look.
        const sold = Math.floor(random.next() ** 3 * 6000) + random.int(0, 40);
        drafts.push({
          slug,
          shopIndex: sellers[(itemIndex + seriesIndex) % sellers.length] ?? 0,
          titleJp: `${seriesJp} ${item.jp}`,
          titleEn: `${seriesEn} ${item.en}`,
          category,
          price,
          freight: price >= 5000 ? 0 : random.pick([350, 500, 800]),
          sold,
          createdAt: new Date(now.getTime() - random.int(0, 90 * 24) * 3_600_000),
          skus: skuDrafts(category.specs[seriesIndex] ?? 'none', price, random),
        });
      });
    });
  }
  return drafts;
}

const reviewerNames = ['sakura', 'taro', 'yuki', 'kenji', 'emma', 'liam', 'mei', 'hiro', 'anna', 'sora'];

/**
 * The demo catalogue (docs/product-rules.md, demo data) as a seed part: 12 shops, 200 products in the 10
 * categories with specs, stock, sales and reviews, generated images, and home banners.
 */
export const catalogDemoSeed = {
  name: 'catalog',
  async run(db: Database, context: { uploadDir: string }): Promise<void> {
    const random = randomSource(20_250_501);
    const now = new Date();
    const drafts = productDrafts(random, now);

    const mainSlug = (index: number): CategorySlug => demoShops[index]?.categories[0] ?? 'home';
    const jobs: ImageJob[] = [
      ...drafts.flatMap((draft, index): ImageJob[] => [
        { name: `p${index + 1}-1.webp`, svg: () => productMainSvg(draft.slug, index), width: 600, height: 600 },
        { name: `p${index + 1}-2.webp`, svg: () => productDetailSvg(draft.slug, index), width: 600, height: 600 },
      ]),
      ...demoShops.flatMap((shop, index): ImageJob[] => [
        { name: `s${index + 1}-logo.webp`, svg: () => shopLogoSvg(mainSlug(index), index), width: 200, height: 200 },
        {
          name: `s${index + 1}-banner.webp`,
          svg: () => shopBannerSvg(shop.categories, index),
          width: 750,
          height: 300,
        },
      ]),
      {
        name: 'banner-1.webp',
        svg: () => homeBannerSvg(['mobile', 'computer', 'electrical', 'toys'], 200),
        width: 750,
        height: 320,
      },
      {
        name: 'banner-2.webp',
        svg: () => homeBannerSvg(['women', 'men', 'health', 'home'], 330),
        width: 750,
        height: 320,
      },
      {
        name: 'banner-3.webp',
        svg: () => homeBannerSvg(['food', 'outdoors', 'home', 'toys'], 20),
        width: 750,
        height: 320,
      },
    ];
    const rendered = await renderImages(context.uploadDir, jobs);
    const url = (index: number) => rendered[index]?.url ?? '';
    const placeholder = (index: number) => rendered[index]?.placeholder ?? '';
    const shopImageBase = drafts.length * 2;

    const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
    const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));

    const shopSales = demoShops.map(() => ({ units: 0, amount: 0 }));
    for (const draft of drafts) {
      const sales = shopSales[draft.shopIndex];
      if (sales) {
        sales.units += draft.sold;
        sales.amount += draft.sold * draft.price;
      }
    }
    const owners = await demoShopOwners(db, demoShops.length);
    const shopRows = await db
      .insert(shops)
      .values(
        demoShops.map((shop, index) => ({
          name: shop.name,
          ownerUserId: owners[index] ?? null,
          logo: url(shopImageBase + index * 2),
          banner: url(shopImageBase + index * 2 + 1),
          logoPlaceholder: placeholder(shopImageBase + index * 2),
          bannerPlaceholder: placeholder(shopImageBase + index * 2 + 1),
          description: shop.jp,
          descriptionI18n: { jp: shop.jp, en: shop.en },
          sales: shopSales[index]?.units ?? 0,
          salesAmount: shopSales[index]?.amount ?? 0,
          createdAt: new Date(now.getTime() - (400 - index * 25) * 86_400_000),
          searchVector: shopSearchVector({ name: shop.name, description: shop.jp, descriptionI18n: { en: shop.en } }),
        })),
      )
      .returning({ id: shops.id });
    const shopId = (index: number) => shopRows[index]?.id ?? 0;

    const productRows = await db
      .insert(products)
      .values(
        drafts.map((draft, index) => {
          const titleI18n = { jp: draft.titleJp, en: draft.titleEn };
          const descriptionJp = `${draft.titleJp}。${draft.category.descriptionJp}`;
          const descriptionEn = `${draft.titleEn}. ${draft.category.descriptionEn}`;
          const descriptionI18n = { jp: descriptionJp, en: descriptionEn };
          return {
            shopId: shopId(draft.shopIndex),
            categoryId: categoryId.get(draft.slug) ?? 0,
            title: draft.titleJp,
            titleI18n,
            description: descriptionJp,
            descriptionI18n,
            images: [url(index * 2), url(index * 2 + 1)],
            imagePlaceholders: [placeholder(index * 2), placeholder(index * 2 + 1)],
            price: Math.min(...draft.skus.map((sku) => sku.price)),
            freight: draft.freight,
            soldCount: draft.sold,
            createdAt: draft.createdAt,
            updatedAt: draft.createdAt,
            searchVector: productSearchVector({
              title: draft.titleJp,
              titleI18n,
              description: descriptionJp,
              descriptionI18n,
            }),
          };
        }),
      )
      .returning({ id: products.id });

    await db
      .insert(productSkus)
      .values(
        drafts.flatMap((draft, index) =>
          draft.skus.map((sku, order) => ({ ...sku, productId: productRows[index]?.id ?? 0, sortOrder: order })),
        ),
      );

    const reviews = drafts.flatMap((draft, index) => {
      const count = random.int(0, 6);
      return Array.from({ length: count }, () => {
        const roll = random.next();
        const score = roll < 0.55 ? 5 : roll < 0.83 ? 4 : roll < 0.93 ? 3 : roll < 0.97 ? 2 : 1;
        const pool = score >= 4 ? demoReviews.good : score === 3 ? demoReviews.fair : demoReviews.poor;
        const text = random.pick(pool);
        const sku = random.pick(draft.skus);
        return {
          productId: productRows[index]?.id ?? 0,
          shopId: shopId(draft.shopIndex),
          reviewerName: maskName(random.pick(reviewerNames)),
          specText: sku.specs.map((pair) => pair.value).join(' / '),
          productScore: score,
          serviceScore: Math.min(5, score + random.int(0, 1)),
          postageScore: Math.min(5, score + random.int(0, 1)),
          content: random.next() < 0.5 ? text.jp : text.en,
          createdAt: new Date(now.getTime() - random.int(1, 60 * 24) * 3_600_000),
        };
      });
    });
    if (reviews.length > 0) await db.insert(productReviews).values(reviews);

    // The last 30 days: a share of each shop's sales, and mutual-aid support on some days.
    const stats = demoShops.flatMap((_, index) => {
      const supportShare = [0.9, 0.1, 0.6, 0.3, 0.75, 0.2, 0.5, 0.4, 0.05, 0.65, 0.15, 0.35][index] ?? 0.3;
      const recentUnits = Math.round((shopSales[index]?.units ?? 0) * 0.08);
      return Array.from({ length: 30 }, (_, ago) => ({
        shopId: shopId(index),
        day: dayString(new Date(now.getTime() - ago * 86_400_000)),
        unitsSold: Math.round((recentUnits / 30) * (0.5 + random.next())),
        supported: random.next() < supportShare,
      }));
    });
    await db.insert(shopDailyStats).values(stats);

    await db.insert(banners).values([
      {
        image: url(jobs.length - 3),
        placeholder: placeholder(jobs.length - 3),
        link: '/popular',
        titleI18n: { jp: '新生活応援セール', en: 'New Season Sale' },
        sortOrder: 0,
      },
      {
        image: url(jobs.length - 2),
        placeholder: placeholder(jobs.length - 2),
        link: `/shop/${shopId(5)}`,
        titleI18n: { jp: 'ファッション 最大30%オフ', en: 'Fashion: up to 30% off' },
        sortOrder: 1,
      },
      {
        image: url(jobs.length - 1),
        placeholder: placeholder(jobs.length - 1),
        link: `/shop/${shopId(3)}`,
        titleI18n: { jp: '日本のおいしいもの特集', en: 'Tastes of Japan' },
        sortOrder: 2,
      },
    ]);

    await recountCatalog(db);
    await refreshShopWindows(db, dayString(now));
  },
};
