import type { FeedAdapter, FeedEvents, InstrumentSeed, RawTick } from '../market.types.js';

/**
 * A feed driven by tests: browser journeys push the prices they need (a take profit reached, a
 * gap through a stop). Labelled `test`, bound only to MARKET_TEST_CODES, and refused by the
 * configuration unless NODE_ENV=test — a production deployment cannot turn it on.
 */
export class TestFeed implements FeedAdapter {
  readonly name = 'test';
  private events: FeedEvents | null = null;
  private codes = new Set<string>();

  async start(instruments: InstrumentSeed[], events: FeedEvents): Promise<void> {
    this.events = events;
    this.codes = new Set(instruments.map((instrument) => instrument.code));
    events.status({ state: 'open', detail: `${this.codes.size} test instruments` });
  }

  /** Emits prices now; false when the feed is not running or a code is not one of its own. */
  push(ticks: RawTick[]): boolean {
    if (!this.events || ticks.some((tick) => !this.codes.has(tick.code))) return false;
    this.events.alive();
    this.events.ticks(ticks);
    return true;
  }

  async stop(): Promise<void> {
    this.events = null;
  }
}
