import type { ClusterBus } from '../bus/cluster-bus.js';

/**
 * Typed events between modules, instead of callbacks wired in app.ts. A module declares the
 * events it publishes as a map of name → payload type (e.g. trading's `position.changed`); the
 * composition root builds one bus over the union of those maps, and each module receives it
 * typed with what it publishes and what it hears.
 *
 * Delivery is synchronous and in-process, in subscription order, after the publisher's work is
 * done (publishers publish after their transaction commits). A listener that throws or rejects
 * is logged and counted; it never fails the publisher nor the other listeners.
 *
 * An event named in `clusterTopics` travels over the cluster bus instead: every instance's
 * listeners hear it once, this one's included (the cluster bus's contract), after the decoder
 * has checked the untrusted payload.
 */
export type EventPublisher<Events> = {
  publish<Name extends keyof Events & string>(name: Name, payload: Events[Name]): void;
};

export type EventSubscriber<Events> = {
  /** Returns the function that unsubscribes. */
  subscribe<Name extends keyof Events & string>(name: Name, listener: (payload: Events[Name]) => unknown): () => void;
};

export type EventBus<Events> = EventPublisher<Events> &
  EventSubscriber<Events> & {
    /** Listener failures so far, by event name (exported as a metric). */
    failures(): ReadonlyMap<string, number>;
  };

/** Turns a payload heard on the cluster bus back into the event's type, or null when malformed. */
export type ClusterDecoders<Events> = { [Name in keyof Events]?: (payload: unknown) => Events[Name] | null };

type Log = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

export function createEventBus<Events>(options: {
  log: Log;
  cluster?: { bus: ClusterBus; topicPrefix: string; decoders: ClusterDecoders<Events> };
}): EventBus<Events> {
  const listeners = new Map<string, Array<(payload: unknown) => unknown>>();
  const failureCounts = new Map<string, number>();
  const cluster = options.cluster;

  const failed = (name: string, error: unknown) => {
    failureCounts.set(name, (failureCounts.get(name) ?? 0) + 1);
    options.log.error({ err: error, event: name }, 'an event listener failed');
  };
  const deliver = (name: string, payload: unknown) => {
    for (const listener of listeners.get(name) ?? []) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((error: unknown) => failed(name, error));
      } catch (error) {
        failed(name, error);
      }
    }
  };
  const isClusterWide = (name: string) => cluster !== undefined && name in cluster.decoders;

  if (cluster) {
    for (const name of Object.keys(cluster.decoders) as Array<keyof Events & string>) {
      const decode = cluster.decoders[name];
      if (!decode) continue;
      cluster.bus.subscribe(`${cluster.topicPrefix}${name}`, (raw) => {
        const payload = decode(raw);
        if (payload === null) {
          options.log.warn({ event: name }, 'ignored a malformed event from the cluster bus');
          return;
        }
        deliver(name, payload);
      });
    }
  }

  return {
    publish(name, payload) {
      if (cluster && isClusterWide(name)) {
        cluster.bus.publish(`${cluster.topicPrefix}${name}`, payload as object);
        return;
      }
      deliver(name, payload);
    },
    subscribe(name, listener) {
      const own = listener as (payload: unknown) => unknown;
      listeners.set(name, [...(listeners.get(name) ?? []), own]);
      return () => {
        listeners.set(
          name,
          (listeners.get(name) ?? []).filter((candidate) => candidate !== own),
        );
      };
    },
    failures: () => failureCounts,
  };
}
