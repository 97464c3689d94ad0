import { TRANSFER_REASONS } from '@openbourse/contracts';
import { ledgerEndpoints, tradingEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { isTrade, tradeLine, tradesCsv } from './trade-statement';

/** The reason codes a statement entry can carry, each named by ledger.reasons.<code>. */
export const STATEMENT_REASONS = TRANSFER_REASONS;

export const STATEMENT_PAGE_SIZE = 20;

/** Statement filters as the page holds them: empty means "any"; dates are YYYY-MM-DD in the reader's time zone. */
export type StatementFilters = { asset: string; reason: string; from: string; to: string };
export const NO_FILTERS: StatementFilters = { asset: '', reason: '', from: '', to: '' };

/** Local midnight of a YYYY-MM-DD day, `addDays` later, as an ISO instant. */
function localDayStart(day: string, addDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays).toISOString();
}

/** The query the statement endpoints take: `from` inclusive, and the `to` day included too (the server's end is exclusive). */
export function statementQuery(filters: StatementFilters): Record<string, string | undefined> {
  return {
    asset: filters.asset || undefined,
    reason: filters.reason || undefined,
    from: localDayStart(filters.from),
    to: localDayStart(filters.to, 1),
  };
}

export function useBalances() {
  const { token, mode } = useSession();
  return useQuery({
    queryKey: ['ledger', 'balances', token, mode],
    queryFn: ({ signal }) => callApi(ledgerEndpoints.balances, { signal }),
    enabled: token !== null,
  });
}

export function useStatement(filters: StatementFilters, page: number) {
  const { token, mode } = useSession();
  return useQuery({
    queryKey: ['ledger', 'statement', token, mode, filters, page],
    queryFn: ({ signal }) =>
      callApi(ledgerEndpoints.statement, {
        query: { ...statementQuery(filters), page, size: STATEMENT_PAGE_SIZE },
        signal,
      }),
    enabled: token !== null,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** Returns the demo book to 100,000 USDT; balances, statement and the user's info are read again. */
export function useDemoReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(ledgerEndpoints.demoReset, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
    },
  });
}

/** Downloads the filtered statement as the server's CSV file and saves it through a Blob link. */
export async function downloadStatementCsv(filters: StatementFilters, book: 'live' | 'demo'): Promise<void> {
  const { blob, fileName } = await apiDownload(ledgerEndpoints.statementCsv, statementQuery(filters));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? `openbourse-statement-${book}.csv`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; free the object shortly after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const TRADES_CSV_PAGE = 100;

/** Downloads every closed trade of this book, one line each with exact values, as CSV (#16). */
export async function downloadTradesCsv(book: 'live' | 'demo'): Promise<void> {
  const items = [];
  for (let page = 1; ; page += 1) {
    const answer = await callApi(tradingEndpoints.orders, { query: { status: 'closed', page, size: TRADES_CSV_PAGE } });
    items.push(...answer.items);
    if (answer.items.length < TRADES_CSV_PAGE || items.length >= answer.total) break;
  }
  const csv = tradesCsv(items.filter(isTrade).map(tradeLine));
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `openbourse-trades-${book}.csv`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
