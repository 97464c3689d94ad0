import { Decimal } from '@openbourse/money';
import { IndexedHeap } from '../../../platform/collections/indexed-heap.js';
import { TRIGGER_PRICE_SCALE } from './lending-constants.js';
import { type PriceQuote, type PriceRefusal, priceRefusal, triggerPrice } from './ltv.js';

/**
 * The LTV monitor: every open crypto-backed loan waiting for the collateral's price to fall to its
 * next margin-call warning or to its liquidation (issue 17). In the spirit of the trading trigger
 * engine: each loan's LTV thresholds are turned once into prices (LTV ≥ L ⟺ price ≤ debt /
 * (collateral × L), see `triggerPrice`), kept in two max-heaps per price pair, so a tick asks one
 * question of each heap's top. A tick that crosses nothing costs a map lookup, a decimal parse and
 * two comparisons whatever the number of loans; one that does costs O(log n) per loan crossed.
 *
 * Exact: the trigger prices are rounded down at TRIGGER_PRICE_SCALE digits and kept as integers
 * at that scale, ticks likewise (a tick with more digits is refused), so "the tick crosses the
 * loan" is exactly "the loan's LTV at this price reaches the threshold" (`ltvReaches`).
 *
 * On a tick, a loan whose liquidation price is crossed is reported once under `liquidations` and
 * leaves the monitor (the liquidation takes it from there; after a partial liquidation it comes
 * back with `upsert`); a loan whose warning price is crossed (and not its liquidation price) is
 * reported under `warnings` and its warning is disarmed until `upsert` re-arms it (with
 * `nextWarningLtv`, so a warning repeats as the LTV keeps rising). Each list is in crossing order:
 * highest trigger price first, equal ones in the order they were armed.
 *
 * The debt includes the interest due, which grows day by day: the lending service upserts a loan
 * after each change of its debt or collateral (disbursement, repayment, daily accrual,
 * liquidation, top-up), and removes it when it closes. Stale prices act on nothing (`onQuote`).
 */

export type MonitoredLoan = {
  loanId: string;
  /** The collateral asset, e.g. BTC. */
  collateralAsset: string;
  /** The loan's asset, e.g. USDT: the price watched is collateralAsset in loanAsset. */
  loanAsset: string;
  /** Principal + interest due. */
  debt: Decimal;
  collateral: Decimal;
  /** The LTV of the next margin-call warning; null when none is armed. */
  warnLtv: Decimal | null;
  liquidationLtv: Decimal;
};

export type LtvCrossing = { loanId: string; triggerPrice: Decimal };
export type LtvCrossings = {
  readonly warnings: readonly LtvCrossing[];
  readonly liquidations: readonly LtvCrossing[];
};
export type QuoteCrossings = LtvCrossings & { readonly refused: PriceRefusal | null };

class Entry {
  seq = 0;
  warnSlot = -1;
  liquidationSlot = -1;
  constructor(
    readonly loan: MonitoredLoan,
    readonly book: Book,
    /** Trigger prices × 10^TRIGGER_PRICE_SCALE; null when not armed. */
    public warnKey: bigint | null,
    readonly liquidationKey: bigint | null,
  ) {}
}

const outranks = (key: (e: Entry) => bigint) => (a: Entry, b: Entry) => {
  const ka = key(a);
  const kb = key(b);
  return ka > kb || (ka === kb && a.seq < b.seq);
};

class Book {
  readonly warnings = new IndexedHeap<Entry>(
    outranks((e) => e.warnKey as bigint),
    (e) => e.warnSlot,
    (e, slot) => {
      e.warnSlot = slot;
    },
  );
  readonly liquidations = new IndexedHeap<Entry>(
    outranks((e) => e.liquidationKey as bigint),
    (e) => e.liquidationSlot,
    (e, slot) => {
      e.liquidationSlot = slot;
    },
  );
  count = 0;
}

const NOTHING: LtvCrossings = Object.freeze({ warnings: Object.freeze([]), liquidations: Object.freeze([]) });

/** The price watched for a pair: `BTC/USDT`. */
export function pricePairKey(collateralAsset: string, loanAsset: string): string {
  return `${collateralAsset}/${loanAsset}`;
}

function toKey(price: Decimal): bigint {
  if (price.scale > TRIGGER_PRICE_SCALE) {
    throw new RangeError(`price ${price.toString()} has more than ${TRIGGER_PRICE_SCALE} decimals`);
  }
  return price.toMinorUnits(TRIGGER_PRICE_SCALE, 'down');
}

function fromKey(key: bigint): Decimal {
  return Decimal.fromMinorUnits(key, TRIGGER_PRICE_SCALE);
}

