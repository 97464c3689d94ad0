import type {
  TNotification,
  TPosition,
  TPushItem,
  TSocketClientMessage,
  TSupportSocketEvent,
} from '@openbourse/contracts';
import { SOCKET_MAX_RECONNECT_MS, SOCKET_PATH, SOCKET_RECONNECT_MS } from '@openbourse/contracts/constants';
import { followSupportVisitorToken, readSupportVisitorToken } from '../../shared/support-chat';
import { session } from '../identity/session';

/**
 * One market socket for the whole page (SPEC §4 "Market socket"). Components subscribe to the
 * codes they show; the client counts references per code, so the server hears "subscribe" when
 * the first component needs a code and "unsubscribe" when the last one lets it go. After any
 * close it reconnects (SOCKET_RECONNECT_MS at first, doubling while attempts fail, with jitter)
 * and sends every current subscription again.
 *
 * Position events: while someone listens (`subscribePositionEvents`) and the user is signed
 * in, the socket signs in with `{ op: 'auth', token }` on every (re)connect, and the server
 * pushes `{ op: 'position', data }` on each change of the user's positions. Notifications
 * (`{ op: 'notification' }`) and fired price alerts (`{ op: 'alert' }`) come the same way.
 *
 * Support chat events (`{ op: 'support' }`, issue 20) come the same way to a signed-in user; a
 * visitor without an account signs the socket in with `{ op: 'support-visitor', token }` (the
 * token its first chat answered) while someone listens for support events.
 *
 * Held events: the socket signs in as soon as anyone listens for the user's events (the support
 * launcher does on every page), while the parts that show positions, notifications and fired
 * alerts load lazily after it. A position, notification or alert that arrives while nobody
 * listens for its kind yet is held (at most HELD_EVENTS, for HELD_EVENT_MS) and handed to the
 * first listener of its kind, so a page that is still loading does not miss it.
 */

/** What the client needs of a WebSocket; the browser's WebSocket fits, tests pass a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type PriceListener = (items: readonly TPushItem[]) => void;
/** A change of one of the signed-in user's positions (opened, filled, amended, closed, cancelled). */
export type PositionListener = (position: TPosition) => void;
/** A notification of the signed-in user, pushed once it committed (issue 15). */
export type NotificationListener = (notification: TNotification) => void;
/**
 * One of the signed-in user's price alerts fired (issue 16): the message's `data` as the server
 * sent it. The alerts module checks it against the contract's schema (zod), which the socket does
 * not load: the socket is on every page, the schema only where a user is signed in.
 */
export type AlertListener = (data: unknown) => void;
/**
 * A support chat event of the user's (or visitor's) conversations (issue 20), checked only for
 * its `kind`: the support module reads the rest.
 */
export type SupportListener = (event: TSupportSocketEvent) => void;

export type MarketSocketOptions = {
  WebSocketImpl: WebSocketConstructor;
  url: () => string;
  /** The first reconnection delay; each failure in a row doubles it, up to maxReconnectMs. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** Jitter source (0 ≤ x < 1): each delay is 50–100% of its step, so clients spread out. */
  random?: () => number;
  /** With no subscription left, the socket closes after this long (a page change re-subscribes first). */
  idleCloseMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The session token the socket signs in with for position events; null when signed out. */
  getToken?: () => string | null;
  /** A support visitor's token (issue 20): signs a signed-out socket in for support events. */
  getSupportVisitorToken?: () => string | null;
  /** Milliseconds now, for how long held events wait (tests pass a manual clock). */
  now?: () => number;
};

