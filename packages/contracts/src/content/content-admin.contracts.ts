import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { CONTENT_KINDS, CONTENT_TYPES, LINK_TYPES } from './content.contracts.js';

/** The content editor of the back office (issue 14): what operators send and read. */

/** Limits of one text: a title as the table allows, a body of up to 100,000 characters. */
export const CONTENT_TITLE_MAX = 300;
export const CONTENT_BODY_MAX = 100_000;

// Lone UTF-16 surrogates and control characters are refused for every request, before any
// schema (apps/server/src/platform/http/route.ts).

const ZLanguage = z.enum(LANGUAGES).describe('Language code: en ja ko de fr it es ar hk zh');
const ZReason = z.string().trim().max(500).optional().describe("The operator's reason, kept in the audit log");

export const ZAdminContentIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
    .describe('Content item id'),
});
export const ZAdminContentTranslationParams = ZAdminContentIdParams.extend({ lang: ZLanguage });

export const ZAdminContentItemsQuery = z.object({
  kind: z.enum(CONTENT_KINDS).optional().describe('page (types 1-3), faq or notice; empty: every kind'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page number, from 1'),
  size: z.coerce.number().int().min(1).max(100).default(50).describe('Items per page, 1 to 100'),
});

export const ZAdminContentItem = z.object({
  id: z.string(),
  slug: z.string().describe('Stable name in links (a-z, 0-9, -)'),
  kind: z.enum(CONTENT_KINDS),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('1 company, 2 policy, 3 other'),
  sortOrder: z.number().int(),
  isPublished: z.boolean().describe('Shown on the public site'),
  publishedAt: z.string().describe('ISO 8601 UTC; notices are listed newest first by it'),
  updatedAt: z.string(),
  title: z.string().describe('The English title'),
  languages: z.array(ZLanguage).describe('Languages with their own text; the others show English'),
});
export type TAdminContentItem = z.infer<typeof ZAdminContentItem>;

export const ZAdminContentItemsResponse = z.object({
  items: z.array(ZAdminContentItem),
  total: z.number().int(),
});

export const ZAdminContentTranslation = z.object({
  lang: ZLanguage,
  title: z.string(),
  body: z.string().describe('Markdown'),
  updatedAt: z.string(),
});
export const ZAdminContentItemDetail = ZAdminContentItem.extend({
  translations: z.array(ZAdminContentTranslation),
});
export type TAdminContentItemDetail = z.infer<typeof ZAdminContentItemDetail>;

const ZTitle = z.string().trim().min(1).max(CONTENT_TITLE_MAX);
const ZBody = z.string().max(CONTENT_BODY_MAX).describe('Markdown, up to 100,000 characters');

export const ZAdminContentTranslationInput = z.object({ title: ZTitle, body: ZBody });

export const ZAdminContentCreateRequest = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, '1-64 of a-z, 0-9 and -'),
  kind: z.enum(CONTENT_KINDS),
  type: z
    .number()
    .int()
    .refine((value): value is 1 | 2 | 3 => (CONTENT_TYPES as readonly number[]).includes(value), '1, 2 or 3')
    .default(3),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  isPublished: z.boolean().default(true),
  translations: z
    .array(ZAdminContentTranslationInput.extend({ lang: ZLanguage }))
    .min(1)
    .max(LANGUAGES.length)
    .refine((list) => new Set(list.map((t) => t.lang)).size === list.length, 'one text per language')
    .describe('The texts, English among them'),
  reason: ZReason,
});

export const ZAdminContentUpdateRequest = z
  .object({
    type: z
      .number()
      .int()
      .refine((value): value is 1 | 2 | 3 => (CONTENT_TYPES as readonly number[]).includes(value), '1, 2 or 3')
      .optional(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    isPublished: z.boolean().optional().describe('false unpublishes: the public site no longer shows it'),
    reason: ZReason,
  })
  .refine((body) => body.type !== undefined || body.sortOrder !== undefined || body.isPublished !== undefined, {
    message: 'change at least one of type, sortOrder, isPublished',
  });

export const ZAdminContentTranslationRequest = ZAdminContentTranslationInput.extend({ reason: ZReason });
export const ZAdminContentReasonQuery = z.object({ reason: ZReason });

export const ZAdminContentPreviewRequest = z.object({ markdown: ZBody });
export const ZAdminContentPreviewResponse = z.object({
  html: z.string().describe('What the public page shows: scripts, javascript: links and event handlers removed'),
  isSafe: z
    .boolean()
    .describe(
      'false when the Markdown holds a script, an event handler or a javascript: link (saving refuses it, 10150)',
    ),
});

export const ZAdminLinkParams = z.object({ type: z.enum(LINK_TYPES) });
export const ZAdminLinkRequest = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .url()
    .refine((url) => url.startsWith('https://'), 'an https:// address'),
  reason: ZReason,
});
export const ZAdminLinksResponse = z.array(z.object({ type: z.enum(LINK_TYPES), url: z.string() }));

export const ZAdminParamParams = z.object({ key: z.string().regex(/^[a-zA-Z0-9_.-]{1,64}$/) });
export const ZAdminParamRequest = z.object({
  value: z.string().max(1000),
  description: z.string().max(500).optional(),
  reason: ZReason,
});
export const ZAdminParam = z.object({ key: z.string(), value: z.string(), description: z.string() });
export const ZAdminParamsResponse = z.array(ZAdminParam);

/** Keys answered from the deployment's configuration, which a stored setting could not change. */
export const DEPLOYMENT_SETTING_KEYS = [
  'default_language',
  'deployment_mode',
  'about_content_id',
  'online_service_enabled',
] as const;

export const ZAdminSettingParams = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, '1-64 of a-z, 0-9 and _')
    .refine(
      (key) => !(DEPLOYMENT_SETTING_KEYS as readonly string[]).includes(key),
      'this key comes from the deployment configuration',
    ),
});
export const ZAdminSettingValue = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);
export const ZAdminSettingRequest = z.object({
  value: ZAdminSettingValue,
  isPublic: z.boolean().describe('Answered by the public POST /settings/key'),
  reason: ZReason,
});
export const ZAdminSetting = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  isPublic: z.boolean(),
  updatedAt: z.string(),
});
export const ZAdminSettingsResponse = z.array(ZAdminSetting);
