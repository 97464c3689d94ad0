import { loadCandleChart } from '../market/ChartPanel';

/** The order ticket's code, for `lazy` and for fetching it early. */
export const loadOrderTicket = () => import('./OrderTicket');

/**
 * Fetches the ticket's and the chart's code while the instrument's data loads, instead of after
 * it: on a slow device or network the ticket appears one round of chunk loading sooner. A failed
 * fetch is harmless; `lazy` asks again when it renders.
 */
export function preloadTicketAndChart(): void {
  loadOrderTicket().catch(() => undefined);
  loadCandleChart().catch(() => undefined);
}
