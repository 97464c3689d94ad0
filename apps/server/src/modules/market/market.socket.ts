import {
  CATALOGUE,
  type Language,
  MAX_CLIENT_FRAME_BYTES,
  messageFor,
  PUSH_COALESCE_MS,
  type TPushItem,
  ZSocketClientMessage,
} from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { MarketHub } from './market-hub.js';

/**
 * `/swx/customer/message`: clients subscribe to codes or a market type and receive arrays of
 * `{ code, price, zdf, time, source }`. Updates are coalesced on the leading edge: a tick is
 * sent at once when the last send was at least PUSH_COALESCE_MS ago, otherwise with the next
 * send PUSH_COALESCE_MS after the last, and then only the latest price of each instrument that
 * moved. So a client gets at most one update per instrument per PUSH_COALESCE_MS, and a quiet
 * market's first tick does not wait for a timer (a free-running timer added 0–250 ms to each).
 * Clients with the same subscription share one serialised frame. A client that cannot keep up
 * (its send buffer passes MAX_BUFFERED_BYTES) is dropped instead of growing server memory.
 */

const MAX_BUFFERED_BYTES = 1_048_576;
const HEARTBEAT_MS = 30_000;

type Client = {
  socket: WebSocket;
  /** Set once the client signed in with `{ op: 'auth', token }`. */
  userId: string | null;
  codes: Set<string>;
  /** The sorted codes joined: clients with equal keys share one frame. */
  key: string;
  language: Language;
  alive: boolean;
};

export type SocketGateway = {
  clientCount(): number;
  /** Sends a message to every socket of this user on this instance. */
  pushToUser(userId: string, message: object): void;
  close(): void;
};

export function registerMarketSocket(
  app: FastifyInstance,
  hub: MarketHub,
  resolveUser: (token: string) => Promise<string | null>,
): SocketGateway {
  const clients = new Set<Client>();
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
    if (latest.size === 0 || clients.size === 0) {
      latest.clear();
      return;
    }
    const items = [...latest.values()];
    latest.clear();
    for (const item of items) item.zdf = hub.state(item.code)?.changeRatio() ?? null;
    const frames = new Map<string, string | null>();
    for (const client of clients) {
      if (client.codes.size === 0) continue;
      let frame = frames.get(client.key);
      if (frame === undefined) {
        const mine = items.filter((item) => client.codes.has(item.code));
        frame = mine.length > 0 ? JSON.stringify(mine) : null;
        frames.set(client.key, frame);
      }
      if (frame === null) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        app.log.warn({ buffered: client.socket.bufferedAmount }, 'dropping a market socket client that cannot keep up');
        client.socket.terminate();
        clients.delete(client);
        continue;
      }
      client.socket.send(frame);
    }
  };
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        clients.delete(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const sendError = (client: Client, name: keyof typeof CATALOGUE) => {
    const { code } = CATALOGUE[name];
    client.socket.send(JSON.stringify({ op: 'error', code, msg: messageFor(code, client.language) }));
  };

  const codesOfType = (type: number) =>
    hub
      .instruments()
      .filter((instrument) => instrument.type === type)
      .map((instrument) => instrument.code);

  app.get('/message', { websocket: true, config: { auth: 'public' } }, (socket, request) => {
    const client: Client = {
      socket,
      userId: null,
      codes: new Set(),
      key: '',
      language: request.language,
      alive: true,
    };
    clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => clients.delete(client));
    socket.on('error', () => clients.delete(client));
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? '' : data.toString();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        sendError(client, 'INVALID_INPUT');
        return;
      }
      const message = ZSocketClientMessage.safeParse(parsed);
      if (!message.success) {
        sendError(client, 'INVALID_INPUT');
        return;
      }
      const command = message.data;
      if (command.op === 'ping') {
        socket.send('{"op":"pong"}');
        return;
      }
      if (command.op === 'auth') {
        void resolveUser(command.token).then((userId) => {
          client.userId = userId;
          socket.send(JSON.stringify({ op: 'authenticated', ok: userId !== null }));
        });
        return;
      }
      const requested = [...(command.codes ?? []), ...(command.type ? codesOfType(command.type) : [])];
      const unknown = requested.filter((code) => !hub.instrument(code));
      if (unknown.length > 0) {
        sendError(client, 'UNKNOWN_INSTRUMENT');
        return;
      }
      for (const code of requested) {
        if (command.op === 'subscribe') client.codes.add(code);
        else client.codes.delete(code);
      }
      client.key = [...client.codes].sort().join(',');
      socket.send(JSON.stringify({ op: 'subscribed', codes: [...client.codes] }));
      if (command.op === 'subscribe') {
        // The current prices at once, so a new subscriber does not wait for the next move.
        const snapshot: TPushItem[] = requested.flatMap((code) => {
          const state = hub.state(code);
          return state?.price && state.time !== null
            ? [{ code, price: state.price, zdf: state.changeRatio(), time: state.time, source: state.source }]
            : [];
        });
        if (snapshot.length > 0) socket.send(JSON.stringify(snapshot));
      }
    });
  });

  return {
    clientCount: () => clients.size,
    pushToUser(userId, message) {
      let frame: string | null = null;
      for (const client of clients) {
        if (client.userId !== userId) continue;
        frame ??= JSON.stringify(message);
        client.socket.send(frame);
      }
    },
    close() {
      closed = true;
      if (flushScheduled !== null) clearTimeout(flushScheduled);
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(1001, 'server shutting down');
      clients.clear();
    },
  };
}

export const SOCKET_OPTIONS = { maxPayload: MAX_CLIENT_FRAME_BYTES } as const;
