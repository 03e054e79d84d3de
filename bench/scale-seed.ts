/**
 * A bench catalog of any size, loaded in a few set-based statements (generate_series), on either
 * engine: `shops` shops, `products` products with one SKU each, 30 days of shop stats and exact
 * listed counters. Not the demo seed (that one draws pictures and writes one row at a time).
 *
 * Titles come from a small vocabulary (8 adjectives × 12 nouns, as in bench/catalog.ts), so a noun
 * such as `イヤホン` matches 1/12 of the catalog at every size: the "broad keyword" case. One
 * product in 5,000 also carries the brand word `Zephyr` (`selectiveKeyword`): a search whose
 * answer is a small share of the catalog, like a brand or model name.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { productSearchVector, refreshShopWindows } from '../apps/server/src/modules/catalog/index.ts';

export const broadKeyword = 'イヤホン';
export const selectiveKeyword = 'zephyr';
const brandEvery = 5000;

/** The title vocabulary, shared with `bench/catalog.ts`: 8 adjectives × 12 nouns. */
export const adjectives = [
  ['ワイヤレス', 'Wireless'],
  ['軽量', 'Lightweight'],
  ['防水', 'Waterproof'],
  ['北欧風', 'Nordic'],
  ['国産', 'Japanese'],
  ['大容量', 'Large'],
  ['プレミアム', 'Premium'],
  ['コンパクト', 'Compact'],
] as const;
export const nouns = [
  ['イヤホン', 'Earbuds'],
  ['ノートパソコン', 'Laptop'],
  ['テント', 'Tent'],
  ['財布', 'Wallet'],
  ['ケトル', 'Kettle'],
  ['スニーカー', 'Sneakers'],
  ['抹茶', 'Matcha'],
  ['スマートフォン', 'Smartphone'],
  ['パズル', 'Puzzle'],
  ['ヨガマット', 'Yoga Mat'],
  ['バックパック', 'Backpack'],
  ['ワンピース', 'Dress'],
] as const;

/** Every title of the vocabulary with its search vector, computed by the catalog's own code. */
function vocabulary() {
  const rows: { id: number; jp: string; en: string; vector: string; brandVector: string }[] = [];
  for (const [jpWord, enWord] of adjectives) {
    for (const [jpNoun, enNoun] of nouns) {
      const jp = `${jpWord}${jpNoun}`;
      const en = `${enWord} ${enNoun}`;
      const description = `${jp}。毎日使える定番アイテムです。`;
      rows.push({
        id: rows.length,
        jp,
        en,
        vector: productSearchVector({ title: jp, titleI18n: { jp, en }, description }),
        brandVector: productSearchVector({
          title: `Zephyr ${jp}`,
          titleI18n: { jp: `Zephyr ${jp}`, en: `Zephyr ${en}` },
          description,
        }),
      });
    }
  }
  return rows;
}

/**
 * Loads the catalog into a migrated, empty database. The product indexes are dropped during the
 * load and built again after it (much faster than maintaining them row by row).
 */
export async function seedCatalog(db: Database, options: { products: number; shops: number }): Promise<void> {
  const words = vocabulary();
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(
    sql`insert into shops (name, logo, banner, description, search_vector)
        select 'Bench Shop ' || g, '/uploads/logo.webp', '', 'A bench shop', to_tsvector('simple', 'bench shop ' || g)
        from generate_series(1, ${options.shops}::int) g`,
  );
  const indexes = await db.execute<{ name: string; definition: string }>(
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename in ('products', 'product_skus') and indexname not like '%_pkey'`,
  );
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.execute(
    sql`create temporary table bench_vocabulary (id int, jp text, en text, vector tsvector, brand_vector tsvector)`,
  );
  for (const word of words) {
    await db.execute(
      sql`insert into bench_vocabulary values (${word.id}, ${word.jp}, ${word.en}, ${word.vector}::tsvector, ${word.brandVector}::tsvector)`,
    );
  }
  const brand = sql.raw(`(g % ${brandEvery} = 0)`);
  await db.execute(
    sql`insert into products (shop_id, category_id, title, title_i18n, description, images, price, stock, sold_count, created_at, search_vector)
        select 1 + ((g::bigint * 7919) % ${options.shops}::int)::int,
               c.ids[1 + ((g::bigint * 31) % array_length(c.ids, 1))::int],
               case when ${brand} then 'Zephyr ' else '' end || v.jp || ' ' || g,
               jsonb_build_object('jp', case when ${brand} then 'Zephyr ' else '' end || v.jp || ' ' || g,
                                  'en', case when ${brand} then 'Zephyr ' else '' end || v.en || ' ' || g),
               v.jp || '。毎日使える定番アイテムです。',
               jsonb_build_array('/uploads/p' || (g % 400) || '.webp'),
               500 + floor(random() * 50000)::int,
               1000000,
               floor(power(random(), 3) * 10000)::int,
               now() - random() * interval '365 days',
               case when ${brand} then v.brand_vector else v.vector end
        from generate_series(1, ${options.products}::int) g
        join bench_vocabulary v on v.id = ((g::bigint * 13) % ${words.length}::int)::int
        cross join (select array_agg(id order by id) as ids from categories) c`,
  );
  await db.execute(
    sql`insert into product_skus (product_id, specs, price, stock, sort_order)
        select id, '[]'::jsonb, price, stock, 0 from products`,
  );
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const index of indexes.rows) await db.execute(sql.raw(index.definition));
  await db.execute(
    sql`update categories c set product_count = coalesce((select count(*) from products p where p.category_id = c.id and p.is_listed), 0)`,
  );
  await db.execute(
    sql`update shops s set product_count = n.count from (select shop_id, count(*)::int as count from products where is_listed group by shop_id) n where n.shop_id = s.id`,
  );
  await db.execute(
    sql`insert into shop_daily_stats (shop_id, day, units_sold, supported)
        select s.id, current_date - d, floor(random() * 50)::int, random() < 0.3
        from shops s cross join generate_series(0, 29) d`,
  );
  await refreshShopWindows(db, new Date().toISOString().slice(0, 10));
  await db.execute(sql`drop table bench_vocabulary`);
  await db.execute(sql`vacuum analyze`);
}
