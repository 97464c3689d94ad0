import { randomUUID } from 'node:crypto';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { NormalisedTick } from './price-state.js';

/**
 * Carries normalised ticks from the instance that runs the feeds to every instance's sockets,
 * and a user's position events to their sockets wherever they are connected, over the
 * deployment's cluster bus (Redis pub/sub with REDIS_URL, this process without it).
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
};

const TICKS_TOPIC = 'market:ticks';
const USER_EVENTS_TOPIC = 'market:user-events';

export function createTickBus(bus: ClusterBus, log: { warn(obj: object, msg?: string): void }): TickBus {
  // Every instance hears its own ticks back from the bus; the tag lets it skip them (it has
  // applied them already, before publishing).
  const origin = randomUUID();
  return {
    publish(ticks) {
      if (ticks.length > 0) bus.publish(TICKS_TOPIC, { origin, ticks });
    },
    onRemoteTicks(listener) {
      bus.subscribe(TICKS_TOPIC, (payload) => {
        const { origin: from, ticks } = payload as { origin?: unknown; ticks?: unknown };
        if (from === origin) return;
        if (!Array.isArray(ticks)) {
          log.warn({ topic: TICKS_TOPIC }, 'ignored a malformed tick message');
          return;
        }
        listener(ticks as NormalisedTick[]);
      });
    },
    // Every instance (this one included) hears a user event once.
    publishUserEvent(userId, message) {
      bus.publish(USER_EVENTS_TOPIC, { userId, message });
    },
    onUserEvent(listener) {
      bus.subscribe(USER_EVENTS_TOPIC, (payload) => {
        const { userId, message } = payload as { userId?: unknown; message?: unknown };
        if (typeof userId !== 'string' || typeof message !== 'object' || message === null) {
          log.warn({ topic: USER_EVENTS_TOPIC }, 'ignored a malformed user event');
          return;
        }
        listener(userId, message);
      });
    },
    ready: () => bus.ready(),
  };
}
