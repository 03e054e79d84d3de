import { type AdminContentItem, type ContentKey, type ContentPage, contentKeys } from '@crossmart/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentPages } from '../../db/schema/support.ts';
import { writeAuditLog } from '../audit/index.ts';
import { defaultContent } from './content-defaults.data.ts';

const fallbackLanguage = 'en';

/** Writes the default texts where a key has no text yet in that language (edits are kept). */
export async function syncDefaultContent(db: Database): Promise<void> {
  const rows = [...defaultContent].flatMap(([lang, texts]) =>
    contentKeys.filter((key) => texts[key]).map((key) => ({ key, lang, body: texts[key] })),
  );
  await db.insert(contentPages).values(rows).onConflictDoNothing();
}

/** A text page in `lang`, else in English; an empty body when neither exists. */
export async function getContent(db: Database, key: ContentKey, lang: string): Promise<ContentPage> {
  const rows = await db
    .select({ lang: contentPages.lang, body: contentPages.body, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.key, key), inArray(contentPages.lang, [lang, fallbackLanguage])));
  const row = rows.find((candidate) => candidate.lang === lang) ?? rows[0];
  if (!row) return { key, lang, body: '', updated_at: null };
  return { key, lang: row.lang, body: row.body, updated_at: row.updatedAt.toISOString() };
}

/** Every stored text, for the admin console's content screen. */
export async function listContent(db: Database): Promise<AdminContentItem[]> {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.key), asc(contentPages.lang));
  return rows.map((row) => ({
    key: row.key as ContentKey,
    lang: row.lang,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function saveContent(
  db: Database,
  adminId: number,
  input: { key: ContentKey; lang: string; body: string },
): Promise<AdminContentItem> {
  const row = await db.transaction(async (tx) => {
    const page = and(eq(contentPages.key, input.key), eq(contentPages.lang, input.lang));
    // A new text is inserted (a concurrent first save waits on the key, then finds it); an existing
    // one is locked before it is read, so the audit's `before` is what this save replaces, not a
    // text another admin's save overwrote meanwhile (a-insert-races.rel.ts).
    const [created] = await tx
      .insert(contentPages)
      .values({ key: input.key, lang: input.lang, body: input.body, updatedBy: adminId })
      .onConflictDoNothing()
      .returning();
    const [previous] = created
      ? []
      : await tx.select({ body: contentPages.body }).from(contentPages).where(page).for('update');
    const [saved] = created
      ? [created]
      : await tx
          .update(contentPages)
          .set({ body: input.body, updatedBy: adminId, updatedAt: sql`now()` })
          .where(page)
          .returning();
    if (!saved) throw new Error('content save returned no row');
    await writeAuditLog(tx, {
      adminId,
      action: 'content_save',
      targetType: 'content',
      targetId: `${input.key}:${input.lang}`,
      before: previous ? { body: previous.body } : null,
      after: { body: saved.body },
    });
    return saved;
  });
  return { key: input.key, lang: row.lang, body: row.body, updated_at: row.updatedAt.toISOString() };
}
