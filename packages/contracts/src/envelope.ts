import { z } from 'zod';

/** SPEC §7: every response is `{ code, data, msg }`; code 200 (or 200xx) is success. */
export type TEnvelope<T> = { code: number; data: T; msg: string };

export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('200 or 200xx on success; a catalogue error code otherwise'),
    data,
    msg: z.string().describe("The code's message in the request's language"),
  });
}

/** The `data` of an invalid-input error: one entry per failing field. */
export const ZFieldIssue = z.object({
  path: z.string().describe('Dotted path of the failing field, e.g. body.email'),
  message: z.string(),
});
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

export const ZErrorData = z
  .object({
    requestId: z.string().optional(),
    issues: z.array(ZFieldIssue).optional(),
  })
  .nullable();

/** Header `virtually: YES|NO` selects the book: demo for YES, live otherwise (SPEC §4). */
export const BOOKS = ['live', 'demo'] as const;
export type Book = (typeof BOOKS)[number];

/**
 * A GET array parameter. Arrays travel as repeated keys (`?code=a&code=b`, SPEC §7), so one
 * value arrives as a string and several as an array; both become an array here.
 */
export function ZQueryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(100),
  );
}
