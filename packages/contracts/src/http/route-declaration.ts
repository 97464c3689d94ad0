import type { z } from 'zod';
import type { CatalogueName } from '../errors/codes.js';
import type { AuthLevel, Endpoint, EndpointInput } from './endpoint.js';

/**
 * Records a protected route can be pointed at by its input, each with an owner. The access matrix
 * (apps/server/src/test/suites) makes one for user A and points user B at it; a record kind added
 * here needs a maker there (the compiler says so).
 */
export const OWNED_RECORDS = [
  'open-position',
  'pending-order',
  'notification',
  'upload',
  'withdrawal-address',
  'alert',
  /** A loan offered and awaiting its borrower's signature. */
  'loan-offer',
  /** A loan paid out and being repaid. */
  'loan',
  /** A smart trading plan running (issue 18). */
  'smart-order',
  /** A fixed-term savings order, earning (issue 18). */
  'savings-order',
  /** An options order, open (issue 19). */
  'options-order',
  /** A support conversation of the user (issue 20). */
  'support-conversation',
  /** An image attached to one of the user's support conversations (issue 20). */
  'support-file',
] as const;
export type OwnedRecord = (typeof OWNED_RECORDS)[number];

/**
 * Records that belong to a user in both books (a notification, an uploaded image): the owner reaches them from the
 * live and the demo book alike; every other record lives in the book it was made in.
 */
export const BOOKLESS_RECORDS: readonly OwnedRecord[] = [
  'notification',
  'upload',
  'alert',
  'support-conversation',
  'support-file',
];

/**
 * In an owner clause's `with`: a field the access matrix fills with an image the record's owner
 * uploaded (a drawn signature, a proof of payment), since no fixed value can name one.
 */
export const OWN_UPLOAD = '{an upload of the owner}';

/**
 * In an owner clause's `with`: an optional field the access matrix leaves out of the request (a
 * sample value could never be valid there, e.g. a signed quote; without it the request is whole).
 */
export const LEFT_OUT = '{left out}';

/**
 * Whose records a protected route reads or changes (#13), declared beside the route:
 * - `caller`: only the caller's own, found from the session; nothing in the input names a record.
 * - `operator`: any user's, by an operator's role (the route's auth level says which).
 * - `{ record, at }`: the record the input names at `at` (e.g. `body.orderNo`) must be the
 *   caller's, in the request's book; `with` completes a valid request around it.
 */
export type RouteOwner =
  | 'caller'
  | 'operator'
  | {
      readonly record: OwnedRecord;
      readonly at: `${'body' | 'query' | 'params'}.${string}`;
      /** Fields completing a valid request, in the part `at` names (the body when that is `params`). */
      readonly with?: Readonly<Record<string, unknown>>;
    };

/**
 * A route as the server declares it: its endpoint (method, path, auth) and the schemas that
 * validate its input and document its answer in OpenAPI. Declared once per endpoint, in the
 * domain's `<domain>.routes.ts`; the server's `defineRoute` takes the declaration and a handler.
 */
export type RouteDeclaration<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends AuthLevel = AuthLevel,
> = Endpoint<EndpointInput, unknown, TAuth> & {
  readonly summary: string;
  readonly tags: readonly string[];
  readonly body?: TBody;
  readonly query?: TQuery;
  readonly params?: TParams;
  /** Schema of the envelope's `data`. */
  readonly response: TResponse;
  /** A success code other than 200 (e.g. 20005 "Modified"). */
  readonly successCode?: CatalogueName;
  /** Catalogue codes for schema failures of particular fields (e.g. body.email → 10002). */
  readonly fieldErrors?: Partial<Record<string, CatalogueName>>;
  readonly rateLimit?: { max: number; timeWindow: string };
  /** Whose records it touches; every protected route declares it (the type requires it). */
  readonly owner?: RouteOwner;
  /**
   * A body sent as multipart/form-data with these file fields instead of JSON (an upload, #15):
   * `body` stays unset and the handler reads the parts; OpenAPI documents the form.
   */
  readonly multipart?: { readonly files: readonly string[] };
  /** A success answered as these content types' bytes instead of the envelope (an image, #15). */
  readonly answerTypes?: readonly string[];
};

/** A public route touches no one's records by name; a protected one must say whose it touches. */
type OwnerClause<TAuth extends AuthLevel> = TAuth extends 'public' ? { owner?: never } : { owner: RouteOwner };

export function declareRoute<
  TAuth extends AuthLevel,
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<EndpointInput, unknown, TAuth>,
  spec: Omit<
    RouteDeclaration<TBody, TQuery, TParams, TResponse, TAuth>,
    'method' | 'path' | 'auth' | 'types' | 'owner'
  > &
    OwnerClause<TAuth>,
): RouteDeclaration<TBody, TQuery, TParams, TResponse, TAuth> {
  return { method: endpoint.method, path: endpoint.path, auth: endpoint.auth, ...spec };
}
