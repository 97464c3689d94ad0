import type { TSocketClientMessage, TSupportSocketEvent } from '@openbourse/contracts';
import { SOCKET_MAX_RECONNECT_MS, SOCKET_RECONNECT_MS } from '@openbourse/contracts/constants';
import { session } from '../../identity/session';
import { marketSocketUrl, type WebSocketConstructor, type WebSocketLike } from '../../market/market-socket';

/**
 * The agent inbox's own connection to the user gateway (`/swx/customer/message`, issue 20): the
 * back office shows no prices, so it needs none of the market socket's subscriptions, only the
 * agent's sign-in (`{ op: 'auth', token }`) and the support events the server pushes to agents as
 * `{ op: 'support', data }` (inbox summaries, messages, marks, typing). It connects while someone
 * listens, signs in again on every reconnect (backoff doubling from SOCKET_RECONNECT_MS, with
 * jitter) and tells its listeners each time it signed in, so they read again what they missed.
 */

export type SupportListener = (event: TSupportSocketEvent) => void;

export type SupportSocketOptions = {
  WebSocketImpl: WebSocketConstructor;
  url: () => string;
  getToken: () => string | null;
  reconnectMs?: number;
  maxReconnectMs?: number;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type SupportSocket = {
  /** Calls `listener` with each support event; `onSignedIn` after each (re)connected sign-in. Returns the stop function. */
  subscribe(listener: SupportListener, onSignedIn?: () => void): () => void;
  /** The session changed: a fresh connection signs in with the new token (or none signs in). */
  refreshAuth(): void;
  isConnected(): boolean;
};

export type SupportFrame =
  | { kind: 'support'; event: TSupportSocketEvent }
  | { kind: 'authenticated'; ok: boolean }
  | { kind: 'other' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,19}$/.test(value);

function isMessage(value: unknown): boolean {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isId(value.conversationId) &&
    (value.author === 'user' || value.author === 'agent' || value.author === 'system') &&
    typeof value.createdAt === 'string' &&
    (value.text === null || typeof value.text === 'string')
  );
}

function isSummary(value: unknown): boolean {
  return (
    isRecord(value) &&
    isId(value.id) &&
    (value.status === 'open' || value.status === 'waiting_user' || value.status === 'closed') &&
    typeof value.who === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.unread === 'number'
  );
}

/**
 * A support event, checked for the fields the inbox relies on (the zod schemas are not loaded
 * for a socket frame); anything else is null.
 */
export function toSupportEvent(value: unknown): TSupportSocketEvent | null {
  if (!isRecord(value)) return null;
  const isSide = value.side === 'user' || value.side === 'agent';
  switch (value.kind) {
    case 'message':
      return isId(value.conversationId) && isMessage(value.message) ? (value as TSupportSocketEvent) : null;
    case 'marks':
      return isId(value.conversationId) &&
        isSide &&
        (value.mark === 'delivered' || value.mark === 'read') &&
        isId(value.upToMessageId) &&
        typeof value.at === 'string'
        ? (value as TSupportSocketEvent)
        : null;
    case 'typing':
      return isId(value.conversationId) && isSide ? (value as TSupportSocketEvent) : null;
    case 'inbox':
      return isSummary(value.conversation) ? (value as TSupportSocketEvent) : null;
    case 'conversation':
      return isRecord(value.conversation) && isId(value.conversation.id) ? (value as TSupportSocketEvent) : null;
    default:
      return null;
  }
}

/** Reads one frame: a support event, the answer to the sign-in, or something the inbox ignores. */
export function parseSupportFrame(data: unknown): SupportFrame {
  if (typeof data !== 'string') return { kind: 'other' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'other' };
  }
  if (!isRecord(parsed)) return { kind: 'other' };
  if (parsed.op === 'authenticated') return { kind: 'authenticated', ok: parsed.ok === true };
  if (parsed.op === 'support') {
    const event = toSupportEvent(parsed.data);
    return event ? { kind: 'support', event } : { kind: 'other' };
  }
  return { kind: 'other' };
}

