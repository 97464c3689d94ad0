import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContentKind,
  LANGUAGES,
  type Language,
  SUPPORT_CHAT_PATH,
  type TContentDetail,
  type TContentSummary,
  type TPublicSettings,
} from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './content.repository.js';
import type { ContentTables } from './content.tables.js';
import { renderMarkdown } from './markdown.js';
import { SEED_ITEMS, SEED_PARAMS } from './seed/catalogue.js';

export type ContentServiceOptions = {
  deploymentMode: 'sandbox' | 'production';
  defaultLanguage: Language;
  aboutContentId?: number;
  /** An external chat a deployment uses instead of the built-in one (SUPPORT_CHAT_URL). */
  supportChatUrl?: string;
  /** The deployment's public origin (PUBLIC_ORIGIN): the built-in chat's URL is absolute with it. */
  publicOrigin?: string;
  supportEmail?: string;
  /** How long a rendered answer is reused; every change through the content editor clears it on every instance. */
  cacheTtlMs?: number;
  clock: Clock;
};

export type ContentDb = DbView<ContentTables>;
type Db = ContentDb;

type CacheEntry = { expiresAt: number; value: unknown };

/**
 * Content use cases. Reads are cached per language for a short time: content changes
 * rarely and the footer list is fetched on every page load.
 */
export function createContentService(db: Db, options: ContentServiceOptions) {
  // The built-in support chat (issue 20) unless the deployment names an external one.
  const chatUrl =
    options.supportChatUrl ??
    (options.publicOrigin ? new URL(SUPPORT_CHAT_PATH, options.publicOrigin).toString() : SUPPORT_CHAT_PATH);
  const cache = new Map<string, CacheEntry>();
  const ttl = options.cacheTtlMs ?? 30_000;

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    const now = options.clock.now().getTime();
    if (hit && hit.expiresAt > now) return hit.value as T;
    const value = await load();
    cache.set(key, { value, expiresAt: now + ttl });
    return value;
  }

  const toSummary = (row: repository.ContentRow): TContentSummary => ({
    id: Number(row.id),
    slug: row.slug,
    type: row.type,
    kind: row.kind,
    title: row.title,
    lang: row.lang,
    publishedAt: row.published_at.toISOString(),
  });
  const toDetail = (row: repository.ContentRow): TContentDetail => ({
    ...toSummary(row),
    body: row.body_markdown,
    html: renderMarkdown(row.body_markdown),
  });

  return {
    /** Footer pages (company, policy, other), titles only. */
    listPages(language: Language): Promise<TContentSummary[]> {
      return cached(`pages:${language}`, async () =>
        (await repository.findItemsByKind(db, 'page', language)).map(toSummary),
      );
    },

    /** FAQ entries or notices with their rendered bodies. */
    listHelp(kind: Exclude<ContentKind, 'page'>, language: Language): Promise<TContentDetail[]> {
      return cached(`${kind}:${language}`, async () =>
        (await repository.findItemsByKind(db, kind, language)).map(toDetail),
      );
    },

    getById(id: string, language: Language): Promise<TContentDetail> {
      return cached(`id:${id}:${language}`, async () => {
        const row = await repository.findItemById(db, id, language);
        if (!row) throw new AppError('NOT_FOUND');
        return toDetail(row);
      });
    },

    getBySlug(slug: string, language: Language): Promise<TContentDetail> {
      return cached(`slug:${slug}:${language}`, async () => {
        const row = await repository.findItemBySlug(db, slug, language);
        if (!row) throw new AppError('NOT_FOUND');
        return toDetail(row);
      });
    },

    async search(query: string, language: Language): Promise<TContentSummary[]> {
      return (await repository.searchItemTitles(db, query, language, 20)).map(toSummary);
    },

    async getParam(key: string) {
      const param = await repository.findParam(db, key);
      if (!param) throw new AppError('NOT_FOUND');
      return param;
    },

    getCustomContents(language: Language) {
      return cached(`custom:${language}`, () => repository.findCustomContents(db, language));
    },

    getSocialLinks() {
      return cached('links', () => repository.findSocialLinks(db));
    },

    /** SPEC §7 customer-service types: online_service → the chat page; email → mailto. */
    getCustomerService(type: 'online_service' | 'email') {
      if (type === 'online_service') {
        return { type, url: chatUrl };
      }
      if (!options.supportEmail) throw new AppError('SUPPORT_UNAVAILABLE');
      return { type, url: `mailto:${options.supportEmail}` };
    },

    getCustomerServiceFooter() {
      return { onlineService: true, email: options.supportEmail ?? null };
    },

    async getPublicSettings(): Promise<TPublicSettings> {
      return cached('public-settings', async () => ({
        defaultLanguage: options.defaultLanguage,
        deploymentMode: options.deploymentMode,
        aboutContentId: options.aboutContentId ?? (await aboutIdFromSeed()),
      }));
    },

    /** A public setting by key: deployment facts first, then operator settings marked public. */
    async getSetting(key: string): Promise<{ key: string; value: string | number | boolean | null }> {
      const settings = await this.getPublicSettings();
      const fromDeployment: Record<string, string | number | boolean | null> = {
        default_language: settings.defaultLanguage,
        deployment_mode: settings.deploymentMode,
        about_content_id: settings.aboutContentId,
        online_service_enabled: true,
      };
      if (key in fromDeployment) return { key, value: fromDeployment[key] ?? null };
      const row = await repository.findPublicSetting(db, key);
      if (!row) throw new AppError('NOT_FOUND');
      const value = row.value;
      return {
        key,
        value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null,
      };
    },

    clearCache(): void {
      cache.clear();
    },
  };

  async function aboutIdFromSeed(): Promise<number | null> {
    const id = await repository.findItemIdBySlug(db, 'about');
    return id ? Number(id) : null;
  }
}

export type ContentService = ReturnType<typeof createContentService>;

type SeedFile = {
  pages: Record<string, { title: string; body: string }>;
  faq: Record<string, { title: string; body: string }>;
  notices: Record<string, { title: string; body: string }>;
  custom: Record<string, string>;
};

// The seed's JSON stays beside the source; this path names it from src/ and from dist/ alike.
export const SEED_DIR = fileURLToPath(new URL('../../../src/modules/content/seed/', import.meta.url));

export async function readSeedFiles(dir = SEED_DIR): Promise<Record<Language, SeedFile>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const text = await readFile(path.join(dir, `${language}.json`), 'utf8');
      return [language, JSON.parse(text) as SeedFile] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, SeedFile>;
}

/** Seeds pages, FAQ, notices, custom contents and params in all ten languages; idempotent. */
export async function seedContent(db: Db): Promise<void> {
  const files = await readSeedFiles();
  const textOf = (file: SeedFile, kind: ContentKind, slug: string) =>
    (kind === 'page' ? file.pages : kind === 'faq' ? file.faq : file.notices)[slug];
  const items: repository.SeedItem[] = SEED_ITEMS.map((item) => ({
    ...item,
    translations: LANGUAGES.map((language) => {
      const text = textOf(files[language], item.kind, item.slug);
      if (!text) throw new Error(`seed/${language}.json lacks ${item.kind} ${item.slug}`);
      return { lang: language, title: text.title, body: text.body };
    }),
  }));
  const customContents = LANGUAGES.flatMap((language) =>
    Object.entries(files[language].custom).map(([key, content]) => ({ key, lang: language, content })),
  );
  // Operator settings have no sandbox defaults yet: the back office (a later issue) writes them.
  await repository.insertSeedContent(db, items, customContents, SEED_PARAMS, []);
}
