import { z } from 'zod';
import {
  NOTIFICATION_PARAMS,
  NOTIFICATION_TEMPLATES,
  type NotificationParamName,
  type NotificationTemplate,
} from './notify.constants.js';

const decimal = z.string().regex(/^\d{1,38}(\.\d{1,18})?$/, 'a decimal number');
const signedDecimal = z.string().regex(/^-?\d{1,38}(\.\d{1,18})?$/, 'a decimal number');
const token = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const words = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // Plain text: no control characters (a mail and a toast show it as it is).
    .regex(/^[^\p{Cc}]*$/u, 'no control characters');

/** How each parameter kind is checked before it is stored. */
export const NOTIFICATION_PARAM_SCHEMAS: Record<NotificationParamName, z.ZodType<string>> = {
  amount: decimal,
  minimum: decimal,
  interest: decimal,
  payout: decimal,
  pnl: signedDecimal,
  price: decimal,
  ltv: decimal,
  asset: z.string().regex(/^[A-Z0-9]{2,12}$/),
  network: z.string().regex(/^[a-z0-9_-]{2,32}$/),
  txHash: z.string().regex(/^(0x)?[0-9A-Za-z]{8,128}$/),
  address: z.string().regex(/^[0-9A-Za-z]{8,128}$/),
  reason: words(500),
  reasonCode: z.string().regex(/^[a-z0-9_]{1,64}$/),
  loanId: token,
  product: words(200),
  plan: words(200),
  code: z.string().regex(/^[A-Z0-9._-]{1,32}$/),
  direction: z.enum(['above', 'below']),
  dueDate: z.iso.date(),
  conversationId: token,
};

/** A template's parameters: exactly its names, each of its kind. */
export function notificationParamsSchema(template: NotificationTemplate): z.ZodType<Record<string, string>> {
  const names: readonly NotificationParamName[] = NOTIFICATION_PARAMS[template];
  return z.strictObject(Object.fromEntries(names.map((name) => [name, NOTIFICATION_PARAM_SCHEMAS[name]]))) as z.ZodType<
    Record<string, string>
  >;
}

export const ZNotificationTemplate = z.enum(
  NOTIFICATION_TEMPLATES as [NotificationTemplate, ...NotificationTemplate[]],
);

const ZNotificationId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a notification id');

export const ZNotification = z.object({
  id: z.string().describe('Notification id'),
  template: ZNotificationTemplate,
  params: z.record(z.string(), z.string()).describe("The template's parameters (decimal strings for amounts)"),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListRequest = z.object({
  page: z.number().int().min(1).max(100_000).optional(),
  size: z.number().int().min(1).max(100).optional(),
  unreadOnly: z.boolean().optional(),
});
export type TNotificationListRequest = z.infer<typeof ZNotificationListRequest>;

export const ZNotificationListResponse = z.object({
  items: z.array(ZNotification),
  total: z.number().int().describe('Notifications matching the request (unread only when asked)'),
  page: z.number().int(),
  size: z.number().int(),
  unread: z.number().int().describe("The user's unread notifications, all of them"),
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

/** One notification by id, or every unread one with `{ all: true }`. */
export const ZMarkNotificationReadRequest = z
  .object({ id: ZNotificationId.optional(), all: z.literal(true).optional() })
  .refine((body) => (body.id === undefined) !== (body.all === undefined), {
    message: 'give either id or all: true',
    path: ['id'],
  });
export type TMarkNotificationReadRequest = z.infer<typeof ZMarkNotificationReadRequest>;

export const ZMarkNotificationReadResponse = z.object({ unread: z.number().int() });

export const ZNotificationSettings = z.object({
  email: z.boolean().describe('Whether each notification is also e-mailed, in the language last saved'),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
