import type { PositionRow } from './trading.repository.js';

/**
 * What trading publishes, each after its transaction commits. `position.changed` comes once per
 * changed row (a partial close changes two: the open remainder, then the closed part), in that
 * order: the engine re-arms the position's levels, the owner's sockets hear about it.
 */
export type TradingEvents = {
  'position.changed': { position: PositionRow };
};
