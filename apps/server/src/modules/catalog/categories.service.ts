import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema/catalog.ts';
import { categoryIconSvg, categorySlugs } from './art.ts';
import { categoryNames } from './categories.data.ts';

/** Public URL of a file under the upload directory. */
export const uploadUrl = (...segments: string[]) => `/uploads/${segments.join('/')}`;

/** Writes a file unless it is already there; a temporary name and a rename keep readers safe. */
export async function writeFileOnce(file: string, contents: string | Buffer): Promise<boolean> {
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (exists) return false;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
  return true;
}

/**
 * Reference data: the 10 categories of docs/spec.md §3 with names in every language and their icons
 * (SVG files under the upload directory), kept in step on every start.
 */
export async function syncCategories(db: Database, uploadDir: string): Promise<void> {
  await Promise.all(
    categorySlugs.map((slug) =>
      writeFileOnce(path.join(uploadDir, 'catalog', 'categories', `${slug}.svg`), categoryIconSvg(slug)),
    ),
  );
  await db
    .insert(categories)
    .values(
      categorySlugs.map((slug, index) => ({
        slug,
        nameI18n: categoryNames[slug],
        icon: uploadUrl('catalog', 'categories', `${slug}.svg`),
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: categories.slug,
      set: { nameI18n: sql`excluded.name_i18n`, icon: sql`excluded.icon`, sortOrder: sql`excluded.sort_order` },
    });
}
