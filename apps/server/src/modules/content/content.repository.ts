import type { ContentKind, Language } from '@openbourse/contracts';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { ContentTables } from './content.tables.js';

type Db = DbView<ContentTables>;

/** The only SQL over the content module's tables. */

export type ContentRow = {
  id: string;
  slug: string;
  kind: ContentKind;
  type: 1 | 2 | 3;
  published_at: Date;
  title: string;
  body_markdown: string;
  lang: Language;
};

// The requested language's translation when it exists, else English: a reader gets the page
// and the response says which language it is in.
function translatedItems(db: Db, language: Language) {
  return db
    .selectFrom('content_items as i')
    .innerJoin('content_translations as fallback', (join) =>
      join.onRef('fallback.item_id', '=', 'i.id').on('fallback.lang', '=', 'en'),
    )
    .leftJoin('content_translations as t', (join) => join.onRef('t.item_id', '=', 'i.id').on('t.lang', '=', language))
    .select([
      'i.id',
      'i.slug',
      'i.kind',
      'i.type',
      'i.published_at',
      sql<string>`coalesce(t.title, fallback.title)`.as('title'),
      sql<string>`coalesce(t.body_markdown, fallback.body_markdown)`.as('body_markdown'),
      sql<Language>`coalesce(t.lang, 'en')`.as('lang'),
    ])
    .where('i.is_published', '=', true);
}

export async function findItemsByKind(db: Db, kind: ContentKind, language: Language): Promise<ContentRow[]> {
  const order = kind === 'notice' ? 'desc' : 'asc';
  return (await translatedItems(db, language)
    .where('i.kind', '=', kind)
    .orderBy('i.type', 'asc')
    .orderBy(kind === 'notice' ? 'i.published_at' : 'i.sort_order', order)
    .orderBy('i.id', 'asc')
    .execute()) as ContentRow[];
}

export async function findItemById(db: Db, id: string, language: Language): Promise<ContentRow | null> {
  const row = await translatedItems(db, language).where('i.id', '=', id).executeTakeFirst();
  return (row as ContentRow | undefined) ?? null;
}

export async function findItemBySlug(db: Db, slug: string, language: Language): Promise<ContentRow | null> {
  const row = await translatedItems(db, language).where('i.slug', '=', slug).executeTakeFirst();
  return (row as ContentRow | undefined) ?? null;
}

export async function searchItemTitles(
  db: Db,
  query: string,
  language: Language,
  limit: number,
): Promise<ContentRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (await translatedItems(db, language)
    .where(sql<boolean>`coalesce(t.title, fallback.title) ILIKE ${pattern}`)
    .orderBy('i.kind', 'asc')
    .orderBy('i.sort_order', 'asc')
    .limit(limit)
    .execute()) as ContentRow[];
}

export async function findItemIdBySlug(db: Db, slug: string): Promise<string | null> {
  const row = await db.selectFrom('content_items').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

export async function findParam(db: Db, key: string) {
  return (await db.selectFrom('params').select(['key', 'value']).where('key', '=', key).executeTakeFirst()) ?? null;
}

export async function findCustomContents(db: Db, language: Language) {
  return db
    .selectFrom('custom_contents as fallback')
    .leftJoin('custom_contents as c', (join) => join.onRef('c.key', '=', 'fallback.key').on('c.lang', '=', language))
    .select([
      'fallback.key as key',
      sql<string>`coalesce(c.content, fallback.content)`.as('content'),
      sql<Language>`coalesce(c.lang, 'en')`.as('lang'),
    ])
    .where('fallback.lang', '=', 'en')
    .orderBy('fallback.key')
    .execute();
}

export async function findPublicSetting(db: Db, key: string) {
  return (
    (await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', '=', key)
      .where('is_public', '=', true)
      .executeTakeFirst()) ?? null
  );
}

export async function findSocialLinks(db: Db) {
  return db.selectFrom('social_links').select(['type', 'url']).orderBy('type').execute();
}

export type SeedItem = {
  slug: string;
  kind: ContentKind;
  type: 1 | 2 | 3;
  sortOrder: number;
  publishedAt: string;
  translations: Array<{ lang: Language; title: string; body: string }>;
};

/** Inserts what is missing and leaves what exists (an operator's edits survive restarts). */
export async function insertSeedContent(
  db: Db,
  items: SeedItem[],
  customContents: Array<{ key: string; lang: Language; content: string }>,
  params: Array<{ key: string; value: string; description: string }>,
  settings: Array<{ key: string; value: unknown; isPublic: boolean }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const item of items) {
      await trx
        .insertInto('content_items')
        .values({
          slug: item.slug,
          kind: item.kind,
          type: item.type,
          sort_order: item.sortOrder,
          published_at: item.publishedAt,
        })
        .onConflict((conflict) => conflict.column('slug').doNothing())
        .execute();
      const id = await findItemIdBySlug(trx, item.slug);
      if (!id) throw new Error(`seed item ${item.slug} missing after insert`);
      await trx
        .insertInto('content_translations')
        .values(item.translations.map((t) => ({ item_id: id, lang: t.lang, title: t.title, body_markdown: t.body })))
        .onConflict((conflict) => conflict.columns(['item_id', 'lang']).doNothing())
        .execute();
    }
    if (customContents.length > 0) {
      await trx
        .insertInto('custom_contents')
        .values(customContents)
        .onConflict((conflict) => conflict.columns(['key', 'lang']).doNothing())
        .execute();
    }
    if (params.length > 0) {
      await trx
        .insertInto('params')
        .values(params)
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    }
    for (const setting of settings) {
      await trx
        .insertInto('settings')
        .values({ key: setting.key, value: JSON.stringify(setting.value), is_public: setting.isPublic })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    }
  });
}
