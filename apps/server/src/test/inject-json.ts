import type { FastifyInstance } from 'fastify';

export type Envelope<T> = { code: number; data: T; msg: string };

/**
 * One request as a client sends it (the token, the live book, a request id the audit log
 * records), answered as its status and parsed envelope.
 */
export async function injectJson<T>(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  requestId = 'integration-test',
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), virtually: 'NO', 'x-request-id': requestId },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}
