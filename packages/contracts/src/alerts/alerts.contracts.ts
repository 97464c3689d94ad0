import { z } from 'zod';
import { ALERT_DIRECTIONS, ALERT_STATUSES } from './alerts.constants.js';

export * from './alerts.constants.js';

const ZAlertPrice = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,12})?$/, 'a decimal price')
  .describe("A positive decimal price, at most the instrument's price precision");
const ZAlertCode = z
  .string()
  .regex(/^[A-Z0-9.]{1,20}$/, 'an instrument code')
  .describe('Instrument code, e.g. BTCUSDT');
const ZAlertId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an alert id');

export const ZAlertDirection = z
  .enum(ALERT_DIRECTIONS)
  .describe('`above`: fires when a price at or above `price` arrives; `below`: at or below it');

export const ZCreateAlertRequest = z.object({
  code: ZAlertCode,
  direction: ZAlertDirection,
  price: ZAlertPrice,
});
export type TCreateAlertRequest = z.infer<typeof ZCreateAlertRequest>;

export const ZAlert = z.object({
  id: z.string().describe('Alert id'),
  code: z.string().describe('Instrument code'),
  direction: ZAlertDirection,
  price: z.string().describe('The level, a decimal string'),
  status: z.enum(ALERT_STATUSES).describe('`active` until a price crosses the level, then `fired` (once)'),
  createdAt: z.string().describe('ISO time'),
  firedAt: z.string().nullable().describe('ISO time it fired; null while active'),
  firedPrice: z.string().nullable().describe('The price that fired it (may be beyond the level after a gap)'),
});
export type TAlert = z.infer<typeof ZAlert>;

export const ZAlertList = z.object({
  items: z.array(ZAlert).describe('Active alerts first (newest first), then the last 50 fired ones'),
});
export type TAlertList = z.infer<typeof ZAlertList>;

export const ZAlertParams = z.object({ id: ZAlertId });
export type TAlertParams = z.infer<typeof ZAlertParams>;

export const ZAlertDeleted = z.object({ deleted: z.literal(true) });
export type TAlertDeleted = z.infer<typeof ZAlertDeleted>;
