import { randomUUID } from 'node:crypto';
import type { Book, PositionSide, TOpenPositionRequest } from '@openbourse/contracts';
import { createGroupCommit, type GroupCommit, type Outcome } from '../../platform/db/group-commit.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { OWN_SUBACCOUNT, reserveMargins } from '../ledger/index.js';
import { recordReferralSteps } from '../referral/index.js';
import { exposuresOf, ownerKey } from './account-summary.js';
import { checkEntry, checkTrailing } from './order-checks.js';
import { insertPositions, type PositionRow } from './trading.repository.js';
import {
  feeRateOf,
  rateToUsdt,
  requireListedInstrument,
  type TradingContext,
  type TradingDb,
  type TradingTrx,
  tradablePrice,
  USDT,
  USDT_DECIMALS,
} from './trading-context.js';
import { fail } from './trading-errors.js';
import {
  notionalUsdt,
  requiredMargin,
  tradeFee,
  tradingInstrument,
  validateAffordable,
  validateLeverage,
  validateLots,
  validateStops,
} from './trading-rules.js';

/**
 * Opening a market position or placing a pending limit/stop order, in two steps: the request is
 * checked against the instrument and the price on its own (`prepareOpen`), then written with
 * others in one transaction (`OpenPositionWriter`, a group commit): margin reserved in the
 * ledger, positions inserted, invitation steps recorded.
 */

/** The most opens one group commit writes (a few statements whatever the number). */
const OPENS_PER_COMMIT = 500;

/** An open validated against the instrument and the price, waiting for its group commit. */
export type PreparedOpen = {
  userId: string;
  book: Book;
  /** The subaccount funding it: the user's own (''), or a smart plan's (issue 18). */
  subaccount: string;
  orderNo: string;
  instrumentId: number;
  side: PositionSide;
  type: 'market' | 'limit' | 'stop';
  lots: string;
  leverage: number;
  /** The fill price of a market order, or the entry price of a pending one. */
  entry: string;
  stopLoss: string | null;
  takeProfit: string | null;
  trailingDistance: string | null;
  margin: bigint;
  fee: bigint;
  notionalMinor: bigint;
};

function newOrderNo(ctx: TradingContext): string {
  // randomUUID draws from a pooled buffer; randomBytes(4) asked the kernel on every open (about
  // 35 µs each here). A v4 UUID's first eight hex digits are random.
  return `P${ctx.now().toString(36).toUpperCase()}${randomUUID().slice(0, 8).toUpperCase()}`;
}

/** Checks an open request (lots, leverage, prices, stops) and prices its margin and fee. */
export async function prepareOpen(
  ctx: TradingContext,
  userId: string,
  book: Book,
  request: TOpenPositionRequest,
  subaccount: string = OWN_SUBACCOUNT,
): Promise<PreparedOpen> {
  const instrument = requireListedInstrument(ctx, request.code);
  const current = tradablePrice(ctx, instrument);
  const math = tradingInstrument(instrument);
  const lots = validateLots(request.lots, math);
  if (!lots.ok) fail(lots.code);
  const leverageProblem = validateLeverage(request.leverage, math);
  if (leverageProblem) fail(leverageProblem);
  const type = request.orderType;
  let entry = current;
  if (type !== 'market') {
    if (!request.price) fail('PRICE_INVALID');
    const stops = validateStops(request.side, request.price, null, null, math);
    if (stops) fail(stops);
    checkEntry(request.side, type, request.price, current);
    entry = request.price;
  }
  const stopProblem = validateStops(request.side, entry, request.stopLoss, request.takeProfit, math);
  if (stopProblem) fail(stopProblem);
  checkTrailing(request.trailingDistance, instrument);
  const notional = notionalUsdt(request.lots, entry, math, rateToUsdt(ctx, instrument));
  return {
    userId,
    book,
    subaccount,
    orderNo: newOrderNo(ctx),
    instrumentId: instrument.id,
    side: request.side,
    type,
    lots: lots.lots.toString(),
    leverage: request.leverage,
    entry,
    stopLoss: request.stopLoss ?? null,
    takeProfit: request.takeProfit ?? null,
    trailingDistance: request.trailingDistance ?? null,
    margin: requiredMargin(notional, request.leverage, math),
    fee: type === 'market' ? tradeFee(notional, await feeRateOf(ctx, instrument.asset_class)) : 0n,
    notionalMinor: notional.toMinorUnits(USDT_DECIMALS, 'half-even'),
  };
}

/**
 * Writes a group of validated opens in one transaction: the ledger reserves each open's margin
 * and fee in order, refusing one whose free margin (what is available after the ones before it,
 * less any unrealised loss of the open positions) does not cover it; then one insert of the
 * positions and one of the invitation steps (for the users not in `skipTradeStep`). An open
 * without the margin is refused alone.
 */
