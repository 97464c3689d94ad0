import { Redis } from 'ioredis';

/**
 * Messages between the server instances of one deployment, by topic. With REDIS_URL it is
 * Redis pub/sub (one channel per topic under a prefix); without it, one process is the whole
 * deployment and a message goes straight to this process's listeners.
 *
 * Every instance hears a message once, the sending one included: a module acts on its own
 * messages the same way as on another instance's, so there is one code path (a module that
 * must skip its own messages tags them, as the market's ticks do).
 */
export type ClusterBus = {
  readonly kind: 'redis' | 'in-process';
  publish(topic: string, payload: object): void;
  /** Listeners receive the parsed payload: untrusted shape, so check it before use. */
  subscribe(topic: string, listener: (payload: unknown) => void): void;
  /** Resolves when every topic subscribed so far is carried (Redis connected and subscribed). */
  ready(): Promise<void>;
  /** Asks Redis now (a PING, one second at most): 'off' when there is no Redis (in-process). */
  ping(): Promise<'ok' | 'down' | 'off'>;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg?: string): void };

/** How long a health ping waits for Redis before calling it down. */
const PING_TIMEOUT_MS = 1000;

export function createInProcessClusterBus(): ClusterBus {
  const listeners = new Map<string, Array<(payload: unknown) => void>>();
  return {
    kind: 'in-process',
    publish(topic, payload) {
      for (const listener of listeners.get(topic) ?? []) listener(payload);
    },
    subscribe(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    ready: async () => {},
    ping: async () => 'off',
    close: async () => {},
  };
}

export function createRedisClusterBus(redisUrl: string, log: Log, prefix: string): ClusterBus {
  // Pub/sub needs its own connection: a subscribed Redis connection can do nothing else.
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection problem'));
  }
  const channelOf = (topic: string) => `${prefix}:${topic}`;
  const listeners = new Map<string, Array<(payload: unknown) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    const forChannel = listeners.get(channel);
    if (!forChannel) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      log.warn({ channel }, 'ignored a malformed message on the redis bus');
      return;
    }
    for (const listener of forChannel) listener(payload);
  });
  // A failure reaches whoever awaits ready(); until then it must not count as unhandled, and
  // it is logged here for a deployment where nothing awaits ready().
  const quietly = <T>(promise: Promise<T>) => {
    promise.catch((error: unknown) =>
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'redis bus connection failed'),
    );
    return promise;
  };
  const connected = quietly(Promise.all([publisher.connect(), subscriber.connect()]));
  const subscriptions: Array<Promise<unknown>> = [];
  return {
    kind: 'redis',
    publish(topic, payload) {
      publisher.publish(channelOf(topic), JSON.stringify(payload)).catch((error: Error) => {
        log.warn({ err: error.message, topic }, 'could not publish to the redis bus');
      });
    },
    subscribe(topic, listener) {
      const channel = channelOf(topic);
      const existing = listeners.get(channel);
      listeners.set(channel, [...(existing ?? []), listener]);
      if (!existing) subscriptions.push(quietly(connected.then(() => subscriber.subscribe(channel))));
    },
    async ready() {
      await connected;
      await Promise.all(subscriptions);
    },
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'down'>((resolve) => {
        timer = setTimeout(() => resolve('down'), PING_TIMEOUT_MS);
      });
      const answer = publisher.ping().then(
        (reply) => (reply === 'PONG' ? ('ok' as const) : ('down' as const)),
        () => 'down' as const,
      );
      try {
        return await Promise.race([answer, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
