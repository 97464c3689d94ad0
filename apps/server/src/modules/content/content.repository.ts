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

// The back office's content editor (#14): every item, published or not, with all its texts.

export type AdminItemRow = {
  id: string;
  slug: string;
  kind: ContentKind;
  type: 1 | 2 | 3;
  sort_order: number;
  is_published: boolean;
  published_at: Date;
  updated_at: Date;
  title: string | null;
  languages: Language[];
};

function adminItems(db: Db) {
  return db
    .selectFrom('content_items as i')
    .select([
      'i.id',
      'i.slug',
      'i.kind',
      'i.type',
      'i.sort_order',
      'i.is_published',
      'i.published_at',
      'i.updated_at',
      sql<string | null>`(SELECT t.title FROM content_translations t WHERE t.item_id = i.id AND t.lang = 'en')`.as(
        'title',
      ),
      sql<Language[]>`ARRAY(SELECT t.lang FROM content_translations t WHERE t.item_id = i.id ORDER BY t.lang)`.as(
        'languages',
      ),
    ]);
}

export async function findAdminItems(
  db: Db,
  kind: ContentKind | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminItemRow[]; total: number }> {
  let count = db.selectFrom('content_items').select((eb) => eb.fn.countAll<string>().as('n'));
  let list = adminItems(db);
  if (kind) {
    count = count.where('kind', '=', kind);
    list = list.where('i.kind', '=', kind);
  }
  const counted = await count.executeTakeFirstOrThrow();
  const rows = (await list
    .orderBy('i.kind')
    .orderBy('i.type')
    .orderBy('i.sort_order')
    .orderBy('i.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute()) as AdminItemRow[];
  return { rows, total: Number(counted.n) };
}

export async function findAdminItem(db: Db, id: string): Promise<AdminItemRow | null> {
  return ((await adminItems(db).where('i.id', '=', id).executeTakeFirst()) as AdminItemRow | undefined) ?? null;
}

/** Locks the item row so two editors' changes (and their audit rows) come one after the other. */
export async function lockItem(db: Db, id: string): Promise<{ id: string } | null> {
  return (
    (await db.selectFrom('content_items').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

export async function findTranslations(db: Db, id: string) {
  return db
    .selectFrom('content_translations')
    .select(['lang', 'title', 'body_markdown', 'updated_at'])
    .where('item_id', '=', id)
    .orderBy('lang')
    .execute();
}

export async function insertItem(
  db: Db,
  item: { slug: string; kind: ContentKind; type: 1 | 2 | 3; sortOrder: number; isPublished: boolean },
): Promise<string | null> {
  const row = await db
    .insertInto('content_items')
    .values({
      slug: item.slug,
      kind: item.kind,
      type: item.type,
      sort_order: item.sortOrder,
      is_published: item.isPublished,
      published_at: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateItem(
  db: Db,
  id: string,
  changes: { type?: 1 | 2 | 3; sortOrder?: number; isPublished?: boolean },
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({
      ...(changes.type === undefined ? {} : { type: changes.type }),
      ...(changes.sortOrder === undefined ? {} : { sort_order: changes.sortOrder }),
      ...(changes.isPublished === undefined ? {} : { is_published: changes.isPublished }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function upsertTranslation(
  db: Db,
  id: string,
  translation: { lang: Language; title: string; body: string },
): Promise<void> {
  await db
    .insertInto('content_translations')
    .values({ item_id: id, lang: translation.lang, title: translation.title, body_markdown: translation.body })
    .onConflict((conflict) =>
      conflict.columns(['item_id', 'lang']).doUpdateSet({
        title: translation.title,
        body_markdown: translation.body,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  await db.updateTable('content_items').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function deleteTranslation(db: Db, id: string, lang: Language): Promise<void> {
  await db.deleteFrom('content_translations').where('item_id', '=', id).where('lang', '=', lang).execute();
  await db.updateTable('content_items').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function findAllSocialLinks(db: Db) {
  return findSocialLinks(db);
}

export async function lockSocialLink(db: Db, type: 'discord' | 'twitter' | 'telegram') {
  return (
    (await db
      .selectFrom('social_links')
      .select(['type', 'url'])
      .where('type', '=', type)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function upsertSocialLink(db: Db, type: 'discord' | 'twitter' | 'telegram', url: string): Promise<void> {
  await db
    .insertInto('social_links')
    .values({ type, url })
    .onConflict((conflict) => conflict.column('type').doUpdateSet({ url }))
    .execute();
}

export async function findAllParams(db: Db) {
  return db.selectFrom('params').select(['key', 'value', 'description']).orderBy('key').execute();
}

export async function lockParam(db: Db, key: string) {
  return (
    (await db
      .selectFrom('params')
      .select(['key', 'value', 'description'])
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function upsertParam(db: Db, param: { key: string; value: string; description: string }): Promise<void> {
  await db
    .insertInto('params')
    .values(param)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: param.value, description: param.description }),
    )
    .execute();
}

export async function findAllSettings(db: Db) {
  return db.selectFrom('settings').select(['key', 'value', 'is_public', 'updated_at']).orderBy('key').execute();
}

export async function lockSetting(db: Db, key: string) {
  return (
    (await db
      .selectFrom('settings')
      .select(['key', 'value', 'is_public'])
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function upsertSetting(
  db: Db,
  setting: { key: string; value: string | number | boolean; isPublic: boolean },
): Promise<void> {
  const value = JSON.stringify(setting.value);
  await db
    .insertInto('settings')
    .values({ key: setting.key, value, is_public: setting.isPublic })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value, is_public: setting.isPublic, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
