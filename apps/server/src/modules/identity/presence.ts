import { ONLINE_WINDOW_MS } from './identity.constants.js';
import type { AuthenticatedUser, IdentityContext } from './identity-context.js';
import { updateUser } from './identity-context.js';

/** Presence: heartbeats keep a user online for three missed beats. */

export async function heartbeat(ctx: IdentityContext, auth: AuthenticatedUser, host: string | undefined) {
  const at = ctx.now();
  await updateUser(ctx, auth.id, {
    online_until: new Date(at.getTime() + ONLINE_WINDOW_MS),
    last_seen_at: at,
    last_seen_host: host?.slice(0, 253) ?? null,
  });
  return { ok: true as const };
}

export async function offline(ctx: IdentityContext, auth: AuthenticatedUser) {
  await updateUser(ctx, auth.id, { online_until: null, last_seen_at: ctx.now() });
  return { ok: true as const };
}