export type MarketSocket = {
  subscribePrices(codes: readonly string[], listener: PriceListener): () => void;
  /** The codes subscribed now, with their reference counts (for tests and debugging). */
  subscriptions(): ReadonlyMap<string, number>;
  isConnected(): boolean;
  /** The last pushed price of a subscribed code. */
  latest(code: string): TPushItem | undefined;
  /**
   * Calls `listener` with each pushed change of the signed-in user's positions; `onSignedIn`
   * after every successful socket sign-in (first connect and each reconnect), so the caller can
   * read again what it may have missed while disconnected. Returns the function that stops it.
   */
  subscribePositionEvents(listener: PositionListener, onSignedIn?: () => void): () => void;
  /** The same for the user's notifications (the socket signs in while either kind is listened to). */
  subscribeNotifications(listener: NotificationListener, onSignedIn?: () => void): () => void;
  /** The same for the user's fired price alerts (`{ op: 'alert', data }`, data unchecked). */
  subscribeAlerts(listener: AlertListener, onSignedIn?: () => void): () => void;
  /**
   * The support chat's events (issue 20): of the signed-in user, or of the visitor whose token
   * `getSupportVisitorToken` answers when nobody is signed in. `onSignedIn` after each sign-in.
   */
  subscribeSupport(listener: SupportListener, onSignedIn?: () => void): () => void;
  /** The session (or the support visitor's token) changed: signs the socket in again, or out (by reconnecting). */
  refreshAuth(): void;
};

/** The server takes at most this many codes per message (ZSocketClientMessage). */
export const MAX_CODES_PER_MESSAGE = 200;
export const IDLE_CLOSE_MS = 10_000;
/** How long a user event that arrived before any listener of its kind waits for one. */
export const HELD_EVENT_MS = 15_000;
/** At most this many such events are held (the oldest go first). */
export const HELD_EVENTS = 20;
const OPEN = 1;

export type ServerMessage =
  | { kind: 'prices'; items: TPushItem[] }
  | { kind: 'position'; position: TPosition }
  | { kind: 'notification'; notification: TNotification }
  /** A fired price alert; `data` is checked by its listener (see AlertListener). */
  | { kind: 'alert'; data: unknown }
  /** A support chat event (issue 20), its kind checked. */
  | { kind: 'support'; event: TSupportSocketEvent }
  | { kind: 'authenticated'; ok: boolean }
  /** The answer to a visitor's `{ op: 'support-visitor' }` sign-in. */
  | { kind: 'supportVisitor'; ok: boolean }
  | { kind: 'error'; code: number; msg: string }
  | { kind: 'ack' }
  | { kind: 'invalid' };

const POSITION_STATUSES = new Set(['pending', 'open', 'closed', 'cancelled']);
const SUPPORT_EVENT_KINDS = new Set(['message', 'marks', 'typing', 'conversation', 'inbox']);

/**
 * A pushed position, checked for the fields every consumer relies on. The full schema lives in
 * the trading contract (zod); it is not imported here, so the socket stays out of zod's weight.
 */
function toPosition(value: unknown): TPosition | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (typeof item.orderNo !== 'string' || typeof item.code !== 'string' || typeof item.lots !== 'string') return null;
  if (item.side !== 'long' && item.side !== 'short') return null;
  if (typeof item.status !== 'string' || !POSITION_STATUSES.has(item.status)) return null;
  return value as TPosition;
}

/** A pushed notification, checked for the fields its consumers read (the schema is not loaded here). */
function toNotification(value: unknown): TNotification | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (typeof item.id !== 'string' || typeof item.template !== 'string' || typeof item.createdAt !== 'string') {
    return null;
  }
  if (typeof item.params !== 'object' || item.params === null || typeof item.read !== 'boolean') return null;
  return value as TNotification;
}

const PRICE = /^\d{1,20}(\.\d{1,12})?$/;

function toPushItem(value: unknown): TPushItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const { code, price, zdf, time, source } = item;
  if (typeof code !== 'string' || typeof price !== 'string' || !PRICE.test(price)) return null;
  if (typeof time !== 'number' || !Number.isFinite(time) || typeof source !== 'string') return null;
  if (zdf !== null && zdf !== undefined && typeof zdf !== 'string') return null;
  return { code, price, zdf: typeof zdf === 'string' ? zdf : null, time, source };
}

