import type { TEnvelope } from '@openbourse/contracts';
import {
  CATALOGUE,
  type Endpoint,
  type EndpointInput,
  type EndpointInputOf,
  type EndpointResponseOf,
  isSuccessCode,
} from '@openbourse/contracts/constants';
import { currentLanguage } from '../i18n/i18n';

export const REQUEST_TIMEOUT_MS = 90_000;

/** A failed call: `code` is the catalogue code (or a client-side one below), `msg` already localised. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Client-side failures that never came from the server. */
export const CLIENT_CODES = { NETWORK: -1, TIMEOUT: -2, BAD_RESPONSE: -3 } as const;

type SessionHooks = {
  /** The current token, sent as `Authorization`. */
  getToken: () => string | null;
  /** Live (`NO`) or demo (`YES`) for the `virtually` header. */
  getVirtually: () => 'YES' | 'NO';
  /** Code or HTTP 401: the session module clears the token and goes to /pass/login (SPEC §4). */
  onUnauthorized: () => void;
  /** Code 10009: the session module clears the session and reloads. */
  onUserNotFound: () => void;
  /**
   * Code 10144: an operator route refused an operator without two-factor authentication (#14);
   * the app opens the profile's two-factor section with the message.
   */
  onOperatorTwoFactorRequired: () => void;
};

// Until the session module plugs in, there is no token and the account mode is live.
let sessionHooks: SessionHooks = {
  getToken: () => null,
  getVirtually: () => 'NO',
  onUnauthorized: () => undefined,
  onUserNotFound: () => undefined,
  onOperatorTwoFactorRequired: () => undefined,
};

export function setSessionHooks(hooks: Partial<SessionHooks>): void {
  sessionHooks = { ...sessionHooks, ...hooks };
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** GET arrays travel as repeated keys (SPEC §7): `?code=a&code=b`. */
export function toQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What every call carries: the language, the account mode (`virtually`) and the token. */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lang: currentLanguage(), virtually: sessionHooks.getVirtually() };
  const token = sessionHooks.getToken();
  if (token) headers.Authorization = token;
  return headers;
}

type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Headers beside the session's (a support visitor's token, #20). */
  headers?: Record<string, string>;
  /** Told the answer's success code (200, or a 200xx success that carries its own message). */
  onSuccessCode?: (code: number) => void;
};

/**
 * Calls the API and unwraps the envelope. Success codes return `data` (the legacy `result`
 * is accepted too); anything else throws ApiError with the server's localised `msg`.
 */

/** The endpoint's path with its `:name` parameters filled in (each one URL-encoded). */
export function endpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint declared in packages/contracts, typed by it: the input it takes (body,
 * query, path parameters) and the data it answers. A POST without a body sends `{}`.
 */
export function callApi<E extends Endpoint<EndpointInput, unknown>>(
  endpoint: E,
  input: EndpointInputOf<E> & {
    signal?: AbortSignal;
    onSuccessCode?: (code: number) => void;
    headers?: Record<string, string>;
  },
): Promise<EndpointResponseOf<E>> {
  const { body, query, params } = input as EndpointInput;
  return request<EndpointResponseOf<E>>(
    endpoint.method,
    endpointPath(endpoint.path, params as Record<string, string | number> | undefined),
    {
      query: query as Record<string, QueryValue> | undefined,
      body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : (body ?? {}),
      signal: input.signal,
      onSuccessCode: input.onSuccessCode,
      headers: input.headers,
    },
  );
}

/** The back office's routes: a 10009 there names the user asked about, not the operator. */
const ADMIN_PATH_PREFIX = '/swx/admin/';

/** The answers that concern the session rather than the call: the session module reacts to them. */
export function reactToSessionCode(code: number, status: number, path: string): void {
  if (code === 401 || status === 401) sessionHooks.onUnauthorized();
  // "User not found" means the signed-in account is gone, except when an operator looked up a
  // user who does not exist (#14): that must not sign the operator out.
  if (code === 10009 && !path.startsWith(ADMIN_PATH_PREFIX)) sessionHooks.onUserNotFound();
  if (code === CATALOGUE.OPERATOR_TOTP_REQUIRED.code) sessionHooks.onOperatorTwoFactorRequired();
}

async function request<T>(method: Endpoint['method'], url: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });

  const headers = { ...options.headers, ...sessionHeaders() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${url}${toQueryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    const isTimeout =
      controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    if (options.signal?.aborted) throw error;
    throw new ApiError(isTimeout ? CLIENT_CODES.TIMEOUT : CLIENT_CODES.NETWORK, '');
  } finally {
    clearTimeout(timeout);
  }

  let envelope: Partial<TEnvelope<T>> & { result?: T };
  try {
    envelope = (await response.json()) as Partial<TEnvelope<T>> & { result?: T };
  } catch {
    if (response.status === 401) sessionHooks.onUnauthorized();
    throw new ApiError(CLIENT_CODES.BAD_RESPONSE, '');
  }
  const code = typeof envelope.code === 'number' ? envelope.code : CLIENT_CODES.BAD_RESPONSE;
  reactToSessionCode(code, response.status, url);
  if (!isSuccessCode(code)) throw new ApiError(code, envelope.msg ?? '', envelope.data ?? null);
  options.onSuccessCode?.(code);
  return (envelope.data ?? envelope.result) as T;
}

/**
 * Fetches a file the server sends as itself (a CSV, not an envelope), with the session's
 * headers. A failure answers with the envelope, and throws ApiError like callApi.
 */
export async function apiDownload(
  endpoint: Pick<Endpoint, 'path'>,
  query?: Record<string, QueryValue>,
  headers?: Record<string, string>,
): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.path}${toQueryString(query)}`, {
      headers: { ...headers, ...sessionHeaders() },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(isTimeout ? CLIENT_CODES.TIMEOUT : CLIENT_CODES.NETWORK, '');
  }
  if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
    const envelope = (await response.json().catch(() => ({}))) as Partial<TEnvelope<unknown>>;
    const code = typeof envelope.code === 'number' ? envelope.code : CLIENT_CODES.BAD_RESPONSE;
    reactToSessionCode(code, response.status, endpoint.path);
    throw new ApiError(code, envelope.msg ?? '');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null };
}
