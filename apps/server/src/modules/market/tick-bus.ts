import { randomUUID } from 'node:crypto';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { NormalisedTick } from './price-state.js';

/**
 * Carries normalised ticks from the instance that runs the feeds to every instance's sockets
 * over the deployment's cluster bus (Redis pub/sub with REDIS_URL, this process without it).
 * Messages to one user travel through the platform's realtime gateway instead.
 */
export type TickBus = {
  publish(ticks: NormalisedTick[]): void;
  /** Ticks produced by another instance. */
  onRemoteTicks(listener: (ticks: NormalisedTick[]) => void): void;
  /** Resolves when the bus can carry ticks (Redis subscribed). */
  ready(): Promise<void>;
};

const TICKS_TOPIC = 'market:ticks';

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
    ready: () => bus.ready(),
  };
}
