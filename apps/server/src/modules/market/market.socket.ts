import { PUSH_COALESCE_MS, type TPushItem } from '@openbourse/contracts';
import type { ChannelCommand, RealtimeChannel, RealtimeConnection } from '../../platform/realtime/realtime.js';
import type { MarketHub } from './market-hub.js';

/**
 * The market's channel on the realtime socket (`/swx/customer/message`; the platform's
 * gateway owns the socket, its sign-in and keep-alive): clients subscribe to codes or a market
 * type and receive arrays of `{ code, price, zdf, time, source }`. Updates are coalesced on the
 * leading edge: a tick is sent at once when the last send was at least PUSH_COALESCE_MS ago,
 * otherwise with the next send PUSH_COALESCE_MS after the last, and then only the latest price
 * of each instrument that moved. So a client gets at most one update per instrument per
 * PUSH_COALESCE_MS, and a quiet market's first tick does not wait for a timer (a free-running
 * timer added 0–250 ms to each). Clients with the same subscription share one serialised frame.
 * A client that cannot keep up (its send buffer passes MAX_BUFFERED_BYTES) is dropped instead of
 * growing server memory.
 */

const MAX_BUFFERED_BYTES = 1_048_576;

type Subscriber = {
  codes: Set<string>;
  /** The sorted codes joined: subscribers with equal keys share one frame. */
  key: string;
};

export type MarketPriceChannel = RealtimeChannel & {
  subscriberCount(): number;
  close(): void;
};

export function createMarketPriceChannel(
  hub: MarketHub,
  log: { warn(obj: object, msg?: string): void },
): MarketPriceChannel {
  const subscribers = new Map<RealtimeConnection, Subscriber>();
  const latest = new Map<string, TPushItem>();

  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let flushScheduled: NodeJS.Timeout | null = null;
  let closed = false;

  hub.onTicks((ticks) => {
    for (const tick of ticks) {
      latest.set(tick.code, { code: tick.code, price: tick.price, zdf: null, time: tick.time, source: tick.source });
    }
    if (flushScheduled !== null || closed) return;
    const wait = lastFlushAt + PUSH_COALESCE_MS - performance.now();
    flushScheduled = setTimeout(runFlush, Math.max(0, wait));
  });

  const runFlush = () => {
    flushScheduled = null;
    lastFlushAt = performance.now();
    flush();
  };

  const flush = () => {
    if (latest.size === 0 || subscribers.size === 0) {
      latest.clear();
      return;
    }
    const items = [...latest.values()];
    latest.clear();
    for (const item of items) item.zdf = hub.state(item.code)?.changeRatio() ?? null;
    const frames = new Map<string, string | null>();
    for (const [connection, subscriber] of subscribers) {
      if (subscriber.codes.size === 0) continue;
      let frame = frames.get(subscriber.key);
      if (frame === undefined) {
        const mine = items.filter((item) => subscriber.codes.has(item.code));
        frame = mine.length > 0 ? JSON.stringify(mine) : null;
        frames.set(subscriber.key, frame);
      }
      if (frame === null) continue;
      if (connection.bufferedBytes > MAX_BUFFERED_BYTES) {
        log.warn({ buffered: connection.bufferedBytes }, 'dropping a market socket client that cannot keep up');
        connection.terminate();
        subscribers.delete(connection);
        continue;
      }
      connection.sendFrame(frame);
    }
  };

  const codesOfType = (type: number) =>
    hub
      .instruments()
      .filter((instrument) => instrument.type === type)
      .map((instrument) => instrument.code);

  const onCommand = (connection: RealtimeConnection, command: ChannelCommand) => {
    // Other channels' commands (a support visitor's sign-in) are not the market's.
    if (command.op !== 'subscribe' && command.op !== 'unsubscribe') return;
    const requested = [...(command.codes ?? []), ...(command.type ? codesOfType(command.type) : [])];
    const unknown = requested.filter((code) => !hub.instrument(code));
    if (unknown.length > 0) {
      connection.sendError('UNKNOWN_INSTRUMENT');
      return;
    }
    let subscriber = subscribers.get(connection);
    if (!subscriber) {
      subscriber = { codes: new Set(), key: '' };
      subscribers.set(connection, subscriber);
    }
    for (const code of requested) {
      if (command.op === 'subscribe') subscriber.codes.add(code);
      else subscriber.codes.delete(code);
    }
    subscriber.key = [...subscriber.codes].sort().join(',');
    connection.send({ op: 'subscribed', codes: [...subscriber.codes] });
    if (command.op === 'subscribe') {
      // The current prices at once, so a new subscriber does not wait for the next move.
      const snapshot: TPushItem[] = requested.flatMap((code) => {
        const state = hub.state(code);
        return state?.price && state.time !== null
          ? [{ code, price: state.price, zdf: state.changeRatio(), time: state.time, source: state.source }]
          : [];
      });
      if (snapshot.length > 0) connection.sendFrame(JSON.stringify(snapshot));
    }
  };

  return {
    onCommand,
    onClose: (connection) => {
      subscribers.delete(connection);
    },
    subscriberCount: () => subscribers.size,
    close() {
      closed = true;
      if (flushScheduled !== null) clearTimeout(flushScheduled);
      subscribers.clear();
    },
  };
}
