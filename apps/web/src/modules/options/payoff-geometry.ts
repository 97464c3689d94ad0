import type { OptionTerms } from './options-math';

/**
 * Where the payoff diagram's lines lie (issue 19): the profit or loss at expiry of `quantity`
 * contracts against the underlying's price at expiry. Floats are fine here: they only place
 * lines on a drawing; every figure written beside it comes from the exact decimals.
 */

export type PayoffPoint = { x: number; y: number };

export type PayoffChart = {
  /** The prices drawn, from xMin to xMax. */
  xMin: number;
  xMax: number;
  /** The P&L drawn, from yMin to yMax (always around 0). */
  yMin: number;
  yMax: number;
  /** The P&L line through its corners, left to right. */
  points: PayoffPoint[];
  strike: number;
  breakEven: number | null;
  spot: number | null;
  /** A capped call's payout stops growing here (strike + cap). */
  capEnd: number | null;
};

/** One unit's payout at expiry for the underlying at `price`: a call max(0, S−K) capped, a put max(0, K−S). */
export function unitPayoffAt(terms: Pick<OptionTerms, 'type' | 'strike' | 'cap'>, price: number): number {
  const strike = Number(terms.strike);
  if (terms.type === 'put') return Math.max(0, strike - price);
  const intrinsic = Math.max(0, price - strike);
  return terms.cap === null ? intrinsic : Math.min(intrinsic, Number(terms.cap));
}

/**
 * The diagram of a purchase costing `cost` (premium + fee) in all: the prices around the strike,
 * the break-even, the current price and a call's cap end, a quarter of their spread (at least a
 * tenth of the strike) beyond them on each side, never below 0.
 */
export function payoffChart(input: {
  terms: OptionTerms;
  quantity: number;
  cost: string;
  spot: string | null;
  breakEven: string | null;
}): PayoffChart {
  const { terms } = input;
  const strike = Number(terms.strike);
  const units = Number(terms.contractSize) * input.quantity;
  const spent = Number(input.cost);
  const spot = input.spot === null ? null : Number(input.spot);
  const breakEven = input.breakEven === null ? null : Number(input.breakEven);
  const capEnd = terms.type === 'call' && terms.cap !== null ? strike + Number(terms.cap) : null;
  const marks = [strike, spot, breakEven, capEnd].filter((value): value is number => value !== null);
  const low = Math.min(...marks);
  const high = Math.max(...marks);
  const pad = Math.max((high - low) * 0.25, strike * 0.1, 1e-9);
  const xMin = Math.max(0, low - pad);
  const xMax = high + pad;
  const resultAt = (price: number) => unitPayoffAt(terms, price) * units - spent;
  const corners = [xMin, strike, capEnd, xMax]
    .filter((value): value is number => value !== null && value >= xMin && value <= xMax)
    .sort((a, b) => a - b);
  const points = [...new Set(corners)].map((x) => ({ x, y: resultAt(x) }));
  const ys = [0, ...points.map((point) => point.y)];
  const bottom = Math.min(...ys);
  const top = Math.max(...ys);
  const yPad = Math.max((top - bottom) * 0.1, 1e-9);
  return {
    xMin,
    xMax,
    yMin: bottom - yPad,
    yMax: top + yPad,
    points,
    strike,
    breakEven,
    spot,
    capEnd,
  };
}

export type Frame = { width: number; height: number; left: number; right: number; top: number; bottom: number };

/** The drawing's coordinates of a price (x) and a P&L (y) inside `frame` (y grows downwards on screen). */
export function projector(chart: PayoffChart, frame: Frame) {
  const innerWidth = frame.width - frame.left - frame.right;
  const innerHeight = frame.height - frame.top - frame.bottom;
  const x = (price: number) => frame.left + ((price - chart.xMin) / (chart.xMax - chart.xMin || 1)) * innerWidth;
  const y = (result: number) => frame.top + ((chart.yMax - result) / (chart.yMax - chart.yMin || 1)) * innerHeight;
  return { x, y };
}