/** Reads one frame from the server: a price array, a user event, an error, or an acknowledgement. */
export function parseServerMessage(data: unknown): ServerMessage {
  if (typeof data !== 'string') return { kind: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'invalid' };
  }
  if (Array.isArray(parsed)) {
    return { kind: 'prices', items: parsed.map(toPushItem).filter((item): item is TPushItem => item !== null) };
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const message = parsed as Record<string, unknown>;
    if (message.op === 'error') {
      return {
        kind: 'error',
        code: typeof message.code === 'number' ? message.code : 0,
        msg: typeof message.msg === 'string' ? message.msg : '',
      };
    }
    if (message.op === 'subscribed' || message.op === 'pong') return { kind: 'ack' };
    if (message.op === 'authenticated') return { kind: 'authenticated', ok: message.ok === true };
    if (message.op === 'support-visitor') return { kind: 'supportVisitor', ok: message.ok === true };
    if (message.op === 'support') {
      const data = message.data as Record<string, unknown> | null;
      return typeof data === 'object' && data !== null && SUPPORT_EVENT_KINDS.has(String(data.kind))
        ? { kind: 'support', event: data as TSupportSocketEvent }
        : { kind: 'invalid' };
    }
    if (message.op === 'position') {
      const position = toPosition(message.data);
      return position ? { kind: 'position', position } : { kind: 'invalid' };
    }
    if (message.op === 'notification') {
      const notification = toNotification(message.data);
      return notification ? { kind: 'notification', notification } : { kind: 'invalid' };
    }
    if (message.op === 'alert') {
      return typeof message.data === 'object' && message.data !== null
        ? { kind: 'alert', data: message.data }
        : { kind: 'invalid' };
    }
  }
  return { kind: 'invalid' };
}

/** The subscribe/unsubscribe messages for a set of codes, split to the server's limit. */
export function subscriptionMessages(
  op: 'subscribe' | 'unsubscribe',
  codes: readonly string[],
): TSocketClientMessage[] {
  const messages: TSocketClientMessage[] = [];
  for (let start = 0; start < codes.length; start += MAX_CODES_PER_MESSAGE) {
    messages.push({ op, codes: codes.slice(start, start + MAX_CODES_PER_MESSAGE) });
  }
  return messages;
}

type Subscription = { codes: ReadonlySet<string>; listener: PriceListener };

