import type { Book, TOptionsOrder } from '@openbourse/contracts';

/** Orders of other products the all-orders list shows beside positions (issue 19: options; the root fills it). */
export type OtherOrders = { latestOptions(userId: string, book: Book): Promise<TOptionsOrder[]> };
