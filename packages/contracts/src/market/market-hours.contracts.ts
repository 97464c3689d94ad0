import { z } from 'zod';

/**
 * Trading-hours overrides in the back office (issue 14): an operator closes one instrument for
 * a window its schedule would have open (an exchange outage, an unscheduled holiday, a halt).
 * Inside the window the instrument is not tradable on any instance; the schedule is untouched.
 */

const ZInstant = z.iso.datetime({ offset: true }).describe('An instant, ISO 8601 with its offset');

export const ZHoursClosureParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, 'an instrument code')
    .describe('Instrument code, e.g. AAPL'),
});

export const ZHoursClosureItemParams = ZHoursClosureParams.extend({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
    .describe('Closure id'),
});

export const ZHoursClosureCreateRequest = z.object({
  startsAt: ZInstant.describe('When trading stops (may be now or in the past: it then stops at once)'),
  endsAt: ZInstant.describe(
    'When the schedule takes over again: after startsAt and in the future, at most 31 days later',
  ),
  reason: z.string().trim().min(3).max(500).describe("The operator's reason, kept in the audit log (3-500 characters)"),
});

export const ZHoursClosureCancelRequest = z.object({
  reason: z.string().trim().min(3).max(500).describe('Why the closure is lifted early (3-500 characters)'),
});

export const ZHoursClosure = z.object({
  id: z.string(),
  code: z.string().describe('The instrument closed'),
  startsAt: z.string().describe('ISO 8601 UTC'),
  endsAt: z.string().describe('ISO 8601 UTC'),
  reason: z.string(),
  createdBy: z.string().nullable().describe("The operator's user name"),
  createdAt: z.string(),
  cancelledAt: z.string().nullable().describe('When it was lifted early; null while it stands'),
  state: z
    .enum(['upcoming', 'active', 'ended', 'cancelled'])
    .describe('At the time of the answer: not begun, closing the instrument now, over, or lifted'),
});
export type THoursClosure = z.infer<typeof ZHoursClosure>;

export const ZHoursClosuresResponse = z.object({
  items: z
    .array(ZHoursClosure)
    .describe('The instrument’s closures, newest first: every standing one and the last 50 others'),
});
