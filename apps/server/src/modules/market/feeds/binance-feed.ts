import WebSocket from 'ws';
import type { FeedAdapter, FeedEvents, InstrumentSeed, RawTick } from '../market.types.js';

/**
 * Live crypto prices from Binance Spot's public WebSocket market streams (no API key).
 *
 * One `<symbol>@trade` stream per instrument, read over combined-stream connections
 * (`/stream?streams=a@trade/b@trade`, events wrapped as `{"stream":…,"data":…}`), at most
 * 1024 streams per connection as Binance allows. Binance pings every 20 s (the `ws` library
 * answers with a pong by itself) and cuts every connection after 24 h; the feed reconnects
 * after any close or error, with a doubling, jittered delay, until `stop()`.
 */

export type BinanceFeedLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export type BinanceFeedOptions = {
  /** Base endpoint, without the `/stream` path. Default `wss://stream.binance.com:9443`. */
  url?: string;
  /** Reconnect delay: starts at `initialMs`, doubles per failed attempt up to `maxMs`, with jitter. Default 1000 → 30000. */
  backoff?: { initialMs: number; maxMs: number };
  /** Epoch milliseconds; measures how long a connection stayed open, and paces warnings. */
  now: () => number;
  logger?: BinanceFeedLogger;
};

const DEFAULT_URL = 'wss://stream.binance.com:9443';
const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000 };
/** Binance's limit of streams on one connection. */
const MAX_STREAMS_PER_CONNECTION = 1024;
/** A connection open this long resets the reconnect delay to `initialMs`. */
const STABLE_AFTER_MS = 60_000;
/** Binance pings every 20 s: this long without a message or a ping means a dead connection. */
const SILENCE_LIMIT_MS = 60_000;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** How long `stop()` waits for a closing handshake before cutting the socket. */
const CLOSE_GRACE_MS = 2_000;
/** At most this many malformed-message warnings per window; the rest are counted. */
const WARN_LIMIT = 10;
const WARN_WINDOW_MS = 10_000;

const DECIMAL = /^\d+(\.\d+)?$/;
const SYMBOL = /^[A-Z0-9]+$/;

const noopLogger: BinanceFeedLogger = { info() {}, warn() {} };

/** "0.01000000" → "0.01", "65000.00000000" → "65000"; null when not a plain decimal string. */
function normaliseDecimal(value: unknown): string | null {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Parsed =
  | { kind: 'ticks'; ticks: RawTick[] }
  | { kind: 'shutdown' }
  | { kind: 'reply' }
  | { kind: 'invalid'; reason: string };

/** `{"e":"serverShutdown"}`, bare, in a combined-stream wrapper or in an `event` wrapper. */
function isServerShutdown(message: Record<string, unknown>): boolean {
  const inner = isRecord(message.data) ? message.data : isRecord(message.event) ? message.event : message;
  return inner.e === 'serverShutdown';
}

function parseMessage(text: string, codesBySymbol: ReadonlyMap<string, readonly string[]>): Parsed {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: 'invalid', reason: 'not JSON' };
  }
  if (!isRecord(message)) return { kind: 'invalid', reason: 'not a JSON object' };
  if (isServerShutdown(message)) return { kind: 'shutdown' };
  // A reply to a SUBSCRIBE-style request ({"result":null,"id":1}); this feed sends none, but it is harmless.
  if ('id' in message && 'result' in message) return { kind: 'reply' };

  const { stream, data } = message;
  if (typeof stream !== 'string' || !isRecord(data)) return { kind: 'invalid', reason: 'not a combined-stream event' };
  if (data.e !== 'trade') return { kind: 'invalid', reason: 'not a trade event' };
  if (typeof data.s !== 'string') return { kind: 'invalid', reason: 'no symbol' };
  const symbol = data.s.toUpperCase();
  const codes = codesBySymbol.get(symbol);
  if (!codes) return { kind: 'invalid', reason: 'unknown symbol' };
  if (stream !== `${symbol.toLowerCase()}@trade`) return { kind: 'invalid', reason: 'stream and symbol disagree' };
  const price = normaliseDecimal(data.p);
  if (price === null || price === '0') return { kind: 'invalid', reason: 'bad price' };
  const volume = normaliseDecimal(data.q);
  if (volume === null) return { kind: 'invalid', reason: 'bad quantity' };
  const time = data.T;
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time <= 0) {
    return { kind: 'invalid', reason: 'bad trade time' };
  }
  return { kind: 'ticks', ticks: codes.map((code) => ({ code, price, time, volume })) };
}

