import type { TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * The statement's default view (#16): one line per closed trade, from the trading history,
 * with its realised P&L, its fee and what the trade left net (P&L − fee), all exact decimals.
 * A pending order cancelled before it filled never traded and is no line.
 */

export type TradeLine = {
  orderNo: string;
  code: string;
  side: TPosition['side'];
  lots: string;
  openedAt: string | null;
  openPrice: string | null;
  closedAt: string | null;
  closePrice: string | null;
  closeReason: TPosition['closeReason'];
  realisedPnl: string;
  fee: string;
  net: string;
};

const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

export function isTrade(position: TPosition): boolean {
  return position.status === 'closed' && position.realisedPnl !== null;
}

export function tradeLine(position: TPosition): TradeLine {
  const realisedPnl = position.realisedPnl ?? '0';
  return {
    orderNo: position.orderNo,
    code: position.code,
    side: position.side,
    lots: position.lots,
    openedAt: position.openedAt,
    openPrice: position.openPrice ?? position.entryPrice,
    closedAt: position.closedAt,
    closePrice: position.closePrice,
    closeReason: position.closeReason,
    realisedPnl,
    fee: position.fee,
    // Written with as many decimals as its terms (the server's USDT scale), never through a JS number.
    net: Decimal.parse(realisedPnl)
      .sub(Decimal.parse(position.fee))
      .toFixed(Math.max(decimalsOf(realisedPnl), decimalsOf(position.fee))),
  };
}

const CSV_COLUMNS: ReadonlyArray<keyof TradeLine> = [
  'orderNo',
  'code',
  'side',
  'lots',
  'openedAt',
  'openPrice',
  'closedAt',
  'closePrice',
  'closeReason',
  'realisedPnl',
  'fee',
  'net',
];

// RFC 4180: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ of
// text is neutralised so a spreadsheet does not run it (numbers keep their minus sign).
function csvField(value: string | null): string {
  if (value === null) return '';
  const isNumber = /^-?\d+(\.\d+)?$/.test(value);
  const safe = !isNumber && /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The per-trade statement as CSV: a header, then one line per trade, values exactly as the server wrote them (USDT for money). */
export function tradesCsv(lines: readonly TradeLine[]): string {
  const header = CSV_COLUMNS.join(',');
  const rows = lines.map((line) => CSV_COLUMNS.map((column) => csvField(line[column])).join(','));
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

export type StatementView = 'trades' | 'ledger';
const VIEW_KEY = 'ob.statementView';

/** The view the reader chose last (trades unless they chose the ledger's lines). */
export function rememberedStatementView(storage: Pick<Storage, 'getItem'> | undefined): StatementView {
  try {
    return storage?.getItem(VIEW_KEY) === 'ledger' ? 'ledger' : 'trades';
  } catch {
    return 'trades';
  }
}

export function rememberStatementView(storage: Pick<Storage, 'setItem'> | undefined, view: StatementView): void {
  try {
    storage?.setItem(VIEW_KEY, view);
  } catch {
    // Storage refused (private mode, quota): the choice lasts this visit only.
  }
}