const OPEN = 1;

export function createSupportSocket(options: SupportSocketOptions): SupportSocket {
  const reconnectMs = options.reconnectMs ?? SOCKET_RECONNECT_MS;
  const maxReconnectMs = options.maxReconnectMs ?? SOCKET_MAX_RECONNECT_MS;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const listeners = new Set<{ listener: SupportListener; onSignedIn?: () => void }>();
  let socket: WebSocketLike | null = null;
  let reconnectTimer: unknown = null;
  let failures = 0;
  let signedInWith: string | null = null;

  const isWanted = () => listeners.size > 0 && options.getToken() !== null;

  function signIn(): void {
    const token = options.getToken();
    if (!socket || socket.readyState !== OPEN || !token || token === signedInWith) return;
    signedInWith = token;
    socket.send(JSON.stringify({ op: 'auth', token } satisfies TSocketClientMessage));
  }

  function each(call: (entry: { listener: SupportListener; onSignedIn?: () => void }) => void): void {
    for (const entry of [...listeners]) {
      try {
        call(entry);
      } catch (error) {
        // One failing listener must not starve the others.
        console.error(error);
      }
    }
  }

  function scheduleReconnect(): void {
    if (reconnectTimer !== null || !isWanted()) return;
    const step = Math.min(maxReconnectMs, reconnectMs * 2 ** failures);
    failures += 1;
    reconnectTimer = setTimer(
      () => {
        reconnectTimer = null;
        if (isWanted()) connect();
      },
      Math.round(step * (0.5 + random() / 2)),
    );
  }

  function connect(): void {
    if (socket !== null || reconnectTimer !== null || !isWanted()) return;
    let created: WebSocketLike;
    try {
      created = new options.WebSocketImpl(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = created;
    signedInWith = null;
    created.onopen = () => {
      if (socket !== created) return;
      failures = 0;
      signIn();
    };
    created.onmessage = (event) => {
      if (socket !== created) return;
      const frame = parseSupportFrame(event.data);
      if (frame.kind === 'support') each(({ listener }) => listener(frame.event));
      else if (frame.kind === 'authenticated') {
        if (frame.ok) each(({ onSignedIn }) => onSignedIn?.());
        else console.warn('[openbourse] support socket: sign-in refused');
      }
    };
    created.onerror = () => undefined;
    created.onclose = () => {
      if (socket !== created) return;
      socket = null;
      scheduleReconnect();
    };
  }

  function disconnect(reason: string): void {
    if (reconnectTimer !== null) {
      clearTimer(reconnectTimer);
      reconnectTimer = null;
    }
    const closing = socket;
    socket = null;
    signedInWith = null;
    closing?.close(1000, reason);
  }

  return {
    subscribe(listener, onSignedIn) {
      const entry = { listener, onSignedIn };
      listeners.add(entry);
      if (socket) signIn();
      else connect();
      let isActive = true;
      return () => {
        if (!isActive) return;
        isActive = false;
        listeners.delete(entry);
        if (listeners.size === 0) disconnect('no listeners');
      };
    },
    refreshAuth() {
      const token = options.getToken();
      if (token === null) {
        disconnect('signed out');
        return;
      }
      if (token === signedInWith) return;
      if (socket && signedInWith === null) {
        signIn();
        return;
      }
      // The gateway forgets a socket's user only when it closes: start a fresh connection.
      disconnect('session changed');
      failures = 0;
      connect();
    },
    isConnected: () => socket !== null && socket.readyState === OPEN,
  };
}

let shared: SupportSocket | null = null;

/** The back office's one support socket, created on first use; it follows the session. */
export function supportSocket(): SupportSocket {
  if (!shared) {
    const created = createSupportSocket({
      WebSocketImpl: WebSocket,
      url: () => marketSocketUrl(),
      getToken: () => session.get().token,
    });
    session.subscribe(() => created.refreshAuth());
    shared = created;
  }
  return shared;
}
