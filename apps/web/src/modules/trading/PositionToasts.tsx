import { usePositionEvents } from './use-position-events';

/**
 * Mounted by the layout while a user is signed in, on every page: a stop loss, take profit,
 * trailing stop or stop-out that fires while the user reads their statement or the help centre
 * is still toasted in their language (and the trading queries are read again).
 */
export default function PositionToasts(): null {
  usePositionEvents();
  return null;
}
