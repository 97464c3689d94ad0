import type { SessionWithUser } from './identity.repository.js';

/**
 * Recently verified sessions, kept for a few seconds so an authenticated request does not
 * pay a database round trip every time. Anything that changes a session or its user forgets
 * that user's entries at once (logout, password change, two-factor, status), here and, through
 * the cluster bus, on the other instances; `ttlMs` bounds what a lost bus message can cost.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, { session: SessionWithUser; cachedAt: number }>();
  const keysByUser = new Map<string, Set<string>>();

  function forgetKey(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keysByUser.get(entry.session.userId)?.delete(key);
  }

  return {
    get(key: string): SessionWithUser | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (options.now() - entry.cachedAt > options.ttlMs) {
        forgetKey(key);
        return null;
      }
      return entry.session;
    },
    set(key: string, session: SessionWithUser): void {
      if (entries.size >= options.maxEntries) {
        // Maps iterate in insertion order: drop the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forgetKey(oldest);
      }
      entries.set(key, { session, cachedAt: options.now() });
      const keys = keysByUser.get(session.userId) ?? new Set<string>();
      keys.add(key);
      keysByUser.set(session.userId, keys);
    },
    forgetUser(userId: string): void {
      for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
      keysByUser.delete(userId);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
