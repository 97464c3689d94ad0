import { z } from 'zod';

/**
 * The back office's product settings of the market (issue 14): each instrument's switch,
 * leverage cap and lot limits, and the trading fee schedule per asset class. Lots and rates
 * travel as decimal strings, never numbers.
 */

const ZLots = z.string().regex(/^\d{1,20}(\.\d{1,12})?$/, 'a positive decimal number');
/** A fee rate: a ratio of notional from 0 up to (not including) 1, at most 10 decimals. */
const ZFeeRate = z.string().regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals');
const ZReason = z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log");

export const ZAdminInstrumentParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, 'an instrument code')
    .describe('Instrument code, e.g. BTCUSDT'),
});
export type TAdminInstrumentParams = z.infer<typeof ZAdminInstrumentParams>;

export const ZAdminInstrumentSettings = z.object({
  code: z.string(),
  name: z.string(),
  type: z.number().int().describe('Market type: 1 forex, 2 crypto, 3 stocks, 4 indices, 5 commodities'),
  assetClass: z.string().describe('Asset class (SPEC §0.7): the fee schedule and the class leverage cap follow it'),
  enabled: z.boolean().describe('Listed and open to new positions; open positions are not touched by a change'),
  leverageCap: z.number().int().describe('The highest leverage a new position may use'),
  classLeverageCap: z.number().int().describe('The ESMA retail cap of its class: leverageCap can never exceed it'),
  minLots: z.string().describe('Smallest order, in lots'),
  maxLots: z.string().describe('Largest order, in lots'),
  lotStep: z.string().describe('Lots move in steps of this (fixed by the catalogue)'),
  feeRate: z.string().describe("The trading fee of its class, a ratio of notional (the class's fee schedule)"),
  hours: z.string().describe('Trading-hours schedule key (fixed by the catalogue)'),
});
export type TAdminInstrumentSettings = z.infer<typeof ZAdminInstrumentSettings>;

export const ZAdminInstrumentsResponse = z.object({
  items: z.array(ZAdminInstrumentSettings).describe('Every instrument, enabled or not, in catalogue order'),
});
export type TAdminInstrumentsResponse = z.infer<typeof ZAdminInstrumentsResponse>;

export const ZAdminInstrumentUpdateRequest = z.object({
  enabled: z.boolean().optional().describe('false: no new positions (10132) and unlisted; open ones stay'),
  leverageCap: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("New cap; above the class's ESMA cap is refused with 10139"),
  minLots: ZLots.optional().describe('A positive multiple of the lot step, not above maxLots'),
  maxLots: ZLots.optional().describe('A multiple of the lot step, not below minLots'),
  reason: ZReason,
});
export type TAdminInstrumentUpdateRequest = z.infer<typeof ZAdminInstrumentUpdateRequest>;

export const ZAdminFeeScheduleItem = z.object({
  assetClass: z.string(),
  rate: z.string().describe('Trading fee, a ratio of notional (0.001 = 0.1 %)'),
  classLeverageCap: z.number().int().describe('The ESMA retail leverage cap of the class'),
});
export type TAdminFeeScheduleItem = z.infer<typeof ZAdminFeeScheduleItem>;

export const ZAdminFeeScheduleResponse = z.object({ items: z.array(ZAdminFeeScheduleItem) });
export type TAdminFeeScheduleResponse = z.infer<typeof ZAdminFeeScheduleResponse>;

export const ZAdminFeeScheduleParams = z.object({
  assetClass: z
    .string()
    .regex(/^[a-z_]{1,32}$/, 'an asset class')
    .describe('Asset class, e.g. crypto'),
});
export type TAdminFeeScheduleParams = z.infer<typeof ZAdminFeeScheduleParams>;

export const ZAdminFeeScheduleUpdateRequest = z.object({
  rate: ZFeeRate.describe('New fee rate of the class: from 0 to below 1, at most 10 decimals'),
  reason: ZReason,
});
export type TAdminFeeScheduleUpdateRequest = z.infer<typeof ZAdminFeeScheduleUpdateRequest>;
