import type { TPosition } from '@openbourse/contracts';
import { formatUsdtAmount } from '../../shared/format/money';
import { type ColourConvention, changeFillColour, currentColourConvention } from '../../shared/ui/trend-colours';
import { signOf } from '../ledger/amount';
import { formatPrice, formatQuantity } from '../market/format';

/**
 * What a change of a position means to its owner, for a toast: the server pushes the whole
 * position on every change (opened, filled, amended, part-closed, closed, cancelled), so the
 * kind is told from its status, its close reason and the status this page saw before.
 */
export type PositionEventKind =
  | 'placed'
  | 'opened'
  | 'filled'
  | 'closed'
  | 'stopLoss'
  | 'takeProfit'
  | 'trailingStop'
  | 'stopOut'
  | 'cancelled';

/** An open position seen for the first time is "opened" only if it opened this recently (else it was amended). */
const FRESH_MS = 60_000;

export function positionEventKind(
  previousStatus: string | undefined,
  position: Pick<TPosition, 'status' | 'closeReason' | 'orderType' | 'openedAt'>,
  now: number,
): PositionEventKind | null {
  if (previousStatus === position.status) return null;
  switch (position.status) {
    case 'pending':
      return previousStatus === undefined ? 'placed' : null;
    case 'open': {
      if (previousStatus === 'pending') return 'filled';
      if (previousStatus !== undefined) return null;
      const openedAt = position.openedAt ? Date.parse(position.openedAt) : Number.NaN;
      if (!Number.isFinite(openedAt) || now - openedAt > FRESH_MS) return null;
      return position.orderType === 'market' ? 'opened' : 'filled';
    }
    case 'closed':
      switch (position.closeReason) {
        case 'stop_loss':
          return 'stopLoss';
        case 'take_profit':
          return 'takeProfit';
        case 'trailing_stop':
          return 'trailingStop';
        case 'stop_out':
          return 'stopOut';
        case 'cancelled':
          return 'cancelled';
        default:
          return 'closed';
      }
    case 'cancelled':
      return 'cancelled';
    default:
      return null;
  }
}

/** The statuses this page has seen, by order number (from lists, actions and pushes). */
const seen = new Map<string, string>();

export function rememberPositions(positions: ReadonlyArray<Pick<TPosition, 'orderNo' | 'status'>>): void {
  for (const position of positions) seen.set(position.orderNo, position.status);
}

export function previousStatusOf(orderNo: string): string | undefined {
  return seen.get(orderNo);
}

/** Toast ids shown lately: an action's own toast and the push for the same change show once. */
const shown = new Map<string, number>();
const SHOWN_MEMORY_MS = 10 * 60_000;

/** True the first time an id is offered within the memory window. */
export function firstShowing(id: string, now: number): boolean {
  for (const [key, at] of shown) if (now - at > SHOWN_MEMORY_MS) shown.delete(key);
  if (shown.has(id)) return false;
  shown.set(id, now);
  return true;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type PositionToast = { id: string; color: string; title: string; message: string };

const COLOURS: Record<PositionEventKind, string> = {
  placed: 'blue',
  opened: 'blue',
  filled: 'blue',
  closed: 'gray',
  stopLoss: 'orange',
  takeProfit: 'teal',
  trailingStop: 'orange',
  stopOut: 'red',
  cancelled: 'gray',
};

/** Events that realise a P&L: their toast takes the P&L's colour in the reader's rise/fall convention. */
const REALISING: ReadonlySet<PositionEventKind> = new Set([
  'closed',
  'stopLoss',
  'takeProfit',
  'trailingStop',
  'stopOut',
]);

/** A price as the instrument shows it when its precision is known, else as the server wrote it. */
function priceText(price: string | null, precision: number | undefined, locale: string): string {
  if (price === null) return '—';
  return precision === undefined ? formatQuantity(price, locale, 12) : formatPrice(price, precision, locale);
}

/** The toast for a position event, in the reader's language. */
export function positionToast(
  kind: PositionEventKind,
  position: TPosition,
  t: Translate,
  locale: string,
  precision?: number,
  convention: ColourConvention = currentColourConvention(),
): PositionToast {
  const side = t(`trading.side.${position.side}`);
  const type = t(`trading.orderType.${position.orderType}`);
  const lots = formatQuantity(position.lots, locale);
  const price =
    kind === 'placed' || kind === 'cancelled'
      ? priceText(position.entryPrice, precision, locale)
      : kind === 'opened' || kind === 'filled'
        ? priceText(position.openPrice, precision, locale)
        : priceText(position.closePrice, precision, locale);
  const pnl =
    position.realisedPnl === null
      ? '—'
      : formatUsdtAmount(position.realisedPnl, locale, { signed: true, withCode: false });
  return {
    id: `position-${position.orderNo}-${kind}`,
    color:
      (REALISING.has(kind) && position.realisedPnl !== null
        ? changeFillColour(signOf(position.realisedPnl), convention)
        : undefined) ?? COLOURS[kind],
    title: t(`trading.events.${kind}Title`),
    message: t(`trading.events.${kind}`, { side, type, lots, code: position.code, price, pnl }),
  };
}
