import type {
  ContentKind,
  Language,
  TAdminContentItem,
  TAdminContentItemDetail,
  TFieldIssue,
} from '@openbourse/contracts';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './content.repository.js';
import type { ContentTables } from './content.tables.js';
import { findUnsafeMarkdown, renderMarkdown } from './markdown.js';

/**
 * The back office's content editor (#14). Every change runs in one transaction with exactly one
 * audit row (`content.<thing>.<verb>`, before and after); `onChanged` then tells every instance
 * to forget what it has cached, so the public site shows the change at once.
 */
export type ContentAdminDb = Kysely<ContentTables & PlatformTables>;
type Trx = Transaction<ContentTables & PlatformTables>;

export type OperatorAction = { operatorId: string; requestId: string; ip: string | null; reason?: string };

type LinkType = 'discord' | 'twitter' | 'telegram';
type SettingValue = string | number | boolean;

export function createContentAdministration(db: ContentAdminDb, onChanged: () => void) {
  async function change<T>(work: (trx: Trx) => Promise<{ result: T; changed: boolean }>): Promise<T> {
    const { result, changed } = await db.transaction().execute(work);
    if (changed) onChanged();
    return result;
  }

  function audit(trx: Trx, action: OperatorAction, name: string, target: string, before: unknown, after: unknown) {
    const [targetType, ...rest] = target.split(':');
    return recordAudit(trx, {
      actorUserId: action.operatorId,
      action: name,
      targetType: targetType ?? null,
      targetId: rest.join(':') || null,
      before,
      after,
      reason: action.reason?.trim() ? action.reason.trim() : null,
      requestId: action.requestId,
      ip: action.ip,
    });
  }

  async function getItem(trx: ContentAdminDb | Trx, id: string): Promise<TAdminContentItemDetail> {
    const row = await repository.findAdminItem(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    const translations = await repository.findTranslations(trx, id);
    return {
      ...toItem(row),
      translations: translations.map((t) => ({
        lang: t.lang as Language,
        title: t.title,
        body: t.body_markdown,
        updatedAt: t.updated_at.toISOString(),
      })),
    };
  }

  async function lockExisting(trx: Trx, id: string): Promise<TAdminContentItemDetail> {
    if (!(await repository.lockItem(trx, id))) throw new AppError('NOT_FOUND');
    return getItem(trx, id);
  }

  return {
    async listItems(query: { kind?: ContentKind; page: number; size: number }) {
      const { rows, total } = await repository.findAdminItems(db, query.kind, {
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { items: rows.map(toItem), total };
    },

    getItem: (id: string) => getItem(db, id),

    createItem(
      action: OperatorAction,
      input: {
        slug: string;
        kind: ContentKind;
        type: number;
        sortOrder: number;
        isPublished: boolean;
        translations: Array<{ lang: Language; title: string; body: string }>;
      },
    ): Promise<TAdminContentItemDetail> {
      if (!input.translations.some((t) => t.lang === 'en')) throw new AppError('CONTENT_ENGLISH_REQUIRED');
      for (const [index, t] of input.translations.entries()) refuseUnsafe(t.body, `body.translations.${index}.body`);
      return change(async (trx) => {
        const id = await repository.insertItem(trx, { ...input, type: asType(input.type) });
        if (!id) throw new AppError('CONTENT_SLUG_EXISTS');
        for (const translation of input.translations) await repository.upsertTranslation(trx, id, translation);
        const after = await getItem(trx, id);
        await audit(trx, action, 'content.item.create', `content:${id}`, null, after);
        return { result: after, changed: true };
      });
    },

    updateItem(
      action: OperatorAction,
      id: string,
      changes: { type?: number; sortOrder?: number; isPublished?: boolean },
    ): Promise<TAdminContentItemDetail> {
      return change(async (trx) => {
        const before = await lockExisting(trx, id);
        const next = {
          ...(changes.type === undefined ? {} : { type: asType(changes.type) }),
          ...(changes.sortOrder === undefined ? {} : { sortOrder: changes.sortOrder }),
          ...(changes.isPublished === undefined ? {} : { isPublished: changes.isPublished }),
        };
        const isSame =
          (next.type ?? before.type) === before.type &&
          (next.sortOrder ?? before.sortOrder) === before.sortOrder &&
          (next.isPublished ?? before.isPublished) === before.isPublished;
        if (isSame) return { result: before, changed: false };
        await repository.updateItem(trx, id, next);
        const after = await getItem(trx, id);
        await audit(trx, action, 'content.item.update', `content:${id}`, itemFacts(before), itemFacts(after));
        return { result: after, changed: true };
      });
    },

    saveTranslation(
      action: OperatorAction,
      id: string,
      lang: Language,
      text: { title: string; body: string },
    ): Promise<TAdminContentItemDetail> {
      refuseUnsafe(text.body, 'body.body');
      return change(async (trx) => {
        const before = await lockExisting(trx, id);
        const old = before.translations.find((t) => t.lang === lang) ?? null;
        if (old && old.title === text.title && old.body === text.body) return { result: before, changed: false };
        await repository.upsertTranslation(trx, id, { lang, ...text });
        const after = await getItem(trx, id);
        await audit(
          trx,
          action,
          'content.item.update',
          `content:${id}`,
          old ? { lang, title: old.title, body: old.body } : null,
          { lang, title: text.title, body: text.body },
        );
        return { result: after, changed: true };
      });
    },

    deleteTranslation(action: OperatorAction, id: string, lang: Language): Promise<TAdminContentItemDetail> {
      return change(async (trx) => {
        const before = await lockExisting(trx, id);
        if (lang === 'en') throw new AppError('CONTENT_ENGLISH_REQUIRED');
        const old = before.translations.find((t) => t.lang === lang);
        if (!old) throw new AppError('NOT_FOUND');
        await repository.deleteTranslation(trx, id, lang);
        const after = await getItem(trx, id);
        await audit(
          trx,
          action,
          'content.item.update',
          `content:${id}`,
          { lang, title: old.title, body: old.body },
          {
            lang,
            removed: true,
          },
        );
        return { result: after, changed: true };
      });
    },

    preview(markdown: string) {
      return { html: renderMarkdown(markdown), isSafe: findUnsafeMarkdown(markdown) === null };
    },

    listLinks: () => repository.findAllSocialLinks(db),

    saveLink(action: OperatorAction, type: LinkType, url: string) {
      return change(async (trx) => {
        const before = await repository.lockSocialLink(trx, type);
        if (before?.url === url) return { result: await repository.findAllSocialLinks(trx), changed: false };
        await repository.upsertSocialLink(trx, type, url);
        await audit(trx, action, 'content.link.update', `link:${type}`, before, { type, url });
        return { result: await repository.findAllSocialLinks(trx), changed: true };
      });
    },

    listParams: () => repository.findAllParams(db),

    saveParam(action: OperatorAction, key: string, input: { value: string; description?: string }) {
      return change(async (trx) => {
        const before = await repository.lockParam(trx, key);
        const after = { key, value: input.value, description: input.description ?? before?.description ?? '' };
        if (before && before.value === after.value && before.description === after.description) {
          return { result: await repository.findAllParams(trx), changed: false };
        }
        await repository.upsertParam(trx, after);
        await audit(trx, action, 'content.param.update', `param:${key}`, before, after);
        return { result: await repository.findAllParams(trx), changed: true };
      });
    },

    listSettings: async () => (await repository.findAllSettings(db)).map(toSetting),

    saveSetting(action: OperatorAction, key: string, input: { value: SettingValue; isPublic: boolean }) {
      return change(async (trx) => {
        const before = await repository.lockSetting(trx, key);
        const after = { key, value: input.value, isPublic: input.isPublic };
        const isSame = before !== null && before.value === input.value && before.is_public === input.isPublic;
        if (!isSame) {
          await repository.upsertSetting(trx, after);
          await audit(
            trx,
            action,
            'content.setting.update',
            `setting:${key}`,
            before ? { key, value: before.value, isPublic: before.is_public } : null,
            after,
          );
        }
        return { result: (await repository.findAllSettings(trx)).map(toSetting), changed: !isSame };
      });
    },
  };
}

export type ContentAdministration = ReturnType<typeof createContentAdministration>;

function refuseUnsafe(markdown: string, path: string): void {
  const what = findUnsafeMarkdown(markdown);
  if (what) {
    const issues: TFieldIssue[] = [{ path, message: `contains ${what}` }];
    throw new AppError('CONTENT_UNSAFE_MARKDOWN', { data: { issues } });
  }
}

function asType(type: number): 1 | 2 | 3 {
  if (type === 1 || type === 2 || type === 3) return type;
  throw new AppError('INVALID_INPUT', { data: { issues: [{ path: 'body.type', message: '1, 2 or 3' }] } });
}

function toItem(row: repository.AdminItemRow): TAdminContentItem {
  return {
    id: String(row.id),
    slug: row.slug,
    kind: row.kind,
    type: row.type,
    sortOrder: row.sort_order,
    isPublished: row.is_published,
    publishedAt: row.published_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    title: row.title ?? '',
    languages: row.languages,
  };
}

function itemFacts(item: TAdminContentItem) {
  return { type: item.type, sortOrder: item.sortOrder, isPublished: item.isPublished };
}

function toSetting(row: { key: string; value: unknown; is_public: boolean; updated_at: Date }) {
  const value = row.value;
  return {
    key: row.key,
    value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null,
    isPublic: row.is_public,
    updatedAt: row.updated_at.toISOString(),
  };
}
