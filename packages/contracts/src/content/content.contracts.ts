import { z } from 'zod';
import { LANGUAGES } from '../languages.js';

/** Content types of SPEC §3: 1 company, 2 policy, 3 other. */
export const CONTENT_TYPES = [1, 2, 3] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_KINDS = ['page', 'faq', 'notice'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

const ZLanguage = z.enum(LANGUAGES);
const ZPositiveIdString = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
  .describe('Numeric id');

export const ZContentSummary = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  lang: ZLanguage.describe('The language actually served (falls back to English when missing)'),
  publishedAt: z.string().describe('ISO 8601 time'),
});
export type TContentSummary = z.infer<typeof ZContentSummary>;

export const ZContentDetail = ZContentSummary.extend({
  body: z.string().describe('Markdown source'),
  html: z.string().describe('The body rendered to sanitised HTML'),
});
export type TContentDetail = z.infer<typeof ZContentDetail>;

/** `/index/listContents/{type}`: the legacy language group, 1 Chinese, 2 otherwise. */
export const ZListContentsParams = z.object({
  type: z.enum(['1', '2']).describe('Legacy language group: 1 Chinese, 2 other; the answer is in the request language'),
});
export const ZListContentsResponse = z.array(ZContentSummary);

export const ZContentByIdParams = z.object({ id: ZPositiveIdString });

export const ZListHelpQuery = z.object({ kind: z.enum(['faq', 'notice']) });
export const ZListHelpResponse = z.array(ZContentDetail);

export const ZSearchContentQuery = z.object({
  q: z.string().trim().min(2).max(100),
});
export const ZSearchContentResponse = z.array(ZContentSummary);

export const ZContentBySlugParams = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/),
});

export const ZParamKeyParams = z.object({ key: z.string().regex(/^[a-zA-Z0-9_.-]{1,64}$/) });
export const ZParamResponse = z.object({ key: z.string(), value: z.string() });

export const ZCustomContent = z.object({ key: z.string(), content: z.string(), lang: ZLanguage });
export const ZCustomContentsResponse = z.array(ZCustomContent);

export const LINK_TYPES = ['discord', 'twitter', 'telegram'] as const;
export const ZLink = z.object({ type: z.enum(LINK_TYPES), url: z.string().url() });
export const ZLinksResponse = z.array(ZLink);

export const CUSTOMER_SERVICE_TYPES = ['online_service', 'email'] as const;
export const ZCustomerServiceTypeRequest = z.object({ type: z.enum(CUSTOMER_SERVICE_TYPES) });
export const ZCustomerServiceTypeResponse = z.object({
  type: z.enum(CUSTOMER_SERVICE_TYPES),
  url: z.string().describe('The support chat page, or a mailto: link for e-mail'),
});

export const ZCustomerServiceFooterResponse = z.object({
  onlineService: z.boolean().describe('Whether online support chat is configured'),
  email: z.string().nullable(),
});

export const ZSettingKeyRequest = z.object({ key: z.string().regex(/^[a-z0-9_]{1,64}$/) });
export const ZSettingResponse = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

/** The public deployment facts the web needs at start, in one round trip. */
export const ZPublicSettingsResponse = z.object({
  defaultLanguage: ZLanguage,
  deploymentMode: z.enum(['sandbox', 'production']),
  aboutContentId: z.number().int().positive().nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettingsResponse>;