export class LtvMonitor {
  private readonly entries = new Map<string, Entry>();
  private readonly books = new Map<string, Book>();
  private seq = 0;

  /** Adds a loan or replaces what the monitor knew about it (re-arming its warning). */
  upsert(loan: MonitoredLoan): void {
    const liquidation = triggerPrice(loan.debt, loan.collateral, loan.liquidationLtv);
    const warn = loan.warnLtv === null ? null : triggerPrice(loan.debt, loan.collateral, loan.warnLtv);
    this.remove(loan.loanId);
    const pair = pricePairKey(loan.collateralAsset, loan.loanAsset);
    let book = this.books.get(pair);
    if (book === undefined) {
      book = new Book();
      this.books.set(pair, book);
    }
    const entry = new Entry(
      loan,
      book,
      warn === null ? null : toKey(warn),
      liquidation === null ? null : toKey(liquidation),
    );
    entry.seq = this.seq++;
    if (entry.warnKey !== null) book.warnings.push(entry);
    if (entry.liquidationKey !== null) book.liquidations.push(entry);
    book.count++;
    this.entries.set(loan.loanId, entry);
  }

  /** Stops watching a loan; false when it was not watched. */
  remove(loanId: string): boolean {
    const entry = this.entries.get(loanId);
    if (entry === undefined) return false;
    entry.book.warnings.remove(entry);
    entry.book.liquidations.remove(entry);
    entry.book.count--;
    this.entries.delete(loanId);
    return true;
  }

  has(loanId: string): boolean {
    return this.entries.has(loanId);
  }

  /** Loans watched, on one pair or on all. */
  size(collateralAsset?: string, loanAsset?: string): number {
    if (collateralAsset === undefined || loanAsset === undefined) return this.entries.size;
    return this.books.get(pricePairKey(collateralAsset, loanAsset))?.count ?? 0;
  }

  /** The prices at or below which the loan's armed warning and liquidation fire. */
  triggerPricesOf(loanId: string): { warn: Decimal | null; liquidation: Decimal | null } | undefined {
    const entry = this.entries.get(loanId);
    if (entry === undefined) return undefined;
    return {
      warn: entry.warnKey === null ? null : fromKey(entry.warnKey),
      liquidation: entry.liquidationKey === null ? null : fromKey(entry.liquidationKey),
    };
  }

  /**
   * A price from the market, with its source and time: a refused one (stale source, too old,
   * from the future, not positive) crosses nothing and changes nothing.
   */
  onQuote(quote: PriceQuote, now: number): QuoteCrossings {
    const refused = priceRefusal(quote, now);
    if (refused !== null) return { ...NOTHING, refused };
    const crossed = this.onPrice(quote.base, quote.quote, quote.price);
    return { warnings: crossed.warnings, liquidations: crossed.liquidations, refused: null };
  }

  /**
   * Applies a price of `collateralAsset` in `loanAsset` (checked for freshness by the caller; see
   * `onQuote`). Returns the loans crossed; when none is (almost always), one shared frozen value.
   */
  onPrice(collateralAsset: string, loanAsset: string, price: Decimal | string): LtvCrossings {
    const book = this.books.get(pricePairKey(collateralAsset, loanAsset));
    if (book === undefined) return NOTHING;
    const x = toKey(typeof price === 'string' ? Decimal.parse(price) : price);
    if (x <= 0n) throw new RangeError('a price must be positive');
    const topLiquidation = book.liquidations.peek();
    const topWarning = book.warnings.peek();
    const liquidates = topLiquidation !== undefined && (topLiquidation.liquidationKey as bigint) >= x;
    const warns = topWarning !== undefined && (topWarning.warnKey as bigint) >= x;
    if (!liquidates && !warns) return NOTHING;

    const liquidations: LtvCrossing[] = [];
    if (liquidates) {
      for (;;) {
        const entry = book.liquidations.peek();
        if (entry === undefined || (entry.liquidationKey as bigint) < x) break;
        liquidations.push({ loanId: entry.loan.loanId, triggerPrice: fromKey(entry.liquidationKey as bigint) });
        this.remove(entry.loan.loanId);
      }
    }
    const warnings: LtvCrossing[] = [];
    for (;;) {
      const entry = book.warnings.peek();
      if (entry === undefined || (entry.warnKey as bigint) < x) break;
      book.warnings.pop();
      warnings.push({ loanId: entry.loan.loanId, triggerPrice: fromKey(entry.warnKey as bigint) });
      entry.warnKey = null;
    }
    return { warnings, liquidations };
  }
}