function decode(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What every connection of one `start()` shares. */
type Shared = {
  baseUrl: string;
  backoff: { initialMs: number; maxMs: number };
  now: () => number;
  logger: BinanceFeedLogger;
  events: FeedEvents;
  codesBySymbol: ReadonlyMap<string, readonly string[]>;
  warnMalformed(detail: object): void;
};

/** One combined-stream connection (≤ 1024 streams) that keeps itself connected until stopped. */
class StreamConnection {
  private socket: WebSocket | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private openedAt: number | null = null;
  private stopped = false;
  private readonly url: string;

  constructor(
    private readonly shared: Shared,
    private readonly label: string,
    readonly streams: readonly string[],
  ) {
    this.url = `${shared.baseUrl}/stream?streams=${streams.join('/')}`;
  }

  connect(): void {
    if (this.stopped) return;
    this.reconnectTimer = null;
    this.status('connecting', `${this.label}, ${this.streams.length} streams`);
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, perMessageDeflate: false });
    } catch (error) {
      // An unusable URL: reported and retried like any other failure (the options may be fixed by config).
      this.status('error', `${this.label}: ${describe(error)}`);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;

    socket.on('open', () => {
      if (this.socket !== socket) return;
      this.openedAt = this.shared.now();
      this.armSilenceTimer(socket);
      this.status('open', this.label);
    });
    socket.on('message', (data) => {
      if (this.socket !== socket) return;
      this.signOfLife();
      this.handleMessage(socket, decode(data));
    });
    socket.on('ping', () => {
      if (this.socket === socket) this.signOfLife();
    });
    socket.on('pong', () => {
      if (this.socket === socket) this.signOfLife();
    });
    socket.on('error', (error) => {
      if (this.socket !== socket || this.stopped) return;
      this.status('error', `${this.label}: ${describe(error)}`);
    });
    socket.on('close', (code, reason) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearSilenceTimer();
      const wasStable = this.openedAt !== null && this.shared.now() - this.openedAt >= STABLE_AFTER_MS;
      this.openedAt = null;
      if (wasStable) this.failures = 0;
      const why = reason.length > 0 ? ` ${reason.toString('utf8')}` : '';
      this.status('closed', `${this.label}: code ${code}${why}`);
      if (!this.stopped) this.scheduleReconnect();
    });
  }

  /** Closes the socket and cancels timers; resolves once the socket is closed. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.clearSilenceTimer();
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
      socket.once('close', () => {
        clearTimeout(cut);
        resolve();
      });
      if (socket.readyState !== WebSocket.CLOSING) socket.close(1000, 'client stopping');
    });
  }

  private handleMessage(socket: WebSocket, text: string): void {
    const parsed = parseMessage(text, this.shared.codesBySymbol);
    switch (parsed.kind) {
      case 'ticks':
        try {
          this.shared.events.ticks(parsed.ticks);
        } catch (error) {
          this.shared.logger.warn({ feed: 'binance', err: describe(error) }, 'binance: the ticks handler threw');
        }
        return;
      case 'shutdown':
        // Binance is about to drop this connection: reconnect now rather than when it does.
        this.shared.logger.info({ feed: 'binance', connection: this.label }, 'binance: server shutdown notice');
        this.failures = 0;
        socket.close(1000, 'server shutdown notice');
        return;
      case 'reply':
        return;
      case 'invalid':
        this.shared.warnMalformed({ connection: this.label, reason: parsed.reason, sample: text.slice(0, 200) });
        return;
    }
  }

  private scheduleReconnect(): void {
    const { initialMs, maxMs } = this.shared.backoff;
    const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(this.failures, 30));
    this.failures += 1;
    // "Equal jitter": between half and all of the ceiling, so many clients do not reconnect in step.
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.shared.logger.info({ feed: 'binance', connection: this.label, delayMs: delay }, 'binance: reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private signOfLife(): void {
    this.silenceTimer?.refresh();
    try {
      this.shared.events.alive();
    } catch (error) {
      this.shared.logger.warn({ feed: 'binance', err: describe(error) }, 'binance: the alive handler threw');
    }
  }

  private armSilenceTimer(socket: WebSocket): void {
    this.clearSilenceTimer();
    this.silenceTimer = setTimeout(() => {
      if (this.socket !== socket) return;
      this.status('error', `${this.label}: nothing received for ${SILENCE_LIMIT_MS} ms`);
      socket.terminate();
    }, SILENCE_LIMIT_MS);
  }

  private clearSilenceTimer(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  private status(state: 'connecting' | 'open' | 'closed' | 'error', detail: string): void {
    if (state === 'error') this.shared.logger.warn({ feed: 'binance', detail }, 'binance: connection error');
    try {
      this.shared.events.status({ state, detail });
    } catch (error) {
      this.shared.logger.warn({ feed: 'binance', err: describe(error) }, 'binance: the status handler threw');
    }
  }
}

export class BinanceFeed implements FeedAdapter {
  readonly name = 'binance';
  private readonly baseUrl: string;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly now: () => number;
  private readonly logger: BinanceFeedLogger;
  private connections: StreamConnection[] | null = null;
  private warnWindowStart = Number.NEGATIVE_INFINITY;
  private warnsInWindow = 0;
  private warnsSuppressed = 0;

  constructor(options: BinanceFeedOptions) {
    this.baseUrl = (options.url ?? DEFAULT_URL).replace(/\/+$/, '');
    const backoff = options.backoff ?? DEFAULT_BACKOFF;
    if (!(backoff.initialMs > 0 && backoff.maxMs >= backoff.initialMs)) {
      throw new RangeError('BinanceFeed: backoff needs 0 < initialMs <= maxMs');
    }
    this.backoff = { initialMs: backoff.initialMs, maxMs: backoff.maxMs };
    this.now = options.now;
    this.logger = options.logger ?? noopLogger;
  }

  /**
   * Opens the connections and returns at once: prices, connection states and reconnects are
   * reported through `events` from then on. Instruments without a Binance symbol are skipped.
   */
  async start(instruments: InstrumentSeed[], events: FeedEvents): Promise<void> {
    if (this.connections) throw new Error('BinanceFeed: already started');

    const codesBySymbol = new Map<string, string[]>();
    for (const instrument of instruments) {
      const raw = instrument.feedSymbols?.binance;
      if (raw === undefined) continue;
      const symbol = raw.trim().toUpperCase();
      if (!SYMBOL.test(symbol)) {
        this.logger.warn({ feed: 'binance', code: instrument.code, symbol: raw }, 'binance: skipped an invalid symbol');
        continue;
      }
      const codes = codesBySymbol.get(symbol);
      if (codes) codes.push(instrument.code);
      else codesBySymbol.set(symbol, [instrument.code]);
    }

    const streams = [...codesBySymbol.keys()].map((symbol) => `${symbol.toLowerCase()}@trade`);
    const shared: Shared = {
      baseUrl: this.baseUrl,
      backoff: this.backoff,
      now: this.now,
      logger: this.logger,
      events,
      codesBySymbol,
      warnMalformed: (detail) => this.warnMalformed(detail),
    };
    const chunks: string[][] = [];
    for (let i = 0; i < streams.length; i += MAX_STREAMS_PER_CONNECTION) {
      chunks.push(streams.slice(i, i + MAX_STREAMS_PER_CONNECTION));
    }
    this.connections = chunks.map(
      (chunk, i) => new StreamConnection(shared, `connection ${i + 1}/${chunks.length}`, chunk),
    );
    this.logger.info(
      { feed: 'binance', streams: streams.length, connections: chunks.length },
      streams.length > 0 ? 'binance: starting' : 'binance: no instrument has a Binance symbol',
    );
    for (const connection of this.connections) connection.connect();
  }

  /** Closes every connection and cancels pending reconnects; resolves once the sockets are closed. */
  async stop(): Promise<void> {
    const connections = this.connections ?? [];
    this.connections = null;
    await Promise.all(connections.map((connection) => connection.stop()));
  }

  /** Logs malformed messages, at most WARN_LIMIT per window, so a format change cannot flood the log. */
  private warnMalformed(detail: object): void {
    const t = this.now();
    if (t - this.warnWindowStart >= WARN_WINDOW_MS) {
      if (this.warnsSuppressed > 0) {
        this.logger.warn(
          { feed: 'binance', suppressed: this.warnsSuppressed },
          'binance: more malformed messages were ignored',
        );
      }
      this.warnWindowStart = t;
      this.warnsInWindow = 0;
      this.warnsSuppressed = 0;
    }
    if (this.warnsInWindow < WARN_LIMIT) {
      this.warnsInWindow += 1;
      this.logger.warn({ feed: 'binance', ...detail }, 'binance: ignored a malformed message');
    } else {
      this.warnsSuppressed += 1;
    }
  }
}
