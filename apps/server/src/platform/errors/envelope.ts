import { type Language, messageFor, type TEnvelope } from '@openbourse/contracts';

/** SPEC §7 envelope; `msg` is the code's message in the request's language. */
export function envelope<T>(
  code: number,
  data: T,
  language: Language,
  params?: Record<string, string | number>,
): TEnvelope<T> {
  return { code, data, msg: messageFor(code, language, params) };
}
