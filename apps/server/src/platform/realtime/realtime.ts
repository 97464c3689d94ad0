import fastifyWebsocket from '@fastify/websocket';
import {
  CATALOGUE,
  type CatalogueName,
  type Language,
  MAX_CLIENT_FRAME_BYTES,
  messageFor,
  type TSocketClientMessage,
  type TSocketServerMessage,
  ZSocketClientMessage,
} from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ClusterBus } from '../bus/cluster-bus.js';
import { AppError } from '../errors/app-error.js';

/**
 * The one realtime gateway (issue 12): the socket at `/swx/customer/message`, its sign-in
 * (`{ op: 'auth', token }`), keep-alive, and pushing a message to a user's sockets wherever they
 * are connected. Modules do not own sockets: a module that pushes to a user calls `pushToUser`
 * (trading's position events today; payments, notifications and support next), and a module
 * that serves its own commands on the socket registers a channel (the market's price
 * subscriptions).
 */

/** One open socket, as channels see it. */
export type RealtimeConnection = {
  readonly language: Language;
  /** The signed-in user, once `{ op: 'auth' }` succeeded; null before and after a failed one. */
  readonly userId: string | null;
  readonly bufferedBytes: number;
  /** Sends an already serialised frame (channels share one frame between equal subscribers). */
  sendFrame(frame: string): void;
  send(message: TSocketServerMessage): void;
  sendError(name: CatalogueName): void;
  /** Drops a client that cannot keep up. */
  terminate(): void;
};

/** The socket commands a channel receives: everything but the gateway's own ping and auth. */
export type ChannelCommand = Exclude<TSocketClientMessage, { op: 'ping' } | { op: 'auth' }>;

export type RealtimeChannel = {
  onCommand(connection: RealtimeConnection, command: ChannelCommand): void;
  onClose(connection: RealtimeConnection): void;
};

/**
 * The user a session token belongs to, or null when it is not a live session; and news, on every
 * instance, that a user's sessions or account changed (revoked, disabled), so a signed-in socket
 * whose session ended is closed at once rather than when it next reconnects (#14).
 */
export type SessionResolver = {
  userIdForToken(token: string): Promise<string | null>;
  onSessionsChanged(listener: (userId: string) => void): void;
};

/** The close code a socket gets when its session ended (revoked, signed out, the user disabled). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

export type UserGateway = {
  /** Delivers to every socket of this user on every instance (through the cluster bus). */
  pushToUser(userId: string, message: TSocketServerMessage): void;
};

export type Realtime = UserGateway & {
  /** Registers the socket route in a context of its own (the WebSocket plugin hooks every request of its context). */
  register(app: FastifyInstance): Promise<void>;
  useChannel(channel: RealtimeChannel): void;
  clientCount(): number;
};

const HEARTBEAT_MS = 30_000;
const USER_MESSAGES_TOPIC = 'realtime:user-messages';

type Log = { warn(obj: object, msg?: string): void };

export function createRealtime(options: {
  cluster: ClusterBus;
  log: Log;
  /** Who a session token belongs to: a port identity's service fills. */
  sessions: SessionResolver;
}): Realtime {
  type Connection = RealtimeConnection & {
    userId: string | null;
    /** The token the socket signed in with (memory only), checked again when its user's sessions change. */
    token: string | null;
    alive: boolean;
    socket: WebSocket;
  };
  const connections = new Set<Connection>();
  const channels: RealtimeChannel[] = [];

  const deliverToUser = (userId: string, message: object) => {
    let frame: string | null = null;
    for (const connection of connections) {
      if (connection.userId !== userId) continue;
      frame ??= JSON.stringify(message);
      connection.socket.send(frame);
    }
  };
  // Every instance hears a user message once (the sending one included) and delivers it to the
  // sockets it holds.
  options.cluster.subscribe(USER_MESSAGES_TOPIC, (payload) => {
    const { userId, message } = payload as { userId?: unknown; message?: unknown };
    if (typeof userId !== 'string' || typeof message !== 'object' || message === null) {
      options.log.warn({ topic: USER_MESSAGES_TOPIC }, 'ignored a malformed user message');
      return;
    }
    deliverToUser(userId, message);
  });

  const close = (connection: Connection) => {
    if (!connections.delete(connection)) return;
    for (const channel of channels) channel.onClose(connection);
  };

  // Heard on every instance: each signed-in socket of the user asks again whether its session
  // lives; one that ended is told so and closed (the client signs in afresh or signs out).
  options.sessions.onSessionsChanged((userId) => {
    for (const connection of connections) {
      const token = connection.token;
      if (connection.userId !== userId || token === null) continue;
      options.sessions
        .userIdForToken(token)
        .then((stillUserId) => {
          if (stillUserId === userId || connection.token !== token) return;
          connection.userId = null;
          connection.token = null;
          connection.send({ op: 'authenticated', ok: false });
          connection.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
          close(connection);
        })
        .catch((error: unknown) => {
          options.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'could not recheck a socket session',
          );
        });
    }
  });

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        close(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const accept = (socket: WebSocket, language: Language) => {
    const connection: Connection = {
      socket,
      language,
      userId: null,
      token: null,
      alive: true,
      get bufferedBytes() {
        return socket.bufferedAmount;
      },
      sendFrame: (frame) => socket.send(frame),
      send: (message) => socket.send(JSON.stringify(message)),
      sendError: (name) => {
        const { code } = CATALOGUE[name];
        socket.send(JSON.stringify({ op: 'error', code, msg: messageFor(code, language) }));
      },
      terminate: () => {
        socket.terminate();
        close(connection);
      },
    };
    connections.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => close(connection));
    socket.on('error', () => close(connection));
    socket.on('message', (data, isBinary) => {
      connection.alive = true;
      let parsed: unknown;
      try {
        parsed = JSON.parse(isBinary ? '' : data.toString());
      } catch {
        connection.sendError('INVALID_INPUT');
        return;
      }
      const message = ZSocketClientMessage.safeParse(parsed);
      if (!message.success) {
        connection.sendError('INVALID_INPUT');
        return;
      }
      const command = message.data;
      if (command.op === 'ping') {
        socket.send('{"op":"pong"}');
        return;
      }
      if (command.op === 'auth') {
        void options.sessions.userIdForToken(command.token).then((userId) => {
          connection.userId = userId;
          connection.token = userId === null ? null : command.token;
          connection.send({ op: 'authenticated', ok: userId !== null });
        });
        return;
      }
      for (const channel of channels) channel.onCommand(connection, command);
    });
  };

  return {
    async register(app) {
      await app.register(async (socketScope) => {
        await socketScope.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
        socketScope.route({
          method: 'GET',
          url: '/message',
          config: { auth: 'public' },
          wsHandler: (socket, request) => accept(socket, request.language),
          // A plain GET (no upgrade) gets the envelope like every other answer (#13), not an empty 404.
          handler: async () => {
            throw new AppError('NOT_FOUND');
          },
        });
        socketScope.addHook('onClose', async () => {
          clearInterval(heartbeat);
          for (const connection of connections) connection.socket.close(1001, 'server shutting down');
          for (const connection of [...connections]) close(connection);
        });
      });
    },
    useChannel(channel) {
      channels.push(channel);
    },
    pushToUser(userId, message) {
      options.cluster.publish(USER_MESSAGES_TOPIC, { userId, message });
    },
    clientCount: () => connections.size,
  };
}
