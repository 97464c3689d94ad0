import * as repository from './identity.repository.js';
import type { IdentityContext, RequestMeta } from './identity-context.js';

/** The sign-in history (#16): every sign-in, admitted or refused, one row each, shown to its owner. */

export type SignInMethod = 'password' | 'google' | 'wallet' | 'register';
export type SecondFactorKind = 'totp' | 'recovery_code';
export type SignInFailure = 'password' | 'totp' | 'recovery_code';

/** How a sign-in was made, as startSession records it on success. */
export type SignInRecord = { method: SignInMethod; secondFactor?: SecondFactorKind | null };

export async function recordSignIn(
  ctx: IdentityContext,
  userId: string,
  meta: RequestMeta,
  event: { succeeded: true; record: SignInRecord } | { succeeded: false; method: SignInMethod; failure: SignInFailure },
): Promise<void> {
  await repository.insertSignInEvent(ctx.db, {
    user_id: userId,
    succeeded: event.succeeded,
    method: event.succeeded ? event.record.method : event.method,
    second_factor: event.succeeded ? (event.record.secondFactor ?? null) : null,
    failure: event.succeeded ? null : event.failure,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
}