export async function writeOpens(
  trx: TradingTrx,
  ctx: TradingContext,
  opens: PreparedOpen[],
  skipTradeStep: ReadonlySet<string>,
): Promise<Array<Outcome<PositionRow>>> {
  // Read once the ledger holds the owners' accounts, so no settlement changes them meanwhile.
  let exposures: ReturnType<typeof exposuresOf> | null = null;
  const reserved = await reserveMargins(
    trx,
    USDT,
    opens.map((open) => ({
      ...open,
      reference: { type: 'position', id: open.orderNo },
      holdKey: `trade:${open.orderNo}:margin`,
      feeKey: `trade:${open.orderNo}:fee`,
    })),
    async (open, available) => {
      exposures ??= exposuresOf(trx, ctx, opens);
      const unrealised = (await exposures).get(ownerKey(open))?.unrealised ?? 0n;
      // The ticket asks the same rule before review (`validateAffordable`, trading-rules).
      return validateAffordable({ available, unrealised }, open.margin, open.fee) === null;
    },
  );
  const accepted = opens.flatMap((open, index) => {
    const hold = reserved[index];
    return hold ? [{ open, holdId: hold.holdId }] : [];
  });
  if (accepted.length === 0) return opens.map(() => refused());
  const at = new Date(ctx.now());
  const inserted = await insertPositions(
    trx,
    accepted.map(({ open, holdId }) => {
      const isMarket = open.type === 'market';
      return {
        order_no: open.orderNo,
        user_id: open.userId,
        book: open.book,
        subaccount: open.subaccount,
        instrument_id: open.instrumentId,
        side: open.side,
        order_type: open.type,
        status: isMarket ? ('open' as const) : ('pending' as const),
        lots: open.lots,
        leverage: open.leverage,
        entry_price: isMarket ? null : open.entry,
        open_price: isMarket ? open.entry : null,
        opened_at: isMarket ? at : null,
        stop_loss: open.stopLoss,
        take_profit: open.takeProfit,
        trailing_distance: open.trailingDistance,
        margin: open.margin.toString(),
        margin_hold_id: holdId,
        fee: open.fee.toString(),
        notional: isMarket ? open.notionalMinor.toString() : '0',
        close_price: null,
        closed_at: null,
        close_reason: null,
        close_note: null,
        realised_pnl: null,
        parent_id: null,
      };
    }),
  );
  // A smart plan's trades are the plan's, not the user's first trade of the invitation programme;
  // a demo position is play money, not a trade of the programme (its rewards are real).
  await recordReferralSteps(
    trx,
    accepted
      .filter(
        ({ open }) =>
          open.type === 'market' &&
          open.book === 'live' &&
          open.subaccount === OWN_SUBACCOUNT &&
          !skipTradeStep.has(open.userId),
      )
      .map(({ open }) => open.userId),
    'trade',
  );
  const byOrderNo = new Map(inserted.map((row) => [row.order_no, row]));
  return opens.map((open, index): Outcome<PositionRow> => {
    if (!reserved[index]) return refused();
    const row = byOrderNo.get(open.orderNo);
    return row ? { ok: true, value: row } : { ok: false, error: new Error('opened position missing') };
  });
}

const refused = (): Outcome<PositionRow> => ({ ok: false, error: new AppError('INSUFFICIENT_ACCOUNT_BALANCE') });

/**
 * The group commit of opens: concurrent opens wait for the transaction in flight and are written
 * together by the next one. It remembers the users whose invitation "trade" step needs no more
 * writing (process memory, bounded).
 */
export class OpenPositionWriter {
  private readonly tradeStepSettled = new Set<string>();
  private readonly queue: GroupCommit<PreparedOpen, PositionRow>;

  constructor(
    private readonly db: TradingDb,
    private readonly ctx: TradingContext,
  ) {
    this.queue = createGroupCommit<PreparedOpen, PositionRow>({
      write: (opens) => this.write(opens),
      maxWeight: OPENS_PER_COMMIT,
    });
  }

  submit(open: PreparedOpen): Promise<PositionRow> {
    return this.queue.submit(open);
  }

  private async write(opens: PreparedOpen[]): Promise<Array<Outcome<PositionRow>>> {
    const outcomes = await inRetriedTransaction(this.db, (trx) =>
      writeOpens(trx, this.ctx, opens, this.tradeStepSettled),
    );
    // Committed: these users' invitation "trade" step is recorded, or they were not invited —
    // for good either way (an invitation is fixed at registration), so later opens skip it.
    if (this.tradeStepSettled.size > 100_000) this.tradeStepSettled.clear();
    opens.forEach((open, index) => {
      if (open.type === 'market' && open.subaccount === OWN_SUBACCOUNT && outcomes[index]?.ok) {
        this.tradeStepSettled.add(open.userId);
      }
    });
    return outcomes;
  }
}
