import { NON_LIVE_SOURCES } from '@openbourse/contracts/constants';

/** What a panel's source badge says about its prices (issue 16, fix 8). */
export type FeedState = 'live' | 'delayed' | 'stale' | 'none';
/** How a provider is named: the kinds of SPEC §0.2 that are not a live market, or an exchange. */
export type ProviderKind = 'sandbox' | 'replay' | 'test' | 'exchange';

export type FeedFields = { source: string; stale: boolean; time?: number | null };

export type FeedSummary = {
  /** The feeds behind the panel's prices, in the order first met ('none' left out). */
  providers: { source: string; kind: ProviderKind }[];
  state: FeedState;
  /** How many of the panel's prices with a feed are stale, of how many. */
  staleCount: number;
  fedCount: number;
  /** Epoch milliseconds of the newest price in the panel; null when none has one. */
  lastTick: number | null;
};

export function providerKind(source: string): ProviderKind {
  if (!(NON_LIVE_SOURCES as readonly string[]).includes(source)) return 'exchange';
  return source === 'sandbox' ? 'sandbox' : source === 'test' ? 'test' : 'replay';
}

/**
 * One summary for every price in a panel: stale when all of them are (a few quiet instruments
 * in a list are counted, and their prices greyed, rather than calling the whole list stale),
 * delayed when a replay of recorded data feeds them, "none" when no feed is connected, live
 * otherwise.
 */
export function summariseFeed(items: readonly FeedFields[]): FeedSummary {
  const providers: FeedSummary['providers'] = [];
  let lastTick: number | null = null;
  let staleCount = 0;
  let fedCount = 0;
  for (const item of items) {
    if (item.source !== 'none' && !providers.some((provider) => provider.source === item.source)) {
      providers.push({ source: item.source, kind: providerKind(item.source) });
    }
    if (item.source !== 'none') {
      fedCount += 1;
      if (item.stale) staleCount += 1;
    }
    if (typeof item.time === 'number' && (lastTick === null || item.time > lastTick)) lastTick = item.time;
  }
  const state: FeedState =
    providers.length === 0
      ? 'none'
      : staleCount === fedCount
        ? 'stale'
        : providers.some((provider) => provider.kind === 'replay')
          ? 'delayed'
          : 'live';
  return { providers, state, staleCount, fedCount, lastTick };
}
