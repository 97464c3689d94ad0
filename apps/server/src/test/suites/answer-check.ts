import { CATALOGUE, catalogueNameOf } from '@openbourse/contracts';

/** One answer as the suites see it. */
export type Answer = { status: number; contentType: string; body: string };

export type AnswerProblem = { kind: 'server-error' | 'outside-envelope' | 'leak'; detail: string };

/**
 * What no answer may carry: a stack frame, a source path, a framework or driver error name, SQL
 * text. (Validation messages name fields, never internals.)
 */
const INTERNALS =
  /\bat (?:async )?[\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules|\/work\/|apps\/server|FST_ERR|TypeError|ReferenceError|RangeError|ZodError|kysely|PostgresError|duplicate key|violates|relation "|syntax error at|ECONNREFUSED/;

/**
 * Whether an answer keeps the platform's promises: no 5xx but the catalogue's own designed ones
 * (a 503 "not configured"), every answer the `{ code, data, msg }` envelope with a catalogue code
 * whose HTTP status it travels with, and nothing internal in it. `plainSuccess` allows a route's
 * declared non-JSON success answer (a CSV download); `ownSuccessFormat` any success answer, for
 * what is served outside the API (health probes, the OpenAPI document, logos, the web app).
 */
export function findAnswerProblem(
  answer: Answer,
  options: { plainSuccess?: boolean; ownSuccessFormat?: boolean } = {},
): AnswerProblem | null {
  const leaked = INTERNALS.exec(answer.body);
  if (leaked) return { kind: 'leak', detail: `"${leaked[0]}" in ${answer.body.slice(0, 200)}` };
  const isSuccessStatus = answer.status >= 200 && answer.status < 300;
  if (options.ownSuccessFormat && isSuccessStatus) return null;
  if (options.plainSuccess && isSuccessStatus && !answer.contentType.startsWith('application/json')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return {
      kind: answer.status >= 500 ? 'server-error' : 'outside-envelope',
      detail: `${answer.status} not JSON: ${answer.body.slice(0, 120)}`,
    };
  }
  if (!isEnvelope(parsed)) {
    return { kind: 'outside-envelope', detail: `${answer.status} ${answer.body.slice(0, 160)}` };
  }
  const name = catalogueNameOf(parsed.code);
  if (name === null) return { kind: 'outside-envelope', detail: `code ${parsed.code} is not in the catalogue` };
  if (name === 'INTERNAL_ERROR' || (answer.status >= 500 && CATALOGUE[name].status !== answer.status)) {
    return { kind: 'server-error', detail: `${answer.status} ${answer.body.slice(0, 160)}` };
  }
  if (CATALOGUE[name].status !== answer.status) {
    return { kind: 'outside-envelope', detail: `code ${parsed.code} travels with ${answer.status}` };
  }
  if (!answer.contentType.startsWith('application/json')) {
    return { kind: 'outside-envelope', detail: `content type ${answer.contentType}` };
  }
  return null;
}

type Envelope = { code: number; data: unknown; msg: string };

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  if (keys.join(',') !== 'code,data,msg') return false;
  const { code, msg } = value as Envelope;
  return Number.isInteger(code) && typeof msg === 'string' && msg.length > 0;
}
