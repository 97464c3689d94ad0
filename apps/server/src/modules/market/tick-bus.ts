import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { NormalisedTick } from './price-state.js';

/**
 * Carries normalised ticks from the instance that runs the feeds to every instance's sockets.
 * With REDIS_URL it is Redis pub/sub (one channel, JSON batches tagged with the sending
 * instance so it skips its own); without it, ticks stay in this process.
 */
export type TickBus = {
  publish(ticks: NormalisedTick[]): void;
  /** Ticks produced by another instance. */
  onRemoteTicks(listener: (ticks: NormalisedTick[]) => void): void;
  /** A message for one user's sockets, wherever they are connected. */
  publishUserEvent(userId: string, message: object): void;
  onUserEvent(listener: (userId: string, message: object) => void): void;
  /** Resolves when the bus can carry ticks (Redis subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'redis' | 'in-process';
};

export function createInProcessTickBus(): TickBus {
  const userListeners: Array<(userId: string, message: object) => void> = [];
  return {
    kind: 'in-process',
    publish() {},
    onRemoteTicks() {},
    publishUserEvent(userId, message) {
      for (const listener of userListeners) listener(userId, message);
    },
    onUserEvent(listener) {
      userListeners.push(listener);
    },
    ready: async () => {},
    close: async () => {},
  };
}

export function createRedisTickBus(
  redisUrl: string,
  log: { warn(obj: object, msg?: string): void },
  channel: string,
): TickBus {
  const origin = randomUUID();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  const listeners: Array<(ticks: NormalisedTick[]) => void> = [];
  const userListeners: Array<(userId: string, message: object) => void> = [];
  const userChannel = `${channel}:users`;
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection problem'));
  }
  subscriber.on('message', (from: string, message: string) => {
    if (from === userChannel) {
      try {
        const parsed = JSON.parse(message) as { userId?: string; message?: object };
        if (typeof parsed.userId === 'string' && parsed.message) {
          for (const listener of userListeners) listener(parsed.userId, parsed.message);
        }
      } catch {
        log.warn({ channel: userChannel }, 'ignored a malformed user event on redis');
      }
      return;
    }
    try {
      const parsed = JSON.parse(message) as { origin?: string; ticks?: NormalisedTick[] };
      if (parsed.origin === origin || !Array.isArray(parsed.ticks)) return;
      for (const listener of listeners) listener(parsed.ticks);
    } catch {
      log.warn({ channel }, 'ignored a malformed tick message on redis');
    }
  });
  const connected = (async () => {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, userChannel);
  })();
  return {
    kind: 'redis',
    publish(ticks) {
      if (ticks.length === 0) return;
      publisher.publish(channel, JSON.stringify({ origin, ticks })).catch((error: Error) => {
        log.warn({ err: error.message }, 'could not publish ticks to redis');
      });
    },
    onRemoteTicks(listener) {
      listeners.push(listener);
    },
    // Every instance (this one included) hears a user event once, through Redis.
    publishUserEvent(userId, message) {
      publisher.publish(userChannel, JSON.stringify({ userId, message })).catch((error: Error) => {
        log.warn({ err: error.message }, 'could not publish a user event to redis');
      });
    },
    onUserEvent(listener) {
      userListeners.push(listener);
    },
    ready: () => connected,
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