export function createMarketSocket(options: MarketSocketOptions): MarketSocket {
  const reconnectMs = options.reconnectMs ?? SOCKET_RECONNECT_MS;
  const maxReconnectMs = options.maxReconnectMs ?? SOCKET_MAX_RECONNECT_MS;
  const random = options.random ?? Math.random;
  /** Connections in a row that closed without opening; reset by a successful open. */
  let failures = 0;
  const idleCloseMs = options.idleCloseMs ?? IDLE_CLOSE_MS;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  const now = options.now ?? (() => Date.now());
  const getToken = options.getToken ?? (() => null);
  const getSupportVisitorToken = options.getSupportVisitorToken ?? (() => null);

  const counts = new Map<string, number>();
  const subscriptions = new Set<Subscription>();
  const positionSubscriptions = new Set<{ listener: PositionListener; onSignedIn?: () => void }>();
  const notificationSubscriptions = new Set<{ listener: NotificationListener; onSignedIn?: () => void }>();
  const alertSubscriptions = new Set<{ listener: AlertListener; onSignedIn?: () => void }>();
  const supportSubscriptions = new Set<{ listener: SupportListener; onSignedIn?: () => void }>();
  /** Whether anyone listens for the signed-in user's events (positions, notifications, alerts or support). */
  const hasUserListeners = () =>
    positionSubscriptions.size > 0 ||
    notificationSubscriptions.size > 0 ||
    alertSubscriptions.size > 0 ||
    supportSubscriptions.size > 0;
  const latest = new Map<string, TPushItem>();
  type HeldEvent =
    | { kind: 'position'; position: TPosition; at: number }
    | { kind: 'notification'; notification: TNotification; at: number }
    | { kind: 'alert'; data: unknown; at: number };
  /** User events that arrived while nobody listened for their kind (see "Held events" above). */
  let held: HeldEvent[] = [];
  const hold = (event: HeldEvent) => {
    held = [...held.filter((item) => now() - item.at < HELD_EVENT_MS), event].slice(-HELD_EVENTS);
  };
  /** The held events of one kind still fresh enough to hand over, taken out of the hold. */
  const takeHeld = <K extends HeldEvent['kind']>(kind: K): Extract<HeldEvent, { kind: K }>[] => {
    const taken = held.filter(
      (item): item is Extract<HeldEvent, { kind: K }> => item.kind === kind && now() - item.at < HELD_EVENT_MS,
    );
    held = held.filter((item) => item.kind !== kind);
    return taken;
  };
  let socket: WebSocketLike | null = null;
  let reconnectTimer: unknown = null;
  let idleTimer: unknown = null;
  /**
   * Who this connection signed in as (`user:<token>` or `visitor:<token>`); null when it has not.
   * A session wins over a support visitor's token.
   */
  let signedInWith: string | null = null;
  const identity = (): { key: string; message: TSocketClientMessage } | null => {
    const token = getToken();
    if (token) return { key: `user:${token}`, message: { op: 'auth', token } };
    const visitor = supportSubscriptions.size > 0 ? getSupportVisitorToken() : null;
    if (visitor) return { key: `visitor:${visitor}`, message: { op: 'support-visitor', token: visitor } };
    return null;
  };

  const isOpen = () => socket !== null && socket.readyState === OPEN;
  /** Whether anyone needs the socket: a price subscription or a position listener. */
  const isWanted = () => counts.size > 0 || hasUserListeners();

  /** Signs this connection in when someone listens for position events and there is a token. */
  function signIn(): void {
    const who = identity();
    if (!socket || !isOpen() || !hasUserListeners() || !who || who.key === signedInWith) return;
    signedInWith = who.key;
    socket.send(JSON.stringify(who.message));
  }

  function send(op: 'subscribe' | 'unsubscribe', codes: readonly string[]): void {
    if (!socket || !isOpen() || codes.length === 0) return;
    for (const message of subscriptionMessages(op, codes)) socket.send(JSON.stringify(message));
  }

  function scheduleReconnect(): void {
    if (reconnectTimer !== null || !isWanted()) return;
    // Exponential backoff with jitter: after a server restart, thousands of browsers do not
    // all come back in the same second, and a server that stays down is asked less often.
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

  function dispatchPosition(position: TPosition): void {
    if (positionSubscriptions.size === 0) hold({ kind: 'position', position, at: now() });
    for (const subscription of [...positionSubscriptions]) {
      try {
        subscription.listener(position);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function dispatchNotification(notification: TNotification): void {
    if (notificationSubscriptions.size === 0) hold({ kind: 'notification', notification, at: now() });
    for (const subscription of [...notificationSubscriptions]) {
      try {
        subscription.listener(notification);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function dispatchAlert(data: unknown): void {
    if (alertSubscriptions.size === 0) hold({ kind: 'alert', data, at: now() });
    for (const subscription of [...alertSubscriptions]) {
      try {
        subscription.listener(data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function dispatchSupport(event: TSupportSocketEvent): void {
    for (const subscription of [...supportSubscriptions]) {
      try {
        subscription.listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /**
   * Adds a listener for the user's events: the socket connects, or signs in, for it. `handOver`
   * gives the first listener of a kind what was held for it.
   */
  function addUserSubscription<T>(subscriptions: Set<T>, subscription: T, handOver?: () => void): () => void {
    subscriptions.add(subscription);
    if (subscriptions.size === 1) handOver?.();
    if (idleTimer !== null) {
      clearTimer(idleTimer);
      idleTimer = null;
    }
    if (socket) signIn();
    else connect();
    let isActive = true;
    return () => {
      if (!isActive) return;
      isActive = false;
      subscriptions.delete(subscription);
      if (!isWanted()) closeWhenIdle();
    };
  }

  function signedIn(ok: boolean): void {
    if (!ok) {
      // An expired token: position events stop until the session changes (refreshAuth).
      console.warn('[openbourse] market socket: sign-in refused');
      return;
    }
    const signedInSubscriptions = [
      ...positionSubscriptions,
      ...notificationSubscriptions,
      ...alertSubscriptions,
      ...supportSubscriptions,
    ];
    for (const subscription of signedInSubscriptions) {
      try {
        subscription.onSignedIn?.();
      } catch (error) {
        console.error(error);
      }
    }
  }

  function supportVisitorSignedIn(ok: boolean): void {
    if (!ok) {
      console.warn('[openbourse] market socket: support visitor sign-in refused');
      return;
    }
    for (const subscription of [...supportSubscriptions]) {
      try {
        subscription.onSignedIn?.();
      } catch (error) {
        console.error(error);
      }
    }
  }

  function dispatch(items: readonly TPushItem[]): void {
    const wanted = items.filter((item) => counts.has(item.code));
    if (wanted.length === 0) return;
    for (const item of wanted) latest.set(item.code, item);
    for (const subscription of [...subscriptions]) {
      const mine = wanted.filter((item) => subscription.codes.has(item.code));
      if (mine.length === 0) continue;
      try {
        subscription.listener(mine);
      } catch (error) {
        // One failing listener must not starve the others.
        console.error(error);
      }
    }
  }

  function connect(): void {
    if (socket !== null || reconnectTimer !== null) return;
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
      // A new connection knows nothing: sign in again and send every current subscription again.
      signIn();
      send('subscribe', [...counts.keys()]);
    };
    created.onmessage = (event) => {
      if (socket !== created) return;
      const message = parseServerMessage(event.data);
      if (message.kind === 'prices') dispatch(message.items);
      else if (message.kind === 'position') dispatchPosition(message.position);
      else if (message.kind === 'notification') dispatchNotification(message.notification);
      else if (message.kind === 'alert') dispatchAlert(message.data);
      else if (message.kind === 'support') dispatchSupport(message.event);
      else if (message.kind === 'authenticated') signedIn(message.ok);
      else if (message.kind === 'supportVisitor') supportVisitorSignedIn(message.ok);
      else if (message.kind === 'error') console.warn(`[openbourse] market socket: ${message.code} ${message.msg}`);
    };
    // An error is always followed by a close; the close decides what happens next.
    created.onerror = () => undefined;
    created.onclose = () => {
      if (socket !== created) return;
      socket = null;
      scheduleReconnect();
    };
  }

  function closeWhenIdle(): void {
    if (idleTimer !== null) clearTimer(idleTimer);
    idleTimer = setTimer(() => {
      idleTimer = null;
      if (isWanted()) return;
      if (reconnectTimer !== null) {
        clearTimer(reconnectTimer);
        reconnectTimer = null;
      }
      const closing = socket;
      socket = null;
      closing?.close(1000, 'no subscriptions');
    }, idleCloseMs);
  }

  return {
    subscribePrices(codes, listener) {
      const unique = [...new Set(codes)];
      const subscription: Subscription = { codes: new Set(unique), listener };
      subscriptions.add(subscription);
      const added: string[] = [];
      for (const code of unique) {
        const count = counts.get(code) ?? 0;
        counts.set(code, count + 1);
        if (count === 0) added.push(code);
      }
      if (idleTimer !== null && counts.size > 0) {
        clearTimer(idleTimer);
        idleTimer = null;
      }
      if (added.length > 0) {
        if (socket) send('subscribe', added);
        else connect();
      }
      // Codes someone else already follows: hand over their last price at once.
      const known = unique.flatMap((code) => latest.get(code) ?? []);
      if (known.length > 0) listener(known);

      let isActive = true;
      return () => {
        if (!isActive) return;
        isActive = false;
        subscriptions.delete(subscription);
        const removed: string[] = [];
        for (const code of unique) {
          const count = counts.get(code) ?? 0;
          if (count <= 1) {
            counts.delete(code);
            latest.delete(code);
            removed.push(code);
          } else {
            counts.set(code, count - 1);
          }
        }
        send('unsubscribe', removed);
        if (!isWanted()) closeWhenIdle();
      };
    },
    subscriptions: () => new Map(counts),
    isConnected: isOpen,
    latest: (code) => latest.get(code),
    subscribePositionEvents: (listener, onSignedIn) =>
      addUserSubscription(positionSubscriptions, { listener, onSignedIn }, () => {
        for (const item of takeHeld('position')) dispatchPosition(item.position);
      }),
    subscribeNotifications: (listener, onSignedIn) =>
      addUserSubscription(notificationSubscriptions, { listener, onSignedIn }, () => {
        for (const item of takeHeld('notification')) dispatchNotification(item.notification);
      }),
    subscribeAlerts: (listener, onSignedIn) =>
      addUserSubscription(alertSubscriptions, { listener, onSignedIn }, () => {
        for (const item of takeHeld('alert')) dispatchAlert(item.data);
      }),
    subscribeSupport: (listener, onSignedIn) => addUserSubscription(supportSubscriptions, { listener, onSignedIn }),
    refreshAuth() {
      const who = identity()?.key ?? null;
      if (who === signedInWith) return;
      // What was held for whoever signed in before is not for whoever does now.
      held = [];
      if (!socket) return;
      if (who && signedInWith === null) {
        signIn();
        return;
      }
      // Signed out, or another user: this connection still carries the old sign-in. Start a
      // fresh one at once (the server forgets a socket's user only when it closes).
      const closing = socket;
      socket = null;
      signedInWith = null;
      closing.close(1000, 'session changed');
      if (isWanted()) connect();
    },
  };
}

/** `ws://host/swx/customer/message`, or `wss://` on an https page. */
export function marketSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${SOCKET_PATH}`;
}

let shared: MarketSocket | null = null;

/** The page's one market socket, created on first use; it follows the session for position events. */
export function marketSocket(): MarketSocket {
  if (!shared) {
    const created = createMarketSocket({
      WebSocketImpl: WebSocket,
      url: () => marketSocketUrl(),
      getToken: () => session.get().token,
      getSupportVisitorToken: readSupportVisitorToken,
    });
    session.subscribe(() => created.refreshAuth());
    followSupportVisitorToken(() => created.refreshAuth());
    shared = created;
  }
  return shared;
}

/**
 * Calls `listener` with each support chat event of the signed-in user or the browser's support
 * visitor (issue 20); `onSignedIn` after each (re)connected sign-in. Returns the function that stops it.
 */
export function subscribeSupport(listener: SupportListener, onSignedIn?: () => void): () => void {
  return marketSocket().subscribeSupport(listener, onSignedIn);
}

/** Calls `listener` with pushed prices of `codes`; returns the function that stops it. */
export function subscribePrices(codes: readonly string[], listener: PriceListener): () => void {
  return marketSocket().subscribePrices(codes, listener);
}

/**
 * Calls `listener` with each change of the signed-in user's positions, pushed over the page's
 * socket; `onSignedIn` after each (re)connected sign-in. Returns the function that stops it.
 */
export function subscribePositionEvents(listener: PositionListener, onSignedIn?: () => void): () => void {
  return marketSocket().subscribePositionEvents(listener, onSignedIn);
}

/** Calls `listener` with each notification pushed to the signed-in user; returns the function that stops it. */
export function subscribeNotifications(listener: NotificationListener, onSignedIn?: () => void): () => void {
  return marketSocket().subscribeNotifications(listener, onSignedIn);
}

/**
 * Calls `listener` with the data of each price alert of the signed-in user that fires (unchecked:
 * see AlertListener); `onSignedIn` after each (re)connected sign-in. Returns the function that stops it.
 */
export function subscribeAlerts(listener: AlertListener, onSignedIn?: () => void): () => void {
  return marketSocket().subscribeAlerts(listener, onSignedIn);
}
